/**
 * `npx tsx scripts/probe-first-paint.ts`: what a page's first paint waits for, on bench:web's phone
 * (412×915, 4× CPU, 150 ms RTT, 1.6 Mbit/s down, cache off): every request with when it was sent
 * and finished (from the navigation's start) and its priority, then FCP, LCP and the LCP element
 * (tag, id/class, image URL, when its image finished loading). One load per run.
 *
 * PROBE_PATH (VIDEO stands for a public self-shot video's id, MOVIE for a catalogue movie's, ME for
 * the signed-in user's id), PROBE_SIGNED_IN=1, PROBE_RUNS (default 1). Uses BENCH_WEB_URL or
 * starts the site.
 */
import { chromium } from 'playwright-core';

import { CONDITIONS, findIds, signIn, startServer, waitForHealth } from './bench-web';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface RequestRow {
  url: string;
  type: string;
  priority: string;
  sent: number;
  finished?: number;
  bytes?: number;
}

const LCP_PROBE = `
(() => {
  const probe = { lcp: [], fcp: 0 };
  window.__probe = probe;
  new PerformanceObserver((list) => list.getEntries().forEach((e) => {
    const el = e.element;
    const name = el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') : '(gone)';
    probe.lcp.push({ at: e.renderTime || e.loadTime || e.startTime, loadTime: e.loadTime, size: e.size, name, url: e.url, text: el && !e.url ? (el.textContent || '').slice(0, 40) : '' });
  })).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => list.getEntries().forEach((e) => { if (e.name === 'first-contentful-paint') probe.fcp = e.startTime; })).observe({ type: 'paint', buffered: true });
})();
`;

const short = (url: string, base: string) => (url.startsWith(base) ? url.slice(base.length) : url).slice(0, 90);

async function main(): Promise<void> {
  const server = process.env.BENCH_WEB_URL ? undefined : startServer();
  const base = (process.env.BENCH_WEB_URL ?? server!.base).replace(/\/+$/, '');
  try {
    await waitForHealth(base, server?.child, 300_000);
    const { videoId, movieId } = await findIds(base);
    const user = process.env.PROBE_SIGNED_IN ? await signIn(base) : undefined;
    const target = (process.env.PROBE_PATH ?? '/selfieVideos/VIDEO')
      .replace('VIDEO', videoId)
      .replace('MOVIE', encodeURIComponent(movieId))
      .replace('ME', user?.userId ?? 'ME');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
    try {
      for (let run = 0; run < Number(process.env.PROBE_RUNS ?? 1); run += 1) {
        const context = await browser.newContext({ viewport: CONDITIONS.viewport, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale: 'en-US' });
        if (user) {
          await context.addCookies([{ ...user.cookie, url: base }]);
          await context.addInitScript((persisted) => window.localStorage.setItem('persist:user', persisted), user.persistedAuth);
        }
        const page = await context.newPage();
        await page.addInitScript(LCP_PROBE);
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
        const rows = new Map<string, RequestRow>();
        let start: number | undefined;
        cdp.on('Network.requestWillBeSent', (event) => {
          if (event.request.url.startsWith('data:')) return;
          if (start === undefined && event.type === 'Document') start = event.timestamp;
          rows.set(event.requestId, {
            url: event.request.url,
            type: event.type ?? 'Other',
            priority: event.request.initialPriority,
            sent: event.timestamp,
          });
        });
        cdp.on('Network.loadingFinished', (event) => {
          const row = rows.get(event.requestId);
          if (row) Object.assign(row, { finished: event.timestamp, bytes: event.encodedDataLength });
        });
        await page.goto(base + target, { waitUntil: 'load', timeout: 60_000 });
        await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
        await page.waitForTimeout(1000);
        const probe = (await page.evaluate('window.__probe')) as {
          fcp: number;
          lcp: Array<{ at: number; loadTime: number; size: number; name: string; url: string; text: string }>;
        };
        const t0 = start ?? 0;
        const s = (t: number | undefined) => (t === undefined ? '   -  ' : `${(t - t0).toFixed(2)} s`);
        console.info(`\n${target}${user ? ' signed in' : ''} — run ${run + 1}`);
        for (const row of [...rows.values()].sort((a, b) => a.sent - b.sent)) {
          console.info(
            `  ${s(row.sent)} → ${s(row.finished)}  ${row.type.padEnd(10)} ${row.priority.padEnd(8)} ${((row.bytes ?? 0) / 1024).toFixed(1).padStart(6)} KB  ${short(row.url, base)}`,
          );
        }
        console.info(`  FCP ${(probe.fcp / 1000).toFixed(2)} s`);
        for (const entry of probe.lcp) {
          console.info(
            `  LCP candidate ${(entry.at / 1000).toFixed(2)} s (image loaded ${(entry.loadTime / 1000).toFixed(2)} s) size ${entry.size} ${entry.name} ${entry.url ? short(entry.url, base) : JSON.stringify(entry.text)}`,
          );
        }
        await context.close();
      }
    } finally {
      await browser.close();
    }
  } finally {
    if (server) server.child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
