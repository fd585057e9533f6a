import { rm } from 'node:fs/promises';

import { AUTH_LIMITS } from '../../server/domains/accounts/auth-routes';
import { issueToken } from '../../server/domains/accounts/tokens';
import { linkIn, readOutbox, tokenAndEmail, waitForMail } from '../support/outbox';
import { makeTestDataDir, type TestApp } from '../support/server';

import { PASSWORD, checkSession, login, makeAuthApp, post, registerUnverified, registerVerified } from './auth-helpers';

const LINK_SENT = { success: true, message: 'If an account exists for this email address, we have sent a password reset link to it.' };
const RESET_DONE = { success: true, message: 'Your password has been reset. You can now log in with your new password.' };
const BAD_LINK = { success: false, message: 'This password reset link is invalid or has expired. Please request a new one.' };
const TOO_MANY = { success: false, message: 'Too many requests, please try again in a minute.' };
const NEW_PASSWORD = 'a brand new secret';

describe('POST /v0/api/auth/forgot-password and /auth/reset-password', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeAuthApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const forgot = (email: unknown, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    post(t.app, '/auth/forgot-password', { email }, options);
  const reset = (payload: unknown) => post(t.app, '/auth/reset-password', payload);

  /** Requests a reset for a registered address and returns the link's token. */
  const resetToken = async (email: string, count = 1, remoteAddress?: string) => {
    expect((await forgot(email, remoteAddress ? { remoteAddress } : {})).json()).toEqual(LINK_SENT);
    const mail = await waitForMail(t.config.mailDir, email, { purpose: 'reset', count });
    const link = linkIn(mail, '/reset-password');
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/reset-password');
    return tokenAndEmail(link).token;
  };

  it('answers identically for known and unknown addresses, and mails only the known one', async () => {
    await registerVerified(t, 'alice@example.com');
    const known = await forgot('alice@example.com');
    const unknown = await forgot('nobody@example.com');
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(LINK_SENT);
    }
    expect(known.body).toBe(unknown.body);
    expect({ ...known.headers, date: undefined }).toEqual({ ...unknown.headers, date: undefined });

    const mail = await waitForMail(t.config.mailDir, 'alice@example.com', { purpose: 'reset' });
    expect(mail.subject).toBe('Reset your password - Video Site');
    expect(mail.contentTypes).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
    expect(mail.html).toContain('&amp;email=alice%40example.com');
    const files = (await readOutbox(t.config.mailDir)).map((message) => `${message.to} ${message.purpose}`);
    expect(files).toEqual(['alice@example.com verify', 'alice@example.com reset']);
  });

  it('allows one request a minute per address: 429 with Retry-After', async () => {
    await registerVerified(t, 'bob@example.com');
    await resetToken('bob@example.com');
    for (const email of ['bob@example.com', ' BOB@EXAMPLE.COM']) {
      const again = await forgot(email, { remoteAddress: '10.0.0.3' });
      expect(again.statusCode).toBe(429);
      expect(again.json()).toEqual(TOO_MANY);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // Unknown addresses are limited the same way.
    expect((await forgot('ghost@example.com')).statusCode).toBe(200);
    const ghost = await forgot('ghost@example.com');
    expect(ghost.statusCode).toBe(429);
    expect(ghost.json()).toEqual(TOO_MANY);
    // Only one reset mail went out.
    expect((await readOutbox(t.config.mailDir)).filter((message) => message.purpose === 'reset')).toHaveLength(1);
  });

  it('limits bursts per IP, shared with send-verification', async () => {
    const { max } = AUTH_LIMITS.mailPerIp;
    const remoteAddress = '203.0.113.9';
    for (let index = 0; index < max; index += 1) {
      const path = index % 2 ? '/auth/forgot-password' : '/auth/send-verification';
      expect((await post(t.app, path, { email: `burst${index}@example.com` }, { remoteAddress })).statusCode).toBe(200);
    }
    const blocked = await forgot('last@example.com', { remoteAddress });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('resets the password: the old one fails, the new one works, every session of the user ends', async () => {
    await registerVerified(t, 'carol@example.com');
    await registerVerified(t, 'other@example.com');
    const sessions = [await login(t, 'carol@example.com'), await login(t, 'carol@example.com')];
    const otherSession = await login(t, 'other@example.com');

    const token = await resetToken('carol@example.com');
    const res = await post(t.app, '/auth/reset-password', { token, email: 'carol@example.com', newPassword: NEW_PASSWORD }, { headers: { cookie: sessions[0]! } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(RESET_DONE);
    // The requester's own (now dead) session cookie is cleared.
    expect(res.headers['set-cookie']).toMatch(/^sid=;/);

    for (const cookie of sessions) expect((await checkSession(t.app, cookie)).json()).toEqual({ isValid: false });
    expect((await checkSession(t.app, otherSession)).json()).toMatchObject({ isValid: true });

    const old = await post(t.app, '/auth/login', { email: 'carol@example.com', password: PASSWORD });
    expect(old.statusCode).toBe(401);
    await expect(login(t, 'carol@example.com', NEW_PASSWORD)).resolves.toMatch(/^sid=/);
  });

  it('refuses a used token (400)', async () => {
    await registerVerified(t, 'dan@example.com');
    const token = await resetToken('dan@example.com');
    expect((await reset({ token, email: 'dan@example.com', newPassword: NEW_PASSWORD })).json()).toEqual(RESET_DONE);
    const again = await reset({ token, email: 'dan@example.com', newPassword: 'yet another password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(BAD_LINK);
    await expect(login(t, 'dan@example.com', NEW_PASSWORD)).resolves.toMatch(/^sid=/);
  });

  it('refuses an expired token (400), and reset links expire after an hour', async () => {
    await registerVerified(t, 'eve@example.com');
    const before = Date.now();
    const token = await resetToken('eve@example.com');
    const row = await t.app.db.selectFrom('auth_tokens').selectAll().where('purpose', '=', 'reset').executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - before).toBeGreaterThanOrEqual(3600 * 1000);
    expect(Date.parse(row.expires_at) - before).toBeLessThan(3600 * 1000 + 60 * 1000);

    await t.app.db.updateTable('auth_tokens').set({ expires_at: new Date(Date.now() - 1).toISOString() }).execute();
    const res = await reset({ token, email: 'eve@example.com', newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_LINK);
    await expect(login(t, 'eve@example.com')).resolves.toMatch(/^sid=/);
  });

  it('refuses a token presented with another e-mail address (400)', async () => {
    await registerVerified(t, 'fay@example.com');
    await registerVerified(t, 'gus@example.com');
    const token = await resetToken('fay@example.com');
    const res = await reset({ token, email: 'gus@example.com', newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_LINK);
    await expect(login(t, 'gus@example.com')).resolves.toMatch(/^sid=/);
    // Still valid for its own address.
    expect((await reset({ token, email: 'FAY@example.com', newPassword: NEW_PASSWORD })).json()).toEqual(RESET_DONE);
  });

  it('a verification token is no reset token, and a newer reset link replaces older ones', async () => {
    const verifyToken = await registerUnverified(t, 'hal@example.com');
    expect((await reset({ token: verifyToken, email: 'hal@example.com', newPassword: NEW_PASSWORD })).json()).toEqual(BAD_LINK);

    const user = await t.app.db.selectFrom('users').select('id').where('email', '=', 'hal@example.com').executeTakeFirstOrThrow();
    const older = (await issueToken(t.app.db, user.id, 'reset')).token;
    const newer = await resetToken('hal@example.com');
    expect((await reset({ token: older, email: 'hal@example.com', newPassword: NEW_PASSWORD })).json()).toEqual(BAD_LINK);
    expect((await reset({ token: newer, email: 'hal@example.com', newPassword: NEW_PASSWORD })).json()).toEqual(RESET_DONE);
  });

  it('a refused (429) request mails nothing and leaves the link already sent working', async () => {
    await registerVerified(t, 'lou@example.com');
    const first = await resetToken('lou@example.com');
    for (let i = 0; i < 3; i += 1) expect((await forgot('lou@example.com')).statusCode).toBe(429);
    // Closing waits for every piece of work started after a response.
    await t.app.close();
    const mails = (await readOutbox(t.config.mailDir)).filter((mail) => mail.to === 'lou@example.com' && mail.purpose === 'reset');
    expect(mails).toHaveLength(1);
    t = await makeAuthApp({ dataDir: t.dataDir });
    expect((await reset({ token: first, email: 'lou@example.com', newPassword: NEW_PASSWORD })).json()).toEqual(RESET_DONE);
  });

  it('lets the same address ask again after a minute', async () => {
    await registerVerified(t, 'kay@example.com');
    const first = await resetToken('kay@example.com');
    expect((await forgot('kay@example.com')).statusCode).toBe(429);
    // Only Date moves on; timers stay real, so the mail work after the response still runs.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'] });
    try {
      jest.setSystemTime(Date.now() + 61 * 1000);
      const second = await resetToken('kay@example.com', 2);
      expect(second).not.toBe(first);
      expect((await reset({ token: first, email: 'kay@example.com', newPassword: NEW_PASSWORD })).json()).toEqual(BAD_LINK);
      expect((await reset({ token: second, email: 'kay@example.com', newPassword: NEW_PASSWORD })).json()).toEqual(RESET_DONE);
    } finally {
      jest.useRealTimers();
    }
  });

  it('validates the new password and the body (400)', async () => {
    const token = 'A'.repeat(43);
    const cases: [unknown, string][] = [
      [{ token, email: 'x@example.com', newPassword: 'short' }, 'Password must be at least 8 characters long.'],
      [{ token, email: 'x@example.com', newPassword: 'x'.repeat(257) }, 'Password must be at most 256 characters long.'],
      [{ token, email: 'x@example.com' }, 'Password is required.'],
      [{ token, newPassword: NEW_PASSWORD }, 'Email is required.'],
      [{ email: 'x@example.com', newPassword: NEW_PASSWORD }, BAD_LINK.message],
      [{ token, email: 'x@example.com', newPassword: NEW_PASSWORD, password: 'old one' }, 'password is not an accepted field.'],
      [{ token, email: 'x@example.com', newPassword: NEW_PASSWORD }, BAD_LINK.message],
    ];
    for (const [payload, message] of cases) {
      const res = await reset(payload);
      expect({ payload, status: res.statusCode, body: res.json() }).toEqual({ payload, status: 400, body: { success: false, message } });
    }
  });

  it('also verifies an unverified account: the link proved the inbox', async () => {
    await registerUnverified(t, 'ida@example.com');
    const token = await resetToken('ida@example.com');
    expect((await reset({ token, email: 'ida@example.com', newPassword: NEW_PASSWORD })).json()).toEqual(RESET_DONE);
    await expect(login(t, 'ida@example.com', NEW_PASSWORD)).resolves.toMatch(/^sid=/);
  });

  it('mails in the language of the request and answers in Chinese for Accept-Language: zh-CN', async () => {
    await registerVerified(t, 'jun@example.com');
    const res = await forgot('jun@example.com', { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(res.json()).toEqual({ success: true, message: '如果该电子邮件地址对应一个账户，我们已向其发送密码重置链接。' });
    const mail = await waitForMail(t.config.mailDir, 'jun@example.com', { purpose: 'reset' });
    expect(mail.subject).toBe('重置您的密码 - 视频网站');
    expect(mail.text).toContain('该链接 1 小时内有效');
    expect(mail.html).toContain('设置新密码');

    const bad = await post(t.app, '/auth/reset-password', { token: 'x', email: 'jun@example.com', newPassword: NEW_PASSWORD }, {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(bad.json()).toEqual({ success: false, message: '此密码重置链接无效或已过期。请重新申请。' });
  });
});

describe('mail after the response', () => {
  it('is still delivered when the app closes right after the request', async () => {
    const dataDir = await makeTestDataDir();
    try {
      const t = await makeAuthApp({ dataDir });
      const res = await post(t.app, '/auth/register', { email: 'late@example.com', password: PASSWORD });
      expect(res.statusCode).toBe(201);
      await t.app.close();
      const messages = await readOutbox(t.config.mailDir);
      expect(messages.map((message) => message.to)).toEqual(['late@example.com']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
