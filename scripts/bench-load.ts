/**
 * `npm run bench:load`: goodput under rising load, and the server's memory.
 *
 * Starts the production site (`node --max-semi-space-size=16 --import tsx server/index.ts` as the
 * Dockerfile does, NODE_ENV=production, the
 * defaults of load shedding) as a child process on a throwaway DATA_DIR seeded here (24 public
 * self-shot videos, one with 100 comments), building the SPA first when dist/ is missing or stale.
 * Then, for each target — the self-shot list, the comments of a video, the server-rendered home
 * page and a video's page (no cookie: a visitor's) — and each concurrency (10, 50, 100, 200 connections), autocannon runs for
 * BENCH_SECONDS from THIS process (the client is never in the server's process; on a 2-core
 * machine it still competes with the server for CPU). Prints per run: successful answers per
 * second (2xx only), 503s, other answers, timeouts, latency p50/p99; and the server's RSS sampled
 * every 250 ms from /proc: idle baseline, peak under load, and 30 s after the load stopped.
 * Ends with the targets: at 200 connections ≥ 90 % of the best lower concurrency's goodput,
 * 0 timeouts, peak RSS < 768 MiB, RSS 30 s after within 128 MiB of the baseline.
 *
 *   BENCH_PORT (default 4207)  BENCH_SECONDS (default 10)  BENCH_CONNECTIONS (default 10,50,100,200)
 *   BENCH_TARGETS (default list,comments,home,video)  BENCH_NODE_OPTIONS (extra flags for the server's node)
 *   BENCH_SERVER_ENV (extra server variables, NAME=value,NAME=value)  BENCH_LOAD_JSON=file (figures as JSON)
 *
 * BENCH_PAGES=1 measures the visitors' pages instead: `/` and a video's page at 50, 100 and 200
 * connections (BENCH_CONNECTIONS), on a server with the shared page cache (pages/page-cache.ts) and
 * then on one without it (PAGE_CACHE_TTL_MS=0), and prints visitor pages per second side by side
 * (goal: ≥ 500/s without a 503, with the cache).
 *
 * Linux only (RSS from /proc/<pid>/status). A figure, not a test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import autocannon from 'autocannon';

import { ONE_ADDRESS_FOR_MANY_CLIENTS, seedCommentedVideos, waitForHealth } from './bench-fixtures';
import { buildSpa, isBuildCurrent } from './spa-build';

const ROOT = path.resolve(__dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 4207);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAGES_MODE = process.env.BENCH_PAGES === '1';
const LEVELS = (process.env.BENCH_CONNECTIONS ?? (PAGES_MODE ? '50,100,200' : '10,50,100,200')).split(',').map(Number);
const TARGET_NAMES = (process.env.BENCH_TARGETS ?? 'list,comments,home,video').split(',');
/** What a browser navigating to a page sends (autocannon asks for no compression, like the list's runs). */
const PAGE_HEADERS = { accept: 'text/html', 'accept-language': 'en' };
/** The goal for visitors' pages per instance on this machine. */
const PAGES_GOAL = 500;
const BASE = `http://127.0.0.1:${PORT}`;
/** The server's metrics listener: why requests were shed (http_requests_shed_total). */
const METRICS = `http://127.0.0.1:${PORT + 1}/metrics`;
const SAMPLE_MS = 250;
const IDLE_AFTER_MS = 30_000;
const MiB = 1024 * 1024;

function startServer(dataDir: string, env: Record<string, string> = {}): ChildProcess {
  const extraEnv = Object.fromEntries(
    (process.env.BENCH_SERVER_ENV ?? '')
      .split(',')
      .filter((pair) => pair.includes('='))
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  // The flags of the Dockerfile's CMD (and npm start), then any extra ones.
  const nodeFlags = ['--max-semi-space-size=16', ...(process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean)];
  // node itself (not the tsx CLI, which would be a parent process): child.pid is the server's.
  return spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: BASE,
      NODE_ENV: 'production',
      ...ONE_ADDRESS_FOR_MANY_CLIENTS,
      LOG_LEVEL: 'error',
      // No background search refresh during the run.
      SEARCH_REFRESH_HOURS: '6',
      METRICS_PORT: String(PORT + 1),
      ...extraEnv,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** RSS of one process, sampled every 250 ms into `samples` while `running`. */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb * 1024;
}

class MemorySampler {
  private timer: NodeJS.Timeout | undefined;
  readonly samples: Array<{ at: number; rss: number }> = [];

  constructor(private readonly pid: number) {}

  start(): void {
    this.timer = setInterval(() => {
      try {
        this.samples.push({ at: Date.now(), rss: rssOf(this.pid) });
      } catch {
        // the process is gone
      }
    }, SAMPLE_MS);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  peakSince(at: number): number {
    return Math.max(0, ...this.samples.filter((s) => s.at >= at).map((s) => s.rss));
  }
}

/** http_requests_shed_total by reason, summed over classes. */
async function shedByReason(): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  try {
    const text = await (await fetch(METRICS)).text();
    for (const match of text.matchAll(/^http_requests_shed_total\{[^}]*reason="([^"]+)"[^}]*\} (\d+)/gm)) {
      totals[match[1]!] = (totals[match[1]!] ?? 0) + Number(match[2]);
    }
  } catch {
    // no metrics listener (BENCH_SERVER_ENV turned it off)
  }
  return totals;
}

interface Run {
  target: string;
  connections: number;
  goodput: number;
  ok: number;
  shed: number;
  other: number;
  timeouts: number;
  errors: number;
  p50: number;
  p99: number;
  shedWithoutRetryAfter: number;
  /** 503s by reason, from the server's metrics. */
  reasons: string;
}

async function load(target: string, url: string, headers: Record<string, string>, connections: number): Promise<Run> {
  const shedBefore = await shedByReason();
  // Every 503 must say when to come back (autocannon itself does not wait: a worst case).
  let shedWithoutRetryAfter = 0;
  const instance = autocannon({
    url,
    headers,
    connections,
    duration: SECONDS,
    timeout: 10,
    setupClient: (client) => {
      // autocannon passes the parser's record (status and raw header pairs), not what its types say.
      const onHeaders = (response: { statusCode: number; headers: string[] }) => {
        if (response.statusCode !== 503) return;
        const names = response.headers.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
        if (!names.includes('retry-after')) shedWithoutRetryAfter += 1;
      };
      client.on('headers', onHeaders as unknown as (headers: IncomingHttpHeaders) => void);
    },
  });
  const result = await instance;
  let ok = 0;
  let shed = 0;
  let other = 0;
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {})) {
    const n = (count as { count: number }).count;
    if (code.startsWith('2')) ok += n;
    else if (code === '503') shed += n;
    else other += n;
  }
  const shedAfter = await shedByReason();
  const reasons = Object.entries(shedAfter)
    .map(([reason, count]) => [reason, count - (shedBefore[reason] ?? 0)] as const)
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => `${reason} ${count}`)
    .join(', ');
  return {
    reasons,
    target,
    connections,
    goodput: ok / SECONDS,
    ok,
    shed,
    other,
    timeouts: result.timeouts,
    errors: result.errors - result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    shedWithoutRetryAfter,
  };
}

const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`;

async function stopServer(server: ChildProcess | undefined): Promise<void> {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

/**
 * BENCH_PAGES=1: visitors' pages per second for `/` and a video's page, with the shared page
 * cache and without it (PAGE_CACHE_TTL_MS=0), on the same seeded data; each server warmed up first.
 */
async function comparePages(dataDir: string, videoId: string): Promise<void> {
  const pages: Record<string, string> = { home: `${BASE}/`, video: `${BASE}/selfieVideos/${videoId}` };
  const runs: Array<Run & { cache: 'on' | 'off' }> = [];
  for (const cache of ['on', 'off'] as const) {
    const server = startServer(dataDir, cache === 'off' ? { PAGE_CACHE_TTL_MS: '0' } : {});
    try {
      await waitForHealth(server, BASE, { timeoutMs: 300_000, intervalMs: 500 });
      for (const url of Object.values(pages)) for (let i = 0; i < 50; i += 1) await (await fetch(url, { headers: PAGE_HEADERS })).arrayBuffer();
      for (const [name, url] of Object.entries(pages)) {
        for (const connections of LEVELS) {
          const run = await load(name, url, PAGE_HEADERS, connections);
          runs.push({ ...run, cache });
          console.info(
            `  cache ${cache}: ${name} at ${connections}: ${run.goodput.toFixed(0)} pages/s, ${run.shed} × 503, ${run.other} other, ${run.timeouts} timeouts, ${run.errors} errors, p50 ${run.p50} ms, p99 ${run.p99} ms`,
          );
          await sleep(2000);
        }
      }
    } finally {
      await stopServer(server);
    }
  }
  console.info(`\nbench:load — visitors' pages, ${SECONDS} s per run, autocannon (this process), pages per second (2xx) with / without the page cache\n`);
  console.info('| page | connections | cache on: pages/s | 503 | errors | p99 ms | cache off: pages/s | 503 | errors | p99 ms |');
  console.info('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const misses: string[] = [];
  for (const name of Object.keys(pages)) {
    for (const connections of LEVELS) {
      const on = runs.find((r) => r.cache === 'on' && r.target === name && r.connections === connections)!;
      const off = runs.find((r) => r.cache === 'off' && r.target === name && r.connections === connections)!;
      console.info(
        `| ${name} | ${connections} | ${on.goodput.toFixed(0)} | ${on.shed} | ${on.errors} | ${on.p99} | ${off.goodput.toFixed(0)} | ${off.shed} | ${off.errors} | ${off.p99} |`,
      );
      if (on.goodput < PAGES_GOAL) misses.push(`${name} at ${connections} connections: ${on.goodput.toFixed(0)} pages/s with the cache`);
      if (on.shed + on.other + on.timeouts + on.errors > 0) {
        misses.push(`${name} at ${connections} connections: ${on.shed} × 503, ${on.other} other, ${on.timeouts} timeouts, ${on.errors} errors with the cache`);
      }
    }
  }
  console.info(misses.length === 0 ? `\ngoal met: ≥ ${PAGES_GOAL} visitor pages/s, nothing but 200s` : `\nmissed: ${misses.join('; ')}`);
  if (process.env.BENCH_LOAD_JSON) writeFileSync(process.env.BENCH_LOAD_JSON, JSON.stringify({ pages: runs }, null, 2));
}

async function main(): Promise<void> {
  if (!isBuildCurrent()) {
    console.info('Building the SPA (dist/ missing or stale)…');
    await buildSpa();
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-load-'));
  if (PAGES_MODE) {
    try {
      await comparePages(dataDir, await seedCommentedVideos(dataDir, { videos: 24, comments: 100 }));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    return;
  }
  let server: ChildProcess | undefined;
  try {
    // 24 public videos (more than a page) and 100 comments on the first.
    const videoId = await seedCommentedVideos(dataDir, { videos: 24, comments: 100 });
    server = startServer(dataDir);
    await waitForHealth(server, BASE, { timeoutMs: 300_000, intervalMs: 500 });
    const targets: Record<string, { url: string; headers: Record<string, string> }> = {
      list: { url: `${BASE}/v0/api/videos/selfieVideos?page=1`, headers: {} },
      comments: { url: `${BASE}/v0/api/comments/${videoId}`, headers: {} },
      home: { url: `${BASE}/`, headers: PAGE_HEADERS },
      video: { url: `${BASE}/selfieVideos/${videoId}`, headers: PAGE_HEADERS },
    };
    // Warm-up (JIT, first reads, the render bundle), then let the heap settle for the baseline.
    for (const name of TARGET_NAMES) for (let i = 0; i < 50; i += 1) await (await fetch(targets[name]!.url, { headers: targets[name]!.headers })).arrayBuffer();
    const sampler = new MemorySampler(server.pid!);
    sampler.start();
    await sleep(5000);
    const baseline = Math.min(...sampler.samples.slice(-8).map((s) => s.rss));
    const loadStart = Date.now();
    console.info(`\nbench:load — ${SECONDS} s per run, autocannon (this process) → server pid ${server.pid} on ${BASE}; idle RSS ${mib(baseline)}\n`);
    console.info('| target | connections | 2xx/s | 2xx | 503 | other | timeouts | errors | p50 ms | p99 ms | 503 by reason |');
    console.info('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    const runs: Run[] = [];
    for (const name of TARGET_NAMES) {
      for (const connections of LEVELS) {
        const run = await load(name, targets[name]!.url, targets[name]!.headers, connections);
        runs.push(run);
        console.info(
          `| ${name} | ${connections} | ${run.goodput.toFixed(0)} | ${run.ok} | ${run.shed} | ${run.other} | ${run.timeouts} | ${run.errors} | ${run.p50} | ${run.p99} | ${run.reasons} |`,
        );
        // The next run starts from a drained server (shed clients are told to wait 2 s).
        await sleep(2000);
      }
    }
    const peak = sampler.peakSince(loadStart);
    const loadEnd = Date.now();
    await sleep(IDLE_AFTER_MS);
    const after = sampler.samples.filter((s) => s.at >= loadEnd + IDLE_AFTER_MS - 2000).map((s) => s.rss);
    const afterRss = after.length > 0 ? Math.max(...after) : rssOf(server.pid!);
    sampler.stop();
    console.info(`\nmemory (RSS of the server, every ${SAMPLE_MS} ms): idle ${mib(baseline)}, peak under load ${mib(peak)}, ${IDLE_AFTER_MS / 1000} s after ${mib(afterRss)}`);

    const misses: string[] = [];
    const top = Math.max(...LEVELS);
    for (const name of TARGET_NAMES) {
      const mine = runs.filter((r) => r.target === name);
      const best = Math.max(...mine.filter((r) => r.connections < top).map((r) => r.goodput));
      const atTop = mine.find((r) => r.connections === top)!;
      const share = best > 0 ? atTop.goodput / best : 1;
      console.info(`  ${name}: ${top} connections give ${(share * 100).toFixed(0)} % of the best lower concurrency's 2xx/s`);
      if (share < 0.9) misses.push(`${name} at ${top} connections is under 90 % of its best`);
      for (const r of mine) {
        if (r.timeouts > 0) misses.push(`${name} at ${r.connections} connections had ${r.timeouts} timeouts`);
        if (r.shedWithoutRetryAfter > 0) misses.push(`${name} at ${r.connections}: ${r.shedWithoutRetryAfter} 503s without Retry-After`);
      }
    }
    if (peak >= 768 * MiB) misses.push(`peak RSS ${mib(peak)} is not under 768 MiB`);
    if (afterRss - baseline > 128 * MiB) misses.push(`RSS ${IDLE_AFTER_MS / 1000} s after is ${mib(afterRss - baseline)} over the idle baseline`);
    console.info(misses.length === 0 ? '\nall targets met' : `\nmissed: ${misses.join('; ')}`);
    if (process.env.BENCH_LOAD_JSON) {
      writeFileSync(process.env.BENCH_LOAD_JSON, JSON.stringify({ runs, memory: { baseline, peak, after: afterRss, samples: sampler.samples } }, null, 2));
    }
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
