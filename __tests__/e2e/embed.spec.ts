import fs, { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import type { APIRequestContext, Page } from '@playwright/test';

import { makeH264Mp4 } from '../support/media-fixtures';

import { expect, test } from './fixtures';
import { signUpAndLogIn, waitUntilReady } from './support';

/**
 * The embed from another origin (docs/sharing.md): a second local HTTP server on another port
 * serves a blog page with the embed code oEmbed gives; Chromium loads it and the framed player
 * plays through hls.js (adaptive HLS, starting at a rendition that fits the frame, nothing of the
 * video fetched before play), its JavaScript within 120 KB on the wire (brotli and gzip, as the
 * server sends them), its title bar linking back; the video page framed the same way is refused.
 * Then `?captions=`: the track asked for (by its language's best match) shows, `c` toggles it.
 */
const THUMBNAIL = path.join(__dirname, '../fixtures/tiny.png');
/** The embed page's JavaScript budget on the wire, each encoding (bytes). */
const EMBED_JS_BUDGET = 120_000;

let workDir: string;
let clip: string;
let foreign: http.Server;
let foreignOrigin: string;
let framedHtml = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  workDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-embed-'));
  // 720p, so the ladder has renditions above what a 640×360 frame needs; long enough to still be
  // playing after the checks that follow the start (a 6 s clip had ended by then on a slow machine).
  clip = await makeH264Mp4(workDir, { seconds: 20, width: 1280, height: 720, name: 'embed.mp4' });
  foreign = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(framedHtml);
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  foreignOrigin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => foreign.close(resolve));
  rmSync(workDir, { recursive: true, force: true });
});

async function uploadClip(request: APIRequestContext, title: string): Promise<string> {
  const send = () =>
    request.post('/v0/api/movies/upload', {
      multipart: {
        title,
        description: 'Shown in a frame elsewhere.',
        visibility: 'public',
        movieFile: { name: 'embed.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(clip) },
        thumbnailFile: { name: 'tiny.png', mimeType: 'image/png', buffer: fs.readFileSync(THUMBNAIL) },
      },
    });
  // A busy machine may shed the request (503 with Retry-After): the upload is tried again.
  let upload = await send();
  for (let attempt = 0; upload.status() === 503 && attempt < 5; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000 * Math.min(5, Number(upload.headers()['retry-after'] ?? 1) || 1)));
    upload = await send();
  }
  expect(upload.status()).toBe(200);
  const id = ((await upload.json()) as { video: { _id: string } }).video._id;
  await waitUntilReady(request, id, 180_000);
  return id;
}

/** The bytes of a response body exactly as the server sends it for one Accept-Encoding. */
function wireBytes(url: string, encoding: 'br' | 'gzip'): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Requests made from frames whose URL contains `marker`. */
function framedRequests(page: Page, marker: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const frame = request.frame();
    if (frame.url().includes(marker)) seen.push(request.url());
  });
  return seen;
}

const isVideoMedia = (url: string) => /\/media\/.*\.(m3u8|ts|m4s|mp4)(\?|$)/.test(url);

test('a page on another origin embeds the player, which plays through hls.js', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const uploader = await signUpAndLogIn(page.request, 'embed');
  const id = await uploadClip(page.request, 'Embedded clip');

  // The embed code as oEmbed gives it (the share panel builds the same).
  const oembed = await page.request.get(`/oembed?url=${encodeURIComponent(`${baseURL}/selfieVideos/${id}`)}&format=json`);
  expect(oembed.status()).toBe(200);
  const { html } = (await oembed.json()) as { html: string };
  const embedUrl = `/embed/selfieVideos/${id}`;
  const withOptions = html.replace(`${embedUrl}"`, `${embedUrl}?autoplay=1&amp;t=2"`);
  // The site's own video page, framed too: it must refuse.
  framedHtml =
    `<!doctype html><html lang="en"><title>Blog</title><main aria-label="Blog post"><h1>My blog</h1>${withOptions}` +
    `<iframe id="page" title="The video page, framed" src="${baseURL}/selfieVideos/${id}"></iframe></main></html>`;

  const requests = framedRequests(page, embedUrl);
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.request().frame().url().includes(embedUrl)) scripts.push(response.url());
  });
  await page.goto(foreignOrigin);
  const frame = page.frameLocator(`iframe[src*="${embedUrl}"]`);
  await expect(frame.locator('.bar a')).toHaveText('Embedded clip');
  await expect(frame.locator('.bar a')).toHaveAttribute('href', `${baseURL}/selfieVideos/${id}?t=2`);
  const video = frame.locator('video#player');
  await expect(video).toHaveJSProperty('muted', true);
  // Playing, past the requested start.
  await expect.poll(async () => video.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 2), { timeout: 30_000 }).toBe(true);
  // The lock screen and headset controls name it, with its uploader (Media Session).
  expect(await video.evaluate(() => ({ title: navigator.mediaSession.metadata?.title, artist: navigator.mediaSession.metadata?.artist }))).toEqual({
    title: 'Embedded clip',
    artist: uploader.username,
  });

  // Through hls.js: a media source (blob:), the HLS playlists and segments, never the MP4.
  expect(await video.evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(/^blob:/);
  expect(requests.some((url) => url.endsWith('/master.m3u8'))).toBe(true);
  expect(requests.some((url) => /\.(ts|m4s)(\?|$)/.test(url))).toBe(true);
  expect(requests.some((url) => /\/video\.mp4(\?|$)/.test(url))).toBe(false);
  // The first rendition fits the 640×360 frame: not the 720p one.
  const firstVariant = requests.find((url) => /\/\d+p\.m3u8$/.test(url));
  expect(firstVariant).toMatch(/\/(240|360)p\.m3u8$/);

  // Its JavaScript on the wire: the player's entry and the hls.js chunks, same origin, hashed.
  expect(scripts.length).toBeGreaterThanOrEqual(2);
  for (const url of scripts) expect(url).toMatch(new RegExp(`^${baseURL}/assets/[\\w.-]+\\.[0-9a-f]{10}(\\.chunk)?\\.js$`));
  for (const encoding of ['br', 'gzip'] as const) {
    const sizes = await Promise.all(scripts.map((url) => wireBytes(url, encoding)));
    for (const size of sizes) expect(size.encoding).toBe(encoding);
    const total = sizes.reduce((sum, size) => sum + size.bytes, 0);
    console.info(`embed JavaScript, ${encoding}: ${total} bytes in ${scripts.length} files`);
    expect(total).toBeLessThanOrEqual(EMBED_JS_BUDGET);
  }

  // Keyboard shortcut inside the frame: k pauses.
  await video.focus();
  await page.keyboard.press('k');
  await expect.poll(async () => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);

  // The video page in a frame is refused by the browser (frame-ancestors 'self'): nothing of the app renders.
  const refused = page.frames().find((candidate) => candidate.url().includes(`/selfieVideos/${id}`) && !candidate.url().includes('/embed/'));
  const appRendered = refused ? await refused.locator('#root h1').count().catch(() => 0) : 0;
  expect(appRendered).toBe(0);

  // Without autoplay nothing of the video is fetched before play; play starts hls.js then.
  framedHtml = `<!doctype html><html lang="en"><title>Blog</title><main aria-label="Blog post"><h1>Another post</h1>${html}</main></html>`;
  const quiet = framedRequests(page, embedUrl);
  await page.goto(foreignOrigin);
  const still = page.frameLocator(`iframe[src*="${embedUrl}"]`).locator('video#player');
  // hls.js is loaded and attached (a media source) before play, without a request for media.
  await expect.poll(async () => still.evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(/^blob:/);
  await page.waitForTimeout(500);
  expect(quiet.filter(isVideoMedia)).toEqual([]);
  await still.focus();
  await page.keyboard.press('k');
  await expect.poll(async () => still.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0.5), { timeout: 30_000 }).toBe(true);
  expect(quiet.some((url) => url.endsWith('/master.m3u8'))).toBe(true);
});

test('?captions= shows the best-matching track in the embed, and c toggles it', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await signUpAndLogIn(page.request, 'embedcaptions');
  const id = await uploadClip(page.request, 'Captioned clip');
  const srt = (text: string) => Buffer.from(`1\n00:00:00,000 --> 00:00:05,500\n${text}\n`);
  for (const [lang, text, label] of [
    ['en', 'Hello from the kettle', 'English'],
    ['zh-Hans', '水壶在响', '中文（简体）'],
    ['zh-Hant', '水壺在響', '中文（繁體）'],
  ] as const) {
    const put = await page.request.put(`/v0/api/videos/selfieVideos/${id}/captions/${lang}`, {
      headers: { origin: baseURL! },
      multipart: { label, captionFile: { name: `${lang}.srt`, mimeType: 'application/x-subrip', buffer: srt(text) } },
    });
    expect(put.status()).toBe(200);
  }

  // The page carries all three tracks; `zh` picks zh-Hans (not zh-Hant) and shows it.
  framedHtml =
    `<!doctype html><html lang="en"><title>Blog</title><main aria-label="Blog post"><h1>My blog</h1>` +
    `<iframe src="${baseURL}/embed/selfieVideos/${id}?captions=zh&amp;autoplay=1" title="Captioned clip" width="640" height="360" allow="autoplay"></iframe></main></html>`;
  await page.goto(foreignOrigin);
  const video = page.frameLocator('iframe[title="Captioned clip"]').locator('video#player');
  await expect(video.locator('track')).toHaveCount(3);
  const tracks = () =>
    video.evaluate((element: HTMLVideoElement) =>
      Array.from(element.textTracks).map((track) => ({ lang: track.language, mode: track.mode, cue: track.cues?.[0] ? (track.cues[0] as VTTCue).text : null })),
    );
  await expect
    .poll(tracks, { timeout: 30_000 })
    .toEqual([
      { lang: 'en', mode: 'disabled', cue: null },
      { lang: 'zh-Hans', mode: 'showing', cue: '水壶在响' },
      { lang: 'zh-Hant', mode: 'disabled', cue: null },
    ]);

  // c turns captions off, and on again in the language asked for.
  await video.focus();
  await page.keyboard.press('c');
  await expect.poll(async () => (await tracks()).map((track) => track.mode)).toEqual(['disabled', 'disabled', 'disabled']);
  await page.keyboard.press('c');
  await expect.poll(async () => (await tracks()).map((track) => track.mode)).toEqual(['disabled', 'showing', 'disabled']);

  // zh-TW picks the traditional track.
  framedHtml = framedHtml.replace('captions=zh', 'captions=zh-TW');
  await page.goto(foreignOrigin);
  await expect
    .poll(async () => (await tracks()).map((track) => track.mode), { timeout: 30_000 })
    .toEqual(['disabled', 'disabled', 'showing']);
});
