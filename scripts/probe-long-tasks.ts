/**
 * `npx tsx scripts/probe-long-tasks.ts`: the main-thread long tasks (> 50 ms) of a page load on
 * bench:web's phone (4× CPU), each with the original source files (through the source maps) that
 * spent most of its time, from a Chromium trace. PROBE_PATH (VIDEO stands for a public self-shot
 * video's id), PROBE_SIGNED_IN=1, PROBE_RUNS (default 3). Uses BENCH_WEB_URL or starts the site.
 */
import fs from 'node:fs';
import path from 'node:path';

import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map';

import { CONDITIONS, findIds, signIn, startServer, waitForHealth } from './bench-web';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DIST = path.join(__dirname, '..', 'dist');

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  id?: string;
  args?: { data?: { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const consumers = new Map<string, SourceMapConsumer | null>();
async function originalSource(url: string, line: number, column: number, withName = false): Promise<string> {
  const match = /\/assets\/([^?#]+\.js)/.exec(url);
  if (!match) return url ? (url.includes('/selfieVideos') || url.includes('/profile') ? '(page html)' : url) : '(native)';
  const file = path.join(DIST, 'assets', match[1]!);
  if (!consumers.has(file)) {
    consumers.set(file, fs.existsSync(`${file}.map`) ? await new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))) : null);
  }
  const consumer = consumers.get(file);
  if (!consumer) return match[1]!;
  const position = consumer.originalPositionFor({ line: line + 1, column });
  const source = (position.source ?? match[1]!).replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  if (withName) return `${source.replace(/.*node_modules\//, '')}:${position.line ?? 0} ${position.name ?? ''}`;
  return source.replace(/node_modules\/((?:@[^/]+\/)?[^/]+)\/.*/, 'npm:$1');
}

async function main(): Promise<void> {
  const server = process.env.BENCH_WEB_URL ? undefined : startServer();
  const base = (process.env.BENCH_WEB_URL ?? server!.base).replace(/\/+$/, '');
  try {
    await waitForHealth(base, server?.child, 300_000);
    const { videoId } = await findIds(base);
    const target = (process.env.PROBE_PATH ?? '/selfieVideos/VIDEO').replace('VIDEO', videoId);
    const user = process.env.PROBE_SIGNED_IN ? await signIn(base) : undefined;
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    const runs = Number(process.env.PROBE_RUNS ?? 3);
    const totals: number[] = [];
    try {
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({ viewport: CONDITIONS.viewport, isMobile: true, hasTouch: true });
        if (user) {
          await context.addCookies([{ name: user.cookie.name, value: user.cookie.value, url: base }]);
          await context.addInitScript(`localStorage.setItem('persist:user', ${JSON.stringify(user.persistedAuth)})`);
        }
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CONDITIONS.cpuSlowdown });
        await browser.startTracing(page, {
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'v8.execute'],
        });
        await page.goto(`${base}${target}`, { waitUntil: 'load' });
        await page.waitForTimeout(4000);
        const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
        await context.close();
        const events = trace.traceEvents;
        // The renderer's main thread: where the navigation's first RunTask with ParseHTML is.
        const parse = events.find(
          (e) => e.name === 'ParseHTML' && String((e.args as { beginData?: { url?: string } } | undefined)?.beginData?.url ?? '').includes(target),
        );
        if (!parse) throw new Error('no ParseHTML in the trace');
        const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid);
        const tasks = main.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 50_000);
        // CPU profile samples (timestamps) with their node's source.
        const nodes = new Map<number, ProfileNode>();
        const samples: Array<{ ts: number; node: number }> = [];
        let clock = 0;
        // Each thread has its own profile id: keep the main thread's (its Profile event's tid).
        const profileIds = new Set(events.filter((e) => e.name === 'Profile' && e.pid === parse.pid && e.tid === parse.tid).map((e) => String(e.id)));
        for (const event of events.filter((e) => e.pid === parse.pid && (e.name === 'Profile' || e.name === 'ProfileChunk') && profileIds.has(String(e.id)))) {
          if (event.name === 'Profile') clock = (event.args?.data as { startTime?: number } | undefined)?.startTime ?? clock;
          const profile = event.args?.data?.cpuProfile;
          for (const node of profile?.nodes ?? []) nodes.set(node.id, node);
          const deltas = event.args?.data?.timeDeltas ?? [];
          (profile?.samples ?? []).forEach((node, i) => {
            clock += deltas[i] ?? 0;
            samples.push({ ts: clock, node });
          });
        }
        const start = parse.ts;
        let blocking = 0;
        console.log(`\nrun ${run + 1} ${target}${user ? ' signed in' : ''}`);
        for (const task of tasks) {
          const end = task.ts + task.dur!;
          blocking += task.dur! / 1000 - 50;
          const bySource = new Map<string, number>();
          for (const sample of samples.filter((s) => s.ts >= task.ts && s.ts <= end)) {
            const node = nodes.get(sample.node);
            if (!node) continue;
            // Attribute the sample to the innermost frame with a source of our own bundles (else the leaf).
            let frame: ProfileNode | undefined = node;
            while (frame && !frame.callFrame.url) frame = frame.parent !== undefined ? nodes.get(frame.parent) : undefined;
            const key = frame
              ? await originalSource(frame.callFrame.url, frame.callFrame.lineNumber, frame.callFrame.columnNumber)
              : `(${node.callFrame.functionName || 'program'})`;
            bySource.set(key, (bySource.get(key) ?? 0) + 1);
          }
          const total = [...bySource.values()].reduce((a, b) => a + b, 0) || 1;
          const top = [...bySource.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
          const kinds = new Map<string, number>();
          for (const e of main.filter((e) => e.ph === 'X' && e.ts >= task.ts && e.ts < end && e.dur && e.name !== 'RunTask')) {
            if (['Layout', 'UpdateLayoutTree', 'Paint', 'ParseHTML', 'EvaluateScript', 'v8.compile', 'FunctionCall', 'ParseAuthorStyleSheet', 'MajorGC', 'MinorGC'].includes(e.name))
              kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
          }
          console.log(
            `  +${((task.ts - start) / 1000).toFixed(0).padStart(5)} ms  ${(task.dur! / 1000).toFixed(0).padStart(4)} ms  ` +
              top.map(([k, v]) => `${k} ${Math.round((100 * v) / total)}%`).join(', '),
          );
          if (process.env.PROBE_FUNCS && task.dur! > 100_000) {
            const byFunction = new Map<string, number>();
            for (const sample of samples.filter((s) => s.ts >= task.ts && s.ts <= end)) {
              // The chain of frames, innermost first, as "file:line name" (the stack, compressed).
              const chain: string[] = [];
              for (let frame = nodes.get(sample.node); frame && chain.length < 40; frame = frame.parent !== undefined ? nodes.get(frame.parent) : undefined) {
                if (frame.callFrame.url) chain.push(await originalSource(frame.callFrame.url, frame.callFrame.lineNumber, frame.callFrame.columnNumber, true));
              }
              for (const name of new Set(chain)) byFunction.set(name, (byFunction.get(name) ?? 0) + 1);
            }
            const inclusive = [...byFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40);
            for (const [name, count] of inclusive) console.log(`            ${Math.round((100 * count) / total)}% ${name}`);
          }
          console.log(`          ${[...kinds.entries()].map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' ')}`);
        }
        totals.push(blocking);
        console.log(`  blocking time (all long tasks, > 50 ms each): ${blocking.toFixed(0)} ms`);
      }
      console.log(`\nmedian blocking ${totals.sort((a, b) => a - b)[Math.floor(totals.length / 2)]!.toFixed(0)} ms over ${runs} runs`);
    } finally {
      await browser.close();
    }
  } finally {
    server?.child.kill();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
