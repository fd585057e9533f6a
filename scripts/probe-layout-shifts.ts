/**
 * `npx tsx scripts/probe-layout-shifts.ts`: every layout shift of the public self-shot video pages
 * (or PROBE_PATHS, comma-separated; VIDEO and ME stand for a video's and the signed-in user's id),
 * as a visitor and signed in, with each shift's sources (element, previous and current rect), on
 * bench:web's phone over slow 4G. PROBE_TZ sets the browser's time zone (dates re-render in it
 * after hydration). Starts the site like bench:web (BENCH_WEB_PORT) or uses BENCH_WEB_URL.
 */
import fs from 'node:fs';

import { chromium } from 'playwright-core';

import { CONDITIONS, findIds, signIn, startServer, waitForHealth } from './bench-web';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Records every layout shift with its sources from the first moment of the page. */
const SHIFT_RECORDER = `
window.__shifts = [];
new PerformanceObserver((list) => list.getEntries().forEach((entry) => {
  window.__shifts.push({
    at: Math.round(entry.startTime),
    value: entry.value.toFixed(4),
    sources: (entry.sources || []).map((source) => {
      const node = source.node;
      const name = node && node.nodeType === 1 ? node.tagName + '.' + node.className : String(node && node.nodeName);
      return name + ' ' + JSON.stringify(source.previousRect) + ' -> ' + JSON.stringify(source.currentRect);
    }),
  });
})).observe({ type: 'layout-shift', buffered: true });
`;

async function main(): Promise<void> {
  const server = process.env.BENCH_WEB_URL ? undefined : startServer();
  const base = (process.env.BENCH_WEB_URL ?? server!.base).replace(/\/+$/, '');
  try {
    await waitForHealth(base, server?.child, 300_000);
    const user = await signIn(base);
    const { videoId } = await findIds(base);
    const list = (await (await fetch(`${base}/v0/api/videos/selfieVideos?page=1&perPage=18`)).json()) as {
      videos: Array<{ _id: string }>;
    };
    const paths = process.env.PROBE_PATHS
      ? process.env.PROBE_PATHS.split(',').map((p) => p.replace('VIDEO', videoId).replace('ME', user.userId))
      : list.videos.map((video) => `/selfieVideos/${video._id}`);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      for (const signedIn of [false, true]) {
        for (const pagePath of paths) {
          const context = await browser.newContext({
            viewport: CONDITIONS.viewport,
            deviceScaleFactor: 1,
            isMobile: true,
            hasTouch: true,
            locale: 'en-US',
            timezoneId: process.env.PROBE_TZ ?? 'UTC',
          });
          if (signedIn) {
            await context.addCookies([{ ...user.cookie, url: base }]);
            await context.addInitScript((saved) => window.localStorage.setItem('persist:user', saved), user.persistedAuth);
          }
          const page = await context.newPage();
          await page.addInitScript(SHIFT_RECORDER);
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: CONDITIONS.latencyMs,
            downloadThroughput: CONDITIONS.downloadBytesPerSecond,
            uploadThroughput: CONDITIONS.uploadBytesPerSecond,
          });
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: CONDITIONS.cpuSlowdown });
          await page.goto(base + pagePath);
          await page.waitForLoadState('networkidle').catch(() => undefined);
          await page.waitForTimeout(1500);
          const shifts = await page.evaluate('window.__shifts');
          console.info(`${signedIn ? 'signed in' : 'visitor'} ${pagePath}: ${JSON.stringify(shifts, null, 1)}`);
          await context.close();
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
