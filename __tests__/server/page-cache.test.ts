/**
 * The shared cache of visitors' server-rendered pages (server/pages/page-cache.ts): who gets a
 * cached page and who renders their own, what tells pages apart, what drops them at once, that a
 * hit is the render's bytes and headers, and that it takes no page admission place.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync } from 'node:zlib';

import type { LightMyRequestResponse } from 'fastify';

import { loadConfig } from '../../server/config/index';
import { rendererOf, type RenderModule } from '../../server/pages/server-render';
import { renderFirstScreen } from '../../src/ssr/render';
import { eventually } from '../support/eventually';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp, type TestAppOptions } from '../support/server';
import { addTestComment, createTestVideo } from '../support/videos';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-language': 'en-US,en;q=0.9' };
const MANIFEST = {
  entry: { js: ['assets/main.0123456789.js'], css: ['assets/main.0123456789.css'] },
  chunks: Object.fromEntries(
    ['page-home', 'page-selfie-videos', 'page-video', 'page-login', 'page-register'].map((name) => [
      name,
      { js: [`assets/${name}.0123456789.chunk.js`], css: [`assets/${name}.0123456789.css`] },
    ]),
  ),
};
const INDEX_HTML =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>Site</title><script defer src=/assets/main.0123456789.js></script></head><body><div id=root></div></body></html>';

/** The headers a response's bytes are judged by (not the date nor the connection's). */
const SAME_HEADERS = ['content-type', 'content-length', 'content-encoding', 'cache-control', 'vary', 'link', 'content-security-policy', 'x-frame-options'];
const headersOf = (res: LightMyRequestResponse) => Object.fromEntries(SAME_HEADERS.map((name) => [name, res.headers[name]]));

const rootOf = (html: string) => /<div id="root"([^>]*)>/.exec(html)?.[1] ?? '';

describe('the shared page cache', () => {
  let t: TestApp;
  let spaDir: string;
  let render: jest.Mock<ReturnType<RenderModule['renderFirstScreen']>, Parameters<RenderModule['renderFirstScreen']>>;

  const start = async (env: Record<string, string> = {}, options: Omit<TestAppOptions, 'env' | 'config' | 'serverRenderer'> = {}) => {
    render = jest.fn(renderFirstScreen);
    t = await makeTestApp({
      ...options,
      env: { PAGE_CACHE_TTL_MS: '60000', ...env },
      config: { spaDir },
      serverRenderer: rendererOf(async () => ({ renderFirstScreen: render })),
    });
  };

  beforeEach(async () => {
    spaDir = await mkdtemp(path.join(tmpdir(), 'page-cache-test-'));
    await mkdir(path.join(spaDir, 'assets'), { recursive: true });
    await writeFile(path.join(spaDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(spaDir, 'asset-manifest.json'), JSON.stringify(MANIFEST));
  });

  afterEach(async () => {
    await t.close();
    await rm(spaDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...HTML, ...headers }, ...(remoteAddress ? { remoteAddress } : {}) });

  describe('visitors', () => {
    beforeEach(() => start());

    it('renders a page once: the next visitors get the same bytes and headers', async () => {
      const first = await get('/');
      expect(first.statusCode).toBe(200);
      expect(rootOf(first.body)).toContain('data-ssr-locale="en"');
      expect(render).toHaveBeenCalledTimes(1);

      const second = await get('/', {}, '203.0.113.7');
      const third = await get('/', { 'user-agent': 'another browser' }, '198.51.100.9');
      expect(render).toHaveBeenCalledTimes(1);
      for (const again of [second, third]) {
        expect(again.statusCode).toBe(200);
        expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
        expect(headersOf(again)).toEqual(headersOf(first));
      }
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.vary).toBe('accept-language, cookie');
      expect(first.headers['set-cookie']).toBeUndefined();
      expect(t.app.pageCache.stats).toMatchObject({ hits: 2, stored: 1 });
    });

    it('sends the compressed copy a client accepts, made once, with Vary: Accept-Encoding', async () => {
      const plain = await get('/login');
      const br = await get('/login', { 'accept-encoding': 'br, gzip' });
      const brAgain = await get('/login', { 'accept-encoding': 'gzip;q=0.5, br' });
      const gzip = await get('/login', { 'accept-encoding': 'gzip' });
      expect(render).toHaveBeenCalledTimes(1);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('accept-language, cookie, accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
      expect(gzip.headers['content-encoding']).toBe('gzip');
    });

    it('a render of the page is sent exactly as its hits are, compressed too', async () => {
      // The first visitor's answer (a render) and the second's (a hit), both asking for brotli.
      const rendered = await get('/register', { 'accept-encoding': 'br' });
      const hit = await get('/register', { 'accept-encoding': 'br' });
      expect(render).toHaveBeenCalledTimes(1);
      expect(hit.rawPayload.equals(rendered.rawPayload)).toBe(true);
      expect(headersOf(hit)).toEqual(headersOf(rendered));
    });

    it('visitors asking at once wait for one render instead of each rendering the page', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => get('/', {}, `192.0.2.${i + 1}`)));
      expect(render).toHaveBeenCalledTimes(1);
      for (const res of answers) expect(res.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    });

    it('keeps a page per language, time zone, query string and host', async () => {
      const en = await get('/login');
      const zh = await get('/login', { 'accept-language': 'zh-CN,zh;q=0.9' });
      expect(render).toHaveBeenCalledTimes(2);
      expect(zh.body).toContain('登录');
      expect(zh.body).toContain('<html lang="zh-CN"');
      expect(en.body).not.toContain('登录');
      // The same language again: cached, whatever else the header says.
      expect((await get('/login', { 'accept-language': 'zh-CN,zh;q=0.9' })).rawPayload.equals(zh.rawPayload)).toBe(true);
      expect((await get('/login', { 'accept-language': 'en-US,en;q=0.9' })).rawPayload.equals(en.rawPayload)).toBe(true);
      expect(render).toHaveBeenCalledTimes(2);

      // The saved language (a cookie) wins over the header, as in the browser.
      const saved = await get('/login', { cookie: 'lang=zh' });
      expect(rootOf(saved.body)).toContain('data-ssr-locale="zh"');
      // Dates are rendered in the visitor's time zone.
      const tokyo = await get('/login', { cookie: 'tz=Asia%2FTokyo' });
      expect(rootOf(tokyo.body)).toContain('data-ssr-time-zone="Asia/Tokyo"');
      expect(render).toHaveBeenCalledTimes(4);

      await get('/?page=2');
      await get('/', { host: 'other.example:3000' });
      expect(render).toHaveBeenCalledTimes(6);
      // Inputs the render does not read share the page: another agent, address, cookie.
      await get('/login', { cookie: 'theme=dark', 'user-agent': 'x' }, '192.0.2.99');
      expect(render).toHaveBeenCalledTimes(6);
    });

    it('counts the view of every visitor served the cached video page', async () => {
      const owner = await createTestUser(t.app);
      const video = await createTestVideo(t.app, owner.id);
      const views = async () =>
        Number((await t.app.db.selectFrom('videos').select('views').where('id', '=', video.id).executeTakeFirstOrThrow()).views);
      await get(`/selfieVideos/${video.id}`, {}, '192.0.2.1');
      expect(await views()).toBe(1);
      await get(`/selfieVideos/${video.id}`, {}, '192.0.2.2');
      await get(`/selfieVideos/${video.id}`, {}, '192.0.2.3');
      // The same viewer again the same day: not another view.
      await get(`/selfieVideos/${video.id}`, {}, '192.0.2.3');
      expect(render).toHaveBeenCalledTimes(1);
      expect(await views()).toBe(3);
    });

    it('allows the page’s inline scripts by hash, not by a per-request nonce, in a hit as in the render', async () => {
      const rendered = await get('/');
      const hit = await get('/');
      expect(render).toHaveBeenCalledTimes(1);
      const csp = String(hit.headers['content-security-policy']);
      expect(csp).toBe(String(rendered.headers['content-security-policy']));
      expect(csp).not.toContain("'nonce-");
      expect(hit.body).not.toMatch(/\bnonce=/);
      const inline = [...hit.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
      expect(inline.length).toBeGreaterThan(0);
      for (const script of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    });

    it('renders afresh once a page is older than its time to live', async () => {
      await t.close();
      await start({ PAGE_CACHE_TTL_MS: '300' });
      await get('/login');
      await sleep(700);
      await get('/login');
      expect(render).toHaveBeenCalledTimes(2);
    });

    it('renders a page half its time old again in the background, answering from the cache meanwhile', async () => {
      await t.close();
      await start({ PAGE_CACHE_TTL_MS: '4000' });
      const owner = await createTestUser(t.app);
      const video = await createTestVideo(t.app, owner.id);
      const first = await get(`/selfieVideos/${video.id}`, {}, '192.0.2.1');
      await sleep(2100);
      const meanwhile = await get(`/selfieVideos/${video.id}`, {}, '192.0.2.1');
      expect(meanwhile.rawPayload.equals(first.rawPayload)).toBe(true);
      await eventually(() => expect(t.app.pageCache.stats).toMatchObject({ refreshes: 1, stored: 2 }));
      expect(render).toHaveBeenCalledTimes(2);
      // The refresh asked as that visitor: their one view of the day, not a second.
      const { views } = await t.app.db.selectFrom('videos').select('views').where('id', '=', video.id).executeTakeFirstOrThrow();
      expect(Number(views)).toBe(1);
    });

    it('drops every page once a render finds a new build', async () => {
      await get('/login');
      await writeFile(path.join(spaDir, 'index.html'), INDEX_HTML.replace('<title>Site</title>', '<title>Site 2</title>'));
      await utimes(path.join(spaDir, 'index.html'), new Date(), new Date(Date.now() + 5000));
      await get('/register');
      const fresh = await get('/login');
      expect(render).toHaveBeenCalledTimes(3);
      expect(fresh.body).toContain('Site 2');
    });
  });

  describe('signed-in users and session cookies', () => {
    beforeEach(() => start());

    it('never serves a signed-in user the cached page, and never stores their page', async () => {
      const user = await createTestUser(t.app, { username: 'signed-in-user' });
      const cookie = await sessionCookieFor(t.app, user.id);
      const visitor = await get('/');
      const signedIn = await get('/', { cookie });
      expect(render).toHaveBeenCalledTimes(2);
      expect(rootOf(signedIn.body)).toContain(`data-ssr-user="${user.id}"`);
      expect(signedIn.headers['cache-control']).toBe('private, no-store');
      expect(signedIn.headers.vary).toEqual(expect.stringContaining('cookie'));
      // Their own page again: rendered again.
      await get('/', { cookie });
      expect(render).toHaveBeenCalledTimes(3);
      // Visitors still get the visitors' page, never the user's.
      const after = await get('/');
      expect(render).toHaveBeenCalledTimes(3);
      expect(after.rawPayload.equals(visitor.rawPayload)).toBe(true);
      expect(after.body).not.toContain('data-ssr-user');
    });

    it('does not fill the cache from a signed-in render', async () => {
      const user = await createTestUser(t.app);
      const cookie = await sessionCookieFor(t.app, user.id);
      await get('/selfieVideos', { cookie });
      expect(t.app.pageCache.size).toBe(0);
      const visitor = await get('/selfieVideos');
      expect(render).toHaveBeenCalledTimes(2);
      expect(visitor.body).not.toContain('data-ssr-user');
    });

    it('renders a request with an unknown or empty session cookie itself, with its Set-Cookie, and does not store it', async () => {
      const stale = await get('/login', { cookie: 'sid=not-a-session' });
      expect(stale.headers['set-cookie']).toEqual(expect.stringContaining('sid=;'));
      expect(t.app.pageCache.size).toBe(0);
      await get('/login', { cookie: 'sid=' });
      expect(t.app.pageCache.size).toBe(0);
      const visitor = await get('/login');
      expect(visitor.headers['set-cookie']).toBeUndefined();
      await get('/login', { cookie: 'sid=not-a-session' });
      expect(render).toHaveBeenCalledTimes(4);
      // Visitors share the one page none of them stored a cookie into.
      const again = await get('/login');
      expect(render).toHaveBeenCalledTimes(4);
      expect(again.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('changes', () => {
    beforeEach(() => start());

    const api = (method: 'PATCH' | 'DELETE' | 'POST', url: string, cookie: string, payload?: object) =>
      t.app.inject({ method, url: `/v0/api${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

    it('a video made private or deleted is never served from the cache after the change', async () => {
      const owner = await createTestUser(t.app);
      const ownerCookie = await sessionCookieFor(t.app, owner.id);
      const secret = await createTestVideo(t.app, owner.id, { title: 'Soon private' });
      const doomed = await createTestVideo(t.app, owner.id, { title: 'Soon deleted' });
      const unrelated = await createTestVideo(t.app, owner.id, { title: 'Unrelated' });
      for (const video of [secret, doomed, unrelated]) {
        await get(`/selfieVideos/${video.id}`);
        await get(`/selfieVideos/${video.id}`);
      }
      const list = await get('/selfieVideos');
      expect(list.body).toContain('Soon private');
      expect(render).toHaveBeenCalledTimes(4);

      expect((await api('PATCH', `/videos/selfieVideos/${secret.id}`, ownerCookie, { title: 'Soon private', visibility: 'private' })).statusCode).toBe(200);
      expect((await api('DELETE', `/videos/selfieVideos/${doomed.id}`, ownerCookie)).statusCode).toBe(200);

      for (const video of [secret, doomed]) {
        const page = await get(`/selfieVideos/${video.id}`);
        expect(page.body).not.toContain(video.title);
        expect(page.body).not.toContain('data-ssr-locale');
      }
      const listAfter = await get('/selfieVideos');
      expect(listAfter.body).not.toContain('Soon private');
      expect(listAfter.body).not.toContain('Soon deleted');
      expect(render).toHaveBeenCalledTimes(7);
      // Another video's page stays cached.
      expect((await get(`/selfieVideos/${unrelated.id}`)).body).toContain('Unrelated');
      expect(render).toHaveBeenCalledTimes(7);
    });

    it('a video hidden by a moderator, or whose owner is suspended, is dropped at once', async () => {
      const owner = await createTestUser(t.app);
      const moderator = await createTestUser(t.app, { role: 'moderator' });
      const moderatorCookie = await sessionCookieFor(t.app, moderator.id);
      const hidden = await createTestVideo(t.app, owner.id, { title: 'To be hidden' });
      const other = await createTestUser(t.app);
      const suspendedVideo = await createTestVideo(t.app, other.id, { title: 'Of a suspended user' });
      const commented = await createTestVideo(t.app, owner.id, { title: 'Commented on' });
      await addTestComment(t.app, { videoId: commented.id, userId: other.id, content: 'A comment by the suspended user' });
      for (const video of [hidden, suspendedVideo, commented]) await get(`/selfieVideos/${video.id}`);
      expect((await get(`/selfieVideos/${commented.id}`)).body).toContain('A comment by the suspended user');
      expect((await get(`/profile/${other.id}`)).body).toContain('Of a suspended user');

      expect((await api('POST', `/admin/videos/${hidden.id}/hide`, moderatorCookie, { reason: 'Spam' })).statusCode).toBe(200);
      expect((await get(`/selfieVideos/${hidden.id}`)).body).not.toContain('To be hidden');

      expect((await api('POST', `/admin/users/${other.id}/suspend`, moderatorCookie, { reason: 'Spam' })).statusCode).toBe(200);
      expect((await get(`/selfieVideos/${suspendedVideo.id}`)).body).not.toContain('Of a suspended user');
      expect((await get(`/selfieVideos/${commented.id}`)).body).not.toContain('A comment by the suspended user');
      expect((await get(`/profile/${other.id}`)).body).not.toContain('Of a suspended user');
    });

    it('a deleted comment leaves the cached video page at once, and a renamed user’s name changes', async () => {
      const owner = await createTestUser(t.app, { username: 'old-name' });
      const ownerCookie = await sessionCookieFor(t.app, owner.id);
      const video = await createTestVideo(t.app, owner.id);
      const comment = await addTestComment(t.app, { videoId: video.id, userId: owner.id, content: 'Regrettable words' });
      const before = await get(`/selfieVideos/${video.id}`);
      expect(before.body).toContain('Regrettable words');
      expect(before.body).toContain('old-name');

      expect((await api('DELETE', `/comments/${comment.id}`, ownerCookie)).statusCode).toBe(200);
      expect((await get(`/selfieVideos/${video.id}`)).body).not.toContain('Regrettable words');

      expect((await api('PATCH', '/users/profile', ownerCookie, { username: 'new-name' })).statusCode).toBe(200);
      const renamed = await get(`/selfieVideos/${video.id}`);
      expect(renamed.body).toContain('new-name');
      expect(renamed.body).not.toContain('old-name');
    });

    it('a new comment shows on the cached video page at once', async () => {
      const owner = await createTestUser(t.app);
      const ownerCookie = await sessionCookieFor(t.app, owner.id);
      const video = await createTestVideo(t.app, owner.id);
      await get(`/selfieVideos/${video.id}`);
      const posted = await api('POST', '/comments/create', ownerCookie, { videoId: video.id, content: 'Fresh words' });
      expect(posted.statusCode).toBe(201);
      expect((await get(`/selfieVideos/${video.id}`)).body).toContain('Fresh words');
    });

    it('a render that read its data before a change is sent but not stored', async () => {
      const owner = await createTestUser(t.app);
      const video = await createTestVideo(t.app, owner.id, { title: 'Changing' });
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      render.mockImplementationOnce(async (request) => {
        await held;
        return renderFirstScreen(request);
      });
      const slow = get(`/selfieVideos/${video.id}`);
      await eventually(() => expect(render).toHaveBeenCalledTimes(1));
      await t.app.events.publish('video.changed', { videoId: video.id, change: 'updated' });
      release();
      expect((await slow).body).toContain('Changing');
      expect(t.app.pageCache.size).toBe(0);
    });
  });

  describe('admission', () => {
    it('answers a cached page without a page place, while every place is taken', async () => {
      // One page place and no queue: a page view that needs a place gets 503 while it is taken.
      await start({ OVERLOAD_MAX_IN_FLIGHT_PAGES: '1', OVERLOAD_MAX_IN_FLIGHT: '32', OVERLOAD_MAX_QUEUE_WAIT_MS: '0' });
      const cached = await get('/login');
      expect(cached.statusCode).toBe(200);

      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      render.mockImplementationOnce(async (request) => {
        await held;
        return renderFirstScreen(request);
      });
      const slow = get('/register');
      try {
        await eventually(() => expect(t.app.admission.page.inFlight).toBe(1));
        expect((await get('/forgot-password')).statusCode).toBe(503);
        const hit = await get('/login');
        expect(hit.statusCode).toBe(200);
        expect(hit.rawPayload.equals(cached.rawPayload)).toBe(true);
        expect(t.app.admission.page.inFlight).toBe(1);
      } finally {
        release();
      }
      expect((await slow).statusCode).toBe(200);
    });
  });

  it('is on by default, off under NODE_ENV=test unless switched on, and off with PAGE_CACHE_TTL_MS=0', async () => {
    expect(loadConfig({ NODE_ENV: 'production' }).pageCache).toEqual({ ttlMs: 5000, maxBytes: 32 * 1024 * 1024 });
    expect(loadConfig({ NODE_ENV: 'test' }).pageCache.ttlMs).toBe(0);
    await start({ PAGE_CACHE_TTL_MS: '0' });
    await get('/login');
    await get('/login');
    expect(render).toHaveBeenCalledTimes(2);
    expect(t.app.pageCache.enabled).toBe(false);
  });
});
