import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { expect, type Page, test } from '@playwright/test';

import { makeRotatedHevcMov } from '../support/media-fixtures';

import { signUpAndLogIn } from './support';

/**
 * The media pipeline end to end in Chromium: a phone-style clip (HEVC in a .mov, coded 1280×720
 * and rotated 90°, which Chromium cannot decode as sent) is uploaded through the Upload page; the
 * video page shows the processing percent, then plays the H.264 HLS renditions in portrait —
 * through hls.js where Media Source Extensions exist (Chromium), and through the browser's native
 * HLS where they do not (iPhones before iOS 17.1) — switches quality and seeks.
 */
const THUMBNAIL = path.join(__dirname, '../fixtures/tiny.png');
const CLIP_SECONDS = 8;

let workDir: string;
let clip: string;

test.beforeAll(async () => {
  // x265 is slow on a busy 2-core machine.
  test.setTimeout(240_000);
  workDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-media-'));
  clip = await makeRotatedHevcMov(workDir, { seconds: CLIP_SECONDS, name: 'IMG_0420.mov' });
});

test.afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

interface Playback {
  width: number;
  height: number;
  time: number;
}

/** Plays (muted, so autoplay rules allow it) until the picture is decoded and time has moved on. */
async function playUntilMoving(page: Page, from = 0): Promise<Playback> {
  const player = page.locator('video');
  await player.evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    void video.play();
  });
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.videoWidth > 0 && video.currentTime > 0), { timeout: 30_000 })
    .toBe(true);
  const start = await player.evaluate((video: HTMLVideoElement) => video.currentTime);
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(Math.max(start, from) + 0.3);
  return player.evaluate((video: HTMLVideoElement) => ({ width: video.videoWidth, height: video.videoHeight, time: video.currentTime }));
}

/** Seeks to `seconds` and waits for the player to land there. */
async function seekTo(page: Page, seconds: number): Promise<number> {
  return page.locator('video').evaluate(
    (video: HTMLVideoElement, to: number) =>
      new Promise<number>((resolve) => {
        video.addEventListener('seeked', () => resolve(video.currentTime), { once: true });
        video.currentTime = to;
      }),
    seconds,
  );
}

/** Chooses a rendition in the Quality menu and waits for the picture to have its size. */
async function chooseQuality(page: Page, name: string, shortSide: number) {
  await page.getByRole('combobox', { name: 'Quality' }).selectOption({ label: name });
  await expect
    .poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => Math.min(video.videoWidth, video.videoHeight)), {
      timeout: 30_000,
    })
    .toBe(shortSide);
}

test('a rotated HEVC .mov uploads, shows its processing percent, then plays in portrait; quality switches and seeking work', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signUpAndLogIn(page.request, 'media');
  const title = `Phone clip ${Date.now()}`;

  // Upload through the page.
  await page.goto('/upload-movie');
  // The form is in the server's markup before the app runs: type once the app has taken it over.
  await expect(page.locator('[data-ssr-locale]')).toHaveCount(0);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Video file').setInputFiles(clip);
  await page.getByLabel('Thumbnail image').setInputFiles(THUMBNAIL);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Video uploaded successfully!')).toBeVisible({ timeout: 60_000 });

  // The video page: the processing percent and its bar while the renditions are made.
  await page.getByRole('link', { name: 'Watch your video' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const videoId = new URL(page.url()).pathname.split('/').pop()!;
  const bar = page.getByRole('progressbar', { name: 'Processing progress' });
  await expect(bar).toBeVisible();
  await expect(page.getByText(/^Processing… \d+%$/)).toBeVisible();
  const percent = Number(await bar.getAttribute('aria-valuenow'));
  expect(percent).toBeGreaterThanOrEqual(0);
  expect(percent).toBeLessThanOrEqual(100);

  // Without a reload, the page switches to the player once the video is ready.
  const player = page.getByLabel(`Video player: ${title}`);
  await expect(player).toBeVisible({ timeout: 240_000 });
  await expect(bar).toHaveCount(0);
  const answer = (await (await page.request.get(`/v0/api/videos/selfieVideos/${videoId}/processing`)).json()) as {
    status: string;
  };
  expect(answer.status).toBe('ready');

  // The box is portrait before anything plays, and the picture is portrait once it does.
  const box = await player.boundingBox();
  expect(box!.height).toBeGreaterThan(box!.width);
  const native = await playUntilMoving(page);
  expect(native.width).toBeGreaterThan(0);
  expect(native.height).toBeGreaterThan(native.width);
  await expect(page.locator('.video-player')).toHaveAttribute('data-engine', 'hlsjs');

  // Quality: Auto plus each rendition (the 720×1280 source gives 720p, 480p, 360p, 240p), best first.
  const quality = page.getByRole('combobox', { name: 'Quality' });
  await expect(quality.getByRole('option')).toHaveText([/^Auto/, '720p', '480p', '360p', '240p']);
  await chooseQuality(page, '480p', 480);
  await chooseQuality(page, '720p', 720);
  const afterSwitch = await playUntilMoving(page);
  expect(afterSwitch.height).toBeGreaterThan(afterSwitch.width);

  // Seeking.
  expect(await seekTo(page, 5)).toBeCloseTo(5, 0);
  await playUntilMoving(page, 5);

  // hls.js (its own chunk) loads on the video page only.
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const nativePage = await context.newPage();
  const scripts: string[] = [];
  nativePage.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await nativePage.goto('/');
  await nativePage.waitForLoadState('networkidle');
  expect(scripts.filter((name) => /hls/.test(name))).toEqual([]);

  // Where there are no Media Source Extensions, the browser's native HLS plays it, without hls.js.
  await nativePage.addInitScript(() => {
    for (const name of ['MediaSource', 'ManagedMediaSource', 'WebKitMediaSource']) {
      Object.defineProperty(window, name, { value: undefined, configurable: true });
      delete (window as unknown as Record<string, unknown>)[name];
    }
  });
  await nativePage.goto(`/selfieVideos/${videoId}`);
  await expect(nativePage.locator('.video-player')).toHaveAttribute('data-engine', 'native');
  const viaNative = await playUntilMoving(nativePage);
  expect(viaNative.height).toBeGreaterThan(viaNative.width);
  expect(scripts.filter((name) => /hls/.test(name))).toEqual([]);
  await expect(nativePage.getByRole('combobox', { name: 'Quality' }).getByRole('option')).toHaveText([/^Auto/, '720p', '480p', '360p', '240p']);
  await chooseQuality(nativePage, '360p', 360);
  expect(await seekTo(nativePage, 4)).toBeCloseTo(4, 0);
  await playUntilMoving(nativePage, 4);
  await context.close();
});
