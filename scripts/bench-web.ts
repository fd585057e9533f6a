/**
 * `npm run bench:web`: loads every route in Debian's Chromium as a visitor, and again as a
 * signed-in user, on a mid-range phone on slow 4G, and prints LCP, FCP, CLS, bytes on the wire
 * (all and JavaScript) and request count — the median of several runs per route.
 *
 * Signed in: the bench signs a demo user in through the API (the seeded alice@demo.example, or
 * BENCH_WEB_EMAIL / BENCH_WEB_PASSWORD), puts the session cookie into each browser context and
 * the auth slice into localStorage as the SPA saves it after a sign-in (redux-persist's
 * "persist:user"), so the browser starts as that user, as a returning user's would.
 *
 * Conditions (Chrome DevTools Protocol, per fresh browser context): 412×915 viewport, 4× CPU
 * slowdown, 150 ms round trip, 1.6 Mbit/s down and 750 kbit/s up, HTTP cache disabled.
 *
 * Without BENCH_WEB_URL it starts the site itself as `npm start` does (building the SPA when its
 * sources changed) on BENCH_WEB_PORT with a temporary DATA_DIR seeded by `npm run seed:demo`.
 * With BENCH_WEB_URL it measures that server (which needs at least one public self-shot video).
 *
 *   BENCH_WEB_RUNS (default 5)   CHROMIUM_PATH (default /usr/bin/chromium)
 *   BENCH_WEB_JSON=file          also writes the figures as JSON
 *   BENCH_WEB_ONLY=text          only the routes whose path or name contains it
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import Database from 'better-sqlite3';
import { chromium, type Browser } from 'playwright-core';

const ROOT = path.resolve(__dirname, '..');
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 5));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_WEB_PORT ?? 4450);

/** The conditions of the issue: a mid-range phone on slow 4G. */
export const CONDITIONS = {
  viewport: { width: 412, height: 915 },
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: 1_600_000 / 8,
  uploadBytesPerSecond: 750_000 / 8,
} as const;

interface RunFigures {
  lcp: number;
  fcp: number;
  cls: number;
  bytes: number;
  jsBytes: number;
  requests: number;
}

interface RouteResult extends RunFigures {
  name: string;
  path: string;
  signedIn: boolean;
  runs: RunFigures[];
}

/** A signed-in browser: the session cookie and the SPA's persisted auth slice. */
export interface SignedIn {
  userId: string;
  cookie: { name: string; value: string };
  /** localStorage "persist:user", as redux-persist writes it after a sign-in. */
  persistedAuth: string;
}

export const DEMO_EMAIL = process.env.BENCH_WEB_EMAIL ?? 'alice@demo.example';
const DEMO_PASSWORD = process.env.BENCH_WEB_PASSWORD ?? 'demo-password';

/** Signs the demo user in through the API, as the login page does. */
export async function signIn(base: string, email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<SignedIn> {
  const response = await fetch(`${base}/v0/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { user?: { _id: string } };
  const setCookie = response.headers.getSetCookie().find((line) => line.startsWith('sid='));
  if (!response.ok || !body.user || !setCookie) throw new Error(`signing in as ${email} failed (${response.status})`);
  const value = setCookie.slice('sid='.length).split(';')[0] ?? '';
  const persistedAuth = JSON.stringify({
    isLoggedIn: 'true',
    user: JSON.stringify(body.user),
    _persist: JSON.stringify({ version: 1, rehydrated: true }),
  });
  return { userId: body.user._id, cookie: { name: 'sid', value }, persistedAuth };
}

/** Collects paint, LCP and layout-shift entries from the first moment of the page. */
const OBSERVER_SCRIPT = `
(() => {
  const bench = { lcp: 0, fcp: 0, cls: 0 };
  window.__bench = bench;
  const observe = (type, onEntry) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true }); } catch {}
  };
  observe('largest-contentful-paint', (e) => { bench.lcp = e.renderTime || e.loadTime || e.startTime; });
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') bench.fcp = e.startTime; });
  observe('layout-shift', (e) => { if (!e.hadRecentInput) bench.cls += e.value; });
})();
`;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function measure(browser: Browser, url: string, signedIn?: SignedIn): Promise<RunFigures> {
  const context = await browser.newContext({
    viewport: CONDITIONS.viewport,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  try {
    if (signedIn) {
      await context.addCookies([{ ...signedIn.cookie, url: new URL(url).origin }]);
      await context.addInitScript((persisted) => window.localStorage.setItem('persist:user', persisted), signedIn.persistedAuth);
    }
    const page = await context.newPage();
    await page.addInitScript(OBSERVER_SCRIPT);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: CONDITIONS.latencyMs,
      downloadThroughput: CONDITIONS.downloadBytesPerSecond,
      uploadThroughput: CONDITIONS.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CONDITIONS.cpuSlowdown });

    const types = new Map<string, string>();
    let bytes = 0;
    let jsBytes = 0;
    let requests = 0;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!event.request.url.startsWith('data:')) types.set(event.requestId, event.type ?? 'Other');
    });
    cdp.on('Network.loadingFinished', (event) => {
      const type = types.get(event.requestId);
      if (type === undefined) return;
      requests += 1;
      bytes += event.encodedDataLength;
      if (type === 'Script') jsBytes += event.encodedDataLength;
    });

    const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // A busy server's page (503) or an error would be fast for the wrong reason: not a figure.
    if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    await page.waitForTimeout(1000);
    if ((await page.locator('main h1').count()) === 0) throw new Error(`${url} rendered no page heading`);
    const figures = (await page.evaluate('window.__bench')) as { lcp: number; fcp: number; cls: number };
    return { ...figures, bytes, jsBytes, requests };
  } finally {
    await context.close();
  }
}

export async function waitForHealth(base: string, child: ChildProcess | undefined, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no answer from ${base}/health`);
}

/** A catalogue movie and a public self-shot video; seeded videos appear once their renditions are made. */
export async function findIds(base: string, timeoutMs = 600_000): Promise<{ movieId: string; videoId: string }> {
  const search = (await (await fetch(`${base}/catalogue/api/v2/video/search/?per_page=1&page=1&format=json`)).json()) as {
    videos: Array<{ id: string }>;
  };
  const movieId = search.videos[0]?.id;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = (await (await fetch(`${base}/v0/api/videos/selfieVideos?page=1&perPage=18`)).json()) as {
      videos?: Array<{ _id: string }>;
    };
    const videoId = list.videos?.[0]?._id;
    if (movieId && videoId) return { movieId, videoId };
    if (Date.now() > deadline) throw new Error('the server has no catalogue video or no public self-shot video to measure');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/**
 * Waits until the seeded demo videos are all processed: their transcoding (ffmpeg on both cores)
 * would otherwise run during the first measurements and inflate them.
 */
export async function waitForProcessing(dataDir: string, timeoutMs = 900_000): Promise<void> {
  const database = new Database(path.join(dataDir, 'app.db'), { readonly: true, fileMustExist: true });
  try {
    const busy = database.prepare<[], { n: number }>("select count(*) as n from videos where status = 'processing'");
    const deadline = Date.now() + timeoutMs;
    while ((busy.get()?.n ?? 0) > 0) {
      if (Date.now() > deadline) throw new Error('the demo videos are still processing');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    database.close();
  }
}

export function startServer(): { base: string; child: ChildProcess; dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const base = `http://localhost:${PORT}`;
  const env = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const seeded = spawnSync(tsx, ['scripts/seed-demo.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (seeded.status !== 0) throw new Error('seeding the demo data failed');
  const child = spawn(tsx, ['scripts/start.ts'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  return { base, child, dataDir };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export interface Route {
  name: string;
  path: string;
  /** Measured as the signed-in user; otherwise as a visitor. */
  signedIn: boolean;
}

/**
 * The routes of the issue, for a visitor and for the signed-in user: the catalogue, a movie, the
 * self-shot list, a video, a profile (someone else's; and the user's own), upload, edit video and
 * edit profile (the user's own), sign-in.
 */
export async function routesFor(base: string, user: SignedIn): Promise<Route[]> {
  const { movieId, videoId } = await findIds(base);
  const own = (await (await fetch(`${base}/v0/api/users/${user.userId}`)).json()) as { videos?: Array<{ _id: string; user: string }> };
  const list = (await (await fetch(`${base}/v0/api/videos/selfieVideos?page=1&perPage=18`)).json()) as {
    videos?: Array<{ _id: string; user: string }>;
  };
  const ownVideoId = own.videos?.[0]?._id ?? videoId;
  const otherUserId = list.videos?.find((video) => video.user !== user.userId)?.user ?? user.userId;
  const shared = [
    { name: '/', path: '/' },
    { name: '/movie/:id', path: `/movie/${encodeURIComponent(movieId)}` },
    { name: '/selfieVideos', path: '/selfieVideos' },
    { name: '/selfieVideos/:id', path: `/selfieVideos/${encodeURIComponent(videoId)}` },
    { name: '/profile/:id (other)', path: `/profile/${otherUserId}` },
    { name: '/upload-movie', path: '/upload-movie' },
    { name: '/selfieVideos/edit/:id', path: `/selfieVideos/edit/${ownVideoId}` },
    { name: '/profile/edit/:id', path: `/profile/edit/${user.userId}` },
    { name: '/login', path: '/login' },
  ];
  return [
    ...shared.map((route) => ({ ...route, signedIn: false })),
    ...shared.map((route) => ({ ...route, signedIn: true })),
    { name: '/profile/:id (own)', path: `/profile/${user.userId}`, signedIn: true },
  ];
}

export function formatTable(results: RouteResult[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.signedIn ? 'signed in' : 'visitor'} | ${r.name} | ${seconds(r.lcp)} | ${seconds(r.fcp)} | ${r.cls.toFixed(3)} | ${kb(r.bytes)} | ${kb(r.jsBytes)} | ${r.requests} |`,
  );
  return ['| who | route | LCP | FCP | CLS | bytes | JS bytes | requests |', '|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}

async function main(): Promise<void> {
  const server = process.env.BENCH_WEB_URL ? undefined : startServer();
  const base = (process.env.BENCH_WEB_URL ?? server!.base).replace(/\/+$/, '');
  let browser: Browser | undefined;
  try {
    await waitForHealth(base, server?.child, 300_000);
    if (server) await waitForProcessing(server.dataDir);
    const user = await signIn(base);
    const only = process.env.BENCH_WEB_ONLY;
    const routes = (await routesFor(base, user)).filter((route) => !only || route.path.includes(only) || route.name.includes(only));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
    // One unmeasured load warms the server (JIT, first reads) so the first run is not an outlier.
    await measure(browser, `${base}/`);
    const results: RouteResult[] = [];
    for (const route of routes) {
      const runs: RunFigures[] = [];
      for (let failures = 0; runs.length < RUNS; ) {
        try {
          runs.push(await measure(browser, base + route.path, route.signedIn ? user : undefined));
        } catch (error) {
          failures += 1;
          console.warn(`  run not counted: ${(error as Error).message}`);
          if (failures > RUNS) throw error;
        }
      }
      const pick = (key: keyof RunFigures) => median(runs.map((r) => r[key]));
      results.push({
        name: route.name,
        path: route.path,
        signedIn: route.signedIn,
        runs,
        lcp: pick('lcp'),
        fcp: pick('fcp'),
        cls: pick('cls'),
        bytes: pick('bytes'),
        jsBytes: pick('jsBytes'),
        requests: pick('requests'),
      });
      console.info(`  measured ${route.path}${route.signedIn ? ' signed in' : ''} (${RUNS} runs)`);
    }
    console.info(
      `\nbench:web — median of ${RUNS} runs; ${CONDITIONS.viewport.width}×${CONDITIONS.viewport.height}, ` +
        `${CONDITIONS.cpuSlowdown}× CPU, ${CONDITIONS.latencyMs} ms RTT, 1.6 Mbit/s down, 750 kbit/s up, cache disabled\n`,
    );
    console.info(formatTable(results));
    const targets = [
      ...results.filter((r) => r.lcp > 1000).map((r) => `LCP of ${r.name}${r.signedIn ? ' signed in' : ''} is over 1.0 s`),
      ...results.filter((r) => r.cls >= 0.01).map((r) => `CLS of ${r.name}${r.signedIn ? ' signed in' : ''} is 0.01 or more`),
      ...results.filter((r) => r.name === '/' && r.jsBytes > 150 * 1024).map(() => 'JavaScript for / is over 150 KB'),
    ];
    console.info(targets.length === 0 ? '\nall targets met' : `\nmissed: ${targets.join('; ')}`);
    if (process.env.BENCH_WEB_JSON) fs.writeFileSync(process.env.BENCH_WEB_JSON, JSON.stringify(results, null, 2));
  } finally {
    await browser?.close();
    if (server) {
      server.child.kill('SIGTERM');
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
}

// Only when run, not when bench-playback.ts imports the helpers above.
if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
