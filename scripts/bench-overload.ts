/**
 * `npm run bench:overload`: 200 concurrent connections (autocannon) against a server on loopback,
 * once with load shedding off and once on (the defaults), on the routes that used to queue until
 * clients gave up: the comments of a video, the catalogue search and the AI search (varied
 * requests from many client addresses behind a trusted proxy, so neither its per-address cap nor
 * its cache hides the cost). Prints, per run, what the clients saw: answers by status, timeouts
 * (autocannon gives up after 10 s), and latency. It is a figure, not a test.
 *
 * BENCH_PORT (default 4401), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 200).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { ONE_ADDRESS_FOR_MANY_CLIENTS, seedCommentedVideos, waitForHealth } from './bench-fixtures';

const PORT = Number(process.env.BENCH_PORT ?? 4401);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const BASE = `http://127.0.0.1:${PORT}`;

const WORDS = ['funny', 'cats', 'dogs', 'piano', 'cooking', 'travel', 'short', 'mountain', 'ocean', 'city', 'night', 'music', 'football', 'birds', 'science', 'dance'];

async function startServer(dataDir: string, shedding: boolean): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: BASE,
      NODE_ENV: 'production',
      ...ONE_ADDRESS_FOR_MANY_CLIENTS,
      LOG_LEVEL: 'error',
      TRUST_PROXY: '127.0.0.1',
      // Searches build their index at start-up; no background refresh during the run.
      SEARCH_REFRESH_HOURS: '6',
      ...(shedding ? {} : { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_MAX_ELU: '0', OVERLOAD_MAX_IN_FLIGHT: '0', OVERLOAD_MAX_IN_FLIGHT_PAGES: '0' }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(child, BASE, { timeoutMs: 300_000, intervalMs: 500 });
  // Wait until the AI index is built (the first search answers with catalogue hits).
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      const probe = await fetch(`${BASE}/v0/api/search/ai-search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
        body: JSON.stringify({ chat_history: 'cats' }),
      });
      const body = (await probe.json()) as { structuredResponse?: { total?: number } };
      if ((body.structuredResponse?.total ?? 0) > 0) return child;
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGKILL');
  throw new Error('the AI search index was not built');
}

interface Figures {
  requests: number;
  byStatus: Record<string, number>;
  timeouts: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

async function run(title: string, options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, timeout: 10, ...options });
  const byStatus: Record<string, number> = {};
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {})) byStatus[code] = (count as { count: number }).count;
  const figures = {
    requests: result.requests.sent ?? result.requests.total,
    byStatus,
    timeouts: result.timeouts,
    errors: result.errors,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
  const statuses = Object.entries(byStatus)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ');
  console.log(
    `  ${title.padEnd(22)} sent ${String(figures.requests).padStart(6)}  answers ${statuses.padEnd(22)} timeouts ${String(figures.timeouts).padStart(4)}  ` +
      `latency p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms`,
  );
  return figures;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-overload-'));
  try {
    // A video with 200 comments, so the comments route does real work.
    const videoId = await seedCommentedVideos(dataDir, { videos: 1, comments: 200 });
    console.log(`${CONNECTIONS} connections, ${SECONDS} s per route, autocannon timeout 10 s, server on ${BASE}`);
    const modes = process.env.BENCH_ONLY === 'on' ? [true] : process.env.BENCH_ONLY === 'off' ? [false] : [false, true];
    for (const shedding of modes) {
      console.log(`\nload shedding ${shedding ? 'ON (defaults: admission gates, event-loop delay backstop over 300 ms)' : 'OFF'}`);
      const server = await startServer(dataDir, shedding);
      try {
        await run('comments of a video', { url: `${BASE}/v0/api/comments/${videoId}` });
        await run('catalogue search', { url: `${BASE}/catalogue/api/v2/video/search/?query=dog&per_page=18&page=2` });
        let sequence = 0;
        await run('AI search (varied)', {
          url: `${BASE}/v0/api/search/ai-search`,
          requests: [
            {
              method: 'POST',
              setupRequest: (request) => {
                sequence += 1;
                const words = [WORDS[sequence % WORDS.length], WORDS[(sequence * 7) % WORDS.length], String(sequence)];
                return {
                  ...request,
                  headers: {
                    ...request.headers,
                    'content-type': 'application/json',
                    // Many clients behind the trusted proxy: the per-address cap does not apply.
                    'x-forwarded-for': `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`,
                  },
                  body: JSON.stringify({ chat_history: words.join(' ') }),
                };
              },
            },
          ],
        });
        const health = await fetch(`${BASE}/health`);
        console.log(`  /health right after: ${health.status} ${await health.text()}`);
      } finally {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
