/**
 * No account enumeration: every account request answers an address that has an account exactly
 * like one that has none — same status, same body, same headers (apart from per-response ones) —
 * on the first try and once the rate limits bite.
 */
import type { LightMyRequestResponse } from 'fastify';

import { AUTH_LIMITS } from '../../server/domains/accounts/auth-routes';
import type { TestApp } from '../support/server';

import { PASSWORD, makeAuthApp, post, registerUnverified, registerVerified } from './auth-helpers';

/** Building an app (the catalogue stand-in included) takes seconds on a busy machine. */
const HOOK_TIMEOUT_MS = 30_000;

const KNOWN = 'known@example.com';
const UNVERIFIED = 'pending@example.com';
const UNKNOWN = 'nobody@example.com';

/** Everything a client can see, minus what differs between any two responses. */
function visible(res: LightMyRequestResponse) {
  const headers = { ...res.headers };
  for (const name of ['date', 'x-request-id', 'retry-after', 'x-ratelimit-reset']) delete headers[name];
  return { status: res.statusCode, headers, body: res.body };
}

describe('known and unknown addresses get the same answers', () => {
  let t: TestApp;
  let tried = 0;

  beforeEach(async () => {
    t = await makeAuthApp();
    await registerVerified(t, KNOWN);
    await registerUnverified(t, UNVERIFIED);
  }, HOOK_TIMEOUT_MS);

  afterEach(async () => {
    await t.close();
  }, HOOK_TIMEOUT_MS);

  afterAll(() => {
    // The figure for the closing note.
    process.stdout.write(`no-enumeration: ${tried} requests compared\n`);
  });

  /** Sends the same request for each address (each from its own client address) and compares. */
  async function sameFor(path: string, body: (email: string) => object, rounds: number, addresses = [KNOWN, UNVERIFIED, UNKNOWN]) {
    const answers: Array<ReturnType<typeof visible>[]> = [];
    for (let round = 0; round < rounds; round += 1) {
      const row: ReturnType<typeof visible>[] = [];
      for (const [index, email] of addresses.entries()) {
        row.push(visible(await post(t.app, path, body(email), { remoteAddress: `198.51.100.${index + 1}` })));
        tried += 1;
      }
      for (const answer of row.slice(1)) expect(answer).toEqual(row[0]);
      answers.push(row);
    }
    return answers.map((row) => row[0]!);
  }

  it('login with a wrong password, up to and past the per-address limit', async () => {
    const rounds = AUTH_LIMITS.loginFailuresPerAddress.max + 2;
    const answers = await sameFor('/auth/login', (email) => ({ email, password: 'wrong password' }), rounds);
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(AUTH_LIMITS.loginFailuresPerAddress.max).fill(401),
      429,
      429,
    ]);
  });

  it('forgot-password, then again within the minute (429)', async () => {
    const answers = await sameFor('/auth/forgot-password', (email) => ({ email }), 2);
    expect(answers.map((answer) => answer.status)).toEqual([200, 429]);
  });

  it('send-verification, then again within the minute (429)', async () => {
    const answers = await sameFor('/auth/send-verification', (email) => ({ email }), 2);
    expect(answers.map((answer) => answer.status)).toEqual([200, 429]);
  });

  it('register: a taken address (verified or not) like a new one', async () => {
    let fresh = 0;
    // A new address every round for the "new" column; the taken ones stay taken.
    const answers: ReturnType<typeof visible>[][] = [];
    for (let round = 0; round < 3; round += 1) {
      fresh += 1;
      const row = [];
      for (const email of [KNOWN, UNVERIFIED, `new${fresh}@example.com`]) {
        const res = await post(t.app, '/auth/register', { email, password: PASSWORD }, { remoteAddress: '198.51.100.9' });
        tried += 1;
        // The body repeats the address it was sent (so its length differs); everything else must match.
        const answer = visible(res);
        delete answer.headers['content-length'];
        row.push(answer);
        expect(res.json()).toEqual({
          success: true,
          message: 'Registration successful. Please check your email to verify your account.',
          user: { email, verified: false },
        });
      }
      const { body: _known, ...knownRest } = row[0]!;
      const { body: _pending, ...pendingRest } = row[1]!;
      const { body: _new, ...newRest } = row[2]!;
      expect(knownRest).toEqual(newRest);
      expect(pendingRest).toEqual(newRest);
      answers.push(row);
    }
    expect(answers.flat().every((answer) => answer.status === 201)).toBe(true);
  });

  it('register under the per-IP limit: taken and new addresses both get the same 429', async () => {
    const { max } = AUTH_LIMITS.registrationsPerIp;
    for (let index = 0; index < max; index += 1) {
      await post(t.app, '/auth/register', { email: `filler${index}@example.com`, password: PASSWORD }, { remoteAddress: '198.51.100.20' });
    }
    const taken = await post(t.app, '/auth/register', { email: KNOWN, password: PASSWORD }, { remoteAddress: '198.51.100.20' });
    const fresh = await post(t.app, '/auth/register', { email: 'later@example.com', password: PASSWORD }, { remoteAddress: '198.51.100.20' });
    tried += max + 2;
    expect(visible(taken)).toEqual(visible(fresh));
    expect(taken.statusCode).toBe(429);
  });
});
