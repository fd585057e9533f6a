import fs, { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { makeH264Mp4 } from '../support/media-fixtures';

import { expect, test } from './fixtures';
import { signUpAndLogIn, waitUntilReady } from './support';

/**
 * The embed from another origin (docs/sharing.md): a second local HTTP server on another port
 * serves a page with the embed code the share panel gives; Chromium loads it, the framed player
 * plays (muted autoplay, from ?t=), its title bar links back to the video page, and the site's
 * other pages still refuse to be framed.
 */
const THUMBNAIL = path.join(__dirname, '../fixtures/tiny.png');

let workDir: string;
let clip: string;
let foreign: http.Server;
let foreignOrigin: string;
let framedHtml = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  workDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-embed-'));
  clip = await makeH264Mp4(workDir, { seconds: 6, width: 640, height: 360, name: 'embed.mp4' });
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

test('a page on another origin embeds the player, which plays', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await signUpAndLogIn(page.request, 'embed');
  const send = () =>
    page.request.post('/v0/api/movies/upload', {
      multipart: {
        title: 'Embedded clip',
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
  await waitUntilReady(page.request, id, 180_000);

  // The embed code as oEmbed gives it (the share panel builds the same).
  const oembed = await page.request.get(`/oembed?url=${encodeURIComponent(`${baseURL}/selfieVideos/${id}`)}&format=json`);
  expect(oembed.status()).toBe(200);
  const { html } = (await oembed.json()) as { html: string };
  const withOptions = html.replace(`/embed/selfieVideos/${id}"`, `/embed/selfieVideos/${id}?autoplay=1&amp;t=2"`);
  // The site's own video page, framed too: it must refuse.
  framedHtml =
    `<!doctype html><html lang="en"><title>Blog</title><main aria-label="Blog post"><h1>My blog</h1>${withOptions}` +
    `<iframe id="page" title="The video page, framed" src="${baseURL}/selfieVideos/${id}"></iframe></main></html>`;

  await page.goto(foreignOrigin);
  const frame = page.frameLocator(`iframe[src*="/embed/selfieVideos/${id}"]`);
  await expect(frame.locator('.bar a')).toHaveText('Embedded clip');
  await expect(frame.locator('.bar a')).toHaveAttribute('href', `${baseURL}/selfieVideos/${id}?t=2`);
  const video = frame.locator('video#player');
  await expect(video).toHaveJSProperty('muted', true);
  // Playing, past the requested start.
  await expect.poll(async () => video.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 2), { timeout: 30_000 }).toBe(true);

  // Keyboard shortcut inside the frame: k pauses.
  await video.focus();
  await page.keyboard.press('k');
  await expect.poll(async () => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);

  // The video page in a frame is refused by the browser (frame-ancestors 'self'): nothing of the app renders.
  const refused = page.frames().find((candidate) => candidate.url().includes(`/selfieVideos/${id}`) && !candidate.url().includes('/embed/'));
  const appRendered = refused ? await refused.locator('#root h1').count().catch(() => 0) : 0;
  expect(appRendered).toBe(0);
});
