import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';

import { AFTER_PAINT_HASH } from '../../server/http/after-paint';
import { FAST_START_HASH } from '../../server/http/fast-start';
import { cardImageHint, pageChunkFor, posterHint } from '../../server/pages/critical-path';
import { createTestUser, makeTestApp, type TestApp } from '../support/server';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const SCRIPT = 'console.log("the app");'.repeat(50);

describe('compressed delivery and the critical path', () => {
  let t: TestApp;
  let spaDir: string;

  // One app for the file: the tests only read (the one user added is read by none).
  beforeAll(async () => {
    spaDir = await mkdtemp(path.join(tmpdir(), 'delivery-test-'));
    await mkdir(path.join(spaDir, 'assets'), { recursive: true });
    await writeFile(
      path.join(spaDir, 'index.html'),
      '<!doctype html><html><head><meta charset="utf-8"><title>Site</title></head><body><div id="root"></div></body></html>',
    );
    const script = path.join(spaDir, 'assets', 'main.0123456789.js');
    await writeFile(script, SCRIPT);
    await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
    await writeFile(`${script}.gz`, gzipSync(SCRIPT));
    await writeFile(path.join(spaDir, 'assets', 'page-home.abcdef0123.chunk.js'), 'home()');
    await writeFile(path.join(spaDir, 'assets', 'poster.0123456789.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await writeFile(
      path.join(spaDir, 'asset-manifest.json'),
      JSON.stringify({
        entry: { js: ['assets/main.0123456789.js'], css: [] },
        chunks: { 'page-home': { js: ['assets/page-home.abcdef0123.chunk.js'], css: [] } },
      }),
    );
    t = await makeTestApp({ config: { spaDir } });
  });

  afterAll(async () => {
    await t.close();
    await rm(spaDir, { recursive: true, force: true });
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['', undefined],
  ])('serves a hashed script for Accept-Encoding "%s" as %s, immutable, varying on the encoding', async (accept, encoding) => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main.0123456789.js', headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload).toString() : encoding === 'gzip' ? null : res.body;
    if (body !== null) expect(body).toBe(SCRIPT);
  });

  it('never compresses media and answers an unknown asset with 404', async () => {
    const png = await t.app.inject({ method: 'GET', url: '/assets/poster.0123456789.png', headers: { 'accept-encoding': 'br' } });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    const missing = await t.app.inject({ method: 'GET', url: '/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false });
  });

  it('answers a repeated request with 304 when the ETag matches', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/assets/main.0123456789.js' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/assets/main.0123456789.js',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('compresses catalogue JSON above the threshold on the fly', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/catalogue/api/v2/video/search/?per_page=18&page=1&thumbsize=medium&format=json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toMatchObject({ page: 1, per_page: 18 });
  });

  it('preloads the home chunk, the session check and the first thumbnails, and inlines the first catalogue page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<link rel="preload" href="/assets/page-home.abcdef0123.chunk.js" as="script">');
    expect(html).toContain('<link rel="preload" href="/v0/api/check-session" as="fetch" crossorigin="use-credentials">');
    expect(html).toMatch(/<link rel="preload" href="[^"]+\/catalogue\/thumbs\/[^"]+" as="image" fetchpriority="high">/);
    const data = /<script type="application\/json" id="bootstrap-data">(.*?)<\/script>/.exec(html)?.[1];
    const bootstrap = JSON.parse(data!) as Record<string, { videos: unknown[] }>;
    const url = '/catalogue/api/v2/video/search/?per_page=18&page=1&thumbsize=medium&format=json';
    expect(bootstrap[url]!.videos).toHaveLength(18);
    // The hints follow everything the document itself loads (its title, entry scripts and
    // stylesheet), so the entry's requests go out first.
    expect(html).toContain('<meta name="catalogue-url" content="/catalogue">');
    expect(html.indexOf('<link rel="preload"')).toBeGreaterThan(html.indexOf('<title>'));
    expect(html.indexOf('<link rel="preload"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('inlines catalogue answers whose links name the address the page was opened at, without a configured PUBLIC_URL', async () => {
    const local = await makeTestApp({ config: { spaDir }, env: { PUBLIC_URL: undefined } });
    try {
      const res = await local.app.inject({ method: 'GET', url: '/', headers: { ...HTML, host: '192.168.1.23:3000' } });
      const data = /<script type="application\/json" id="bootstrap-data">(.*?)<\/script>/.exec(res.body)?.[1];
      const bootstrap = JSON.parse(data!) as Record<string, { videos: Array<{ default_thumb: { src: string } }> }>;
      const [answer] = Object.values(bootstrap);
      expect(answer!.videos[0]!.default_thumb.src).toMatch(/^http:\/\/192\.168\.1\.23:3000\/catalogue\/thumbs\//);
      expect(res.body).toMatch(/<link rel="preload" href="http:\/\/192\.168\.1\.23:3000\/catalogue\/thumbs\/[^"]+" as="image"/);
    } finally {
      await local.close();
    }
  });

  it('warms up Intl with its one inline script, which the Content-Security-Policy allows by hash (with the after-paint loader of server-rendered pages and the fast-start source picker of video pages) and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: HTML });
    const scripts = [...res.body.matchAll(/<script>(.*?)<\/script>/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain('Intl.NumberFormat.supportedLocalesOf');
    const hash = `'sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}'`;
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' ${hash} ${AFTER_PAINT_HASH} ${FAST_START_HASH}`);
  });

  it('preloads the self-shot list request exactly as the SPA makes it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/selfieVideos?page=2', headers: HTML });
    expect(res.body).toContain(
      '<link rel="preload" href="/v0/api/videos/selfieVideos?page=2&amp;perPage=18" as="fetch" crossorigin="use-credentials">',
    );
  });

  it('adds no data hints for a video that does not exist or for an AI search', async () => {
    await createTestUser(t.app);
    const video = await t.app.inject({ method: 'GET', url: '/selfieVideos/0123456789abcdef01234567', headers: HTML });
    expect(video.statusCode).toBe(200);
    expect(video.body).not.toContain('as="image"');
    const ai = await t.app.inject({ method: 'GET', url: '/?q=cats&mode=ai', headers: HTML });
    expect(ai.body).not.toContain('bootstrap-data');
  });
});

describe('critical path helpers', () => {
  it('maps every route to its page chunk', () => {
    expect(pageChunkFor('/')).toBe('page-home');
    expect(pageChunkFor('/movie/abc')).toBe('page-movie');
    expect(pageChunkFor('/selfieVideos')).toBe('page-selfie-videos');
    expect(pageChunkFor('/selfieVideos/abc')).toBe('page-video');
    expect(pageChunkFor('/selfieVideos/edit/abc')).toBe('page-edit-video');
    expect(pageChunkFor('/profile/edit/abc')).toBe('page-edit-profile');
    expect(pageChunkFor('/profile/abc')).toBe('page-profile');
    expect(pageChunkFor('/login')).toBe('page-login');
    expect(pageChunkFor('/nowhere/at/all')).toBe('page-not-found');
  });

  it('builds image hints from data fields, tolerating their absence', () => {
    expect(cardImageHint({ thumbnailCdnUrl: '/media/t.png' })).toEqual({ href: '/media/t.png' });
    expect(
      cardImageHint({
        thumbnailCdnUrl: '/media/t.png',
        thumbnailSources: [
          { width: 320, url: '/media/t-320.webp' },
          { width: 640, url: '/media/t-640.webp' },
          { width: 'x', url: 7 },
        ],
      }),
    ).toMatchObject({ href: '/media/t.png', srcset: '/media/t-320.webp 320w, /media/t-640.webp 640w' });
    expect(cardImageHint({ default_thumb: { src: 'http://cdn/t.jpg' } })).toEqual({ href: 'http://cdn/t.jpg' });
    expect(cardImageHint({})).toBeUndefined();
    expect(posterHint({ posterUrl: '/media/p.webp', thumbnailCdnUrl: '/media/t.png' })).toEqual({ href: '/media/p.webp' });
    expect(posterHint({ thumbnailCdnUrl: '/media/t.png' })).toEqual({ href: '/media/t.png' });
    expect(posterHint(undefined)).toBeUndefined();
  });
});
