/**
 * The e-mail digest's List-Unsubscribe (RFC 2369) and one-click unsubscribe (RFC 8058): the
 * headers on the mail as written to the outbox, the POST a mail provider makes (no cookie, no
 * Origin, a form body) turning the e-mails off, and everything else — a GET, a forged token,
 * another user's id under someone's signature — changing nothing.
 */
import { createHmac } from 'node:crypto';

import type { AppInstance } from '../../server/app';
import type { UserRow } from '../../server/infra/db/schema';
import { appKey } from '../../server/infra/app-keys';
import { unsubscribeToken } from '../../server/domains/following';
import { multipart } from '../support/media';
import { linkIn, waitForMail, type OutboxMessage } from '../support/outbox';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { API, createTestVideo, headersFor } from '../support/videos';

let testApp: TestApp;
let app: AppInstance;

beforeAll(async () => {
  testApp = await makeTestApp();
  app = testApp.app;
});

afterAll(async () => {
  await testApp.close();
});

interface Person {
  user: UserRow;
  cookie: string;
}

async function person(): Promise<Person> {
  const user = await createTestUser(app);
  return { user, cookie: await sessionCookieFor(app, user.id) };
}

/** A user with a digest in the outbox (a comment on their video), and that digest. */
async function withDigest(): Promise<{ owner: Person; mail: OutboxMessage }> {
  const owner = await person();
  const fan = await person();
  const video = await createTestVideo(app, owner.user.id);
  const comment = await app.inject({ method: 'POST', url: `${API}/comments/create`, headers: headersFor(fan.cookie), payload: { content: 'Nice', videoId: video.id } });
  expect(comment.statusCode).toBe(201);
  expect(await app.following.sweepDigests(new Date())).toBe(1);
  return { owner, mail: await waitForMail(testApp.config.mailDir, owner.user.email!, { purpose: 'digest' }) };
}

/** The URL of the List-Unsubscribe header, `<…>` removed. */
function listUnsubscribe(mail: OutboxMessage): URL {
  const match = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '');
  if (!match) throw new Error(`no List-Unsubscribe URL in ${JSON.stringify(mail.headers)}`);
  return new URL(match[1]!);
}

const emailsOn = async (who: Person) => {
  const res = await app.inject({ method: 'GET', url: `${API}/notifications/settings`, headers: headersFor(who.cookie) });
  expect(res.statusCode).toBe(200);
  return Object.entries(res.json().settings as Record<string, { email: boolean }>)
    .filter(([, setting]) => setting.email)
    .map(([kind]) => kind);
};
const DEFAULT_EMAILS = ['comment-reply', 'video-comment', 'video-failed', 'video-hidden'];

/** What a mail provider sends: form-encoded, no cookie, no Origin, Referer or Sec-Fetch-Site. */
const oneClick = (url: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: 'List-Unsubscribe=One-Click',
  });
const pathOf = (url: URL) => `${url.pathname}${url.search}`;

describe("the digest's List-Unsubscribe", () => {
  it('is on every digest: a one-click URL on the site (PUBLIC_URL) with the signed token, and List-Unsubscribe-Post', async () => {
    const { owner, mail } = await withDigest();
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const url = listUnsubscribe(mail);
    expect(url.origin).toBe(testApp.config.publicUrl);
    expect(url.pathname).toBe(`${API}/notifications/unsubscribe/one-click`);
    expect(url.searchParams.get('token')).toBe(await unsubscribeToken(app.db, owner.user.id));
    // Not the page of the mail's own link, which unsubscribes once opened.
    expect(url.pathname).not.toBe(linkIn(mail, '/unsubscribe').pathname);
  });

  it('turns the e-mails off on the POST a provider makes, with no session and no Origin (form-encoded or multipart)', async () => {
    const { owner, mail } = await withDigest();
    expect(await emailsOn(owner)).toEqual(DEFAULT_EMAILS);
    const res = await oneClick(pathOf(listUnsubscribe(mail)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'You will no longer receive notification e-mails. You can turn them back on in your profile settings.' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await emailsOn(owner)).toEqual([]);
    // No digest any more: a new comment is not mailed, even after the hour.
    const fan = await person();
    const video = await createTestVideo(app, owner.user.id);
    await app.inject({ method: 'POST', url: `${API}/comments/create`, headers: headersFor(fan.cookie), payload: { content: 'Again', videoId: video.id } });
    expect(await app.following.sweepDigests(new Date(Date.now() + 2 * 60 * 60 * 1000))).toBe(0);

    // RFC 8058 asks providers for multipart/form-data; and again is fine.
    const second = await withDigest();
    const form = multipart([{ name: 'List-Unsubscribe', value: 'One-Click' }]);
    const res2 = await app.inject({ method: 'POST', url: pathOf(listUnsubscribe(second.mail)), headers: { 'content-type': form.contentType }, payload: form.body });
    expect(res2.statusCode).toBe(200);
    expect(await emailsOn(second.owner)).toEqual([]);
    expect((await oneClick(pathOf(listUnsubscribe(second.mail)))).statusCode).toBe(200);
  });

  it('changes nothing on a GET (mail scanners open links): a page says so and links to the notification settings', async () => {
    const { owner, mail } = await withDigest();
    const url = pathOf(listUnsubscribe(mail));
    const page = await app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Nothing has been changed.');
    expect(page.body).toContain(`<a href="/profile/edit/${owner.user.id}">Open your notification settings</a>`);
    expect(page.body).not.toContain('<form');
    const zh = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.body).toContain('<html lang="zh-CN">');
    expect(zh.body).toContain('未做任何更改。');
    expect((await app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
    expect(await emailsOn(owner)).toEqual(DEFAULT_EMAILS);
  });

  it('refuses a wrong, forged or misappropriated token (400, localized) and changes nothing', async () => {
    const { owner: victim } = await withDigest();
    const { owner: other, mail: otherMail } = await withDigest();
    const good = await unsubscribeToken(app.db, victim.user.id);
    const otherToken = listUnsubscribe(otherMail).searchParams.get('token')!;
    const [, otherSignature] = otherToken.split('.');
    const lastSwapped = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
    // The right shape, signed with another of the site's keys: a token does only what it was signed for.
    const cursorKeySigned = `${victim.user.id}.${createHmac('sha256', await appKey(app.db, 'cursors')).update(`unsubscribe:${victim.user.id}`).digest('base64url')}`;
    const bad = [
      `${victim.user.id}.${otherSignature}`, // the victim's id under another user's signature
      lastSwapped,
      `${good}x`,
      `${good}=`,
      victim.user.id,
      cursorKeySigned,
      'nonsense',
    ];
    const path = `${API}/notifications/unsubscribe/one-click`;
    for (const token of bad) {
      const res = await oneClick(`${path}?token=${encodeURIComponent(token)}`);
      expect([token, res.statusCode]).toEqual([token, 400]);
      expect(res.json()).toEqual({ success: false, message: 'This unsubscribe link is not valid.' });
      expect((await app.inject({ method: 'GET', url: `${path}?token=${encodeURIComponent(token)}` })).statusCode).toBe(400);
    }
    expect((await oneClick(path)).statusCode).toBe(400);
    // The origin check is as before: a browser's cross-site POST is refused, even with a good token.
    expect((await oneClick(`${path}?token=${encodeURIComponent(good)}`, { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    const zh = await oneClick(`${path}?token=nonsense`, { 'accept-language': 'zh' });
    expect(zh.json()).toEqual({ success: false, message: '此退订链接无效。' });
    expect(await emailsOn(victim)).toEqual(DEFAULT_EMAILS);

    // Another user's own link stops that user's e-mails only.
    expect((await oneClick(pathOf(listUnsubscribe(otherMail)))).statusCode).toBe(200);
    expect(await emailsOn(other)).toEqual([]);
    expect(await emailsOn(victim)).toEqual(DEFAULT_EMAILS);
  });
});
