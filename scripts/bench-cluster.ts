/**
 * `npm run bench:cluster`: the same requests through one instance and through two (round-robin),
 * on SQLite and on PostgreSQL, with Redis shared as in the scale-out topology.
 *
 * Run through scripts/bench-cluster.sh, which makes a throwaway PostgreSQL cluster exactly as
 * test:pg and test:cluster do (scripts/pg-throwaway.sh, durable here: PG_DURABLE=1) unless
 * DATABASE_URL names a server whose role may CREATE DATABASE. This starts a redis-server on a
 * free port and the instances as child processes
 * (`server/index.ts`, WORKER=off, REDIS_URL) on one database seeded with 300 public videos.
 * autocannon drives the video list (GET /v0/api/videos/selfieVideos?page=…&perPage=18) and the
 * video page's call (GET /v0/api/videos/selfieVideos/:id) — with two instances its connections
 * are spread over both URLs. Prints req/s and p99 per case, then the two/one and PostgreSQL/SQLite
 * ratios. On one machine both instances share its cores: the two/one ratio shows the overhead of
 * the split, not scaling. A figure, not a test.
 *
 * BENCH_PORT (default 4410; the second instance uses the next port), BENCH_SECONDS (default 10),
 * BENCH_CONNECTIONS (default 20), PG_BIN (PostgreSQL binaries), REDIS_SERVER_BIN.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { startRedis, type RedisServer } from '../__tests__/support/redis';
import { loadConfig } from '../server/config/index';
import { createDatabase, migrateToLatest } from '../server/infra/db';
import { newId, toTimestamp } from '../server/infra/db/ids';

import { ONE_ADDRESS_FOR_MANY_CLIENTS, benchUserRow, benchVideoRow, freshPgDatabase, stopChild, waitForHealth } from './bench-fixtures';

const PORT = Number(process.env.BENCH_PORT ?? 4410);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const VIDEOS = 300;
const ROOT = path.join(__dirname, '..');

type Backend = 'sqlite' | 'postgres';
type Route = 'list' | 'page';

interface Figures {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

// ---- data and instances ----

/** One user and VIDEOS public, ready videos (rows only: these routes never read the files). */
async function seed(env: NodeJS.ProcessEnv): Promise<string[]> {
  const database = await createDatabase(loadConfig(env));
  try {
    await migrateToLatest(database.db);
    const userId = newId();
    const now = toTimestamp();
    await database.db.insertInto('users').values(benchUserRow(userId, now)).execute();
    const ids: string[] = [];
    const rows = Array.from({ length: VIDEOS }, (_, i) => {
      const id = newId(new Date(Date.now() - i * 60_000));
      ids.push(id);
      return benchVideoRow({
        id,
        userId,
        title: `Bench video ${i}`,
        description: `Video number ${i}, seeded for the cluster benchmark.`,
        views: i,
        createdAt: toTimestamp(new Date(Date.now() - i * 60_000)),
        updatedAt: now,
      });
    });
    for (let i = 0; i < rows.length; i += 100) await database.db.insertInto('videos').values(rows.slice(i, i + 100)).execute();
    return ids;
  } finally {
    await database.close();
  }
}

async function startInstance(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(child, `http://127.0.0.1:${port}`, { timeoutMs: 60_000, intervalMs: 200 });
  return child;
}

async function drive(ports: number[], route: Route, ids: string[], seconds = SECONDS): Promise<Figures> {
  let next = 0;
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  const result = await autocannon({
    // autocannon spreads its connections over several URLs (connection i → URL i mod n); its types say one.
    url: urls as unknown as string,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          next += 1;
          const pathname =
            route === 'list'
              ? `/v0/api/videos/selfieVideos?page=${(next % 16) + 1}&perPage=18`
              : `/v0/api/videos/selfieVideos/${ids[next % ids.length]}`;
          return { ...request, path: pathname };
        },
      },
    ],
  });
  // Successful answers only: a fast error must not count as throughput.
  return { rps: result['2xx'] / result.duration, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

function line(backend: Backend, route: Route, instances: number, figures: Figures): string {
  const extra = figures.non2xx + figures.errors > 0 ? `  (non-2xx ${figures.non2xx}, errors ${figures.errors})` : '';
  return `  ${backend.padEnd(9)} ${(route === 'list' ? 'video list' : 'video page').padEnd(11)} ${String(instances).padStart(2)} instance${instances > 1 ? 's' : ' '}  ${figures.rps.toFixed(0).padStart(7)} req/s   p99 ${String(figures.p99).padStart(4)} ms${extra}`;
}

async function main(): Promise<void> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const results = new Map<string, Figures>();
  const key = (backend: Backend, route: Route, instances: number) => `${backend}/${route}/${instances}`;
  try {
    const postgresServer = process.env.DATABASE_URL;
    if (!postgresServer?.startsWith('postgres')) throw new Error('run it as npm run bench:cluster (scripts/bench-cluster.sh sets DATABASE_URL)');
    const redis: RedisServer = await startRedis();
    cleanups.push(() => redis.stop());
    console.log(`bench:cluster — ${CONNECTIONS} connections, ${SECONDS} s per case, ${VIDEOS} videos, instances on ports ${PORT} and ${PORT + 1} (WORKER=off, REDIS_URL); load average ${loadavg()[0]!.toFixed(1)}`);

    for (const backend of ['sqlite', 'postgres'] as Backend[]) {
      const dataDir = await mkdtemp(path.join(tmpdir(), `selfie-bench-${backend}-`));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        ...ONE_ADDRESS_FOR_MANY_CLIENTS,
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        REDIS_URL: redis.url,
        WORKER: 'off',
        SEARCH_REFRESH_HOURS: '0',
        // Throughput, not load shedding (bench:overload measures that): no 503s.
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
        OVERLOAD_MAX_IN_FLIGHT: '0',
      };
      delete env.DATABASE_URL;
      if (backend === 'postgres') {
        const database = await freshPgDatabase(postgresServer, 'bench');
        cleanups.push(database.drop);
        env.DATABASE_URL = database.url;
      }
      const ids = await seed(env);

      const a = await startInstance(env, PORT);
      cleanups.push(() => stopChild(a));
      for (const route of ['list', 'page'] as Route[]) {
        // A short warm-up (JIT, connection pools, the first view of each video), not measured.
        await drive([PORT], route, ids, 3).catch(() => undefined);
      }
      for (const route of ['list', 'page'] as Route[]) {
        const figures = await drive([PORT], route, ids);
        results.set(key(backend, route, 1), figures);
        console.log(line(backend, route, 1, figures));
      }
      const b = await startInstance(env, PORT + 1);
      cleanups.push(() => stopChild(b));
      for (const route of ['list', 'page'] as Route[]) {
        const figures = await drive([PORT, PORT + 1], route, ids);
        results.set(key(backend, route, 2), figures);
        console.log(line(backend, route, 2, figures));
      }
      await Promise.all([stopChild(a), stopChild(b)]);
    }

    console.log('\nratios (req/s)');
    for (const route of ['list', 'page'] as Route[]) {
      const name = route === 'list' ? 'video list' : 'video page';
      for (const backend of ['sqlite', 'postgres'] as Backend[]) {
        const ratio = results.get(key(backend, route, 2))!.rps / results.get(key(backend, route, 1))!.rps;
        console.log(`  ${name}, ${backend}: two instances / one = ${ratio.toFixed(2)}`);
      }
      for (const instances of [1, 2]) {
        const ratio = results.get(key('postgres', route, instances))!.rps / results.get(key('sqlite', route, instances))!.rps;
        console.log(`  ${name}, ${instances} instance${instances > 1 ? 's' : ''}: PostgreSQL / SQLite = ${ratio.toFixed(2)}`);
      }
    }
    console.log(`\nload average at the end: ${loadavg()[0]!.toFixed(1)} (other work on the machine moves these figures a lot)`);
    console.log(
      '\nOne machine: the instances, the database, Redis and autocannon share its cores, so two instances ' +
        'measure the overhead of the split, not scaling; on separate machines each instance adds its own cores.',
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
