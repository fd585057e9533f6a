import { chromium } from 'playwright-core';
import { CONDITIONS, findIds, routesFor, signIn, startServer, waitForHealth } from './bench-web';
async function main() {
  const server = process.env.BENCH_WEB_URL ? undefined : startServer();
  const base = process.env.BENCH_WEB_URL ?? server!.base;
  try {
    await waitForHealth(base, server?.child, 300_000);
    const user = await signIn(base);
    const { videoId } = await findIds(base);
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    const list = (await (await fetch(`${base}/v0/api/videos/selfieVideos?page=1&perPage=18`)).json()) as { videos: Array<{ _id: string }> };
    const paths = process.env.PROBE_PATHS ? process.env.PROBE_PATHS.split(',') : list.videos.map((v) => `/selfieVideos/${v._id}`);
    for (const signed of [false, true]) for (const p of paths) {
      const context = await browser.newContext({ viewport: CONDITIONS.viewport, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale: 'en-US', timezoneId: process.env.PROBE_TZ ?? 'UTC' });
      if (signed) {
        await context.addCookies([{ ...user.cookie, url: base }]);
        await context.addInitScript((s) => localStorage.setItem('persist:user', s), user.persistedAuth);
      }
      const page = await context.newPage();
      await page.addInitScript(`window.__shifts=[];new PerformanceObserver(l=>l.getEntries().forEach(e=>{window.__shifts.push({t:Math.round(e.startTime),v:e.value.toFixed(4),s:(e.sources||[]).map(s=>{const n=s.node;return (n&&n.nodeType===1?n.tagName+'.'+n.className:String(n&&n.nodeName))+' '+JSON.stringify(s.previousRect)+'->'+JSON.stringify(s.currentRect)})})})).observe({type:'layout-shift',buffered:true});`);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200000, uploadThroughput: 93750 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(base + p.replace('VIDEO', videoId).replace('ME', user.userId));
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(1500);
      console.log(signed ? 'SIGNED' : 'VISITOR', p, JSON.stringify(await page.evaluate('window.__shifts'), null, 1));
      await context.close();
    }
    await browser.close();
  } finally { if (server) server.child.kill('SIGTERM'); }
}
void main();
