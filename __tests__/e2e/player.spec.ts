import fs, { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Page, Route } from '@playwright/test';

import { makeH264Mp4 } from '../support/media-fixtures';

import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { signUpAndLogIn, waitUntilReady } from './support';

/**
 * The video page's player in Chromium, in English and Chinese: an H.264 clip uploaded through the
 * API and processed; then every keyboard shortcut, the "?" list, the speed menu, chapters (from
 * the description's chapter lines), resume, saving the position (recorded on the way to the
 * server), share a moment, `t`
 * links, the error state with Retry, the preload policy, the poster before play (a sharp poster is
 * not replaced by a blocky prefetched frame), and axe with the player open.
 */
const THUMBNAIL = path.join(__dirname, '../fixtures/tiny.png');
const SECONDS = 20;

let workDir: string;
let clip: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  workDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-player-'));
  clip = await makeH264Mp4(workDir, { seconds: SECONDS, width: 640, height: 360, name: 'player.mp4' });
});

test.afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

async function uploadReady(page: Page, title: string, file = clip): Promise<string> {
  await signUpAndLogIn(page.request, 'player');
  const response = await page.request.post('/v0/api/movies/upload', {
    multipart: {
      title,
      // Chapter lines, as an uploader writes them: the server turns them into `chapters`.
      description: 'A clip for the player.\n\n0:00 Opening\n0:08 Middle part\n0:15 Ending',
      visibility: 'public',
      movieFile: { name: path.basename(file), mimeType: 'video/mp4', buffer: fs.readFileSync(file) },
      thumbnailFile: { name: 'tiny.png', mimeType: 'image/png', buffer: fs.readFileSync(THUMBNAIL) },
    },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { video?: { _id: string } };
  const id = body.video!._id;
  await waitUntilReady(page.request, id, 180_000);
  return id;
}

/**
 * Saves a resume point through the real position route (the answer's `resumeAt` then carries it,
 * also in the server-rendered first screen), and records the position saves the page makes while
 * they go on to the server.
 */
async function withPlayerData(page: Page, videoId: string, extra: { resumeAt?: number | null }): Promise<number[]> {
  if (extra.resumeAt !== undefined && extra.resumeAt !== null) {
    const put = await page.request.put(`/v0/api/videos/selfieVideos/${videoId}/position`, { data: { seconds: extra.resumeAt } });
    expect(put.status()).toBe(204);
  }
  const saved: number[] = [];
  await page.route(`**/v0/api/videos/selfieVideos/${videoId}/position`, async (route: Route) => {
    const data = route.request().postDataJSON() as { seconds: number };
    saved.push(data.seconds);
    return route.continue();
  });
  return saved;
}

const video = (page: Page) => page.locator('video');
const state = (page: Page) =>
  video(page).evaluate((element: HTMLVideoElement) => ({
    paused: element.paused,
    time: element.currentTime,
    volume: element.volume,
    muted: element.muted,
    rate: element.playbackRate,
  }));

async function openPlayer(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('.video-player')).toHaveAttribute('data-controls', 'media-chrome', { timeout: 15_000 });
}

/** Presses a key with the player focused (the group, as a keyboard user reaches it with Tab). */
async function press(page: Page, group: ReturnType<Page['getByRole']>, key: string) {
  await group.focus();
  await page.keyboard.press(key);
}

test.describe('in English', () => {
  test.use({ locale: 'en-US', permissions: ['clipboard-read', 'clipboard-write'] });

  test('every shortcut and menu, chapters, resume, saving, share and t links', async ({ page }) => {
    test.setTimeout(300_000);
    const title = `Player clip ${Date.now()}`;
    const videoId = await uploadReady(page, title);
    const saved = await withPlayerData(page, videoId, { resumeAt: 6 });

    // Preload policy: the poster, the playlists and at most the first fragment before play,
    // 100 KB of media at most; hls.js (Chromium has Media Source Extensions) decides what loads.
    const media: Array<{ path: string; bytes: number }> = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (/^\/media\//.test(url.pathname)) media.push({ path: url.pathname, bytes: Number(response.headers()['content-length'] ?? 0) });
    });
    await openPlayer(page, `/selfieVideos/${videoId}`);
    const group = page.getByRole('region', { name: `Player: ${title}` });
    await expect(page.locator('.video-player')).toHaveAttribute('data-engine', 'hlsjs');
    await expect(video(page)).toHaveAttribute('preload', 'auto');
    // Segments are remuxed in hls.js's worker, from the site's own assets (the CSP allows it).
    await expect.poll(() => page.workers().map((worker) => new URL(worker.url()).pathname)).toContainEqual(expect.stringMatching(/^\/assets\/hls\.worker\.[0-9a-f]+\.js$/));
    await page.waitForLoadState('networkidle');
    expect(media.reduce((sum, { bytes }) => sum + bytes, 0)).toBeLessThanOrEqual(100 * 1024);
    expect(media.filter(({ path }) => path.endsWith('.ts')).length).toBeLessThanOrEqual(1);

    // Resume at resumeAt.
    await page.getByRole('button', { name: 'Resume from 0:06' }).click();
    await expect.poll(async () => (await state(page)).time, { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
    // Playing: the lock screen and headset controls name it (Media Session).
    const session = await page.evaluate(() => ({
      title: navigator.mediaSession.metadata?.title,
      artist: navigator.mediaSession.metadata?.artist,
      artwork: navigator.mediaSession.metadata?.artwork.length,
    }));
    expect(session).toEqual({ title, artist: expect.stringMatching(/\S/), artwork: 1 });
    await video(page).evaluate((element: HTMLVideoElement) => {
      element.muted = true;
    });
    await press(page, group, 'k');
    await expect.poll(async () => (await state(page)).paused).toBe(true);
    await expect.poll(() => saved.length).toBeGreaterThan(0);
    expect(saved[saved.length - 1]).toBeGreaterThanOrEqual(6);

    // Seeking: ← → 5 s, j l 10 s, digits to 0–90 %.
    await press(page, group, '0');
    await expect.poll(async () => (await state(page)).time).toBe(0);
    await press(page, group, 'l');
    await expect.poll(async () => (await state(page)).time).toBeCloseTo(10, 0);
    await press(page, group, 'ArrowLeft');
    await expect.poll(async () => (await state(page)).time).toBeCloseTo(5, 0);
    await press(page, group, 'ArrowRight');
    await expect.poll(async () => (await state(page)).time).toBeCloseTo(10, 0);
    await press(page, group, 'j');
    await expect.poll(async () => (await state(page)).time).toBeCloseTo(0, 0);
    await press(page, group, '5');
    await expect.poll(async () => (await state(page)).time).toBeCloseTo(SECONDS / 2, 0);

    // Play/pause with Space and k.
    await press(page, group, ' ');
    await expect.poll(async () => (await state(page)).paused).toBe(false);
    await press(page, group, 'k');
    await expect.poll(async () => (await state(page)).paused).toBe(true);

    // Volume, mute, speed, captions.
    await press(page, group, 'm');
    await expect.poll(async () => (await state(page)).muted).toBe(false);
    await expect(page.getByText('Sound on')).toBeAttached();
    await press(page, group, 'ArrowDown');
    await expect.poll(async () => (await state(page)).volume).toBeCloseTo(0.95, 2);
    await press(page, group, 'ArrowUp');
    await expect.poll(async () => (await state(page)).volume).toBeCloseTo(1, 2);
    await press(page, group, 'm');
    await expect.poll(async () => (await state(page)).muted).toBe(true);
    await press(page, group, '>');
    await expect.poll(async () => (await state(page)).rate).toBe(1.25);
    await press(page, group, '<');
    await press(page, group, '<');
    await expect.poll(async () => (await state(page)).rate).toBe(0.75);
    await press(page, group, 'c');
    await expect(page.getByText('This video has no captions.')).toBeAttached();

    // Fullscreen on and off.
    await press(page, group, 'f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.classList.contains('video-player__frame') ?? false)).toBe(true);
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);

    // The list of shortcuts, a dialog axe accepts.
    await press(page, group, '?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row')).toHaveCount(11);
    await expectNoAxeViolations(page, 'player: shortcuts dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The speed menu (media-chrome), by keyboard-reachable buttons.
    await page.locator('media-playback-rate-menu-button').click();
    const rates = page.locator('media-playback-rate-menu').getByRole('menuitemradio');
    await expect(rates).toHaveCount(8);
    await page.locator('media-playback-rate-menu').getByRole('menuitemradio', { name: /^1\.5/ }).click();
    await expect.poll(async () => (await state(page)).rate).toBe(1.5);
    await expect(page.locator('media-play-button')).toHaveAttribute('aria-label', /play/i);

    // Chapters: the list under the video, the marks on the seek bar (media-chrome's, from the track).
    const chapters = page.getByRole('navigation', { name: 'Chapters' });
    await chapters.getByRole('button', { name: /Middle part/ }).click();
    await expect.poll(async () => (await state(page)).time, { timeout: 30_000 }).toBeGreaterThanOrEqual(8);
    await expect(chapters.getByRole('button', { name: /Middle part/ })).toHaveAttribute('aria-current', 'true');
    await expect
      .poll(() => page.locator('media-time-range').evaluate((range) => (range as HTMLElement & { mediaChaptersCues?: unknown[] }).mediaChaptersCues?.length ?? 0))
      .toBe(3);
    await press(page, group, 'k');
    await expect.poll(async () => (await state(page)).paused).toBe(true);

    // Axe with the player open, controls shown.
    await group.hover();
    await expectNoAxeViolations(page, 'player: controls shown');

    // Share the moment.
    const at = Math.floor((await state(page)).time);
    await page.getByRole('button', { name: 'Share' }).click();
    const startAt = page.getByRole('checkbox', { name: /^Start at \d+:\d\d$/ });
    await startAt.check();
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied.')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).searchParams.get('t')).toBe(String(at));
    await page.getByRole('button', { name: 'Share' }).click();

    // A `t` link starts there; garbage plays from the start.
    await openPlayer(page, `/selfieVideos/${videoId}?t=0m12s`);
    await expect(page.getByRole('button', { name: /Resume from/ })).toHaveCount(0);
    await page.locator('media-play-button').click();
    await expect.poll(async () => (await state(page)).time, { timeout: 30_000 }).toBeGreaterThanOrEqual(12);
    await openPlayer(page, `/selfieVideos/${videoId}#t=nonsense`);
    await page.locator('media-play-button').click();
    await expect.poll(async () => (await state(page)).paused, { timeout: 30_000 }).toBe(false);
    expect((await state(page)).time).toBeLessThan(5);
  });

  test('says when the video cannot play, and Retry plays it', async ({ page }) => {
    test.setTimeout(300_000);
    const title = `Broken clip ${Date.now()}`;
    const videoId = await uploadReady(page, title);
    await withPlayerData(page, videoId, {});
    // Every media request fails (images still load).
    const failing = (route: Route) =>
      /\.(jpe?g|png|webp)$/.test(new URL(route.request().url()).pathname) ? route.continue() : route.abort('connectionfailed');
    await page.route('**/media/**', failing);
    await openPlayer(page, `/selfieVideos/${videoId}`);
    await page.locator('media-play-button').click();
    const alert = page.getByRole('alert').filter({ hasText: 'The video could not be played.' });
    await expect(alert).toBeVisible({ timeout: 60_000 });
    await expectNoAxeViolations(page, 'player: error state');

    await page.unroute('**/media/**', failing);
    await video(page).evaluate((element: HTMLVideoElement) => {
      element.muted = true;
    });
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toBeHidden();
    await expect.poll(async () => (await state(page)).time, { timeout: 30_000 }).toBeGreaterThan(0);
  });
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('shortcuts, menus and the list speak Chinese; axe with the player open', async ({ page }) => {
    test.setTimeout(300_000);
    const title = `播放器 ${Date.now()}`;
    const videoId = await uploadReady(page, title);
    await withPlayerData(page, videoId, { resumeAt: 6 });
    await openPlayer(page, `/selfieVideos/${videoId}`);
    const group = page.getByRole('region', { name: `播放器：${title}` });

    await expect(page.getByRole('button', { name: '从 0:06 继续播放' })).toBeVisible();
    await page.getByRole('button', { name: '从头播放' }).click();
    await expect(page.locator('media-play-button')).toHaveAttribute('aria-label', '播放');
    await expect(page.getByRole('navigation', { name: '章节' })).toBeVisible();

    await press(page, group, 'm');
    await expect(page.getByText('已静音')).toBeAttached();
    await press(page, group, 'k');
    await expect.poll(async () => (await state(page)).paused).toBe(false);
    await press(page, group, 'k');
    await expect.poll(async () => (await state(page)).paused).toBe(true);
    await press(page, group, '3');
    await expect.poll(async () => (await state(page)).time).toBeCloseTo(SECONDS * 0.3, 0);
    await press(page, group, '>');
    await expect.poll(async () => (await state(page)).rate).toBe(1.25);
    await expect(page.getByText('速度 1.25×')).toBeAttached();
    await press(page, group, 'c');
    await expect(page.getByText('此视频没有字幕。')).toBeAttached();

    await page.locator('media-playback-rate-menu-button').click();
    await expect(page.locator('media-playback-rate-menu').getByRole('menuitemradio')).toHaveCount(8);
    await page.locator('media-playback-rate-menu').getByRole('menuitemradio', { name: /^1x/ }).click();
    await expect.poll(async () => (await state(page)).rate).toBe(1);

    await press(page, group, '?');
    const dialog = page.getByRole('dialog', { name: '键盘快捷键' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: /后退或前进 5 秒/ })).toBeVisible();
    await expectNoAxeViolations(page, 'player (zh): shortcuts dialog');
    await dialog.getByRole('button', { name: '关闭' }).click();

    await page.getByRole('button', { name: '分享' }).click();
    await expect(page.getByRole('checkbox', { name: /^从 \d+:\d\d 开始$/ })).toBeVisible();
    await group.hover();
    await expectNoAxeViolations(page, 'player (zh): controls and share panel shown');
  });
});

/** The player's state as the viewer sees it: the frame the video holds, the poster layer, the quality menu. */
const pictureState = (page: Page) =>
  page.locator('.video-player').evaluate((player) => {
    const element = player.querySelector('video')!;
    const layer = player.querySelector<HTMLElement>('.video-player__poster');
    const slot = player.querySelector('media-controller')?.shadowRoot?.querySelector('slot[name=poster]');
    const box = element.getBoundingClientRect();
    const select = player.querySelector('select');
    return {
      readyState: element.readyState,
      frameHeight: element.videoHeight,
      paused: element.paused,
      boxHeight: Math.round(box.height * window.devicePixelRatio),
      // Rendered, and the layer media-chrome puts it in is not hidden.
      posterShown: Boolean(layer && layer.getBoundingClientRect().height > 0 && slot && getComputedStyle(slot).display !== 'none'),
      quality: select?.selectedOptions[0]?.textContent ?? '',
    };
  });

/**
 * How much of the player's picture differs from its poster, as a person would see it: a screenshot
 * of the player box (its top 80 %, above the control bar) against the poster drawn by the browser
 * at the same size; the share of pixels off by more than a fifth of the range. A blocky 240p frame
 * in a 960×540 box differs along every edge; the poster itself does not.
 */
async function differenceFromPoster(page: Page, save?: string): Promise<number> {
  const box = (await page.locator('.video-player__frame').boundingBox())!;
  const shot = await page.screenshot({ clip: box, animations: 'disabled', ...(save ? { path: save } : {}) });
  const poster = await page.request.get((await video(page).getAttribute('poster'))!);
  const posterData = `data:${poster.headers()['content-type']};base64,${(await poster.body()).toString('base64')}`;
  const reference = await page.context().newPage();
  try {
    await reference.setViewportSize({ width: Math.ceil(box.width), height: Math.ceil(box.height) });
    await reference.setContent(
      `<style>body{margin:0;background:#000}img{display:block;width:${box.width}px;height:${box.height}px;object-fit:contain}</style><img alt="" src="${posterData}">`,
    );
    await reference.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const expected = await reference.screenshot({ clip: { x: 0, y: 0, width: box.width, height: box.height } });
    return await reference.evaluate(
      async ({ a, b }) => {
        const pixels = async (base64: string) => {
          const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
          const canvas = new OffscreenCanvas(image.width, image.height);
          const context = canvas.getContext('2d')!;
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, image.width, image.height);
        };
        const [one, two] = [await pixels(a), await pixels(b)];
        const width = Math.min(one.width, two.width);
        const rows = Math.floor(Math.min(one.height, two.height) * 0.8);
        let off = 0;
        let total = 0;
        // 16 px in from the sides and top: the box's rounded corners.
        for (let y = 16; y < rows; y += 1) {
          for (let x = 16; x < width - 16; x += 1) {
            const i = (y * one.width + x) * 4;
            const j = (y * two.width + x) * 4;
            const diff = Math.max(Math.abs(one.data[i]! - two.data[j]!), Math.abs(one.data[i + 1]! - two.data[j + 1]!), Math.abs(one.data[i + 2]! - two.data[j + 2]!));
            if (diff > 51) off += 1;
            total += 1;
          }
        }
        return off / total;
      },
      { a: shot.toString('base64'), b: expected.toString('base64') },
    );
  } finally {
    await reference.close();
  }
}

test.describe('the picture before play', () => {
  test.use({ locale: 'en-US' });

  test('1280 wide: the sharp poster stays until playback, which climbs above 240p within the box; 412 wide may start at 240p', async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    const hd = await makeH264Mp4(workDir, { seconds: 12, width: 1280, height: 720, name: 'hd.mp4' });
    const videoId = await uploadReady(page, `HD clip ${Date.now()}`, hd);
    const media: Array<{ path: string; bytes: number }> = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (/^\/media\//.test(url.pathname)) media.push({ path: url.pathname, bytes: Number(response.headers()['content-length'] ?? 0) });
    });

    // A desktop window: a 960×540 box, which the 480p rung fits (the ladder is 240p to 720p). A
    // shared moment 1.5 s in: hls.js prefetches the 240p fragment there and seeks to it,
    // which in Chromium replaces the video's own poster with that frame.
    await page.setViewportSize({ width: 1280, height: 720 });
    await openPlayer(page, `/selfieVideos/${videoId}?t=1.5`);
    await page.waitForLoadState('networkidle');
    await expect.poll(async () => (await pictureState(page)).boxHeight).toBe(540);
    // What the viewer sees is the poster, not a blocky frame.
    const difference = await differenceFromPoster(page, testInfo.outputPath('1280-before-play.png'));
    expect(difference).toBeLessThan(0.002);
    const before = await pictureState(page);
    // No frame below what the box needs shows: none decoded, or the poster layer over it.
    if (before.readyState >= 2 && before.frameHeight < 480) expect(before.posterShown).toBe(true);
    // The menu names no rung while nothing plays.
    expect(before.quality).toBe('Auto');
    expect(media.reduce((sum, { bytes }) => sum + bytes, 0)).toBeLessThanOrEqual(100 * 1024);

    await video(page).evaluate((element: HTMLVideoElement) => {
      element.muted = true;
    });
    await page.locator('media-play-button').click();
    await expect.poll(async () => (await pictureState(page)).posterShown, { timeout: 30_000 }).toBe(false);
    expect((await pictureState(page)).paused).toBe(false);
    // Playback climbs off the 240p rung, and not beyond what the box shows (480p).
    await expect.poll(async () => (await pictureState(page)).quality, { timeout: 20_000 }).toMatch(/^Auto \((360|480)p\)$/);
    await page.screenshot({ path: testInfo.outputPath('1280-playing.png') });

    // A phone-sized box (412 px wide, about 380×214): the 240p rung fits it, so playback starts
    // there, prefetched, and stays within the box.
    await page.setViewportSize({ width: 412, height: 915 });
    media.length = 0;
    await openPlayer(page, `/selfieVideos/${videoId}`);
    await page.waitForLoadState('networkidle');
    expect(media.reduce((sum, { bytes }) => sum + bytes, 0)).toBeLessThanOrEqual(100 * 1024);
    expect(media.filter(({ path }) => path.endsWith('.ts')).length).toBeLessThanOrEqual(1);
    await page.screenshot({ path: testInfo.outputPath('412-before-play.png') });
    await video(page).evaluate((element: HTMLVideoElement) => {
      element.muted = true;
    });
    await page.locator('media-play-button').click();
    await expect.poll(async () => (await pictureState(page)).quality, { timeout: 30_000 }).toBe('Auto (240p)');
    await expect.poll(async () => (await state(page)).time, { timeout: 30_000 }).toBeGreaterThan(4);
    expect((await pictureState(page)).quality).toBe('Auto (240p)');
    await page.screenshot({ path: testInfo.outputPath('412-playing.png') });
  });
});

test.describe('play before the script', () => {
  // A phone's width: the player's box is 214 px tall, so the page picks the 240p rung.
  test.use({ locale: 'en-US', viewport: { width: 412, height: 915 } });

  test('the server-rendered video plays the rung that fits its box with the browser’s own controls before any script; the engine adopts it without a restart, seeks in it, and takes over when the box outgrows it', async ({ page }) => {
    test.setTimeout(240_000);
    const videoId = await uploadReady(page, `Early tap ${Date.now()}`);
    // Every script held back until the test lets it through: the page is the server's markup alone.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let scriptsHeld = 0;
    await page.route('**/*.js', async (route: Route) => {
      scriptsHeld += 1;
      await released;
      await route.continue();
    });
    const media: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/media/')) media.push(url.pathname);
    });

    await page.goto(`/selfieVideos/${videoId}`, { waitUntil: 'commit' });
    await expect(video(page)).toBeVisible();
    // Nothing of the video before play (the poster and the preloaded master playlist aside).
    const fragments = () => media.filter((item) => /\.(ts|m4s)$/.test(item));
    const playlists = () => media.filter((item) => item.endsWith('.m3u8') && !item.endsWith('/master.m3u8'));
    expect(media.filter((item) => item.endsWith('.mp4'))).toEqual([]);
    expect([...fragments(), ...playlists()]).toEqual([]);
    // The source is the rung that fits the box (the page's fast-start picker), not the top MP4.
    expect(await video(page).getAttribute('src')).toMatch(/\/240p\.mp4$/);
    // A tap on the play button a person sees: Chromium's own, at the left end of its control bar.
    const box = (await video(page).boundingBox())!;
    await page.mouse.click(box.x + 24, box.y + box.height - 47);
    await expect.poll(async () => (await state(page)).time, { timeout: 30_000 }).toBeGreaterThan(0.5);
    expect((await state(page)).paused).toBe(false);
    expect(scriptsHeld).toBeGreaterThan(0);
    await expect(page.locator('.video-player')).toHaveAttribute('data-controls', 'native');
    expect(media.filter((item) => item.endsWith('.mp4')).every((item) => item.endsWith('/240p.mp4'))).toBe(true);
    expect(media.some((item) => item.endsWith('/240p.mp4'))).toBe(true);
    expect(await video(page).evaluate((element: HTMLVideoElement) => element.videoHeight)).toBe(240);

    const before = (await state(page)).time;
    release();
    await expect(page.locator('.video-player')).toHaveAttribute('data-controls', 'media-chrome', { timeout: 30_000 });
    // Adopted as it plays: the same source, on from where it was, no rendition playlist or fragment fetched.
    await expect(page.locator('.video-player')).toHaveAttribute('data-engine', 'mp4');
    const after = await state(page);
    expect(after.paused).toBe(false);
    expect(after.time).toBeGreaterThanOrEqual(before);
    expect([...fragments(), ...playlists()]).toEqual([]);
    // No poster over the playing picture, and no resume offer.
    await expect(page.locator('.video-player__poster')).toHaveCount(0);

    // A seek stays on the rung chosen for the box (it fits, and seeks with one range request).
    await press(page, page.getByRole('region', { name: /^Player: Early tap/ }), 'l');
    await expect.poll(async () => (await state(page)).time, { timeout: 30_000 }).toBeGreaterThan(before + 9);
    await expect(page.locator('.video-player')).toHaveAttribute('data-engine', 'mp4');
    expect((await state(page)).paused).toBe(false);
    expect([...fragments(), ...playlists()]).toEqual([]);
    // A box that outgrows it (a larger window) hands over to the adaptive engine, where it was, playing on.
    const sought = (await state(page)).time;
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator('.video-player')).toHaveAttribute('data-engine', 'hlsjs', { timeout: 30_000 });
    await expect.poll(async () => (await state(page)).time, { timeout: 30_000 }).toBeGreaterThan(sought + 0.5);
    expect((await state(page)).paused).toBe(false);
    expect(fragments().length).toBeGreaterThan(0);
  });
});
