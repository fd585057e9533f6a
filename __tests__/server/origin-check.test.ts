/**
 * Cross-origin writes (http/origin-check.ts): every state-changing route the app has — enumerated
 * from the app itself, so routes added later are covered without touching this file — refuses
 * requests from other origins with 403 in the one error shape, and lets the site's own through.
 */
import type { UserRow } from '../../server/infra/db/schema';
import { checkOrigin } from '../../server/http/origin-check';
import { listFiles, multipart, thumbnailPart, videoPart } from '../support/media';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { API, addTestComment, createTestVideo } from '../support/videos';

/** Building an app (the catalogue stand-in included) takes seconds on a busy machine. */
const HOOK_TIMEOUT_MS = 30_000;

const SITE = 'http://localhost:3000';
const EXTRA = 'https://www.example.org';
const REFUSED_EN = { success: false, message: 'This request came from another website and was refused. Please use the site itself.' };

const EVIL: Array<[string, Record<string, string>]> = [
  ['another origin', { origin: 'http://evil.example' }],
  ['another origin, cross-site', { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' }],
  ['Origin: null', { origin: 'null' }],
  ['another port', { origin: 'http://localhost:3001' }],
  ['another scheme', { origin: 'https://localhost:3000' }],
  ['a sibling subdomain (same-site)', { origin: 'http://evil.localhost:3000', 'sec-fetch-site': 'same-site' }],
  ['same-site without Origin', { 'sec-fetch-site': 'same-site' }],
  ['cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
  ['cross-site with our own Origin', { origin: SITE, 'sec-fetch-site': 'cross-site' }],
  ['a Referer from another origin', { referer: 'http://evil.example/attack.html' }],
  ['an unreadable Referer', { referer: 'not a url' }],
  ['a look-alike origin', { origin: 'http://localhost:3000.evil.example' }],
];

const GOOD: Array<[string, Record<string, string>]> = [
  ['our Origin', { origin: SITE }],
  ['our Origin, same-origin', { origin: SITE, 'sec-fetch-site': 'same-origin' }],
  ['an ALLOWED_ORIGINS origin, same-site', { origin: EXTRA, 'sec-fetch-site': 'same-site' }],
  ['our Referer without Origin', { referer: `${SITE}/upload-movie?x=1` }],
  ['Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
  ['no Origin, Referer or Sec-Fetch-Site (curl, servers)', {}],
];

/** A concrete URL for a route pattern: parameters and wildcards get a harmless value. */
function concreteUrl(pattern: string): string {
  return pattern.replace(/:[A-Za-z0-9_]+/g, 'a1b2c3').replace(/\*/g, 'x');
}

describe('origin verification for state-changing requests', () => {
  let t: TestApp;
  let user: UserRow;
  let cookie: string;

  beforeAll(async () => {
    t = await makeTestApp({ env: { ALLOWED_ORIGINS: `${EXTRA}, http://127.0.0.1:3000`, PASSWORD_HASH_COST: '10' } });
    user = await createTestUser(t.app, { username: 'victim' });
    cookie = await sessionCookieFor(t.app, user.id);
  }, HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await t.close();
  }, HOOK_TIMEOUT_MS);

  it('knows the mutating routes of every area (the table below is the app, not a copy)', () => {
    const routes = t.app.stateChangingRoutes.map((route) => `${route.method} ${route.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        `POST ${API}/auth/register`,
        `POST ${API}/auth/login`,
        `POST ${API}/auth/logout`,
        `POST ${API}/auth/metamask/login`,
        `POST ${API}/movies/upload`,
        `PATCH ${API}/videos/selfieVideos/:id`,
        `DELETE ${API}/videos/selfieVideos/:id`,
        `POST ${API}/videos/selfieVideos/:id/toggle-like`,
        `POST ${API}/comments/create`,
        `DELETE ${API}/comments/:id`,
        `PATCH ${API}/users/profile`,
        `POST ${API}/action/upload-description`,
      ]),
    );
  });

  it('refuses every mutating route from another origin, with the session cookie, before the handler runs', async () => {
    const routes = t.app.stateChangingRoutes;
    let tried = 0;
    for (const route of routes) {
      for (const [label, headers] of EVIL) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: concreteUrl(route.url),
          headers: { ...headers, cookie, 'content-type': 'application/json' },
          payload: '{}',
        });
        tried += 1;
        expect({ route: `${route.method} ${route.url}`, label, status: res.statusCode, body: res.json() }).toEqual({
          route: `${route.method} ${route.url}`,
          label,
          status: 403,
          body: REFUSED_EN,
        });
      }
    }
    expect(tried).toBe(routes.length * EVIL.length);
  });

  it('lets the site’s own requests (and header-less clients) through on every mutating route', async () => {
    for (const route of t.app.stateChangingRoutes) {
      for (const [label, headers] of GOOD) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: concreteUrl(route.url),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '{}',
        });
        // Whatever the route answers to a junk body, it is not the origin refusal.
        expect({ route: `${route.method} ${route.url}`, label, refused: res.body.includes(REFUSED_EN.message) }).toEqual({
          route: `${route.method} ${route.url}`,
          label,
          refused: false,
        });
      }
    }
  });

  it('also guards methods and paths no route declares, and leaves GET/HEAD/OPTIONS alone', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `${API}/no-such-route`, headers: { origin: 'http://evil.example' } });
      expect(res.statusCode).toBe(403);
    }
    for (const method of ['GET', 'HEAD', 'OPTIONS'] as const) {
      const res = await t.app.inject({ method, url: `${API}/check-session`, headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' } });
      expect(res.statusCode).not.toBe(403);
    }
  });

  it('answers in the request’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      headers: { origin: 'http://evil.example', 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: '此请求来自其他网站，已被拒绝。请直接在本站操作。' });
  });

  it('changes nothing when refused: no comment, no deleted comment, no upload, the session still alive', async () => {
    const video = await createTestVideo(t.app, user.id);
    const comment = await addTestComment(t.app, { videoId: video.id, userId: user.id });
    const evil = { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site', cookie };

    const create = await t.app.inject({
      method: 'POST',
      url: `${API}/comments/create`,
      headers: evil,
      payload: { content: 'forged', videoId: video.id },
    });
    const remove = await t.app.inject({ method: 'DELETE', url: `${API}/comments/${comment.id}`, headers: evil });
    const form = multipart([
      { name: 'title', value: 'forged' },
      { name: 'visibility', value: 'public' },
      videoPart(),
      thumbnailPart(),
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: `${API}/movies/upload`,
      headers: { ...evil, 'content-type': form.contentType },
      payload: form.body,
    });
    const logout = await t.app.inject({ method: 'POST', url: `${API}/auth/logout`, headers: evil });
    expect([create, remove, upload, logout].map((res) => res.statusCode)).toEqual([403, 403, 403, 403]);

    const comments = await t.app.db.selectFrom('comments').select(['id', 'content']).where('video_id', '=', video.id).execute();
    expect(comments).toEqual([{ id: comment.id, content: comment.content }]);
    expect(await t.app.db.selectFrom('videos').select('title').where('title', '=', 'forged').execute()).toEqual([]);
    expect((await listFiles(t.config.mediaDir)).filter((file) => !file.endsWith('.mp4') && !file.endsWith('.jpg'))).toEqual([]);
    const session = await t.app.inject({ method: 'GET', url: `${API}/check-session`, headers: { cookie } });
    expect(session.json()).toMatchObject({ isValid: true });

    // The same requests from the site itself go through.
    const own = await t.app.inject({
      method: 'POST',
      url: `${API}/comments/create`,
      headers: { origin: SITE, 'sec-fetch-site': 'same-origin', cookie },
      payload: { content: 'real', videoId: video.id },
    });
    expect(own.statusCode).toBe(201);
  });
});

describe('checkOrigin', () => {
  const allowed = [SITE, EXTRA];
  it.each(EVIL)('refuses %s', (_label, headers) => {
    expect(checkOrigin('POST', headers, allowed).allowed).toBe(false);
  });
  it.each(GOOD)('allows %s', (_label, headers) => {
    expect(checkOrigin('POST', headers, allowed).allowed).toBe(true);
  });
  it('never looks at safe methods', () => {
    expect(checkOrigin('GET', { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' }, allowed)).toEqual({ allowed: true });
  });
});
