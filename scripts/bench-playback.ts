/**
 * `npm run bench:playback`: how fast a video starts and seeks on the video page, in Debian's
 * Chromium, as a visitor on a mid-range phone on slow 4G would see it (docs/playback.md).
 *
 * It starts the built site itself (as `npm start` does, building the SPA when its sources changed)
 * on BENCH_PLAYBACK_PORT with a throwaway DATA_DIR, signs up, uploads its own 40 s 1080p clip
 * made with ffmpeg (testsrc2 — moving pattern — plus a sine tone), waits until it is ready and
 * prints its HLS ladder. Then, per condition and run, in a fresh browser context (HTTP cache off):
 *
 * - first frame from navigation: navigation start → the first picture in the `<video>` box, the
 *   earlier of its poster painting (a Largest Contentful Paint entry on the video) and its first
 *   decoded frame (`loadeddata`);
 * - media bytes before play: bytes of /media/ responses (playlists, segments, MP4) received until
 *   play is pressed, the page settled (network idle, or 3 s);
 * - first frame from play: the press (a button labelled "play", else a click on the video, else
 *   video.play()) → the first frame presented (requestVideoFrameCallback) once playing;
 * - start level: the height of that first frame (the rendition playing);
 * - rebuffers over 30 s: `waiting` events while playing for 30 s (or to the end);
 * - seek to playing: in a second load, right after the first frame, a seek to 2/3 of the video
 *   → the first frame presented after `seeked` while playing.
 *
 * Keyed off the `<video>` element and generic DOM only, so it measures whatever player the page has.
 *
 *   BENCH_PLAYBACK_RUNS (default 5)   BENCH_PLAYBACK_PORT (default 4205)
 *   BENCH_PLAYBACK_CONDITIONS=slow4g,fast (default both)   CHROMIUM_PATH (default /usr/bin/chromium)
 *   BENCH_PLAYBACK_URL + BENCH_PLAYBACK_VIDEO: measure that server's video instead (nothing started)
 *   BENCH_PLAYBACK_SOURCE=file   upload that video instead of the generated clip (a holdout)
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
const CLIP_SECONDS = 40;
const WATCH_MS = 30_000;
const PASSWORD = 'bench playback password';

interface Condition {
  name: string;
  cpuSlowdown: number;
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}

const ALL_CONDITIONS: Condition[] = [
  {
    name: 'slow4g',
    cpuSlowdown: CONDITIONS.cpuSlowdown,
    network: { latency: CONDITIONS.latencyMs, downloadThroughput: CONDITIONS.downloadBytesPerSecond, uploadThroughput: CONDITIONS.uploadBytesPerSecond },
  },
  { name: 'fast', cpuSlowdown: 1 },
];

interface RunFigures {
  firstFrameFromNavigation: number;
  firstFrameFromPlay: number;
  seekToPlaying: number;
  mediaBytesBeforePlay: number;
  startHeight: number;
  rebuffers: number;
  playedBy: string;
}

/** Resolves with performance.now() of the next frame presented while playing (rVFC, else 'playing' + rAF). */
const NEXT_FRAME = `
  (video) => new Promise((resolve) => {
    if (typeof video.requestVideoFrameCallback === 'function') {
      const tick = (now, meta) => {
        if (!video.paused && !video.seeking) resolve({ at: now, height: meta.height || video.videoHeight });
        else video.requestVideoFrameCallback(tick);
      };
      video.requestVideoFrameCallback(tick);
    } else {
      const done = () => requestAnimationFrame((now) => resolve({ at: now, height: video.videoHeight }));
      if (!video.paused && video.readyState >= 3) done(); else video.addEventListener('playing', done, { once: true });
    }
  })
`;

/**
 * In every page from its first moment: times (ms since navigation start) of the video box's
 * first picture, and the video element's playback events.
 */
const PROBE_SCRIPT = `
(() => {
  const probe = { poster: 0, loadeddata: 0, waiting: 0, playing: 0, pressed: 0 };
  window.__playback = probe;
  // The press itself, as the page sees it (the automation's own checks before it do not count).
  for (const type of ['pointerdown', 'click']) {
    addEventListener(type, () => { if (!probe.pressed) probe.pressed = performance.now(); }, { capture: true });
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.element && e.element.tagName === 'VIDEO' && !probe.poster) probe.poster = e.renderTime || e.loadTime || e.startTime;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {}
  const watch = (video) => {
    if (video.__watched) return;
    video.__watched = true;
    video.addEventListener('loadeddata', () => { if (!probe.loadeddata) probe.loadeddata = performance.now(); });
    video.addEventListener('waiting', () => { probe.waiting += 1; });
    video.addEventListener('playing', () => { probe.playing += 1; });
    if (video.readyState >= 2 && !probe.loadeddata) probe.loadeddata = performance.now();
  };
  new MutationObserver(() => document.querySelectorAll('video').forEach(watch)).observe(document, { childList: true, subtree: true });
  window.__nextFrame = ${NEXT_FRAME};
  window.__seekToPlaying = (video) => new Promise((resolve) => {
    const started = performance.now();
    video.addEventListener('seeked', () => window.__nextFrame(video).then((frame) => resolve(frame.at - started)), { once: true });
    video.currentTime = (video.duration * 2) / 3;
  });
})();
`;

interface ProbeWindow {
  __nextFrame(video: HTMLVideoElement): Promise<{ at: number; height: number }>;
  __seekToPlaying(video: HTMLVideoElement): Promise<number>;
}


async function newPage(browser: Browser, condition: Condition): Promise<{ page: Page; mediaBytes: () => number; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: CONDITIONS.viewport,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  const page = await context.newPage();
  await page.addInitScript(PROBE_SCRIPT);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (condition.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...condition.network });
  if (condition.cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: condition.cpuSlowdown });
  const media = new Set<string>();
  let bytes = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (new URL(event.request.url).pathname.startsWith('/media/')) media.add(event.requestId);
  });
  // Bytes as they arrive (a segment still loading when play is pressed counts what came so far).
  cdp.on('Network.dataReceived', (event) => {
    if (media.has(event.requestId)) bytes += event.encodedDataLength;
  });
  return { page, mediaBytes: () => bytes, close: () => context.close() };
}

/** Loads the page, waits for it to settle, presses play; figures up to the first frame. */
async function loadAndPlay(page: Page, url: string, mediaBytes: () => number) {
  const response = await page.goto(url, { waitUntil: 'load', timeout: 90_000 });
  if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
  const video = page.locator('video').first();
  await video.waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
  const settled = (await page.evaluate('window.__playback')) as { poster: number; loadeddata: number };
  const candidates = [settled.poster, settled.loadeddata].filter((value) => value > 0);
  const firstFrameFromNavigation = candidates.length > 0 ? Math.min(...candidates) : Number.NaN;
  const mediaBytesBeforePlay = mediaBytes();

  const handle = await video.elementHandle();
  if (!handle) throw new Error('no video element');
  // Press: a labelled play button, else the video itself; timed from the press's pointerdown.
  await page.evaluate('window.__playback.pressed = 0');
  // Listening before the press (evaluations run in order).
  const framePromise = handle.evaluate((element) => (window as unknown as ProbeWindow).__nextFrame(element as HTMLVideoElement));
  const button = page.getByRole('button', { name: /^play\b|播放/i }).first();
  let playedBy = 'button';
  if (await button.isVisible().catch(() => false)) {
    await button.click({ timeout: 5000 });
  } else {
    playedBy = 'video click';
    await video.click({ timeout: 5000 });
    await page.waitForTimeout(300);
    if ((await handle.evaluate((element) => (element as HTMLVideoElement).paused)) === true) {
      playedBy = 'video.play()';
      await handle.evaluate((element) => {
        (window as unknown as { __playback: { pressed: number } }).__playback.pressed = performance.now();
        return (element as HTMLVideoElement).play().catch(() => undefined);
      });
    }
  }
  const first = await withTimeout(framePromise, 60_000, 'no frame after play');
  const { pressed } = (await page.evaluate('window.__playback')) as { pressed: number };
  return { handle, firstFrameFromNavigation, mediaBytesBeforePlay, firstFrameFromPlay: first.at - pressed, startHeight: first.height, playedBy };
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

async function measure(browser: Browser, url: string, condition: Condition): Promise<RunFigures> {
  // Load 1: start, then watch 30 s counting rebuffers.
  const first = await newPage(browser, condition);
  let start: Awaited<ReturnType<typeof loadAndPlay>>;
  let rebuffers: number;
  try {
    start = await loadAndPlay(first.page, url, first.mediaBytes);
    const before = ((await first.page.evaluate('window.__playback')) as { waiting: number }).waiting;
    await start.handle.evaluate(
      (video, ms) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          (video as HTMLVideoElement).addEventListener('ended', () => {
            clearTimeout(timer);
            resolve();
          });
        }),
      WATCH_MS,
    );
    rebuffers = ((await first.page.evaluate('window.__playback')) as { waiting: number }).waiting - before;
  } finally {
    await first.close();
  }

  // Load 2: start, then seek to 2/3 at once.
  const second = await newPage(browser, condition);
  let seekToPlaying: number;
  try {
    const { handle } = await loadAndPlay(second.page, url, second.mediaBytes);
    seekToPlaying = await withTimeout(
      handle.evaluate((element) => (window as unknown as ProbeWindow).__seekToPlaying(element as HTMLVideoElement)),
      60_000,
      'no frame after the seek',
    );
  } finally {
    await second.close();
  }
  return {
    firstFrameFromNavigation: start.firstFrameFromNavigation,
    firstFrameFromPlay: start.firstFrameFromPlay,
    seekToPlaying,
    mediaBytesBeforePlay: start.mediaBytesBeforePlay,
    startHeight: start.startHeight,
    rebuffers,
    playedBy: start.playedBy,
  };
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
      '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=1920x1080:r=30:d=${CLIP_SECONDS}`,
      '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${CLIP_SECONDS}`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', video,
    ],
    { timeoutMs: 20 * 60_000 },
  );
  await runFfmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:d=1', '-frames:v', '1', thumbnail], { timeoutMs: 60_000 });
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

// ---- report ----

const p90 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.9 * sorted.length) - 1)]!;
};

function table(results: Array<{ condition: string; runs: RunFigures[] }>): string {
  const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a');
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const metrics: Array<[string, (run: RunFigures) => number, (value: number) => string]> = [
    ['first frame from navigation', (run) => run.firstFrameFromNavigation, seconds],
    ['first frame from play', (run) => run.firstFrameFromPlay, seconds],
    ['seek (2/3) to playing', (run) => run.seekToPlaying, seconds],
    ['media bytes before play', (run) => run.mediaBytesBeforePlay, kb],
    ['start level (height)', (run) => run.startHeight, (value) => `${value}p`],
    ['rebuffers over 30 s', (run) => run.rebuffers, (value) => String(value)],
  ];
  const lines = ['| condition | metric | median | p90 |', '|---|---|---|---|'];
  for (const { condition, runs } of results) {
    for (const [name, pick, format] of metrics) {
      const values = runs.map(pick).filter((value) => Number.isFinite(value));
      lines.push(`| ${condition} | ${name} | ${values.length ? format(median(values)) : 'n/a'} | ${values.length ? format(p90(values)) : 'n/a'} |`);
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const wanted = (process.env.BENCH_PLAYBACK_CONDITIONS ?? 'slow4g,fast').split(',').map((name) => name.trim());
  const conditions = ALL_CONDITIONS.filter((condition) => wanted.includes(condition.name));
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
          : `Making a ${CLIP_SECONDS} s 1080p clip, uploading it and waiting for its renditions…`,
      );
      const clip = await makeClip(workDir);
      id = await uploadAndWait(base, await signUp(base), clip);
    }
    console.info(`\nHLS ladder of the video:\n${await describeLadder(base, id)}\n`);
    const url = `${base}/selfieVideos/${encodeURIComponent(id)}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--autoplay-policy=no-user-gesture-required'],
    });
    const results: Array<{ condition: string; runs: RunFigures[] }> = [];
    for (const condition of conditions) {
      const runs: RunFigures[] = [];
      for (let failures = 0; runs.length < RUNS; ) {
        try {
          const run = await measure(browser, url, condition);
          runs.push(run);
          console.info(`  ${condition.name} run ${runs.length}: ${JSON.stringify(run)}`);
        } catch (error) {
          failures += 1;
          console.warn(`  ${condition.name} run not counted: ${(error as Error).message}`);
          if (failures > RUNS) throw error;
        }
      }
      results.push({ condition: condition.name, runs });
    }
    console.info(
      `\nbench:playback — ${RUNS} runs per condition; slow4g = ${CONDITIONS.viewport.width}×${CONDITIONS.viewport.height}, ` +
        `${CONDITIONS.cpuSlowdown}× CPU, ${CONDITIONS.latencyMs} ms RTT, 1.6 Mbit/s down; fast = same viewport, no throttling; cache disabled\n`,
    );
    console.info(table(results));
    const slow = results.find((result) => result.condition === 'slow4g');
    if (slow) {
      const m = (pick: (run: RunFigures) => number) => median(slow.runs.map(pick).filter((value) => Number.isFinite(value)));
      const missed = [
        m((run) => run.firstFrameFromNavigation) > 2000 && 'first frame from navigation over 2.0 s',
        m((run) => run.firstFrameFromPlay) > 500 && 'first frame from play over 0.5 s',
        m((run) => run.seekToPlaying) > 1000 && 'seek to playing over 1.0 s',
        m((run) => run.mediaBytesBeforePlay) > 100 * 1024 && 'over 100 KB of media before play',
      ].filter(Boolean);
      console.info(missed.length === 0 ? '\nslow4g: all targets met (medians)' : `\nslow4g missed (medians): ${missed.join('; ')}`);
    }
    if (process.env.BENCH_PLAYBACK_JSON) fs.writeFileSync(process.env.BENCH_PLAYBACK_JSON, JSON.stringify(results, null, 2));
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
