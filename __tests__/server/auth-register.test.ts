import { readdir } from 'node:fs/promises';

import { AUTH_LIMITS } from '../../server/domains/accounts/auth-routes';
import { linkIn, readOutbox, tokenAndEmail, waitForMail } from '../support/outbox';
import type { TestApp } from '../support/server';

import { PASSWORD, checkSession, makeAuthApp, post, sessionCookie, sessionSetCookie, sleep } from './auth-helpers';

const REGISTERED = 'Registration successful. Please check your email to verify your account.';

describe('POST /v0/api/auth/register', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeAuthApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const register = (payload: unknown, headers?: Record<string, string>) =>
    post(t.app, '/auth/register', payload, { headers: headers ?? {} });

  it('creates an unverified account: 201 repeating only what was sent (no id, no username), no session', async () => {
    const res = await register({ email: 'alice@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: REGISTERED, user: { email: 'alice@example.com', verified: false } });
    expect(sessionSetCookie(res)).toBeUndefined();

    const row = await t.app.db.selectFrom('users').selectAll().where('email', '=', 'alice@example.com').executeTakeFirstOrThrow();
    expect(row.verified).toBe(0);
    expect(row.username).toBe('alice');
    expect(row.role).toBe('user');
    // Self-describing scrypt hash with the configured (test) cost; never the password itself.
    expect(row.password_hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('answers a taken address, in any spelling, exactly like a new one, and mails its owner instead', async () => {
    const first = await register({ email: '  Bob.Smith@Example.COM ', password: PASSWORD });
    expect(first.statusCode).toBe(201);
    expect(first.json().user.email).toBe('bob.smith@example.com');
    const before = await t.app.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();

    for (const email of ['bob.smith@example.com', 'BOB.SMITH@EXAMPLE.COM', '\tbob.smith@example.com ']) {
      const again = await register({ email, password: 'another password' });
      expect({ status: again.statusCode, body: again.json(), cookie: sessionSetCookie(again) }).toEqual({
        status: first.statusCode,
        body: first.json(),
        cookie: undefined,
      });
    }
    // Nothing about the account changed: one row, same password hash, same username.
    expect(await t.app.db.selectFrom('users').selectAll().execute()).toEqual([before]);

    // The owner hears about it (once per window, however often it is tried), with a way in.
    const mail = await waitForMail(t.config.mailDir, 'bob.smith@example.com', { purpose: 'account-exists' });
    expect(mail.subject).toBe('Someone tried to sign up with your email address - Video Site');
    expect(mail.text).toContain('you already have one');
    expect(linkIn(mail, '/login').href).toBe('http://localhost:3000/login');
    expect(mail.text).toContain('http://localhost:3000/forgot-password');
    await sleep(100);
    const files = await readdir(t.config.mailDir);
    expect(files.filter((file) => file.endsWith('-account-exists.eml'))).toHaveLength(1);
  });

  it('derives unique, safe usernames from the local part', async () => {
    const emails = ['john.doe@a.example', 'John.Doe@b.example', 'john.doe+tag@c.example', 'x@d.example', "o'neil!!@e.example"];
    const names: string[] = [];
    for (const email of emails) {
      const res = await register({ email, password: PASSWORD });
      expect(res.statusCode).toBe(201);
      const row = await t.app.db.selectFrom('users').select('username').where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
      names.push(row.username);
    }
    expect(names).toEqual(['john.doe', 'john.doe2', 'john.doe3', 'user', 'o_neil']);
  });

  it('writes a verification mail to the outbox: one .eml file with text and HTML parts and a working link', async () => {
    await register({ email: 'Carol@Example.com', password: PASSWORD });
    const mail = await waitForMail(t.config.mailDir, 'carol@example.com');

    expect(mail.file).toMatch(/^\d{15}-\d{6}-verify\.eml$/);
    expect(await readdir(t.config.mailDir)).toEqual([mail.file]);
    expect(mail.from).toBe('Video Site <no-reply@localhost>');
    expect(mail.subject).toBe('Verify your email address - Video Site');
    expect(mail.contentTypes).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
    expect(mail.raw).toMatch(/^Message-ID: </m);

    const link = linkIn(mail, '/verify');
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/verify');
    const { token, email } = tokenAndEmail(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(email).toBe('carol@example.com');
    // The e-mail address is URL-encoded in the link.
    expect(mail.text).toContain('email=carol%40example.com');
    expect(mail.html).toContain(`href="http://localhost:3000/verify?token=${token}&amp;email=carol%40example.com"`);

    // Only the hash of the token is stored.
    const rows = await t.app.db.selectFrom('auth_tokens').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ purpose: 'verify', used_at: null })]);
    expect(JSON.stringify(rows)).not.toContain(token);

    const verify = await post(t.app, '/auth/verify', { token, email });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ success: true, message: 'Your email address has been verified. You can now log in.' });
  });

  it.each<[string, unknown, string]>([
    ['a short password', { email: 'a@example.com', password: 'short' }, 'Password must be at least 8 characters long.'],
    ['a password over 256 characters', { email: 'a@example.com', password: 'x'.repeat(257) }, 'Password must be at most 256 characters long.'],
    ['no password', { email: 'a@example.com' }, 'Password is required.'],
    ['a numeric password', { email: 'a@example.com', password: 12345678 }, 'Password is required.'],
    ['no email', { password: PASSWORD }, 'Email is required.'],
    ['an empty email', { email: '   ', password: PASSWORD }, 'Email is required.'],
    ['an email that is an array', { email: ['a@example.com'], password: PASSWORD }, 'Email is required.'],
    ['an email without @', { email: 'alice.example.com', password: PASSWORD }, 'Please enter a valid email address.'],
    ['an email without a domain dot', { email: 'alice@localhost', password: PASSWORD }, 'Please enter a valid email address.'],
    ['an email with spaces inside', { email: 'al ice@example.com', password: PASSWORD }, 'Please enter a valid email address.'],
    ['an email over 254 characters', { email: `${'a'.repeat(60)}@${'b'.repeat(190)}.com`, password: PASSWORD }, 'Please enter a valid email address.'],
    ['a 10 KB email', { email: `${'a'.repeat(10_000)}@example.com`, password: PASSWORD }, 'Please enter a valid email address.'],
    ['an extra field', { email: 'a@example.com', password: PASSWORD, verified: true }, 'verified is not an accepted field.'],
    ['an array body', [{ email: 'a@example.com', password: PASSWORD }], 'The request body must be an object.'],
    ['a null body', null, 'The request body must be an object.'],
  ])('rejects %s with 400 and a clear message', async (_case, payload, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
    expect(await t.app.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('rejects 100 KB strings and broken JSON with a 4xx, never a 500', async () => {
    const huge = 'x'.repeat(100 * 1024);
    for (const payload of [{ email: huge, password: PASSWORD }, { email: 'a@example.com', password: huge }]) {
      const res = await register(payload);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ success: false, message: 'The request body is too large.' });
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/v0/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com", "password": ',
    });
    expect(broken.statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'POST',
      url: '/v0/api/auth/register',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@example.com',
    });
    expect(text.statusCode).toBe(400);
  });

  it('answers in Chinese for Accept-Language: zh-CN', async () => {
    const headers = { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };
    const ok = await register({ email: 'li@example.com', password: PASSWORD }, headers);
    expect(ok.json().message).toBe('注册成功。请查收电子邮件以验证您的账户。');
    const duplicate = await register({ email: 'li@example.com', password: PASSWORD }, headers);
    expect(duplicate.json()).toEqual(ok.json());
    const short = await register({ email: 'wang@example.com', password: 'short' }, headers);
    expect(short.json().message).toBe('密码长度至少为 8 个字符。');

    const mail = await waitForMail(t.config.mailDir, 'li@example.com', { purpose: 'verify' });
    expect(mail.subject).toBe('验证您的电子邮件地址 - 视频网站');
    expect(mail.text).toContain('感谢您的注册');
    expect(mail.html).toContain('<html lang="zh-CN">');
    const owner = await waitForMail(t.config.mailDir, 'li@example.com', { purpose: 'account-exists' });
    expect(owner.subject).toBe('有人尝试用您的邮箱地址注册 - 视频网站');
    expect(owner.text).toContain('忘记密码了？请在此设置新密码：http://localhost:3000/forgot-password');
  });

  it('limits registrations per IP (429 with Retry-After)', async () => {
    const { max } = AUTH_LIMITS.registrationsPerIp;
    for (let index = 0; index < max; index += 1) {
      const res = await post(t.app, '/auth/register', { email: `u${index}@example.com`, password: PASSWORD }, { remoteAddress: '10.0.0.9' });
      expect(res.statusCode).toBe(201);
    }
    const over = await post(t.app, '/auth/register', { email: 'one-more@example.com', password: PASSWORD }, { remoteAddress: '10.0.0.9' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toEqual({ success: false, message: 'Too many registrations from your network. Please try again later.' });
    // Another address is not affected.
    const other = await post(t.app, '/auth/register', { email: 'one-more@example.com', password: PASSWORD }, { remoteAddress: '10.0.0.10' });
    expect(other.statusCode).toBe(201);
  });
});

describe('registration with AUTO_VERIFY_ACCOUNTS', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeAuthApp({ env: { AUTO_VERIFY_ACCOUNTS: 'true' } });
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers a verified user, opens a session and sends no mail', async () => {
    const res = await post(t.app, '/auth/register', { email: 'dave@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Registration successful. You are now logged in.',
      user: { username: 'dave', email: 'dave@example.com', verified: true },
    });
    const session = await checkSession(t.app, sessionCookie(res));
    expect(session.json()).toMatchObject({ isValid: true, user: { email: 'dave@example.com', verified: true } });

    await sleep(100);
    expect(await readOutbox(t.config.mailDir)).toEqual([]);
    expect(await t.app.db.selectFrom('auth_tokens').select('id').execute()).toEqual([]);
  });

  it('ends the session the browser came with, like every sign-in', async () => {
    const first = sessionCookie(await post(t.app, '/auth/register', { email: 'fay@example.com', password: PASSWORD }));
    const second = await post(
      t.app,
      '/auth/register',
      { email: 'gil@example.com', password: PASSWORD },
      { headers: { cookie: first } },
    );
    expect(second.statusCode).toBe(201);
    expect((await checkSession(t.app, first)).json()).toEqual({ isValid: false });
    expect((await checkSession(t.app, sessionCookie(second))).json()).toMatchObject({ isValid: true });
  });
});

describe('session cookie over https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const t = await makeAuthApp({ env: { AUTO_VERIFY_ACCOUNTS: 'true', PUBLIC_URL: 'https://videos.example.com' } });
    try {
      const res = await post(t.app, '/auth/register', { email: 'erin@example.com', password: PASSWORD });
      expect(res.statusCode).toBe(201);
      const cookie = sessionSetCookie(res)!;
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
    } finally {
      await t.close();
    }
  });
});
