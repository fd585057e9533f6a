/**
 * The request log never holds an e-mailed link's secrets (issue: tokens in the request log).
 * The app runs with its real logger options; the test reads every line it wrote.
 */
import { redactUrl } from '../../server/http/logger';
import { capturedLog } from '../support/captured-log';
import { linkIn, tokenAndEmail, waitForMail } from '../support/outbox';
import type { TestApp } from '../support/server';

import { makeAuthApp, post, registerUnverified } from './auth-helpers';

describe('the request log', () => {
  let t: TestApp;
  let log: ReturnType<typeof capturedLog>;
  beforeEach(async () => {
    log = capturedLog();
    t = await makeAuthApp({ logger: log.logger });
  });
  afterEach(async () => {
    await t.close();
  });

  const requestUrls = () =>
    log.lines
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => entry.req?.url);

  it('holds no token nor address of the verification and reset links the app mailed', async () => {
    const email = 'alice.secret@example.com';
    const verifyToken = await registerUnverified(t, email);
    expect((await post(t.app, '/auth/forgot-password', { email })).statusCode).toBe(200);
    const resetLink = linkIn(await waitForMail(t.config.mailDir, email, { purpose: 'reset' }), '/reset-password');
    const resetToken = tokenAndEmail(resetLink).token;
    expect(resetToken).not.toBe('');

    // The pages the links open, then what the pages post.
    const opened = [`${resetLink.pathname}${resetLink.search}`, `/verify?token=${verifyToken}&email=${encodeURIComponent(email)}`];
    for (const url of opened) await t.app.inject({ method: 'GET', url });
    await t.app.inject({ method: 'GET', url: `/unsubscribe/${verifyToken}?list=digest` });
    await t.app.inject({ method: 'GET', url: `/verify?${verifyToken}` });
    await post(t.app, '/auth/verify', { token: verifyToken, email });
    await post(t.app, '/auth/reset-password', { token: resetToken, email, newPassword: 'a new password here' });

    const output = log.lines.join('');
    for (const secret of [verifyToken, resetToken, email, encodeURIComponent(email), 'a new password here']) {
      expect(output).not.toContain(secret);
    }
    // Each request is still there, with its path and the names of its parameters.
    expect(requestUrls()).toEqual(
      expect.arrayContaining([
        '/reset-password?token=[redacted]&email=[redacted]',
        '/verify?token=[redacted]&email=[redacted]',
        '/unsubscribe/[redacted]?[redacted]=[redacted]',
        '/verify?[redacted]=[redacted]',
        '/v0/api/auth/verify',
      ]),
    );
  });

  it('holds no token, code, signature or email parameter of any path, and keeps the others', async () => {
    const url =
      '/v0/api/videos/selfieVideos?page=2&email=bob%40example.com&code=123456&X-Amz-Signature=abcdef0123&access_token=tok-9&perPage=18';
    await t.app.inject({ method: 'GET', url });
    await t.app.inject({ method: 'GET', url: '/v0/api/auth/metamask/challenge?address=0xabc&signature=0xdeadbeef' });

    const output = log.lines.join('');
    for (const secret of ['bob%40example.com', '123456', 'abcdef0123', 'tok-9', '0xdeadbeef']) expect(output).not.toContain(secret);
    expect(requestUrls()).toEqual(
      expect.arrayContaining([
        '/v0/api/videos/selfieVideos?page=2&email=[redacted]&code=[redacted]&X-Amz-Signature=[redacted]&access_token=[redacted]&perPage=18',
        '/v0/api/auth/metamask/challenge?address=0xabc&signature=[redacted]',
      ]),
    );
  });
});

describe('redactUrl', () => {
  it.each([
    ['/', '/'],
    ['/selfieVideos?page=2', '/selfieVideos?page=2'],
    ['/RESET-PASSWORD/?Token=x', '/RESET-PASSWORD/?Token=[redacted]'],
    ['/reset-password?token=x&email=y&extra=z', '/reset-password?token=[redacted]&email=[redacted]&[redacted]=[redacted]'],
    ['/verify?token=%zz', '/verify?token=[redacted]'],
    ['/search?q=cats&emailAddress=a%40b.c&', '/search?q=cats&emailAddress=[redacted]'],
    ['/unsubscribe/abc/def', '/unsubscribe/[redacted]'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
