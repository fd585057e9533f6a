/**
 * Client addresses behind a proxy (TRUST_PROXY): a client that invents a new X-Forwarded-For for
 * every request must still meet the per-address limits, because only the address the nearest
 * trusted proxy saw counts.
 */
import { randomInt } from 'node:crypto';

import type { LightMyRequestResponse } from 'fastify';

import { AUTH_LIMITS } from '../../server/domains/accounts/auth-routes';
import { SEARCH_LIMITS } from '../../server/domains/search/search-routes';
import { makeTestApp, type TestApp } from '../support/server';
import { API } from '../support/videos';

/** Building an app (the catalogue stand-in included) takes seconds on a busy machine. */
const HOOK_TIMEOUT_MS = 30_000;

const PROXY = '10.0.0.5';
const CLIENT = '203.0.113.7';

function randomAddress(): string {
  return `${randomInt(1, 223)}.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
}

/** What the proxy forwards: whatever the client claimed, then the address it really saw. */
function throughProxy(): { remoteAddress: string; headers: Record<string, string> } {
  return { remoteAddress: PROXY, headers: { 'x-forwarded-for': `${randomAddress()}, ${randomAddress()}, ${CLIENT}` } };
}

/** A client talking to the app directly, claiming a new address each time. */
function direct(): { remoteAddress: string; headers: Record<string, string> } {
  return { remoteAddress: CLIENT, headers: { 'x-forwarded-for': randomAddress() } };
}

async function failedLogins(t: TestApp, count: number, route: () => ReturnType<typeof direct>): Promise<LightMyRequestResponse[]> {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < count; i += 1) {
    const { remoteAddress, headers } = route();
    answers.push(
      await t.app.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        remoteAddress,
        headers,
        // A different address each time, so only the per-IP limit can stop the run.
        payload: { email: `nobody${i}@example.com`, password: 'wrong password' },
      }),
    );
  }
  return answers;
}

async function aiSearches(t: TestApp, count: number, route: () => ReturnType<typeof direct>): Promise<LightMyRequestResponse[]> {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < count; i += 1) {
    const { remoteAddress, headers } = route();
    answers.push(
      await t.app.inject({ method: 'POST', url: `${API}/search/ai-search`, remoteAddress, headers, payload: { chat_history: `cats ${i}` } }),
    );
  }
  return answers;
}

const statuses = (answers: LightMyRequestResponse[]) => answers.map((res) => res.statusCode);
const tooMany = (answers: LightMyRequestResponse[]) => statuses(answers).filter((status) => status === 429).length;

describe.each([
  ['TRUST_PROXY=1 (one proxy hop)', '1', throughProxy],
  ['TRUST_PROXY=<the proxy’s CIDR>', '10.0.0.0/8', throughProxy],
  ['TRUST_PROXY unset (no proxy)', undefined, direct],
])('%s: rotating X-Forwarded-For cannot escape per-address limits', (_label, trustProxy, route) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await makeTestApp({ env: { PASSWORD_HASH_COST: '10', TRUST_PROXY: trustProxy } });
  }, HOOK_TIMEOUT_MS);

  afterEach(async () => {
    await t.close();
  }, HOOK_TIMEOUT_MS);

  it('sees the client’s real address', async () => {
    const { remoteAddress, headers } = route();
    let seen: string | undefined;
    t.app.addHook('onRequest', async (request) => {
      seen = request.ip;
    });
    await t.app.inject({ method: 'GET', url: `${API}/check-session`, remoteAddress, headers });
    expect(seen).toBe(CLIENT);
  });

  it('stops failed logins at the per-IP limit (60 tried)', async () => {
    const answers = await failedLogins(t, 60, route);
    const max = AUTH_LIMITS.loginFailuresPerIp.max;
    expect(statuses(answers.slice(0, max)).every((status) => status === 401)).toBe(true);
    expect(tooMany(answers)).toBe(60 - max);
  });

  it('stops AI searches at the per-IP limit (80 tried)', async () => {
    const answers = await aiSearches(t, 80, route);
    expect(tooMany(answers)).toBe(80 - SEARCH_LIMITS.ai.max);
  });
});
