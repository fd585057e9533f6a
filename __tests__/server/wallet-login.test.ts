import type { Hex } from 'viem';
import { createSiweMessage, generateSiweNonce, parseSiweMessage } from 'viem/siwe';

import type { AppInstance } from '../../server/app';
import { WALLET_LIMITS, WALLET_NONCE_COOKIE } from '../../server/domains/accounts/wallet-routes';
import { MAX_CANDIDATE_CHALLENGES, WALLET_CHALLENGE_TTL_MS, walletUsernameBase } from '../../server/domains/accounts/wallet';
import { createTestUser, makeTestApp, type TestApp } from '../support/server';
import {
  fetchChallenge,
  makeWallet,
  postWalletLogin,
  requestChallenge,
  signChallenge,
  walletLogin,
  type TestWallet,
} from '../support/wallet';

import { checkSession, sessionCookie, sessionSetCookie } from './auth-helpers';

const EXPIRED = { success: false, message: 'Your sign-in request has expired. Please try again.' };
const MISMATCH = { success: false, message: 'Signature verification failed.' };
const NOT_FOR_THIS_SITE = { success: false, message: 'This sign-in request is not valid for this site. Please try again.' };
const BAD_ADDRESS = { success: false, message: 'Please provide a valid wallet address.' };
const BAD_SIGNATURE = { success: false, message: 'The signature is missing or not in the expected format.' };

/** Fake timers for Date only: Fastify and the database keep their real timers. */
const ONLY_DATE = [
  'nextTick',
  'setImmediate',
  'clearImmediate',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'queueMicrotask',
  'hrtime',
  'performance',
] as const;

function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const header = res.headers['set-cookie'];
  return Array.isArray(header) ? (header as string[]) : typeof header === 'string' ? [header] : [];
}

/** "siwe_nonce=…" from a challenge response, for the Cookie header. */
function nonceCookie(res: { headers: Record<string, unknown> }): string {
  const cookie = setCookies(res).find((value) => value.startsWith(`${WALLET_NONCE_COOKIE}=`));
  if (!cookie) throw new Error('no nonce cookie');
  return cookie.split(';')[0]!;
}

/** Stores a challenge row as if the server had issued `message` (for messages it would not make). */
async function insertChallenge(app: AppInstance, message: string, expiresAt = new Date(Date.now() + WALLET_CHALLENGE_TTL_MS)) {
  const fields = parseSiweMessage(message);
  await app.db
    .insertInto('wallet_challenges')
    .values({
      nonce: fields.nonce!,
      address: fields.address!.toLowerCase(),
      message,
      expires_at: expiresAt.toISOString(),
      used_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** An EIP-4361 message like the server's, with some fields changed. */
function craftMessage(wallet: TestWallet, overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}): string {
  const now = new Date();
  return createSiweMessage({
    domain: 'localhost:3000',
    address: wallet.address,
    statement: 'Sign in to Video Site with your wallet.',
    uri: 'http://localhost:3000',
    version: '1',
    chainId: 1,
    nonce: generateSiweNonce(),
    issuedAt: now,
    expirationTime: new Date(now.getTime() + WALLET_CHALLENGE_TTL_MS),
    ...overrides,
  });
}

describe('POST /v0/api/auth/metamask/login', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    jest.useRealTimers();
    await t.close();
  });

  const expectRefused = (res: Awaited<ReturnType<typeof postWalletLogin>>, status: number, body: object) => {
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body });
    expect(sessionSetCookie(res)).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  };

  it('logs a new wallet in: a verified user without e-mail, a readable username and a session cookie', async () => {
    const wallet = makeWallet();
    const { res } = await walletLogin(t.app, wallet);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const hex = wallet.address.slice(2).toLowerCase();
    expect(res.json()).toEqual({
      success: true,
      message: 'Logged in with your wallet.',
      user: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        username: `wallet-${hex.slice(0, 4)}${hex.slice(-4)}`,
        email: null,
        verified: true,
        walletAddress: wallet.address.toLowerCase(),
        role: 'user',
      },
    });
    const setCookie = sessionSetCookie(res)!;
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);

    const session = await checkSession(t.app, sessionCookie(res));
    expect(session.json()).toEqual({ isValid: true, user: res.json().user });

    const users = await t.app.db.selectFrom('users').selectAll().execute();
    expect(users).toEqual([
      expect.objectContaining({ email: null, password_hash: null, verified: 1, wallet_address: wallet.address.toLowerCase() }),
    ]);
    const [challenge] = await t.app.db.selectFrom('wallet_challenges').selectAll().execute();
    expect(challenge!.used_at).toEqual(expect.any(String));
  });

  it('gives the same wallet the same user every time, and ends the session the browser came with', async () => {
    const wallet = makeWallet();
    const first = await walletLogin(t.app, wallet);
    const firstCookie = sessionCookie(first.res);
    // Any casing of the address is the same wallet.
    const challenge = await fetchChallenge(t.app, wallet.address.toLowerCase());
    const second = await postWalletLogin(
      t.app,
      { address: wallet.address.toLowerCase(), signature: await signChallenge(wallet.privateKey, challenge) },
      { headers: { cookie: firstCookie } },
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().user).toEqual(first.res.json().user);
    const secondCookie = sessionCookie(second);
    expect(secondCookie).not.toBe(firstCookie);
    expect((await checkSession(t.app, firstCookie)).json()).toEqual({ isValid: false });
    expect((await checkSession(t.app, secondCookie)).json()).toMatchObject({ isValid: true });
    expect(await t.app.db.selectFrom('users').select('id').execute()).toHaveLength(1);

    // Another wallet is another user.
    const other = await walletLogin(t.app, makeWallet());
    expect(other.res.json().user._id).not.toBe(first.res.json().user._id);
  });

  it('finds an existing user by wallet address and keeps its username unique', async () => {
    const wallet = makeWallet();
    const base = walletUsernameBase(wallet.address);
    await createTestUser(t.app, { username: base.toUpperCase() });
    const { res } = await walletLogin(t.app, wallet);
    expect(res.json().user.username).toBe(`${base}2`);

    const linked = makeWallet();
    const existing = await createTestUser(t.app, { username: 'Alice', wallet_address: linked.address.toLowerCase() });
    const again = await walletLogin(t.app, linked);
    expect(again.res.statusCode).toBe(200);
    expect(again.res.json().user).toMatchObject({ _id: existing.id, username: 'Alice', email: existing.email });
  });

  it('refuses a signature by another key (401), and the challenge still works for its wallet', async () => {
    const wallet = makeWallet();
    const challenge = await fetchChallenge(t.app, wallet.address);
    const forged = await signChallenge(makeWallet().privateKey, challenge);
    expectRefused(await postWalletLogin(t.app, { address: wallet.address, signature: forged }), 401, MISMATCH);

    // Claiming to be the other key's wallet does not help either: no challenge names it.
    const impostor = makeWallet();
    const impostorSignature = await signChallenge(impostor.privateKey, challenge);
    expectRefused(await postWalletLogin(t.app, { address: impostor.address, signature: impostorSignature }), 401, EXPIRED);

    const genuine = await signChallenge(wallet.privateKey, challenge);
    expect((await postWalletLogin(t.app, { address: wallet.address, signature: genuine })).statusCode).toBe(200);
  });

  it('refuses a login without any challenge (401)', async () => {
    const wallet = makeWallet();
    const signature = await signChallenge(wallet.privateKey, craftMessage(wallet));
    expectRefused(await postWalletLogin(t.app, { address: wallet.address, signature }), 401, EXPIRED);
  });

  it('refuses an expired challenge (401): by its stored expiry', async () => {
    const wallet = makeWallet();
    const challenge = await fetchChallenge(t.app, wallet.address);
    await t.app.db.updateTable('wallet_challenges').set({ expires_at: new Date(Date.now() - 1).toISOString() }).execute();
    const signature = await signChallenge(wallet.privateKey, challenge);
    expectRefused(await postWalletLogin(t.app, { address: wallet.address, signature }), 401, EXPIRED);
    expect(await t.app.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('refuses an expired challenge (401): five minutes later on the clock', async () => {
    const wallet = makeWallet();
    const challenge = await fetchChallenge(t.app, wallet.address);
    const signature = await signChallenge(wallet.privateKey, challenge);
    jest.useFakeTimers({ doNotFake: [...ONLY_DATE] });
    jest.setSystemTime(Date.now() + WALLET_CHALLENGE_TTL_MS + 1000);
    expectRefused(await postWalletLogin(t.app, { address: wallet.address, signature }), 401, EXPIRED);
  });

  it('accepts a challenge signed just before it expires', async () => {
    const wallet = makeWallet();
    const challenge = await fetchChallenge(t.app, wallet.address);
    const signature = await signChallenge(wallet.privateKey, challenge);
    jest.useFakeTimers({ doNotFake: [...ONLY_DATE] });
    jest.setSystemTime(Date.now() + WALLET_CHALLENGE_TTL_MS - 5000);
    expect((await postWalletLogin(t.app, { address: wallet.address, signature })).statusCode).toBe(200);
  });

  it('refuses a replay of a successful login (401), also when two requests race', async () => {
    const wallet = makeWallet();
    const { res, signature } = await walletLogin(t.app, wallet);
    expect(res.statusCode).toBe(200);
    expectRefused(await postWalletLogin(t.app, { address: wallet.address, signature }), 401, EXPIRED);

    const challenge = await fetchChallenge(t.app, wallet.address);
    const raced = await signChallenge(wallet.privateKey, challenge);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => postWalletLogin(t.app, { address: wallet.address, signature: raced })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401, 401]);
    expect(answers.filter((answer) => sessionSetCookie(answer) !== undefined)).toHaveLength(1);
    expect(await t.app.db.selectFrom('sessions').select('id_hash').execute()).toHaveLength(2);
  });

  it('refuses validly signed messages that are not sign-ins to this site, now (401)', async () => {
    const wallet = makeWallet();
    const now = Date.now();
    const cases: Record<string, string> = {
      'another domain': craftMessage(wallet, { domain: 'evil.example.com', uri: 'https://evil.example.com' }),
      'another port': craftMessage(wallet, { domain: 'localhost:3001' }),
      'another URI': craftMessage(wallet, { uri: 'https://evil.example.com' }),
      'a scheme': craftMessage(wallet, { scheme: 'https' }),
      'another chain': craftMessage(wallet, { chainId: 5 }),
      'issued in the future': craftMessage(wallet, { issuedAt: new Date(now + 60 * 1000) }),
      'no expiry': craftMessage(wallet, { expirationTime: undefined }),
      'not valid yet': craftMessage(wallet, { notBefore: new Date(now + 60 * 1000) }),
    };
    for (const [label, message] of Object.entries(cases)) {
      await t.app.db.deleteFrom('wallet_challenges').execute();
      await insertChallenge(t.app, message);
      const signature = await signChallenge(wallet.privateKey, message);
      const res = await postWalletLogin(t.app, { address: wallet.address, signature });
      expect({ label, status: res.statusCode, body: res.json() }).toEqual({ label, status: 401, body: NOT_FOR_THIS_SITE });
      expect(sessionSetCookie(res)).toBeUndefined();
    }
    // The same crafting with nothing changed is accepted: only the changed fields were refused.
    await t.app.db.deleteFrom('wallet_challenges').execute();
    const fine = craftMessage(wallet);
    await insertChallenge(t.app, fine);
    const signature = await signChallenge(wallet.privateKey, fine);
    expect((await postWalletLogin(t.app, { address: wallet.address, signature })).statusCode).toBe(200);
  });

  it('refuses a message naming another wallet even when stored under this one (401)', async () => {
    const wallet = makeWallet();
    const other = makeWallet();
    const message = craftMessage(other);
    await t.app.db
      .insertInto('wallet_challenges')
      .values({
        nonce: parseSiweMessage(message).nonce!,
        address: wallet.address.toLowerCase(),
        message,
        expires_at: new Date(Date.now() + WALLET_CHALLENGE_TTL_MS).toISOString(),
        used_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const signature = await signChallenge(wallet.privateKey, message);
    expectRefused(await postWalletLogin(t.app, { address: wallet.address, signature }), 401, NOT_FOR_THIS_SITE);
  });

  it('rejects malformed bodies with 400', async () => {
    const wallet = makeWallet();
    const signature = await signChallenge(wallet.privateKey, await fetchChallenge(t.app, wallet.address));
    const cases: [unknown, object][] = [
      [{ signature }, BAD_ADDRESS],
      [{ address: '', signature }, BAD_ADDRESS],
      [{ address: 'not an address', signature }, BAD_ADDRESS],
      [{ address: wallet.address.slice(0, 41), signature }, BAD_ADDRESS],
      [{ address: 42, signature }, BAD_ADDRESS],
      [{ address: wallet.address }, BAD_SIGNATURE],
      [{ address: wallet.address, signature: '' }, BAD_SIGNATURE],
      [{ address: wallet.address, signature: '0x1234' }, BAD_SIGNATURE],
      [{ address: wallet.address, signature: 'not hex' }, BAD_SIGNATURE],
      [{ address: wallet.address, signature: signature.slice(2) }, BAD_SIGNATURE],
      [{ address: wallet.address, signature: `${signature}00` }, BAD_SIGNATURE],
      [{ address: wallet.address, signature: `0x${'z'.repeat(130)}` }, BAD_SIGNATURE],
      [{ address: wallet.address, signature: 'x'.repeat(5000) }, BAD_SIGNATURE],
      [{ address: wallet.address, signature: { r: '0x1', s: '0x2' } }, BAD_SIGNATURE],
      [{ address: wallet.address, signature, remember: true }, { success: false, message: 'remember is not an accepted field.' }],
      [[wallet.address, signature], { success: false, message: 'The request body must be an object.' }],
    ];
    for (const [payload, body] of cases) {
      const res = await postWalletLogin(t.app, payload);
      expect({ payload, status: res.statusCode, body: res.json() }).toEqual({ payload, status: 400, body });
      expect(sessionSetCookie(res)).toBeUndefined();
    }
    const noBody = await t.app.inject({ method: 'POST', url: '/v0/api/auth/metamask/login' });
    expect(noBody.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/v0/api/auth/metamask/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"address":',
    });
    expect(notJson.statusCode).toBe(400);
    // None of that used the challenge up.
    expect((await postWalletLogin(t.app, { address: wallet.address, signature })).statusCode).toBe(200);
  });

  it('never answers 500 for well-formed garbage signatures', async () => {
    const wallet = makeWallet();
    const challenge = await fetchChallenge(t.app, wallet.address);
    const real = await signChallenge(wallet.privateKey, challenge);
    const garbage: Hex[] = [
      `0x${'00'.repeat(65)}`,
      `0x${'ff'.repeat(65)}`,
      `0x${'00'.repeat(64)}1b`,
      `0x${'ff'.repeat(64)}1c`,
      `0x${'11'.repeat(64)}05`,
      `0x${real.slice(2, 130)}ff`,
      `0x${real.slice(2, 66)}${'ff'.repeat(32)}${real.slice(-2)}`,
      `0x${'a'.repeat(130)}`,
    ];
    for (const signature of garbage) {
      const res = await postWalletLogin(t.app, { address: wallet.address, signature });
      expect({ signature, status: res.statusCode, body: res.json() }).toEqual({ signature, status: 401, body: MISMATCH });
    }
    expect((await postWalletLogin(t.app, { address: wallet.address, signature: real.toUpperCase().replace('0X', '0x') })).statusCode).toBe(200);
  });

  it('answers in Chinese for Accept-Language: zh-CN', async () => {
    const headers = { 'accept-language': 'zh-CN' };
    const wallet = makeWallet();
    const challenge = await fetchChallenge(t.app, wallet.address);
    const forged = await signChallenge(makeWallet().privateKey, challenge);
    expect((await postWalletLogin(t.app, { address: wallet.address, signature: forged }, { headers })).json()).toEqual({
      success: false,
      message: '签名验证失败。',
    });
    expect((await postWalletLogin(t.app, { address: 'nope', signature: forged }, { headers })).json()).toEqual({
      success: false,
      message: '请提供有效的钱包地址。',
    });
    expect((await postWalletLogin(t.app, { address: wallet.address, signature: '0x12' }, { headers })).json()).toEqual({
      success: false,
      message: '签名缺失或格式不正确。',
    });
    expect((await postWalletLogin(t.app, { address: wallet.address, signature: forged, x: 1 }, { headers })).json()).toEqual({
      success: false,
      message: '请求无效。',
    });
    const signature = await signChallenge(wallet.privateKey, challenge);
    const ok = await postWalletLogin(t.app, { address: wallet.address, signature }, { headers });
    expect(ok.json()).toMatchObject({ success: true, message: '已使用钱包登录。' });
    expect((await postWalletLogin(t.app, { address: wallet.address, signature }, { headers })).json()).toEqual({
      success: false,
      message: '您的登录请求已过期，请重试。',
    });
  });

  it('accepts any of the latest challenges (two tabs), and the browser’s own one even when older', async () => {
    const wallet = makeWallet();
    const first = await fetchChallenge(t.app, wallet.address);
    await fetchChallenge(t.app, wallet.address);
    const signature = await signChallenge(wallet.privateKey, first);
    expect((await postWalletLogin(t.app, { address: wallet.address, signature })).statusCode).toBe(200);

    // Challenges beyond the latest few are only found through the browser's nonce cookie.
    const mine = await requestChallenge(t.app, wallet.address);
    const cookie = nonceCookie(mine);
    for (let index = 0; index < MAX_CANDIDATE_CHALLENGES; index += 1) await fetchChallenge(t.app, wallet.address);
    const old = await signChallenge(wallet.privateKey, mine.json().challenge);
    expectRefused(await postWalletLogin(t.app, { address: wallet.address, signature: old }), 401, MISMATCH);
    const withCookie = await postWalletLogin(t.app, { address: wallet.address, signature: old }, { headers: { cookie } });
    expect(withCookie.statusCode).toBe(200);
    // The nonce cookie has served its purpose.
    expect(setCookies(withCookie).find((value) => value.startsWith(`${WALLET_NONCE_COOKIE}=`))).toMatch(
      /^siwe_nonce=;.*Expires=Thu, 01 Jan 1970/,
    );
  });

  it('ignores a nonce cookie that belongs to another wallet', async () => {
    const wallet = makeWallet();
    const other = makeWallet();
    const cookie = nonceCookie(await requestChallenge(t.app, other.address));
    const challenge = await fetchChallenge(t.app, wallet.address);
    const signature = await signChallenge(wallet.privateKey, challenge);
    const res = await postWalletLogin(t.app, { address: wallet.address, signature }, { headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.walletAddress).toBe(wallet.address.toLowerCase());
    // The other wallet's challenge is untouched.
    const rows = await t.app.db.selectFrom('wallet_challenges').select(['address', 'used_at']).execute();
    expect(rows.find((row) => row.address === other.address.toLowerCase())!.used_at).toBeNull();
  });

  it('throttles failed logins per IP (429 with Retry-After); other IPs and addresses are unaffected', async () => {
    const { max } = WALLET_LIMITS.loginFailuresPerIp;
    const wallet = makeWallet();
    const zero = `0x${'00'.repeat(65)}`;
    for (let index = 0; index < max; index += 1) {
      const res = await postWalletLogin(t.app, { address: wallet.address, signature: zero }, { remoteAddress: '198.51.100.7' });
      expect(res.statusCode).toBe(401);
    }
    const challenge = await fetchChallenge(t.app, wallet.address, { remoteAddress: '198.51.100.7' });
    const signature = await signChallenge(wallet.privateKey, challenge);
    const blocked = await postWalletLogin(t.app, { address: wallet.address, signature }, { remoteAddress: '198.51.100.7' });
    expectRefused(blocked, 429, { success: false, message: 'Too many failed wallet sign-in attempts. Please try again later.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await postWalletLogin(t.app, { address: wallet.address, signature }, { remoteAddress: '198.51.100.8' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('spends one challenge per successful login', async () => {
    const wallet = makeWallet();
    for (let index = 0; index < 3; index += 1) {
      expect((await walletLogin(t.app, wallet)).res.statusCode).toBe(200);
    }
    const rows = await t.app.db.selectFrom('wallet_challenges').select('used_at').execute();
    expect(rows.every((row) => row.used_at !== null)).toBe(true);
  });
});
