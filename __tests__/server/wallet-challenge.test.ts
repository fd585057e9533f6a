import { rm } from 'node:fs/promises';

import { parseSiweMessage } from 'viem/siwe';

import { WALLET_LIMITS, WALLET_NONCE_COOKIE } from '../../server/domains/accounts/wallet-routes';
import { WALLET_CHALLENGE_TTL_MS } from '../../server/domains/accounts/wallet';
import { makeTestApp, makeTestDataDir, type TestApp } from '../support/server';
import { makeWallet, requestChallenge } from '../support/wallet';

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

const INVALID_ADDRESS = { success: false, message: 'Please provide a valid wallet address.' };

function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const header = res.headers['set-cookie'];
  return Array.isArray(header) ? (header as string[]) : typeof header === 'string' ? [header] : [];
}

describe('GET /v0/api/auth/metamask/challenge', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers an EIP-4361 message for this site, remembered for five minutes, never cached', async () => {
    const wallet = makeWallet();
    const before = Date.now();
    // A lower-case address is fine; the message carries the checksummed form.
    const res = await requestChallenge(t.app, wallet.address.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { challenge } = res.json() as { challenge: string };
    expect(Object.keys(res.json())).toEqual(['challenge']);

    const lines = challenge.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'localhost:3000 wants you to sign in with your Ethereum account:',
      wallet.address,
      '',
      'Sign in to Video Site with your wallet.',
      '',
    ]);
    const fields = parseSiweMessage(challenge);
    expect(fields).toMatchObject({
      domain: 'localhost:3000',
      address: wallet.address,
      statement: 'Sign in to Video Site with your wallet.',
      uri: 'http://localhost:3000',
      version: '1',
      chainId: 1,
    });
    expect(fields.scheme).toBeUndefined();
    expect(fields.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/);
    const issuedAt = fields.issuedAt!.getTime();
    expect(issuedAt).toBeGreaterThanOrEqual(before - 1);
    expect(issuedAt).toBeLessThanOrEqual(Date.now());
    expect(fields.expirationTime!.getTime() - issuedAt).toBe(WALLET_CHALLENGE_TTL_MS);

    const rows = await t.app.db.selectFrom('wallet_challenges').selectAll().execute();
    expect(rows).toEqual([
      {
        nonce: fields.nonce,
        address: wallet.address.toLowerCase(),
        message: challenge,
        expires_at: fields.expirationTime!.toISOString(),
        used_at: null,
        created_at: fields.issuedAt!.toISOString(),
      },
    ]);

    // The browser keeps the nonce in an httpOnly cookie that only the wallet routes see.
    const cookie = setCookies(res).find((value) => value.startsWith(`${WALLET_NONCE_COOKIE}=`));
    expect(cookie).toMatch(new RegExp(`^${WALLET_NONCE_COOKIE}=${fields.nonce}; `));
    expect(cookie).toMatch(/; Path=\/v0\/api\/auth\/metamask/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Max-Age=300/);
    expect(setCookies(res).some((value) => value.startsWith('sid='))).toBe(false);
  });

  it('uses a fresh nonce every time', async () => {
    const wallet = makeWallet();
    const nonces = new Set<string>();
    for (let index = 0; index < 5; index += 1) {
      nonces.add(parseSiweMessage((await requestChallenge(t.app, wallet.address)).json().challenge).nonce!);
    }
    expect(nonces.size).toBe(5);
  });

  it('takes the domain and URI from PUBLIC_URL', async () => {
    const other = await makeTestApp({ env: { PUBLIC_URL: 'https://videos.example.com/app/' } });
    try {
      const wallet = makeWallet();
      const res = await requestChallenge(other.app, wallet.address);
      expect(res.statusCode).toBe(200);
      expect(parseSiweMessage(res.json().challenge)).toMatchObject({
        domain: 'videos.example.com',
        uri: 'https://videos.example.com/app',
      });
      expect(setCookies(res).find((value) => value.startsWith(`${WALLET_NONCE_COOKIE}=`))).toMatch(/; Secure/);
    } finally {
      await other.close();
    }
  });

  it('rejects a missing or malformed address with 400, in the visitor language', async () => {
    const wallet = makeWallet();
    const mixedCase = wallet.address.slice(2);
    // Flip the case of one letter: a broken checksum.
    const index = mixedCase.search(/[a-fA-F]/);
    const broken = `0x${mixedCase.slice(0, index)}${
      mixedCase[index] === mixedCase[index]!.toUpperCase() ? mixedCase[index]!.toLowerCase() : mixedCase[index]!.toUpperCase()
    }${mixedCase.slice(index + 1)}`;
    const cases = ['', 'abc', '0x1234', `${wallet.address}0`, wallet.address.slice(2), `0x${'g'.repeat(40)}`, broken, 'x'.repeat(500)];
    for (const address of cases) {
      const res = await requestChallenge(t.app, address);
      expect({ address, status: res.statusCode, body: res.json() }).toEqual({ address, status: 400, body: INVALID_ADDRESS });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/v0/api/auth/metamask/challenge' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(INVALID_ADDRESS);

    const zh = await requestChallenge(t.app, 'abc', { headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json()).toEqual({ success: false, message: '请提供有效的钱包地址。' });
    expect(await t.app.db.selectFrom('wallet_challenges').selectAll().execute()).toEqual([]);
  });

  it('accepts all-lower and all-upper hex (no checksum to check)', async () => {
    const { address } = makeWallet();
    for (const form of [address.toLowerCase(), `0x${address.slice(2).toUpperCase()}`, ` ${address} `]) {
      const res = await requestChallenge(t.app, form);
      expect(res.statusCode).toBe(200);
      expect(parseSiweMessage(res.json().challenge).address).toBe(address);
    }
  });

  it('limits challenges per IP (429 with Retry-After), other IPs unaffected', async () => {
    const { max, timeWindow } = WALLET_LIMITS.challengesPerIp;
    const { address } = makeWallet();
    for (let index = 0; index < max; index += 1) {
      expect((await requestChallenge(t.app, address, { remoteAddress: '192.0.2.10' })).statusCode).toBe(200);
    }
    const blocked = await requestChallenge(t.app, address, { remoteAddress: '192.0.2.10' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ success: false, message: 'Too many sign-in requests. Please wait a minute and try again.' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(timeWindow / 1000);
    expect((await requestChallenge(t.app, address, { remoteAddress: '192.0.2.11' })).statusCode).toBe(200);
    expect(await t.app.db.selectFrom('wallet_challenges').select('nonce').execute()).toHaveLength(max + 1);
  });

  it('purges expired challenges when handing out new ones', async () => {
    const { address } = makeWallet();
    await requestChallenge(t.app, address);
    await t.app.db.updateTable('wallet_challenges').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    // The purge runs at most once a minute: move the clock past that.
    jest.useFakeTimers({ doNotFake: [...ONLY_DATE] });
    try {
      jest.setSystemTime(Date.now() + 61 * 1000);
      await requestChallenge(t.app, address);
    } finally {
      jest.useRealTimers();
    }
    const rows = await t.app.db.selectFrom('wallet_challenges').select('expires_at').execute();
    expect(rows).toHaveLength(1);
  });

  it('purges expired challenges at start-up', async () => {
    const dataDir = await makeTestDataDir();
    try {
      const first = await makeTestApp({ dataDir });
      await requestChallenge(first.app, makeWallet().address);
      await first.app.db.updateTable('wallet_challenges').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
      await requestChallenge(first.app, makeWallet().address);
      await first.close();

      const restarted = await makeTestApp({ dataDir });
      const rows = await restarted.app.db.selectFrom('wallet_challenges').select('expires_at').execute();
      await restarted.close();
      expect(rows).toHaveLength(1);
      expect(Date.parse(rows[0]!.expires_at)).toBeGreaterThan(Date.now());
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
