import * as passwords from '../../server/domains/accounts/passwords';
import { hashSessionToken } from '../../server/domains/accounts/sessions';
import { AUTH_LIMITS } from '../../server/domains/accounts/auth-routes';
import type { TestApp } from '../support/server';

import {
  PASSWORD,
  checkSession,
  login,
  makeAuthApp,
  post,
  registerUnverified,
  registerVerified,
  sessionCookie,
  sessionSetCookie,
} from './auth-helpers';

// Calls through to the real scrypt verification; lets a test count how often it runs.
jest.mock('../../server/domains/accounts/passwords', () => {
  const actual = jest.requireActual<typeof passwords>('../../server/domains/accounts/passwords');
  return { ...actual, verifyPassword: jest.fn(actual.verifyPassword) };
});

const INVALID = { success: false, message: 'Invalid email or password.' };

describe('POST /v0/api/auth/login and /auth/logout', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeAuthApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const attempt = (email: string, password: string, remoteAddress?: string, headers?: Record<string, string>) =>
    post(t.app, '/auth/login', { email, password }, { ...(remoteAddress ? { remoteAddress } : {}), headers: headers ?? {} });

  it('logs a verified user in: message, user and an httpOnly SameSite=Lax session cookie', async () => {
    await registerVerified(t, 'alice@example.com');
    const res = await attempt(' Alice@Example.com ', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Logged in successfully.',
      user: { _id: expect.any(String), username: 'alice', email: 'alice@example.com', verified: true, walletAddress: null, role: 'user' },
    });
    const setCookie = sessionSetCookie(res)!;
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/; Secure/);

    const session = await checkSession(t.app, sessionCookie(res));
    expect(session.json()).toEqual({ isValid: true, user: res.json().user });
  });

  it('issues a new session id at every login and ends the one the browser came with', async () => {
    await registerVerified(t, 'bob@example.com');
    const first = await login(t, 'bob@example.com');
    const second = await post(t.app, '/auth/login', { email: 'bob@example.com', password: PASSWORD }, { headers: { cookie: first } });
    const secondCookie = sessionCookie(second);
    expect(secondCookie).not.toBe(first);
    expect((await checkSession(t.app, first)).json()).toEqual({ isValid: false });
    expect((await checkSession(t.app, secondCookie)).json()).toMatchObject({ isValid: true });

    // A login from another browser leaves existing sessions alone.
    const third = await login(t, 'bob@example.com');
    expect(new Set([secondCookie, third]).size).toBe(2);
    expect((await checkSession(t.app, secondCookie)).json()).toMatchObject({ isValid: true });
    const stored = await t.app.db.selectFrom('sessions').select('id_hash').execute();
    expect(stored.map((row) => row.id_hash).sort()).toEqual(
      [secondCookie, third].map((cookie) => hashSessionToken(cookie.slice('sid='.length))).sort(),
    );
  });

  it('answers a wrong password and an unknown address identically (401)', async () => {
    await registerVerified(t, 'carol@example.com');
    const wrongPassword = await attempt('carol@example.com', 'not the password');
    const unknownAddress = await attempt('nobody@example.com', 'not the password');
    for (const res of [wrongPassword, unknownAddress]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID);
      expect(sessionSetCookie(res)).toBeUndefined();
    }
    expect(wrongPassword.body).toBe(unknownAddress.body);
    expect(wrongPassword.headers['content-type']).toBe(unknownAddress.headers['content-type']);
  });

  it('refuses an unverified account with 403 EMAIL_NOT_VERIFIED pointing to the request-verification page', async () => {
    await registerUnverified(t, 'dan@example.com');
    const res = await attempt('dan@example.com', PASSWORD);
    expect(res.statusCode).toBe(403);
    const body = res.json();
    expect(body).toEqual({ success: false, message: expect.stringContaining('/request-verification'), code: 'EMAIL_NOT_VERIFIED' });
    expect(body.message).toMatch(/^Please verify your email address before logging in\./);
    expect(sessionSetCookie(res)).toBeUndefined();
    // The wrong password for an unverified account is still just a wrong password.
    expect((await attempt('dan@example.com', 'wrong password')).statusCode).toBe(401);
  });

  it('rejects malformed bodies with 400', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'a@example.com' }, 'Password is required.'],
      [{ email: 'a@example.com', password: '' }, 'Password is required.'],
      [{ password: PASSWORD }, 'Email is required.'],
      [{ email: 'not-an-address', password: PASSWORD }, 'Please enter a valid email address.'],
      [{ email: 'a@example.com', password: PASSWORD, remember: true }, 'remember is not an accepted field.'],
      [{ email: 'a@example.com', password: 'x'.repeat(300) }, 'Password must be at most 256 characters long.'],
      [['a@example.com', PASSWORD], 'The request body must be an object.'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(t.app, '/auth/login', payload);
      expect({ payload, status: res.statusCode, body: res.json() }).toEqual({ payload, status: 400, body: { success: false, message } });
    }
  });

  it('throttles failed logins per address: 429 with Retry-After, even for the right password', async () => {
    await registerVerified(t, 'erin@example.com');
    const { max, timeWindow } = AUTH_LIMITS.loginFailuresPerAddress;
    for (let index = 0; index < max; index += 1) {
      // Spread over addresses so only the per-address limit is reached.
      const res = await attempt('Erin@example.com', `wrong ${index}`, `10.1.0.${index + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await attempt('erin@example.com', PASSWORD, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ success: false, message: 'Too many failed login attempts. Please try again later.' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(timeWindow / 1000);

    // Unknown addresses are throttled the same way (no hint that an account exists).
    for (let index = 0; index < max; index += 1) await attempt('ghost@example.com', 'guess', `10.3.0.${index + 1}`);
    const ghost = await attempt('ghost@example.com', 'guess', '10.4.0.1');
    expect(ghost.statusCode).toBe(429);
    expect(ghost.body).toBe(blocked.body);

    // Other accounts can still log in.
    await registerVerified(t, 'frank@example.com');
    expect((await attempt('frank@example.com', PASSWORD, '10.2.0.1')).statusCode).toBe(200);
  });

  it('throttles failed logins per IP, across addresses', async () => {
    await registerVerified(t, 'gina@example.com');
    const { max } = AUTH_LIMITS.loginFailuresPerIp;
    for (let index = 0; index < max; index += 1) {
      expect((await attempt(`guess${index}@example.com`, 'password1', '192.0.2.7')).statusCode).toBe(401);
    }
    const blocked = await attempt('gina@example.com', PASSWORD, '192.0.2.7');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('gina@example.com', PASSWORD, '192.0.2.8')).statusCode).toBe(200);
  });

  it('does not count successful logins as failures', async () => {
    await registerVerified(t, 'hank@example.com');
    for (let index = 0; index < AUTH_LIMITS.loginFailuresPerAddress.max + 2; index += 1) {
      expect((await attempt('hank@example.com', PASSWORD)).statusCode).toBe(200);
    }
  });

  it('logout destroys the session and clears the cookie; the old cookie is then invalid', async () => {
    await registerVerified(t, 'ivy@example.com');
    const cookie = await login(t, 'ivy@example.com');
    const res = await post(t.app, '/auth/logout', {}, { headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged out successfully.' });
    expect(sessionSetCookie(res)).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await checkSession(t.app, cookie)).json()).toEqual({ isValid: false });
    expect(await t.app.db.selectFrom('sessions').select('id_hash').execute()).toEqual([]);
  });

  it('logout is fine without a session, with or without a body, but rejects unexpected fields', async () => {
    const empty = await post(t.app, '/auth/logout', {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ success: true, message: 'Logged out successfully.' });
    const noBody = await post(t.app, '/auth/logout');
    expect(noBody.statusCode).toBe(200);
    const unknownCookie = await post(t.app, '/auth/logout', {}, { headers: { cookie: 'sid=bogus' } });
    expect(unknownCookie.statusCode).toBe(200);
    const extra = await post(t.app, '/auth/logout', { everywhere: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ success: false, message: expect.any(String) });
  });

  it('answers in Chinese for Accept-Language: zh-CN', async () => {
    await registerVerified(t, 'jun@example.com');
    const headers = { 'accept-language': 'zh-CN' };
    expect((await attempt('jun@example.com', PASSWORD, undefined, headers)).json().message).toBe('登录成功。');
    expect((await attempt('jun@example.com', 'wrong password', undefined, headers)).json()).toEqual({
      success: false,
      message: '电子邮件或密码错误。',
    });
    // q-values count: English is preferred here.
    const english = await attempt('jun@example.com', 'wrong password', undefined, { 'accept-language': 'zh;q=0.5, en;q=0.9' });
    expect(english.json().message).toBe('Invalid email or password.');
  });
});

describe('login work for unknown addresses', () => {
  // Deterministic stand-in for a timing check: an unknown address must cost the same scrypt
  // verification as a wrong password, so response time cannot reveal which accounts exist.
  it('verifies a password hash for an unknown address exactly as for a wrong password', async () => {
    const t = await makeAuthApp();
    const verify = jest.mocked(passwords.verifyPassword);
    try {
      await registerVerified(t, 'kim@example.com');
      verify.mockClear();
      expect((await post(t.app, '/auth/login', { email: 'kim@example.com', password: 'wrong password' })).statusCode).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
      expect(verify.mock.calls[0]![0]).toMatch(/^scrypt\$/);

      verify.mockClear();
      expect((await post(t.app, '/auth/login', { email: 'nobody@example.com', password: 'wrong password' })).statusCode).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
      expect(verify.mock.calls[0]![0]).toMatch(/^scrypt\$/);
    } finally {
      await t.close();
    }
  });
});
