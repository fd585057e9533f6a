import fs, { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Page } from '@playwright/test';

import { makeH264Mp4 } from '../support/media-fixtures';

import { expect, test } from './fixtures';
import { signUpAndLogIn, waitUntilReady } from './support';

/**
 * Listen mode in Chromium (docs/player.md "Listen mode"): a real upload with sound is packaged
 * with an audio group; hls.js plays the master (picture and sound); the Listen button moves the
 * element to the audio-only playlist at the current time: no more frames are decoded while the
 * time advances, only audio segments are fetched, the poster and "Listening" show and the Media
 * Session still names the video; back, the picture plays on from there. A video without sound:
 * the button says why, and nothing is logged as an error.
 */
const THUMBNAIL = path.join(__dirname, '../fixtures/tiny.png');
const SECONDS = 24;

let workDir: string;
let withSound: string;
let silent: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  workDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-listen-'));
  withSound = await makeH264Mp4(workDir, { seconds: SECONDS, width: 640, height: 360, name: 'listen.mp4' });
  silent = await makeH264Mp4(workDir, { seconds: 6, width: 640, height: 360, name: 'silent.mp4', audio: false });
});

test.afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

async function uploadReady(page: Page, title: string, file: string): Promise<string> {
  await signUpAndLogIn(page.request, 'listen');
  const response = await page.request.post('/v0/api/movies/upload', {
    multipart: {
      title,
      visibility: 'public',
      movieFile: { name: path.basename(file), mimeType: 'video/mp4', buffer: fs.readFileSync(file) },
      thumbnailFile: { name: 'tiny.png', mimeType: 'image/png', buffer: fs.readFileSync(THUMBNAIL) },
    },
  });
  expect(response.status()).toBe(200);
  const id = ((await response.json()) as { video: { _id: string } }).video._id;
  await waitUntilReady(page.request, id, 180_000);
  return id;
}

interface Playback {
  time: number;
  paused: boolean;
  frames: number;
  width: number;
  audioBytes: number;
}

const playback = (page: Page): Promise<Playback> =>
  page.locator('video').evaluate((element: HTMLVideoElement) => ({
    time: element.currentTime,
    paused: element.paused,
    frames: element.getVideoPlaybackQuality().totalVideoFrames,
    width: element.videoWidth,
    audioBytes: (element as HTMLVideoElement & { webkitAudioDecodedByteCount?: number }).webkitAudioDecodedByteCount ?? -1,
  }));

/** Segment files fetched from /media/ since the last `take()`. */
function segmentLog(page: Page) {
  let fetched: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/media/') && pathname.endsWith('.ts')) fetched.push(path.basename(pathname));
  });
  return {
    take(): string[] {
      const taken = fetched;
      fetched = [];
      return taken;
    },
  };
}

test.use({ locale: 'en-US' });

test('listen mode: sound only from the audio playlist at the same time, frames stop, Media Session on; back to the picture', async ({ page }) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const title = `Listen ${Date.now()}`;
  const id = await uploadReady(page, title, withSound);
  const answer = (await (await page.request.get(`/v0/api/videos/selfieVideos/${id}`)).json()) as {
    video: { hlsUrl: string; audioHlsUrl: string | null; hasAudio: boolean | null };
  };
  expect(answer.video.hasAudio).toBe(true);
  expect(answer.video.audioHlsUrl).toMatch(/\/audio\.m3u8$/);
  const master = await (await page.request.get(answer.video.hlsUrl)).text();
  expect(master).toContain('#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio"');
  expect(master.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:')).every((line) => line.endsWith(',AUDIO="audio"'))).toBe(true);

  const segments = segmentLog(page);
  await page.goto(`/selfieVideos/${id}`);
  const player = page.locator('.video-player');
  await expect(player).toHaveAttribute('data-controls', 'media-chrome', { timeout: 15_000 });
  await expect(player).toHaveAttribute('data-engine', 'hlsjs');
  const listen = page.getByRole('button', { name: 'Listen', exact: true });
  await expect(listen).toHaveAttribute('aria-pressed', 'false');

  // Play: hls.js plays the master (picture and sound; the light build plays the rungs' own sound).
  await page.getByRole('region', { name: `Player: ${title}` }).focus();
  await page.keyboard.press('k');
  await expect.poll(async () => (await playback(page)).time, { timeout: 30_000 }).toBeGreaterThan(2);
  const watching = await playback(page);
  expect(watching.paused).toBe(false);
  // A rung of the ladder (the start level is chosen for the box and the link).
  expect(watching.width).toBeGreaterThan(0);
  expect(watching.frames).toBeGreaterThan(0);
  expect(watching.audioBytes).toBeGreaterThan(0);
  expect(segments.take().some((file) => /^\d+p_\d+\.ts$/.test(file))).toBe(true);

  // Listen: the audio playlist from the same time, playing on.
  await listen.click();
  await expect(listen).toHaveAttribute('aria-pressed', 'true');
  await expect(player).toHaveAttribute('data-listening', 'on');
  await expect(page.locator('.video-player__listening')).toHaveText('Listening');
  await expect(page.locator('img.video-player__poster')).toBeVisible();
  await expect(page.locator('video')).toBeHidden();
  await expect.poll(async () => (await playback(page)).width, { timeout: 15_000 }).toBe(0);
  const switched = await playback(page);
  // Carried on from where it was (not from the start).
  expect(switched.time).toBeGreaterThan(watching.time - 0.5);
  await expect.poll(async () => (await playback(page)).paused, { timeout: 15_000 }).toBe(false);
  segments.take();
  const listenStart = await playback(page);
  await page.waitForTimeout(3000);
  const listenEnd = await playback(page);
  // The time advances, no frame is decoded, the sound is.
  expect(listenEnd.time - listenStart.time).toBeGreaterThan(2);
  expect(listenEnd.frames - listenStart.frames).toBe(0);
  expect(listenEnd.width).toBe(0);
  expect(listenEnd.audioBytes).toBeGreaterThan(listenStart.audioBytes);
  // Only audio segments are fetched.
  const whileListening = segments.take();
  expect(whileListening.filter((file) => !/^audio_\d+\.ts$/.test(file))).toEqual([]);
  // The lock screen still names the video and shows it playing.
  const session = await page.evaluate(() => ({
    title: navigator.mediaSession.metadata?.title,
    artwork: navigator.mediaSession.metadata?.artwork.length ?? 0,
    state: navigator.mediaSession.playbackState,
  }));
  expect(session).toEqual({ title, artwork: 1, state: 'playing' });

  // Back to the picture, from where the sound was.
  await listen.click();
  await expect(listen).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('.video-player__listening')).toHaveCount(0);
  await expect.poll(async () => (await playback(page)).width, { timeout: 15_000 }).toBeGreaterThan(0);
  const back = await playback(page);
  expect(back.time).toBeGreaterThan(listenEnd.time - 0.5);
  await expect.poll(async () => (await playback(page)).frames, { timeout: 15_000 }).toBeGreaterThan(back.frames);
  expect((await playback(page)).paused).toBe(false);
  expect(segments.take().some((file) => /^\d+p_\d+\.ts$/.test(file))).toBe(true);
  expect(errors).toEqual([]);
});

test('a video without sound: the Listen button says why, nothing else happens, nothing is logged', async ({ page }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const id = await uploadReady(page, `Silent ${Date.now()}`, silent);
  const answer = (await (await page.request.get(`/v0/api/videos/selfieVideos/${id}`)).json()) as { video: { hlsUrl: string; audioHlsUrl: string | null; hasAudio: boolean | null } };
  expect(answer.video).toMatchObject({ audioHlsUrl: null, hasAudio: false });
  expect(await (await page.request.get(answer.video.hlsUrl)).text()).not.toContain('#EXT-X-MEDIA');

  await page.goto(`/selfieVideos/${id}`);
  await expect(page.locator('.video-player')).toHaveAttribute('data-controls', 'media-chrome', { timeout: 15_000 });
  const listen = page.getByRole('button', { name: 'Listen', exact: true });
  await expect(listen).toHaveAttribute('aria-disabled', 'true');
  await expect(listen).toHaveAccessibleDescription('This video has no sound');
  await expect(page.getByText('This video has no sound', { exact: true })).toBeVisible();
  // Focusable (aria-disabled, not disabled): a keyboard user reaches it and hears why.
  await listen.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.video-player__frame > [role="status"]')).toHaveText('This video has no sound');
  await expect(listen).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('.video-player__listening')).toHaveCount(0);
  expect(errors).toEqual([]);
});
