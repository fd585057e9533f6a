/**
 * Server-rendered first screens (server/pages/server-render.ts with the SPA's own render,
 * src/ssr/render.tsx): which requests get one, in which language, with which data, and that the
 * data the page was rendered from rides along for the browser to hydrate with.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { AFTER_PAINT_SCRIPT } from '../../server/http/after-paint';
import { INTL_WARM_UP_SCRIPT } from '../../server/http/intl-warm-up';
import { inlineStylesFor, MAX_INLINE_STYLE_BYTES, minifyCss } from '../../server/pages/inline-styles';
import { rendererOf, type RenderModule } from '../../server/pages/server-render';
import { renderFirstScreen } from '../../src/ssr/render';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { addTestComment, addTestLike, createTestVideo } from '../support/videos';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-language': 'en-US,en;q=0.9' };
const MANIFEST = {
  entry: { js: ['assets/main.0123456789.js'], css: ['assets/main.0123456789.css'] },
  chunks: Object.fromEntries(
    ['page-home', 'page-selfie-videos', 'page-video', 'page-login', 'page-upload'].map((name) => [
      name,
      { js: [`assets/${name}.0123456789.chunk.js`], css: [`assets/${name}.0123456789.css`] },
    ]),
  ),
};

/** The root element and what is in it (the page's own inline scripts may follow it). */
function rootOf(html: string): { attributes: string; markup: string } {
  const match = /<div id=(?:"root"|root)([^>]*)>([\s\S]*?)<\/div>(?:<script\b[^>]*>[\s\S]*?<\/script>)*<\/body>/.exec(html);
  if (!match) throw new Error('no root in the page');
  return { attributes: match[1] ?? '', markup: match[2] ?? '' };
}

function inlinedAnswers(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="bootstrap-data">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1] ?? '{}') as Record<string, unknown>) : {};
}

describe('server-rendered first screens', () => {
  let t: TestApp;
  let spaDir: string;
  let render: jest.Mock<ReturnType<RenderModule['renderFirstScreen']>, Parameters<RenderModule['renderFirstScreen']>>;

  beforeEach(async () => {
    spaDir = await mkdtemp(path.join(tmpdir(), 'server-render-test-'));
    await mkdir(path.join(spaDir, 'assets'), { recursive: true });
    await writeFile(
      path.join(spaDir, 'index.html'),
      '<!doctype html><html lang=en><head><meta charset=utf-8><title>Site</title></head><body><div id=root></div></body></html>',
    );
    await writeFile(path.join(spaDir, 'asset-manifest.json'), JSON.stringify(MANIFEST));
    render = jest.fn(renderFirstScreen);
    t = await makeTestApp({ config: { spaDir }, serverRenderer: rendererOf(async () => ({ renderFirstScreen: render })) });
  });

  afterEach(async () => {
    await t.close();
    await rm(spaDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...HTML, ...headers } });

  it('renders the catalogue grid with the first catalogue page, inlined for the browser, and applies the page stylesheet', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const answers = inlinedAnswers(res.body);
    const [searchUrl] = Object.keys(answers);
    expect(searchUrl).toMatch(/^\/catalogue\/api\/v2\/video\/search\/\?/);
    const { videos } = answers[searchUrl as string] as { videos: Array<{ title: string }> };
    const { attributes, markup } = rootOf(res.body);
    expect(attributes).toBe(' data-ssr-locale="en" data-ssr-time-zone="UTC"');
    expect(markup).toContain('<h1');
    expect(markup).toContain('Browse videos');
    // Text is escaped by React exactly as it renders it in the browser.
    expect(markup).toContain(escapeText(videos[0]?.title ?? 'missing'));
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/page-home.0123456789.css">');
    expect(res.body).not.toContain('href="/assets/page-home.0123456789.css" as="style"');
    expect(res.headers.vary).toEqual(expect.stringContaining('accept-language, cookie'));
  });

  it('requests the app’s scripts after the first paint, by the one loader the Content-Security-Policy allows', async () => {
    await writeFile(
      path.join(spaDir, 'index.html'),
      '<!doctype html><html lang=en><head><title>Site</title><script defer src=/assets/runtime.1.js></script><script defer="defer" src="/assets/main.2.js"></script></head><body><div id=root></div></body></html>',
    );
    const rendered = await get('/login');
    expect(rendered.body).not.toContain('<script defer');
    // The page chunk's scripts join the entry's, after them, instead of being preloaded.
    expect(rendered.body).toContain(
      '<script type="application/json" id="app-scripts">["/assets/runtime.1.js","/assets/main.2.js","/assets/page-login.0123456789.chunk.js"]</script>',
    );
    expect(rendered.body).not.toContain('as="script"');
    const inline = [...rendered.body.matchAll(/<script>(.*?)<\/script>/g)].map((match) => match[1]!);
    const loader = inline.find((script) => script.includes('app-scripts'));
    expect(loader).toBe(AFTER_PAINT_SCRIPT);
    const hash = `'sha256-${createHash('sha256').update(loader!).digest('base64')}'`;
    expect(String(rendered.headers['content-security-policy'])).toContain(hash);

    // A page the browser renders itself loads its scripts from <head> as before.
    render.mockResolvedValueOnce(null);
    const plain = await get('/login');
    expect(plain.body).toContain('<script defer src=/assets/runtime.1.js></script>');
    expect(plain.body).not.toContain('app-scripts');
  });

  it('paints from its HTML alone: the stylesheets inlined in their order, the Intl warm-up first in <head>', async () => {
    await writeFile(
      path.join(spaDir, 'index.html'),
      '<!doctype html><html lang=en><head><title>Site</title><script defer src=/assets/main.0123456789.js></script><link href=/assets/main.0123456789.css rel=stylesheet></head><body><div id=root></div></body></html>',
    );
    await writeFile(path.join(spaDir, 'assets', 'main.0123456789.css'), 'body{margin:0}\n/*# sourceMappingURL=main.0123456789.css.map*/');
    await writeFile(path.join(spaDir, 'assets', 'page-login.0123456789.css'), '.login{color:red}');
    const rendered = (await get('/login')).body;
    const main = rendered.indexOf('<style data-href="/assets/main.0123456789.css">body{margin:0}</style>');
    const page = rendered.indexOf('<style data-href="/assets/page-login.0123456789.css">.login{color:red}</style>');
    expect(main).toBeGreaterThan(-1);
    expect(page).toBeGreaterThan(main);
    expect(page).toBeLessThan(rendered.indexOf('</head>'));
    expect(rendered).not.toContain('rel=stylesheet');
    expect(rendered).not.toContain('rel="stylesheet"');
    expect(rendered).not.toContain('sourceMappingURL');
    // Intl's warm-up runs first in <head>, while the rest of the page arrives, before any style or preload.
    const inline = [...rendered.matchAll(/<script>(.*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toEqual([INTL_WARM_UP_SCRIPT, AFTER_PAINT_SCRIPT]);
    expect(rendered.indexOf(INTL_WARM_UP_SCRIPT)).toBeLessThan(rendered.search(/<(style|link)\b/));
    expect(rendered.indexOf(INTL_WARM_UP_SCRIPT)).toBeGreaterThan(rendered.indexOf('<head>'));

    // Minified: comments and indentation go; strings and licence comments stay.
    const minified = await minifyCss('/* tokens */\n.a {\n  margin: 0\n    auto; /* why */\n  content: "/* x */";\n}\n/*! licence */\nb{color:#ffffff}\n');
    expect(minified).toContain('.a{margin:0 auto;content:"/* x */"}');
    expect(minified).toContain('/*! licence */');
    expect(minified).not.toContain('tokens');
    expect(minified).not.toContain('why');

    // A stylesheet that could close its element, or too large to be worth it, is not inlined.
    await writeFile(path.join(spaDir, 'assets', 'closes.1.css'), '.x{content:"</style>"}');
    await writeFile(path.join(spaDir, 'assets', 'large.1.css'), `.x{}${' '.repeat(MAX_INLINE_STYLE_BYTES)}`);
    expect(await inlineStylesFor(spaDir, ['assets/closes.1.css', 'assets/large.1.css', 'assets/missing.1.css', '../index.html'])).toEqual({});

    // The page the browser renders itself is as before.
    render.mockResolvedValueOnce(null);
    const plain = (await get('/login')).body;
    expect(plain).toContain('<link href=/assets/main.0123456789.css rel=stylesheet>');
    expect(plain).not.toContain('<style data-href');
    expect(plain).toContain(`<script>${INTL_WARM_UP_SCRIPT}</script>`);
  });

  it('renders in the language the SPA will start in: the saved choice, else the browser’s first language', async () => {
    const zh = await get('/login', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' });
    expect(rootOf(zh.body).attributes).toContain(' data-ssr-locale="zh"');
    expect(zh.body).toContain('<html lang="zh-CN"');
    expect(rootOf(zh.body).markup).toContain('登录');

    const saved = await get('/login', { 'accept-language': 'zh-CN', cookie: 'lang=en' });
    expect(rootOf(saved.body).attributes).toContain(' data-ssr-locale="en"');
    expect(rootOf(saved.body).markup).toContain('Login');

    // The SPA looks at the first language only, so must the server.
    const french = await get('/login', { 'accept-language': 'fr-FR,zh;q=0.9' });
    expect(rootOf(french.body).attributes).toContain(' data-ssr-locale="en"');
  });

  it('shows dates in the browser’s time zone from its cookie, else UTC, and says which', async () => {
    const owner = await createTestUser(t.app);
    const video = await createTestVideo(t.app, owner.id, { created_at: '2026-03-01T23:30:00.000Z' });
    const page = (cookie?: string) => get(`/selfieVideos/${video.id}`, cookie ? { cookie } : {});

    const utc = rootOf((await page()).body);
    expect(utc.attributes).toContain('data-ssr-time-zone="UTC"');
    expect(utc.markup).toContain('March 1, 2026');

    const tokyo = rootOf((await page('tz=Asia%2FTokyo')).body);
    expect(tokyo.attributes).toContain('data-ssr-time-zone="Asia/Tokyo"');
    expect(tokyo.markup).toContain('March 2, 2026');

    const bogus = rootOf((await page('tz=%22%3E%3Cscript%3E')).body);
    expect(bogus.attributes).toContain('data-ssr-time-zone="UTC"');
  });

  it('renders the self-shot list from its inlined first page instead of preloading it', async () => {
    const owner = await createTestUser(t.app);
    await createTestVideo(t.app, owner.id, { title: 'Sunset <b>over</b> the bay' });
    const res = await get('/selfieVideos');
    const listUrl = '/v0/api/videos/selfieVideos?page=1&perPage=18';
    expect(Object.keys(inlinedAnswers(res.body))).toEqual([listUrl]);
    expect(res.body).not.toContain(`<link rel="preload" href="${listUrl.replace('&', '&amp;')}"`);
    const { markup } = rootOf(res.body);
    expect(markup).toContain('Sunset &lt;b&gt;over&lt;/b&gt; the bay');
    expect(markup).not.toContain('<b>over</b>');
  });

  it('renders a video page with its likes and comments, counting the one view the page makes', async () => {
    const owner = await createTestUser(t.app);
    const fan = await createTestUser(t.app);
    const video = await createTestVideo(t.app, owner.id, { title: 'Bouncing ball' });
    await addTestLike(t.app, video.id, fan.id);
    await addTestComment(t.app, { videoId: video.id, userId: fan.id, content: 'Great </script><script>alert(1)</script>' });

    const res = await get(`/selfieVideos/${video.id}`, { 'user-agent': 'phone' });
    const base = `/v0/api/videos/selfieVideos/${video.id}`;
    expect(Object.keys(inlinedAnswers(res.body)).sort()).toEqual([base, `${base}/likes`, `/v0/api/comments/${video.id}`].sort());
    const { markup } = rootOf(res.body);
    expect(markup).toContain('Bouncing ball');
    expect(markup).toContain('Great &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // Neither the markup nor the data block can be closed by what users write.
    expect(res.body).not.toContain('Great </script>');

    const row = await t.app.db.selectFrom('videos').select('views').where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(Number(row.views)).toBe(1);
  });

  it('renders a signed-in user’s page as that user, with their session check inlined, never for shared caches', async () => {
    const user = await createTestUser(t.app, { username: 'alice' });
    const res = await get('/selfieVideos', { cookie: await sessionCookieFor(t.app, user.id) });
    const answers = inlinedAnswers(res.body);
    expect(answers['/v0/api/check-session']).toEqual({ isValid: true, user: expect.objectContaining({ _id: user.id, username: 'alice' }) });
    expect(Object.keys(answers).sort()).toEqual(['/v0/api/check-session', '/v0/api/videos/selfieVideos?page=1&perPage=18']);
    expect(res.body).not.toContain('<link rel="preload" href="/v0/api/check-session"');
    const { attributes, markup } = rootOf(res.body);
    expect(attributes).toBe(` data-ssr-locale="en" data-ssr-time-zone="UTC" data-ssr-user="${user.id}" data-ssr-session="checked"`);
    // The header shows the signed-in user, as the browser's first render will.
    expect(markup).toContain('alice');
    expect(render).toHaveBeenCalledWith(expect.objectContaining({ signedIn: true }));
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toEqual(expect.stringContaining('cookie'));

    // A visitor's page is unchanged: revalidated, shareable, no user on the root.
    const visitor = await get('/selfieVideos');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(rootOf(visitor.body).attributes).toBe(' data-ssr-locale="en" data-ssr-time-zone="UTC"');
    expect(inlinedAnswers(visitor.body)['/v0/api/check-session']).toBeUndefined();
  });

  it('inlines the user’s own data asked as them (own private video, own profile, edit pages) and nobody else’s', async () => {
    const alice = await createTestUser(t.app, { username: 'alice', email: 'alice@example.com' });
    const bob = await createTestUser(t.app, { username: 'bob', email: 'bob@example.com' });
    const secret = await createTestVideo(t.app, alice.id, { title: 'Alice private clip', visibility: 'private' });
    const bobsSecret = await createTestVideo(t.app, bob.id, { title: 'Bob private clip', visibility: 'private' });
    const cookie = await sessionCookieFor(t.app, alice.id);

    const own = await get(`/profile/${alice.id}`, { cookie });
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(rootOf(own.body).markup).toContain('Alice private clip');
    expect(rootOf(own.body).markup).toContain('Edit Profile');
    expect(own.body).not.toContain('bob@example.com');

    // Another user's profile, seen by Alice: Bob's public face only.
    const other = await get(`/profile/${bob.id}`, { cookie });
    expect(rootOf(other.body).markup).toContain('bob');
    expect(other.body).not.toContain('Bob private clip');
    expect(rootOf(other.body).markup).not.toContain('Edit Profile');

    const editVideo = await get(`/selfieVideos/edit/${secret.id}`, { cookie });
    expect(inlinedAnswers(editVideo.body)[`/v0/api/videos/selfieVideos/${secret.id}`]).toEqual(
      expect.objectContaining({ video: expect.objectContaining({ title: 'Alice private clip' }) }),
    );
    expect(rootOf(editVideo.body).markup).toContain('value="Alice private clip"');

    // Someone else's private video is not hers to see: nothing of it in the page.
    const notHers = await get(`/selfieVideos/edit/${bobsSecret.id}`, { cookie });
    expect(notHers.body).not.toContain('Bob private clip');

    const editProfile = await get(`/profile/edit/${alice.id}`, { cookie });
    expect(rootOf(editProfile.body).markup).toContain('value="alice"');
    const upload = await get('/upload-movie', { cookie });
    expect(rootOf(upload.body).markup).toContain('<form');
    expect(upload.headers['cache-control']).toBe('private, no-store');

    // Sign-in sends a signed-in user home, as the page itself would.
    const login = await get('/login', { cookie });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/');
  });

  it('gives the visitor’s page to an expired, ended or suspended session', async () => {
    const user = await createTestUser(t.app, { username: 'alice' });
    const expired = await sessionCookieFor(t.app, user.id);
    await t.app.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    const suspendedUser = await createTestUser(t.app, { username: 'mallory' });
    const suspended = await sessionCookieFor(t.app, suspendedUser.id);
    await t.app.db.updateTable('users').set({ suspended_at: '2026-01-01T00:00:00.000Z' }).where('id', '=', suspendedUser.id).execute();

    for (const cookie of [expired, suspended, 'sid=nonsense']) {
      const res = await get('/selfieVideos', { cookie });
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(rootOf(res.body).attributes).toBe(' data-ssr-locale="en" data-ssr-time-zone="UTC"');
      expect(rootOf(res.body).markup).not.toMatch(/alice|mallory/);
      expect(inlinedAnswers(res.body)['/v0/api/check-session']).toBeUndefined();
      const login = await get('/login', { cookie });
      expect(login.statusCode).toBe(200);
    }
  });

  it('renders the edit pages for a visitor as the SPA shows them once the session check says nobody', async () => {
    const owner = await createTestUser(t.app, { username: 'dana' });
    const video = await createTestVideo(t.app, owner.id, { title: 'Dana clip' });
    for (const url of [`/profile/edit/${owner.id}`, `/selfieVideos/edit/${video.id}`]) {
      const res = await get(url, { cookie: 'sid=ended-session' });
      expect(inlinedAnswers(res.body)['/v0/api/check-session']).toEqual({ isValid: false });
      const { attributes, markup } = rootOf(res.body);
      expect(attributes).toBe(' data-ssr-locale="en" data-ssr-time-zone="UTC" data-ssr-session="checked"');
      expect(markup).toContain('role="alert"');
      expect(markup).not.toContain('<form');
      expect(res.headers['cache-control']).toBe('no-cache');
      // The cookie of no session is dropped, as the session check would.
      expect(String(res.headers['set-cookie'])).toMatch(/^sid=;/);
    }
  });

  it('renders a visitor’s view of a profile from its inlined answer', async () => {
    const owner = await createTestUser(t.app, { username: 'carol' });
    await createTestVideo(t.app, owner.id, { title: 'Carol public clip' });
    await createTestVideo(t.app, owner.id, { title: 'Carol private clip', visibility: 'private' });
    const res = await get(`/profile/${owner.id}`);
    expect(Object.keys(inlinedAnswers(res.body))).toEqual([`/v0/api/users/${owner.id}`]);
    const { markup } = rootOf(res.body);
    expect(markup).toContain('carol');
    expect(markup).toContain('Carol public clip');
    expect(res.body).not.toContain('Carol private clip');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('does not render private pages or pages whose data cannot be inlined; a search renders loading', async () => {
    // Upload sends a visitor to sign in, as the page would once the session check answers.
    const upload = await get('/upload-movie');
    expect(upload.statusCode).toBe(302);
    expect(upload.headers.location).toBe('/login');
    expect(render).not.toHaveBeenCalled();

    // A search is the visitor's own request: the page renders around it, loading, and the
    // browser asks for the results.
    const search = await get('/selfieVideos?q=ball');
    expect(inlinedAnswers(search.body)).toEqual({});
    expect(rootOf(search.body).markup).toContain('aria-busy="true"');
    expect(rootOf(search.body).markup).toContain('value="ball"');

    // A video the server cannot inline: the page is left to the browser.
    const unknownVideo = await get('/selfieVideos/0123456789abcdef01234567');
    expect(unknownVideo.statusCode).toBe(200);
    expect(rootOf(unknownVideo.body).markup).toBe('');
  });

  it('leaves nothing of a render behind: no timer keeps the request’s store alive', async () => {
    const answers = inlinedAnswers((await get('/')).body);
    const pending = new Map<unknown, number>();
    const realSetTimeout = global.setTimeout;
    const realClearTimeout = global.clearTimeout;
    jest.spyOn(global, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) => {
      const timer = realSetTimeout(callback, ms);
      if ((ms ?? 0) >= 1000) pending.set(timer, ms ?? 0);
      return timer;
    }) as unknown as typeof setTimeout);
    jest.spyOn(global, 'clearTimeout').mockImplementation((timer) => {
      pending.delete(timer);
      realClearTimeout(timer);
    });
    try {
      // The grid seeds one cache entry per video (nobody subscribes to them on the server).
      expect(await renderFirstScreen({ url: '/', locale: 'en', timeZone: 'UTC', answers })).toContain('Browse videos');
    } finally {
      jest.restoreAllMocks();
    }
    expect([...pending.values()]).toEqual([]);
  });

  it('serves the plain page when the render fails', async () => {
    render.mockRejectedValueOnce(new Error('render exploded'));
    const res = await get('/login');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toEqual({ attributes: '', markup: '' });
    expect(res.body).toContain('<link rel="preload" href="/assets/page-login.0123456789.css" as="style">');
  });
});

/** Text as React escapes it in markup. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}
