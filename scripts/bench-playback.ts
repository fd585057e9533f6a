/**
 * `npm run bench:playback`: what a person on a mid-range phone on slow 4G feels when they start a
 * video on the video page, in Debian's Chromium (docs/playback.md, issue 39 item 3).
 *
 * It starts the built site itself (as `npm start` does, building the SPA when its sources changed)
 * on BENCH_PLAYBACK_PORT with a throwaway DATA_DIR, signs up, uploads its own 32 s 720p 30 fps
 * clip made with ffmpeg (testsrc2 + a sine tone; BENCH_PLAYBACK_CLIP=holdout: a 24 s portrait
 * 1080×1920 25 fps mandelbrot clip with audio the code was not tuned on), waits until it is ready
 * and prints its HLS ladder. Then, in fresh browser contexts (HTTP cache off), with an init script
 * installed before navigation that times everything from navigation start (performance.now()):
 *
 * - a play control is visible: the first animation frame at which a play control shows in the
 *   viewport — media-chrome's <media-play-button> once the player has hydrated, else the
 *   server-rendered <video controls>'s own play button (Chromium draws it at the bottom left,
 *   24 px in, 48 px up; greyed out while the element has no source);
 * - the tap: one real mouse click (page.mouse.click) at that control's centre, timed in the page
 *   from its pointerdown; never repeated silently: a tap that gives no frame within 3 s is a "dead
 *   tap" (printed), the bench then waits up to 7 s more, and only then taps once more (printed);
 * - first decoded frame: the first requestVideoFrameCallback while the video is playing after the
 *   tap (a frame the element presents — not the poster);
 * - poster, separately: its paint (the Largest Contentful Paint entry on the video or its poster
 *   image; only in loads tapped once settled, as an input ends LCP) and its arrival (resource timing);
 * - media bytes before play: /media/ bytes received (CDP Network.dataReceived) before the tap.
 *
 * Measures, slow 4G (412×915, DPR 1, 4× CPU, 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up):
 *
 * - immediate tap: tap the moment a play control is visible → navigation → first frame (goal
 *   ≤ 2.0 s), tap → frame, dead taps, and where the time went (entry scripts, hls.js attaching —
 *   the video's src becoming a blob: URL —, playlist and first fragment requests);
 * - tap at +500 ms, +1.5 s, +4 s after the control shows and once the page settled (load, then
 *   network idle — 500 ms without a request — or 15 s): tap → first frame (goal ≤ 0.5 s each); the settled load also times a
 *   seek to 2/3 → first frame after `seeked` (goal ≤ 1.0 s) and gives media bytes before play
 *   (goal ≤ 100 KB);
 * - level cap, no throttling so the player could pick any level: boxes 412×915 at DPR 1 and 2 and
 *   1280×800 at DPR 1 and 2; plays 8 s and samples the decoded height of every frame; the goal:
 *   never taller than the smallest rung at or above the box's height in device pixels.
 *
 * Keyed off the <video> element, media-chrome's play button and generic DOM only.
 *
 *   BENCH_PLAYBACK_RUNS (default 5)   BENCH_PLAYBACK_PORT (default 4205)
 *   BENCH_PLAYBACK_ONLY=immediate,moments,level (default all)   CHROMIUM_PATH (default /usr/bin/chromium)
 *   BENCH_PLAYBACK_URL + BENCH_PLAYBACK_VIDEO: measure that server's video instead (nothing started)
 *   BENCH_PLAYBACK_SOURCE=file   upload that video instead of the generated clip
 *   BENCH_PLAYBACK_CLIP=holdout  generate and upload the portrait holdout clip instead
 *   BENCH_PLAYBACK_JSON=file   also writes every run's figures as JSON
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromium, type Browser, type Page } from 'playwright-core';

import { runFfmpeg } from '../server/domains/media/ffmpeg';

import { CONDITIONS, median, waitForHealth } from './bench-web';

const ROOT = path.resolve(__dirname, '..');
const RUNS = Math.max(1, Number(process.env.BENCH_PLAYBACK_RUNS ?? 5));
const PORT = Number(process.env.BENCH_PLAYBACK_PORT ?? 4205);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HOLDOUT = process.env.BENCH_PLAYBACK_CLIP === 'holdout';
const CLIP_SECONDS = HOLDOUT ? 24 : 32;
const PASSWORD = 'bench playback password';
/** A tap with no frame this long after it is a dead tap. */
const DEAD_TAP_MS = 3000;
/** After a dead tap, how much longer to wait for a frame before tapping once more. */
const AFTER_DEAD_TAP_MS = 7000;
/** Moments after the play control shows at which a tap is timed (ms); 'settled' is added. */
const MOMENTS = [500, 1500, 4000];
const LEVEL_PLAY_MS = 8000;

interface Setup {
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  throttled: boolean;
}
const SLOW4G: Setup = { viewport: CONDITIONS.viewport, deviceScaleFactor: 1, throttled: true };

/**
 * In every page from its first moment: when a play control shows, the tap, the first frame
 * presented while playing after it, the poster's paint, hls.js attaching, decoded heights.
 */
const PROBE_SCRIPT = `
(() => {
  const p = { armed: 0, controlShown: 0, controlKind: '', pressed: 0, play: 0, frame: 0, frameHeight: 0, poster: 0,
    attached: 0, maxHeight: 0, seekFrom: 0, seekFrame: 0, posterUrl: '' };
  window.__bp = p;
  for (const type of ['pointerdown', 'mousedown', 'click']) {
    addEventListener(type, (event) => { if (event.isTrusted && !p.pressed) p.pressed = performance.now(); }, { capture: true });
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const el = e.element;
        if (!p.poster && el && (el.tagName === 'VIDEO' || (el.tagName === 'IMG' && el.closest('.video-player')))) p.poster = e.renderTime || e.loadTime || e.startTime;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {}
  const watch = (video) => {
    if (video.__bp) return;
    video.__bp = true;
    video.addEventListener('play', () => { if (p.armed && !p.play) p.play = performance.now(); });
    video.addEventListener('seeked', () => { if (p.seekFrom && !p.seekFrame) p.seekSeeked = performance.now(); });
    if (typeof video.requestVideoFrameCallback !== 'function') return;
    const tick = (now, meta) => {
      if (!video.paused && !video.seeking && p.armed) {
        const height = meta.height || video.videoHeight;
        if (!p.frame) { p.frame = now; p.frameHeight = height; }
        if (height > p.maxHeight) p.maxHeight = height;
        if (p.seekSeeked && !p.seekFrame) p.seekFrame = now;
      }
      video.requestVideoFrameCallback(tick);
    };
    video.requestVideoFrameCallback(tick);
  };
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 4 || r.height < 4 || r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) return null;
    if (el.checkVisibility && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return null;
    return r;
  };
  /** The play control a person would tap now: the player's button, else the native controls' centre. */
  window.__bpControl = () => {
    for (const button of document.querySelectorAll('media-play-button')) {
      const r = visible(button);
      if (r) return { kind: 'media-play-button', x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }
    for (const video of document.querySelectorAll('video[controls]')) {
      const r = visible(video);
      // Chromium's native controls: the play button sits at the bottom left (no centre button).
      if (r && r.height > 96) return { kind: 'native play button', x: r.left + 24, y: r.bottom - 48 };
    }
    return null;
  };
  const frame = () => {
    document.querySelectorAll('video').forEach((video) => {
      watch(video);
      if (!p.attached && (video.currentSrc || video.src || '').startsWith('blob:')) p.attached = performance.now();
      if (!p.posterUrl && video.poster) p.posterUrl = video.poster;
    });
    if (!p.controlShown) {
      const control = window.__bpControl();
      if (control) {
        p.controlShown = performance.now();
        p.controlKind = control.kind;
        if (window.__bpShown) window.__bpShown(control);
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  window.__bpSeek = () => {
    const video = document.querySelector('video');
    p.seekFrom = performance.now();
    video.currentTime = (video.duration * 2) / 3;
  };
  window.__bpTimeline = () => {
    const entries = performance.getEntriesByType('resource');
    const first = (test) => entries.find((e) => test(new URL(e.name).pathname));
    const at = (e) => (e ? { start: Math.round(e.startTime), end: Math.round(e.responseEnd) } : null);
    return {
      entryScript: at(first((path) => path.endsWith('.js'))),
      hlsChunk: at(first((path) => /hls/i.test(path) && path.endsWith('.js'))),
      masterPlaylist: at(first((path) => path.startsWith('/media/') && path.endsWith('.m3u8'))),
      firstFragment: at(first((path) => path.startsWith('/media/') && /\\.(ts|m4s|mp4|aac)$/.test(path))),
      poster: at(p.posterUrl ? entries.find((e) => e.name === p.posterUrl) : null),
      domContentLoaded: Math.round(performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? 0),
      load: Math.round(performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0),
    };
  };
})();
`;

interface Probe {
  controlShown: number;
  controlKind: string;
  pressed: number;
  play: number;
  frame: number;
  frameHeight: number;
  poster: number;
  attached: number;
  maxHeight: number;
  seekFrom: number;
  seekFrame: number;
  posterUrl: string;
}
interface Span {
  start: number;
  end: number;
}
interface Timeline {
  entryScript: Span | null;
  hlsChunk: Span | null;
  masterPlaylist: Span | null;
  firstFragment: Span | null;
  poster: Span | null;
  domContentLoaded: number;
  load: number;
}
interface Control {
  kind: string;
  x: number;
  y: number;
}

/** One tap run's figures (ms from navigation start unless said). */
interface TapRun {
  moment: string;
  controlShown: number;
  controlKind: string;
  tappedKind: string;
  pressed: number;
  /** Navigation → first frame after the (first or second) tap; NaN when none came. */
  frame: number;
  /** First tap → first frame (NaN when the first tap was dead and no frame came). */
  tapToFrame: number;
  deadTap: boolean;
  secondTap: boolean;
  /** The second tap (after a dead one) → first frame. */
  secondTapToFrame: number;
  play: number;
  poster: number;
  attached: number;
  mediaBytesBeforePlay: number;
  frameHeight: number;
  /** The most the level cap allows in this box (slow 4G box, DPR 1). */
  allowedHeight: number;
  seekToFrame?: number;
  timeline: Timeline;
}

interface LevelRun {
  box: string;
  boxCssHeight: number;
  deviceScaleFactor: number;
  allowed: number;
  maxHeight: number;
  videoHeight: number;
  pass: boolean;
}

/** The ladder's heights, smallest first (set once the video is ready). */
let RUNGS: number[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openPage(browser: Browser, setup: Setup) {
  const context = await browser.newContext({
    viewport: setup.viewport,
    deviceScaleFactor: setup.deviceScaleFactor,
    isMobile: setup.viewport.width < 800,
    hasTouch: setup.viewport.width < 800,
    locale: 'en-US',
  });
  const page = await context.newPage();
  let onShown: (control: Control) => void = () => undefined;
  const shown = new Promise<Control>((resolve) => (onShown = resolve));
  await page.exposeBinding('__bpShown', (_source, control: Control) => onShown(control));
  await page.addInitScript(PROBE_SCRIPT);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (setup.throttled) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: CONDITIONS.latencyMs,
      downloadThroughput: CONDITIONS.downloadBytesPerSecond,
      uploadThroughput: CONDITIONS.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CONDITIONS.cpuSlowdown });
  }
  const media = new Set<string>();
  let bytes = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (new URL(event.request.url).pathname.startsWith('/media/')) media.add(event.requestId);
  });
  cdp.on('Network.dataReceived', (event) => {
    if (media.has(event.requestId)) bytes += event.encodedDataLength;
  });
  return { page, shown, mediaBytes: () => bytes, close: () => context.close() };
}

const probe = (page: Page) => page.evaluate('window.__bp') as Promise<Probe>;

async function waitForFrame(page: Page, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if ((await probe(page)).frame > 0) return true;
    await sleep(50);
  }
  return false;
}

/**
 * Taps the play control showing now (once) with a real mouse click. When none shows (the native
 * controls gone, the player's button not yet there), waits for one as a person would, and says so.
 */
async function tap(page: Page, known?: Control): Promise<{ kind: string; at: number }> {
  const started = Date.now();
  let control = known ?? ((await page.evaluate('window.__bpControl()')) as Control | null);
  while (!control && Date.now() - started < 10_000) {
    await sleep(16);
    control = (await page.evaluate('window.__bpControl()')) as Control | null;
  }
  if (!control) throw new Error('no play control visible to tap for 10 s');
  const waited = Date.now() - started;
  // The page's clock just before the click: the tap's time when the page never sees its pointerdown.
  // Frames and play events count from here (the native controls' play button does not let its
  // pointerdown reach the page's listeners, yet it can start playback).
  const at = (await page.evaluate('(window.__bp.armed = window.__bp.armed || performance.now(), performance.now())')) as number;
  await page.mouse.click(control.x, control.y);
  return { kind: waited > 100 ? `${control.kind} (no control visible for ${(waited / 1000).toFixed(1)} s before it)` : control.kind, at };
}

/** One load: tap at `moment` (ms after a play control shows, or 'settled'), then time the frame. */
async function tapRun(browser: Browser, url: string, moment: number | 'settled', seek = false): Promise<TapRun> {
  const { page, shown, mediaBytes, close } = await openPage(browser, SLOW4G);
  try {
    const navigation = page.goto(url, { waitUntil: 'commit', timeout: 90_000 });
    let tapped: { kind: string; at: number };
    let mediaBytesBeforePlay: number;
    if (moment === 'settled') {
      await navigation;
      await page.waitForLoadState('load', { timeout: 90_000 });
      await shown;
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      mediaBytesBeforePlay = mediaBytes();
      tapped = await tap(page);
    } else {
      const control = await withTimeout(shown, 90_000, 'no play control showed');
      if (moment > 0) await sleep(moment);
      mediaBytesBeforePlay = mediaBytes();
      tapped = await tap(page, moment === 0 ? control : undefined);
      await navigation;
    }
    let tappedKind = tapped.kind;
    let deadTap = false;
    let secondTap = false;
    let secondAt = 0;
    if (!(await waitForFrame(page, DEAD_TAP_MS))) {
      deadTap = true;
      if (!(await waitForFrame(page, AFTER_DEAD_TAP_MS))) {
        secondTap = true;
        const second = await tap(page).catch((error: Error) => {
          const state = page.evaluate(`(() => { const v = document.querySelector('video'); return 'paused ' + v.paused + ', readyState ' + v.readyState + ', currentTime ' + v.currentTime.toFixed(2); })()`);
          return state.then((text) => ({ kind: `nothing (${error.message}; ${text as string})`, at: Number.NaN }));
        });
        secondAt = second.at;
        tappedKind += ` + second tap on ${second.kind}`;
        await waitForFrame(page, AFTER_DEAD_TAP_MS);
      }
    }
    const firstTap = await probe(page);
    // A pointerdown the page saw before the second tap is the first tap's; else the clock before it.
    const pageSawTap = firstTap.pressed > 0 && (!secondTap || Number.isNaN(secondAt) || firstTap.pressed < secondAt);
    if (!pageSawTap) {
      firstTap.pressed = tapped.at;
      tappedKind += ' (the page saw no pointerdown of the first tap)';
    }
    // The second tap's own pointerdown (the probe keeps the first); the click follows at once.
    const secondPressed = secondTap ? secondAt : Number.NaN;
    let seekToFrame: number | undefined;
    if (seek && firstTap.frame > 0) {
      // A seek bar needs the duration: while the player hands over to hls.js (its source
      // re-attached) the element has none for a moment; a person seeks once it shows again.
      const durationBy = Date.now() + 10_000;
      while (!(await page.evaluate('Number.isFinite(document.querySelector("video").duration)')) && Date.now() < durationBy) await sleep(50);
      await page.evaluate('window.__bpSeek()');
      const deadline = Date.now() + 30_000;
      let state = await probe(page);
      while (!state.seekFrame && Date.now() < deadline) {
        await sleep(50);
        state = await probe(page);
      }
      seekToFrame = state.seekFrame ? state.seekFrame - state.seekFrom : Number.NaN;
    }
    const timeline = (await page.evaluate('window.__bpTimeline()')) as Timeline;
    const boxHeight = (await page.evaluate(`document.querySelector('video').getBoundingClientRect().height`)) as number;
    const frame = firstTap.frame > 0 ? firstTap.frame : Number.NaN;
    return {
      moment: moment === 'settled' ? 'settled' : `+${moment} ms`,
      controlShown: firstTap.controlShown,
      controlKind: firstTap.controlKind,
      tappedKind,
      pressed: firstTap.pressed,
      frame,
      tapToFrame: secondTap ? Number.NaN : frame - firstTap.pressed,
      deadTap,
      secondTap,
      secondTapToFrame: frame - secondPressed,
      play: firstTap.play || Number.NaN,
      poster: firstTap.poster || Number.NaN,
      attached: firstTap.attached || Number.NaN,
      mediaBytesBeforePlay,
      frameHeight: firstTap.frameHeight,
      allowedHeight: RUNGS.length > 0 ? allowedHeight(RUNGS, Math.round(boxHeight * SLOW4G.deviceScaleFactor)) : Number.NaN,
      seekToFrame,
      timeline,
    };
  } finally {
    await close();
  }
}

/** The rung the player may decode at most for a box this tall in device pixels. */
function allowedHeight(rungs: number[], deviceHeight: number): number {
  return rungs.find((height) => height >= deviceHeight) ?? rungs[rungs.length - 1]!;
}

async function levelRun(browser: Browser, url: string, rungs: number[], box: Setup): Promise<LevelRun> {
  const { page, close } = await openPage(browser, box);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 90_000 });
    await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
    await page.locator('video').first().scrollIntoViewIfNeeded();
    // The player's own button (once hydrated): this figure is about the level, not the tap.
    // Polled from here: waitForFunction's polling evaluates its predicate with eval in the page,
    // which the page's Content-Security-Policy refuses.
    const hydratedBy = Date.now() + 30_000;
    while (!(await page.evaluate(`window.__bpControl()?.kind === 'media-play-button'`))) {
      if (Date.now() > hydratedBy) throw new Error('level: the player never showed its own play button');
      await sleep(100);
    }
    await tap(page);
    if (!(await waitForFrame(page, 15_000))) throw new Error('level: no frame after the tap');
    await sleep(LEVEL_PLAY_MS);
    const state = await probe(page);
    const { boxCssHeight, videoHeight } = (await page.evaluate(
      `(() => { const v = document.querySelector('video'); return { boxCssHeight: v.getBoundingClientRect().height, videoHeight: v.videoHeight }; })()`,
    )) as { boxCssHeight: number; videoHeight: number };
    const allowed = allowedHeight(rungs, Math.round(boxCssHeight * box.deviceScaleFactor));
    return {
      box: `${box.viewport.width}×${box.viewport.height} DPR ${box.deviceScaleFactor}`,
      boxCssHeight: Math.round(boxCssHeight),
      deviceScaleFactor: box.deviceScaleFactor,
      allowed,
      maxHeight: state.maxHeight,
      videoHeight,
      pass: state.maxHeight > 0 && state.maxHeight <= allowed,
    };
  } finally {
    await close();
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

// ---- the site and the video ----

function startSite(): { base: string; child: ChildProcess; dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-playback-'));
  const base = `http://localhost:${PORT}`;
  const env = {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    AUTO_VERIFY_ACCOUNTS: 'true',
    DATABASE_URL: '',
    REDIS_URL: '',
  };
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  return { base, child, dataDir };
}

async function makeClip(dir: string): Promise<{ video: string; thumbnail: string }> {
  const thumbnail = path.join(dir, 'thumb.png');
  const own = process.env.BENCH_PLAYBACK_SOURCE;
  if (own) {
    // A holdout: any video file (a phone clip, another pattern), uploaded as is.
    await runFfmpeg(['-v', 'error', '-i', own, '-frames:v', '1', '-vf', 'scale=640:-2', thumbnail], { timeoutMs: 60_000 });
    return { video: own, thumbnail };
  }
  const video = path.join(dir, 'clip.mp4');
  await runFfmpeg(
    [
      '-v', 'error', '-f', 'lavfi', '-i',
      HOLDOUT ? `mandelbrot=s=1080x1920:r=25` : `testsrc2=s=1280x720:r=30:d=${CLIP_SECONDS}`,
      '-f', 'lavfi', '-i', `sine=frequency=${HOLDOUT ? 300 : 440}:sample_rate=${HOLDOUT ? 44100 : 48000}:duration=${CLIP_SECONDS}`,
      '-t', String(CLIP_SECONDS),
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', video,
    ],
    { timeoutMs: 20 * 60_000 },
  );
  await runFfmpeg(['-v', 'error', '-i', video, '-frames:v', '1', '-vf', 'scale=640:-2', thumbnail], { timeoutMs: 60_000 });
  return { video, thumbnail };
}

async function signUp(base: string): Promise<string> {
  const email = `bench-${Date.now()}@bench.example`;
  const post = (route: string, body: unknown) =>
    fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const registered = await post('/v0/api/auth/register', { email, password: PASSWORD });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const login = await post('/v0/api/auth/login', { email, password: PASSWORD });
  const cookie = login.headers.getSetCookie().find((value) => value.startsWith('sid='));
  if (login.status !== 200 || !cookie) throw new Error(`login: ${login.status} ${await login.text()}`);
  return cookie.split(';')[0]!;
}

async function uploadAndWait(base: string, cookie: string, clip: { video: string; thumbnail: string }): Promise<string> {
  const form = new FormData();
  form.set('title', 'Playback benchmark');
  form.set('description', 'Generated by npm run bench:playback\n0:00 Start\n0:20 Middle\n0:30 End');
  form.set('visibility', 'public');
  form.set('movieFile', new Blob([fs.readFileSync(clip.video)], { type: 'video/mp4' }), 'clip.mp4');
  form.set('thumbnailFile', new Blob([fs.readFileSync(clip.thumbnail)], { type: 'image/png' }), 'thumb.png');
  const res = await fetch(`${base}/v0/api/movies/upload`, { method: 'POST', headers: { cookie }, body: form });
  const body = (await res.json()) as { video?: { _id: string }; message?: string };
  if (res.status !== 200 || !body.video) throw new Error(`upload: ${res.status} ${body.message ?? ''}`);
  const id = body.video._id;
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    const state = (await (await fetch(`${base}/v0/api/videos/selfieVideos/${id}/processing`, { headers: { cookie } })).json()) as {
      status: string;
      processingProgress: number;
    };
    if (state.status === 'ready') return id;
    if (state.status === 'failed') throw new Error('the video failed to process');
    if (Date.now() > deadline) throw new Error('the video is still processing after 30 minutes');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** The ladder as the player sees it: each variant's size, bandwidth, segments and first segment. */
async function describeLadder(base: string, id: string): Promise<string> {
  const video = ((await (await fetch(`${base}/v0/api/videos/selfieVideos/${id}`)).json()) as { video: { hlsUrl: string | null; storyboardUrl: string | null } })
    .video;
  if (!video.hlsUrl) return 'no HLS playlist';
  const master = await (await fetch(`${base}${video.hlsUrl}`)).text();
  const folder = video.hlsUrl.slice(0, video.hlsUrl.lastIndexOf('/') + 1);
  const lines = master.trim().split('\n');
  const rows: string[] = ['| variant (master order) | BANDWIDTH | segments | first segment | largest segment |', '|---|---|---|---|---|'];
  for (let i = 0; i < lines.length; i += 1) {
    const info = /^#EXT-X-STREAM-INF:.*?BANDWIDTH=(\d+).*RESOLUTION=(\d+x\d+)/.exec(lines[i]!);
    if (!info) continue;
    const playlist = await (await fetch(`${base}${folder}${lines[i + 1]}`)).text();
    const entries = [...playlist.matchAll(/#EXTINF:([\d.]+),?\s*\n([^\n#]+)/g)].map((match) => ({ seconds: Number(match[1]), uri: match[2]!.trim() }));
    const sizes = await Promise.all(
      entries.map(async (entry) => Number((await fetch(`${base}${folder}${entry.uri}`, { method: 'HEAD' })).headers.get('content-length'))),
    );
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
    rows.push(
      `| ${info[2]} | ${(Number(info[1]) / 1000).toFixed(0)} kbit/s | ${entries.length} × ~${median(entries.map((entry) => entry.seconds)).toFixed(1)} s | ` +
        `${entries[0]?.seconds.toFixed(1)} s, ${kb(sizes[0] ?? 0)} | ${kb(Math.max(...sizes))} |`,
    );
  }
  return `${rows.join('\n')}\nstoryboard: ${video.storyboardUrl ?? 'none'}`;
}

/** Rung heights of the master playlist, smallest first. */
async function rungHeights(base: string, id: string): Promise<number[]> {
  const video = ((await (await fetch(`${base}/v0/api/videos/selfieVideos/${id}`)).json()) as { video: { hlsUrl: string | null } }).video;
  if (!video.hlsUrl) return [];
  const master = await (await fetch(`${base}${video.hlsUrl}`)).text();
  return [...master.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((match) => Number(match[1])).sort((a, b) => a - b);
}

// ---- report ----

const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'none');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const verdict = (value: number, goal: number) => (Number.isFinite(value) && value <= goal ? 'pass' : 'MISSED');
/** Median over all runs, a run with no frame counting as infinitely slow. */
const medianOf = (values: number[]) => median(values.map((value) => (Number.isFinite(value) ? value : Number.POSITIVE_INFINITY)));

function tapTable(byMoment: Map<string, TapRun[]>): string {
  const lines = [
    '| figure (slow 4G, 412×915 DPR 1, 4× CPU) | median | each run | goal | |',
    '|---|---|---|---|---|',
  ];
  const row = (name: string, values: number[], format: (value: number) => string, goal?: { value: number; label: string }) =>
    lines.push(
      `| ${name} | ${format(medianOf(values))} | ${values.map(format).join(', ')} | ${goal?.label ?? ''} | ${goal ? verdict(medianOf(values), goal.value) : ''} |`,
    );
  const immediate = byMoment.get('+0 ms');
  if (immediate) {
    row('play control visible (from navigation)', immediate.map((run) => run.controlShown), seconds);
    row('poster arrived (resource timing responseEnd; not a frame)', immediate.map((run) => run.timeline.poster?.end ?? Number.NaN), seconds);
    row('**first decoded frame, tap as soon as a play control shows** (from navigation)', immediate.map((run) => run.frame), seconds, {
      value: 2000,
      label: '≤ 2.0 s',
    });
    lines.push(
      `| dead taps (no frame 3 s after the tap) | ${immediate.filter((run) => run.deadTap).length} of ${immediate.length} | ` +
        `${immediate.map((run) => (run.deadTap ? (run.secondTap ? 'dead, 2nd tap' : 'dead') : 'ok')).join(', ')} | 0 | ${immediate.some((run) => run.deadTap) ? 'MISSED' : 'pass'} |`,
    );
    const allowed = Math.min(...immediate.map((run) => run.allowedHeight));
    lines.push(
      `| height of the first frame, immediate tap (level cap: at most ${allowed}p in this box) | ${median(immediate.map((run) => run.frameHeight))}p | ` +
        `${immediate.map((run) => `${run.frameHeight}p`).join(', ')} | ≤ ${allowed}p | ${immediate.every((run) => run.frameHeight > 0 && run.frameHeight <= run.allowedHeight) ? 'pass' : 'MISSED'} |`,
    );
    if (immediate.some((run) => run.secondTap)) {
      row('second tap (10 s after a dead one) → first frame', immediate.filter((run) => run.secondTap).map((run) => run.secondTapToFrame), seconds);
    }
  }
  for (const [moment, runs] of byMoment) {
    row(`tap at ${moment === 'settled' ? 'page settled' : `${moment} after the control shows`} → first frame`, runs.map((run) => run.tapToFrame), seconds, {
      value: 500,
      label: '≤ 0.5 s',
    });
  }
  for (const [moment, runs] of byMoment) {
    if (moment === '+0 ms' || !runs.some((run) => run.deadTap)) continue;
    lines.push(`| dead taps at ${moment} | ${runs.filter((run) => run.deadTap).length} of ${runs.length} | | 0 | MISSED |`);
  }
  const settled = byMoment.get('settled');
  if (settled) {
    row('poster painted (LCP on the video; page settled, no input before)', settled.map((run) => run.poster), seconds);
    row('media bytes before play (page settled)', settled.map((run) => run.mediaBytesBeforePlay), kb, { value: 100 * 1024, label: '≤ 100 KB' });
    row('seek to 2/3 → first frame (page settled)', settled.map((run) => run.seekToFrame ?? Number.NaN), seconds, { value: 1000, label: '≤ 1.0 s' });
    row('first frame height (page settled)', settled.map((run) => run.frameHeight), (value) => (Number.isFinite(value) ? `${value}p` : 'none'));
  }
  return lines.join('\n');
}

function levelTable(runs: LevelRun[]): string {
  const lines = [
    '| box (no throttling) | player height, CSS px → device px | allowed at most | max decoded over 8 s | videoHeight at the end | |',
    '|---|---|---|---|---|---|',
  ];
  for (const run of runs) {
    lines.push(
      `| ${run.box} | ${run.boxCssHeight} → ${Math.round(run.boxCssHeight * run.deviceScaleFactor)} | ${run.allowed}p | ${run.maxHeight}p | ${run.videoHeight}p | ${run.pass ? 'pass' : 'MISSED'} |`,
    );
  }
  return lines.join('\n');
}

function describeTap(run: TapRun): string {
  const t = run.timeline;
  const ms = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? `${(value / 1000).toFixed(2)}` : '–');
  return (
    `control ${ms(run.controlShown)} (${run.controlKind}), tap ${ms(run.pressed)} on ${run.tappedKind}, ` +
    `entry script ${ms(t.entryScript?.start)}–${ms(t.entryScript?.end)}, DCL ${ms(t.domContentLoaded)}, ` +
    `hls chunk ${ms(t.hlsChunk?.start)}–${ms(t.hlsChunk?.end)}, attached ${ms(run.attached)}, ` +
    `master ${ms(t.masterPlaylist?.start)}, first fragment ${ms(t.firstFragment?.start)}–${ms(t.firstFragment?.end)}, ` +
    `play event ${ms(run.play)}, frame ${ms(run.frame)} (${run.frameHeight || '?'}p), poster arrived ${ms(t.poster?.end)} painted ${ms(run.poster)}, ` +
    `load ${ms(t.load)}, media before tap ${kb(run.mediaBytesBeforePlay)}` +
    `${run.deadTap ? ' — DEAD TAP' : ''}${run.secondTap ? ' (second tap)' : ''}`
  );
}

async function main(): Promise<void> {
  const only = (process.env.BENCH_PLAYBACK_ONLY ?? 'immediate,moments,level').split(',').map((name) => name.trim());
  const external = process.env.BENCH_PLAYBACK_URL;
  const site = external ? undefined : startSite();
  const base = (external ?? site!.base).replace(/\/+$/, '');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-playback-clip-'));
  let browser: Browser | undefined;
  try {
    let id = process.env.BENCH_PLAYBACK_VIDEO;
    await waitForHealth(base, site?.child, 600_000);
    if (!id) {
      console.info(
        process.env.BENCH_PLAYBACK_SOURCE
          ? `Uploading ${process.env.BENCH_PLAYBACK_SOURCE} and waiting for its renditions…`
          : `Making a ${CLIP_SECONDS} s ${HOLDOUT ? 'portrait 1080×1920 25 fps (holdout)' : '720p 30 fps'} clip, uploading it and waiting for its renditions…`,
      );
      const clip = await makeClip(workDir);
      id = await uploadAndWait(base, await signUp(base), clip);
    }
    console.info(`\nHLS ladder of the video:\n${await describeLadder(base, id)}\n`);
    const rungs = await rungHeights(base, id);
    RUNGS = rungs;
    const url = `${base}/selfieVideos/${encodeURIComponent(id)}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
    const started = new Date().toISOString();

    const moments: Array<number | 'settled'> = [];
    if (only.includes('immediate')) moments.push(0);
    if (only.includes('moments')) moments.push(...MOMENTS, 'settled');
    const byMoment = new Map<string, TapRun[]>();
    // Round-robin over the moments so a burst of load on the machine does not land on one of them.
    for (let round = 0; round < RUNS; round += 1) {
      for (const moment of moments) {
        const label = moment === 'settled' ? 'settled' : `+${moment} ms`;
        for (let attempt = 1; ; attempt += 1) {
          try {
            const run = await tapRun(browser, url, moment, moment === 'settled');
            byMoment.set(label, [...(byMoment.get(label) ?? []), run]);
            console.info(`  tap ${label} run ${round + 1}: tap→frame ${seconds(run.tapToFrame)}; ${describeTap(run)}`);
            break;
          } catch (error) {
            console.warn(`  tap ${label} run ${round + 1} not counted: ${(error as Error).message}`);
            if (attempt >= 2) throw error;
          }
        }
      }
    }
    const levels: LevelRun[] = [];
    if (only.includes('level')) {
      for (const viewport of [CONDITIONS.viewport, { width: 1280, height: 800 }]) {
        for (const deviceScaleFactor of [1, 2]) {
          const run = await levelRun(browser, url, rungs, { viewport, deviceScaleFactor, throttled: false });
          levels.push(run);
          console.info(`  level ${JSON.stringify(run)}`);
        }
      }
    }
    const load = os.loadavg().map((value) => value.toFixed(1)).join(' ');
    console.info(
      `\nbench:playback — ${started} to ${new Date().toISOString()}, ${RUNS} runs per moment, load average ${load} at the end; ` +
        `slow 4G = ${CONDITIONS.viewport.width}×${CONDITIONS.viewport.height} DPR 1, ${CONDITIONS.cpuSlowdown}× CPU, ` +
        `${CONDITIONS.latencyMs} ms RTT, 1.6 Mbit/s down, 750 kbit/s up, cache disabled; rungs ${rungs.map((height) => `${height}p`).join(' ')}\n`,
    );
    if (byMoment.size > 0) console.info(tapTable(byMoment));
    if (levels.length > 0) console.info(`\nLevel cap (until fullscreen):\n\n${levelTable(levels)}`);
    if (process.env.BENCH_PLAYBACK_JSON) {
      fs.writeFileSync(process.env.BENCH_PLAYBACK_JSON, JSON.stringify({ rungs, taps: Object.fromEntries(byMoment), levels }, null, 2));
    }
  } finally {
    await browser?.close();
    fs.rmSync(workDir, { recursive: true, force: true });
    if (site) {
      site.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      fs.rmSync(site.dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
