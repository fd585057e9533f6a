/**
 * Shared by the auth-*.test.ts suites (not a suite itself: jest runs *.test.ts only).
 * Apps get a cheap scrypt cost through the explicit PASSWORD_HASH_COST option; production
 * defaults are untouched.
 */
import type { LightMyRequestResponse } from 'fastify';

import type { AppInstance } from '../../server/app';
import { SESSION_COOKIE } from '../../server/domains/accounts/sessions';
import { linkIn, tokenAndEmail, waitForMail } from '../support/outbox';
import { makeTestApp, type TestApp, type TestAppOptions } from '../support/server';

/** N = 2^10: about a millisecond per hash. */
export const TEST_HASH_COST = '10';

export function makeAuthApp(options: TestAppOptions = {}): Promise<TestApp> {
  return makeTestApp({ ...options, env: { PASSWORD_HASH_COST: TEST_HASH_COST, ...options.env } });
}

export interface PostOptions {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export function post(app: AppInstance, path: string, payload?: unknown, options: PostOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/v0/api${path}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: options.headers ?? {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

export function checkSession(app: AppInstance, cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/v0/api/check-session', headers: cookie ? { cookie } : {} });
}

/** The raw Set-Cookie header for the session cookie. */
export function sessionSetCookie(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

/** "sid=<token>" for a Cookie header, from a response that set the session cookie. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const setCookie = sessionSetCookie(res);
  if (!setCookie) throw new Error(`no session cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return setCookie.split(';')[0]!;
}

export const PASSWORD = 'correct horse battery';

/** Registers and returns the verification link's token (waits for the mail). */
export async function registerUnverified(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await post(t.app, '/auth/register', { email, password });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const mail = await waitForMail(t.config.mailDir, email, { purpose: 'verify' });
  return tokenAndEmail(linkIn(mail, '/verify')).token;
}

/** Registers and verifies an account, ready to log in. */
export async function registerVerified(t: TestApp, email: string, password = PASSWORD): Promise<void> {
  const token = await registerUnverified(t, email, password);
  const res = await post(t.app, '/auth/verify', { token, email });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
}

/** Logs in and returns the "sid=…" cookie. */
export async function login(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await post(t.app, '/auth/login', { email, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
