import { AUTH_LIMITS } from '../../server/domains/accounts/auth-routes';
import { linkIn, readOutbox, tokenAndEmail, waitForMail } from '../support/outbox';
import type { TestApp } from '../support/server';

import { PASSWORD, login, makeAuthApp, post, registerUnverified, registerVerified } from './auth-helpers';

const VERIFIED = { success: true, message: 'Your email address has been verified. You can now log in.' };
const BAD_LINK = {
  success: false,
  message: 'This verification link is invalid or has expired. Please request a new verification email.',
};
const SENT = {
  success: true,
  message: 'If this email address belongs to an account that is not verified yet, we have sent a new verification link to it.',
};
const TOO_MANY = { success: false, message: 'Too many requests, please try again in a minute.' };

describe('POST /v0/api/auth/verify', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeAuthApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const verify = (payload: unknown) => post(t.app, '/auth/verify', payload);

  it('verifies the account once; the link cannot be used again', async () => {
    const token = await registerUnverified(t, 'alice@example.com');
    expect((await post(t.app, '/auth/login', { email: 'alice@example.com', password: PASSWORD })).statusCode).toBe(403);

    const res = await verify({ token, email: 'alice@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(VERIFIED);
    const user = await t.app.db.selectFrom('users').select('verified').where('email', '=', 'alice@example.com').executeTakeFirstOrThrow();
    expect(user.verified).toBe(1);
    await expect(login(t, 'alice@example.com')).resolves.toMatch(/^sid=/);

    const again = await verify({ token, email: 'alice@example.com' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(BAD_LINK);
  });

  it('accepts the address in another spelling (trimmed, any case)', async () => {
    const token = await registerUnverified(t, 'bob@example.com');
    expect((await verify({ token, email: ' BOB@example.com ' })).json()).toEqual(VERIFIED);
  });

  it('refuses an expired link (400) and leaves the account unverified', async () => {
    const token = await registerUnverified(t, 'carol@example.com');
    await t.app.db.updateTable('auth_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const res = await verify({ token, email: 'carol@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_LINK);
    const user = await t.app.db.selectFrom('users').select('verified').executeTakeFirstOrThrow();
    expect(user.verified).toBe(0);
  });

  it('sets verification links to expire after 24 hours', async () => {
    const before = Date.now();
    await registerUnverified(t, 'dora@example.com');
    const row = await t.app.db.selectFrom('auth_tokens').selectAll().executeTakeFirstOrThrow();
    const lifetime = Date.parse(row.expires_at) - before;
    expect(lifetime).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect(lifetime).toBeLessThan(24 * 3600 * 1000 + 60 * 1000);
  });

  it('refuses a token presented with another e-mail address (400)', async () => {
    const token = await registerUnverified(t, 'dan@example.com');
    await registerUnverified(t, 'eve@example.com');
    const res = await verify({ token, email: 'eve@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_LINK);
    // The token still works for its own address.
    expect((await verify({ token, email: 'dan@example.com' })).json()).toEqual(VERIFIED);
  });

  it.each<[string, unknown]>([
    ['an unknown token', { token: 'A'.repeat(43), email: 'x@example.com' }],
    ['a malformed token', { token: 'not a token', email: 'x@example.com' }],
    ['an empty token', { token: '', email: 'x@example.com' }],
    ['an over-long token', { token: 'A'.repeat(500), email: 'x@example.com' }],
    ['a numeric token', { token: 42, email: 'x@example.com' }],
    ['no token', { email: 'x@example.com' }],
  ])('answers %s as a bad link (400)', async (_case, payload) => {
    const res = await verify(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_LINK);
  });

  it('rejects other malformed bodies with 400', async () => {
    const token = 'A'.repeat(43);
    for (const payload of [{ token }, { token, email: 5 }, { token, email: 'x@example.com', extra: 1 }, []]) {
      const res = await verify(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: expect.any(String) });
    }
  });
});

describe('POST /v0/api/auth/send-verification', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeAuthApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const send = (email: unknown, remoteAddress?: string, headers?: Record<string, string>) =>
    post(t.app, '/auth/send-verification', { email }, { ...(remoteAddress ? { remoteAddress } : {}), headers: headers ?? {} });

  it('answers identically for unknown, verified and unverified addresses; mails only the unverified one', async () => {
    await registerVerified(t, 'verified@example.com');
    const oldToken = await registerUnverified(t, 'pending@example.com');

    const answers = [await send('unknown@example.com'), await send('verified@example.com'), await send('pending@example.com')];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SENT);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(new Set(answers.map((res) => JSON.stringify({ ...res.headers, date: undefined }))).size).toBe(1);

    // The new link arrives; earlier links stop working.
    const mail = await waitForMail(t.config.mailDir, 'pending@example.com', { count: 2 });
    const { token, email } = tokenAndEmail(linkIn(mail, '/verify'));
    expect(token).not.toBe(oldToken);
    expect((await post(t.app, '/auth/verify', { token: oldToken, email })).json()).toEqual(BAD_LINK);
    expect((await post(t.app, '/auth/verify', { token, email })).json()).toEqual(VERIFIED);

    // Registration mails for both accounts, one new mail; nothing for the others.
    const recipients = (await readOutbox(t.config.mailDir)).map((message) => message.to);
    expect(recipients).toEqual(['verified@example.com', 'pending@example.com', 'pending@example.com']);
  });

  it('allows one request a minute per address: 429 with Retry-After, for known and unknown addresses alike', async () => {
    await registerUnverified(t, 'fay@example.com');
    const limited: string[] = [];
    for (const email of ['fay@example.com', 'nobody@example.com']) {
      expect((await send(email)).statusCode).toBe(200);
      const again = await send(email.toUpperCase(), '10.0.0.2');
      expect(again.statusCode).toBe(429);
      expect(again.json()).toEqual(TOO_MANY);
      const retryAfter = Number(again.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      limited.push(again.body);
    }
    expect(limited[0]).toBe(limited[1]);
    // Other addresses are not affected.
    expect((await send('other@example.com')).statusCode).toBe(200);
  });

  it('limits bursts per IP', async () => {
    const { max } = AUTH_LIMITS.mailPerIp;
    for (let index = 0; index < max; index += 1) {
      expect((await send(`burst${index}@example.com`, '198.51.100.4')).statusCode).toBe(200);
    }
    const blocked = await send('one-more@example.com', '198.51.100.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
    expect((await send('one-more@example.com', '198.51.100.5')).statusCode).toBe(200);
  });

  it('validates the body and answers in Chinese for Accept-Language: zh', async () => {
    expect((await send('not an address')).json()).toEqual({ success: false, message: 'Please enter a valid email address.' });
    expect((await post(t.app, '/auth/send-verification', {})).statusCode).toBe(400);
    expect((await post(t.app, '/auth/send-verification', { email: 'a@example.com', token: 'x' })).statusCode).toBe(400);

    const zh = { 'accept-language': 'zh' };
    expect((await send('zh@example.com', undefined, zh)).json().message).toBe(
      '如果该电子邮件地址对应一个尚未验证的账户，我们已向其发送新的验证链接。',
    );
    expect((await send('zh@example.com', undefined, zh)).json()).toEqual({ success: false, message: '请求过于频繁，请一分钟后再试。' });
  });
});
