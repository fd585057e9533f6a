import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { useLocation } from 'react-router-dom';

import type { User } from '../../src/api/types';
import { server } from '../support/msw-server';

export const verifiedUser: User = { _id: 'u42', username: 'alice', email: 'alice@example.com', verified: true, walletAddress: null, role: 'user' };
export const unverifiedUser: User = { ...verifiedUser, verified: false };

/** Shows the router's current path (and search) so a test can see where the page navigated. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{pathname + search}</div>;
}

export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}

type Answer = () => Response | Promise<Response>;

/** Answers POST /v0/api/<path> with `answer` and records each request's JSON body. */
export function answerPost(path: string, answer: Answer): { bodies: unknown[] } {
  const calls = { bodies: [] as unknown[] };
  server.use(
    http.post(`*/v0/api${path}`, async ({ request }) => {
      calls.bodies.push(await request.json());
      return answer();
    }),
  );
  return calls;
}

export const json = (body: JsonBodyType, status = 200, headers?: Record<string, string>) => () =>
  HttpResponse.json(body, { status, headers });

export const networkError = () => () => HttpResponse.error();

/**
 * Jest's fake timers for the redirect delays. Promise plumbing (microtasks, nextTick,
 * setImmediate) stays real so fetch and MSW keep working; userEvent advances the fake clock
 * for its own small delays.
 */
export function installFakeClock() {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

/** Back to real timers; redirects still pending on the fake clock are dropped. */
export function restoreRealClock() {
  jest.useRealTimers();
}
