/**
 * `npm run bench:social` (docs/following.md, docs/benchmarks.md): following at scale.
 *
 * Seeds, with multi-row INSERTs straight through the database layer (Kysely), 10,000 users,
 * 100,000 subscriptions (every user follows one "star" uploader, 9,999 of them, and about nine
 * of 500 other uploaders), 10,000 videos of those uploaders (one in ten private), 1,000,000
 * notifications (ten heavy readers with 20,000 each, the rest about 80 each; one in five unread;
 * some about private videos, which the read filter leaves out), and 1,000 playlists of 50 videos
 * (ten of 500). Then it starts the real server (`server/index.ts`, as `npm start` starts it, on
 * the same database) and measures over HTTP, with autocannon, p50 and p99 of:
 *
 * - the subscriptions feed   GET /v0/api/subscriptions/videos?page=1&perPage=18
 * - the notifications list   GET /v0/api/notifications?page=1
 * - the unread count         GET /v0/api/notifications/unread
 * - a playlist page          GET /v0/api/playlists/{id}
 *
 * each request as one of 200 signed-in readers (the ten heavy ones among them, so one request in
 * twenty is a heavy reader's), and lastly the fan-out of one upload: the star uploads a real clip
 * over HTTP, the server's own job queue transcodes it, and the time from the video becoming ready
 * to its 10,000th `new-video` notification row is measured by polling the database every 10 ms
 * (the upload request itself is answered before any of it).
 *
 * Engine: SQLite in a temporary DATA_DIR (the embedded default), or PostgreSQL when DATABASE_URL
 * names a server (a fresh database is made there and dropped at the end; the role needs CREATEDB).
 * `npm run bench:social -- --postgres` makes a throwaway cluster for it (scripts/bench-social.sh).
 * BENCH_PORT (default 4430), BENCH_SECONDS per route (default 10), BENCH_CONNECTIONS (default 4);
 * BENCH_SOCIAL_DIR keeps the SQLite DATA_DIR between runs and seeds it only once.
 * A figure, not a test: the machine's load average is printed with it.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import type { Kysely } from 'kysely';

import { loadConfig } from '../server/config/index';
import { createDatabase, migrateToLatest, type AppDatabase } from '../server/infra/db';
import { toTimestamp } from '../server/infra/db/ids';
import type { Database } from '../server/infra/db/schema';
import { hashSessionToken, SESSION_COOKIE } from '../server/domains/accounts/sessions';

import { ONE_ADDRESS_FOR_MANY_CLIENTS, benchVideoRow, freshPgDatabase, stopChild, waitForHealth } from './bench-fixtures';

const ROOT = path.join(__dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 4430);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);

const USERS = 10_000;
const UPLOADERS = 500; // user 0 is the star
const VIDEOS_PER_UPLOADER = 20;
const SUBSCRIPTIONS = 100_000;
const NOTIFICATIONS = 1_000_000;
const HEAVY_READERS = 10;
const HEAVY_NOTIFICATIONS = 20_000;
const PLAYLISTS = 1_000;
const PLAYLIST_SIZE = 50;
const BIG_PLAYLISTS = 10;
const BIG_PLAYLIST_SIZE = 500;
const READERS = 200;

const GOALS = { sqlite: 50, postgres: 100 } as const;
const FAN_OUT_GOAL_MS = 5000;

type Engine = 'sqlite' | 'postgres';
type Route = 'feed' | 'notifications' | 'unread' | 'playlist';

// ---- a deterministic generator (the same data every run) ----

let seedState = 0x2545f491;
function random(): number {
  // xorshift32
  seedState ^= seedState << 13;
  seedState ^= seedState >>> 17;
  seedState ^= seedState << 5;
  return (seedState >>> 0) / 0x1_0000_0000;
}
const pick = (n: number) => Math.floor(random() * n);

/** A 24-hex id whose time part is `at` (ids sort by creation, as newId's do). */
function idAt(at: number, serial: number): string {
  return Math.floor(at / 1000).toString(16).padStart(8, '0') + serial.toString(16).padStart(16, '0');
}

const NOW = Date.now();
const DAY = 24 * 60 * 60 * 1000;

async function insertAll<T extends keyof Database>(db: Kysely<Database>, table: T, rows: Array<Record<string, unknown>>, columns: number): Promise<void> {
  // Under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters per statement.
  const batch = Math.max(1, Math.floor(30_000 / columns));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += batch) {
      // The rows are built to the table's shape below; Kysely's per-table insert type is not worth restating here.
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + batch) as never)
        .execute();
    }
  });
}

interface Seeded {
  userIds: string[];
  starId: string;
  readerIds: string[];
  playlistIds: string[];
}

async function seed(db: Kysely<Database>): Promise<Seeded> {
  const started = Date.now();
  const created = toTimestamp(new Date(NOW - 200 * DAY));
  const userIds = Array.from({ length: USERS }, (_, i) => idAt(NOW - 200 * DAY, i + 1));
  await insertAll(
    db,
    'users',
    userIds.map((id, i) => ({
      id,
      email: `bench${i}@example.com`,
      username: i === 0 ? 'star' : `user${i}`,
      password_hash: null,
      verified: 1,
      wallet_address: null,
      created_at: created,
      updated_at: created,
    })),
    8,
  );
  const starId = userIds[0]!;

  // Videos: 20 per uploader over the last 60 days (older than a week: no longer news), one in ten private.
  const videos: Array<{ id: string; owner: number; private: boolean }> = [];
  const videoRows: Array<Record<string, unknown>> = [];
  let serial = 1;
  for (let owner = 0; owner < UPLOADERS; owner += 1) {
    for (let n = 0; n < VIDEOS_PER_UPLOADER; n += 1) {
      const at = NOW - 8 * DAY - pick(52 * DAY);
      const id = idAt(at, 0x100000 + serial++);
      const isPrivate = random() < 0.1;
      videos.push({ id, owner, private: isPrivate });
      videoRows.push(
        benchVideoRow({
          id,
          userId: userIds[owner]!,
          title: `Bench video ${serial} of ${owner}`,
          description: 'Seeded for bench:social.',
          visibility: isPrivate ? 'private' : 'public',
          views: pick(1000),
          createdAt: toTimestamp(new Date(at)),
        }),
      );
    }
  }
  await insertAll(db, 'videos', videoRows, 14);
  console.log(`  ${USERS.toLocaleString('en')} users, ${videos.length.toLocaleString('en')} videos (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  // Subscriptions: everyone follows the star; the rest are spread over the other uploaders.
  const pairs = new Set<string>();
  const subscriptionRows: Array<Record<string, unknown>> = [];
  const subscribe = (subscriber: number, channel: number) => {
    const key = `${subscriber}:${channel}`;
    if (subscriber === channel || pairs.has(key)) return;
    pairs.add(key);
    subscriptionRows.push({ subscriber_id: userIds[subscriber], channel_id: userIds[channel], created_at: toTimestamp(new Date(NOW - pick(100 * DAY))) });
  };
  for (let user = 1; user < USERS; user += 1) subscribe(user, 0);
  while (subscriptionRows.length < SUBSCRIPTIONS) subscribe(pick(USERS), 1 + pick(UPLOADERS - 1));
  await insertAll(db, 'subscriptions', subscriptionRows, 3);
  console.log(`  ${subscriptionRows.length.toLocaleString('en')} subscriptions (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  // Notifications: heavy readers first (users 1–10), the rest spread; made in chunks to keep memory flat.
  const kinds = ['new-video', 'new-video', 'new-video', 'like-milestone', 'video-ready'] as const;
  let made = 0;
  let chunk: Array<Record<string, unknown>> = [];
  const flush = async () => {
    if (chunk.length > 0) await insertAll(db, 'notifications', chunk, 11);
    chunk = [];
  };
  const lightCount = NOTIFICATIONS - HEAVY_READERS * HEAVY_NOTIFICATIONS;
  for (let n = 0; n < NOTIFICATIONS; n += 1) {
    const user = n < HEAVY_READERS * HEAVY_NOTIFICATIONS ? 1 + Math.floor(n / HEAVY_NOTIFICATIONS) : 1 + HEAVY_READERS + ((n * 7919) % (USERS - 1 - HEAVY_READERS));
    const kind = kinds[pick(kinds.length)]!;
    const video = videos[pick(videos.length)]!;
    const at = NOW - pick(90 * DAY);
    const stamp = toTimestamp(new Date(at));
    chunk.push({
      id: idAt(at, 0x10000000 + n),
      user_id: userIds[user],
      kind,
      actor_id: kind === 'video-ready' ? null : userIds[video.owner],
      video_id: video.id,
      comment_id: null,
      text: kind === 'like-milestone' ? '10' : null,
      dedupe_key: `bench:${n}`,
      created_at: stamp,
      read_at: random() < 0.8 ? stamp : null,
      // Taken by an earlier digest: the hourly sweep has nothing to do during the measurement.
      mailed_at: stamp,
    });
    made += 1;
    if (chunk.length >= 20_000) await flush();
    if (made % 200_000 === 0) console.log(`  ${made.toLocaleString('en')} notifications (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  await flush();
  void lightCount;

  // Playlists: public, of visible and private videos alike (a reader sees only the visible ones).
  const playlistIds: string[] = [];
  const playlistRows: Array<Record<string, unknown>> = [];
  const entryRows: Array<Record<string, unknown>> = [];
  for (let p = 0; p < PLAYLISTS; p += 1) {
    const id = idAt(NOW - 30 * DAY, 0x20000000 + p);
    playlistIds.push(id);
    const stamp = toTimestamp(new Date(NOW - pick(30 * DAY)));
    playlistRows.push({ id, user_id: userIds[pick(USERS)], title: `Playlist ${p}`, description: '', visibility: 'public', watch_later: 0, created_at: stamp, updated_at: stamp });
    const size = p < BIG_PLAYLISTS ? BIG_PLAYLIST_SIZE : PLAYLIST_SIZE;
    const start = pick(videos.length);
    for (let position = 0; position < size; position += 1) {
      entryRows.push({ playlist_id: id, video_id: videos[(start + position * 13) % videos.length]!.id, position, added_at: stamp });
    }
  }
  await insertAll(db, 'playlists', playlistRows, 8);
  await insertAll(db, 'playlist_videos', entryRows, 4);
  console.log(`  ${PLAYLISTS.toLocaleString('en')} playlists, ${entryRows.length.toLocaleString('en')} entries; seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // The readers: the heavy ones and 190 others (followers of the star and of a few more).
  const readerIds = [...userIds.slice(1, 1 + HEAVY_READERS), ...Array.from({ length: READERS - HEAVY_READERS }, (_, i) => userIds[1 + HEAVY_READERS + i * 47]!)];
  return { userIds, starId, readerIds, playlistIds };
}

/** Session cookies made as the login makes them (a random token, stored hashed). */
async function sessions(db: Kysely<Database>, userIds: string[]): Promise<string[]> {
  const now = new Date();
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  await insertAll(
    db,
    'sessions',
    tokens.map((token, i) => ({
      id_hash: hashSessionToken(token),
      user_id: userIds[i],
      created_at: toTimestamp(now),
      expires_at: toTimestamp(new Date(now.getTime() + DAY)),
      last_seen_at: toTimestamp(now),
      user_agent: 'bench:social',
      ip: '127.0.0.1',
    })),
    7,
  );
  return tokens.map((token) => `${SESSION_COOKIE}=${token}`);
}

// ---- the server ----

async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: String(PORT), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(child, `http://127.0.0.1:${PORT}`, { timeoutMs: 120_000, intervalMs: 250 });
  return child;
}

interface Figures {
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function drive(route: Route, cookies: string[], playlistIds: string[], seconds: number): Promise<Figures> {
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          next += 1;
          const cookie = cookies[next % cookies.length]!;
          const pathname =
            route === 'feed'
              ? `/v0/api/subscriptions/videos?page=${(next % 3) + 1}&perPage=18`
              : route === 'notifications'
                ? `/v0/api/notifications?page=${(next % 2) + 1}`
                : route === 'unread'
                  ? '/v0/api/notifications/unread'
                  : `/v0/api/playlists/${playlistIds[next % playlistIds.length]}`;
          return { ...request, path: pathname, headers: { ...request.headers, cookie } };
        },
      },
    ],
  });
  return { p50: result.latency.p50, p99: result.latency.p99, requests: result['2xx'], non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

// ---- the fan-out ----

async function fanOut(db: Kysely<Database>, cookie: string, subscribers: number): Promise<{ ms: number; rows: number; uploadMs: number; transcodeMs: number }> {
  const clip = await readFile(path.join(ROOT, '__tests__/fixtures/tiny.mp4'));
  const thumbnail = await readFile(path.join(ROOT, '__tests__/fixtures/tiny.png'));
  const form = new FormData();
  form.append('title', 'The star has news');
  form.append('visibility', 'public');
  form.append('movieFile', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'clip.mp4');
  form.append('thumbnailFile', new Blob([new Uint8Array(thumbnail)], { type: 'image/png' }), 'thumb.png');
  const sent = Date.now();
  const res = await fetch(`http://127.0.0.1:${PORT}/v0/api/movies/upload`, { method: 'POST', body: form, headers: { cookie } });
  const uploadMs = Date.now() - sent;
  const body = (await res.json()) as { video?: { _id: string } };
  if (res.status !== 200 || !body.video) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  const videoId = body.video._id;
  const dedupeKey = `video:${videoId}`;

  let readyAt: number | undefined;
  const deadline = Date.now() + 300_000;
  for (;;) {
    const now = Date.now();
    if (readyAt === undefined) {
      const row = await db.selectFrom('videos').select('status').where('id', '=', videoId).executeTakeFirst();
      if (row?.status === 'failed') throw new Error('the clip failed to transcode');
      if (row?.status === 'ready') readyAt = now;
    }
    if (readyAt !== undefined) {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where('dedupe_key', '=', dedupeKey)
        .where('kind', '=', 'new-video')
        .executeTakeFirstOrThrow();
      const rows = Number(row.n);
      if (rows >= subscribers) return { ms: Date.now() - readyAt, rows, uploadMs, transcodeMs: readyAt - sent };
    }
    if (now > deadline) throw new Error('the fan-out did not finish in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// ---- main ----

function row(name: string, figures: Figures, goal: number): string {
  const extra = figures.non2xx + figures.errors > 0 ? `  (non-2xx ${figures.non2xx}, errors ${figures.errors})` : '';
  const verdict = figures.p99 < goal ? 'met' : 'MISSED';
  return `  ${name.padEnd(20)} p50 ${String(figures.p50).padStart(4)} ms   p99 ${String(figures.p99).padStart(4)} ms   (${figures.requests} requests; goal p99 < ${goal} ms: ${verdict})${extra}`;
}

async function main(): Promise<void> {
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    const postgresServer = process.env.DATABASE_URL;
    const engine: Engine = postgresServer?.startsWith('postgres') ? 'postgres' : 'sqlite';
    // BENCH_SOCIAL_DIR (SQLite only): a DATA_DIR kept between runs, seeded once (for working on the queries).
    const keptDir = engine === 'sqlite' ? process.env.BENCH_SOCIAL_DIR : undefined;
    const dataDir = keptDir ? path.resolve(keptDir) : await mkdtemp(path.join(tmpdir(), 'selfie-bench-social-'));
    if (keptDir) await mkdir(dataDir, { recursive: true });
    else cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      ...ONE_ADDRESS_FOR_MANY_CLIENTS,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      SEARCH_REFRESH_HOURS: '0',
      // Latency, not load shedding (bench:overload measures that).
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_MAX_IN_FLIGHT: '0',
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    if (engine === 'postgres') {
      const fresh = await freshPgDatabase(postgresServer!, 'bench_social');
      env.DATABASE_URL = fresh.url;
      cleanups.push(() => fresh.drop());
    }
    console.log(
      `bench:social on ${engine === 'sqlite' ? 'SQLite (the embedded default)' : 'PostgreSQL'} — load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );

    const database: AppDatabase = await createDatabase(loadConfig(env));
    cleanups.push(() => database.close());
    await migrateToLatest(database.db);
    const seededFile = path.join(dataDir, 'bench-social.json');
    let seeded: Seeded;
    if (keptDir && existsSync(seededFile)) {
      seeded = JSON.parse(await readFile(seededFile, 'utf8')) as Seeded;
      console.log(`seeded before, in ${dataDir}`);
    } else {
      console.log('seeding');
      seeded = await seed(database.db);
      if (keptDir) await writeFile(seededFile, JSON.stringify(seeded));
    }
    const cookies = await sessions(database.db, seeded.readerIds);
    const [starCookie] = await sessions(database.db, [seeded.starId]);
    if (engine === 'postgres') {
      // Fresh statistics for the planner, as autovacuum would gather them on a live server.
      const { sql } = await import('kysely');
      await sql`analyze`.execute(database.db);
    }

    const server = await startServer(env);
    cleanups.push(() => stopChild(server));
    const routes: Array<[Route, string]> = [
      ['feed', 'subscriptions feed'],
      ['notifications', 'notifications list'],
      ['unread', 'unread count'],
      ['playlist', 'playlist page'],
    ];
    // Warm-up (JIT, pools, caches), not measured.
    for (const [route] of routes) await drive(route, cookies, seeded.playlistIds, 2);
    console.log(`\nover HTTP, ${CONNECTIONS} connections × ${SECONDS} s per route, ${READERS} signed-in readers (${HEAVY_READERS} with ${HEAVY_NOTIFICATIONS.toLocaleString('en')} notifications each); load average ${loadavg()[0]!.toFixed(1)}`);
    for (const [route, name] of routes) console.log(row(name, await drive(route, cookies, seeded.playlistIds, SECONDS), GOALS[engine]));

    const subscribers = USERS - 1;
    const fan = await fanOut(database.db, starCookie!, subscribers);
    console.log(
      `\nfan-out of one upload to ${subscribers.toLocaleString('en')} subscribers: ${fan.ms} ms from ready to the last notification row ` +
        `(${fan.rows.toLocaleString('en')} rows; goal < ${FAN_OUT_GOAL_MS} ms: ${fan.ms < FAN_OUT_GOAL_MS ? 'met' : 'MISSED'}); ` +
        `the upload request took ${fan.uploadMs} ms and was answered before it (ready ${fan.transcodeMs} ms after sending)`,
    );
    console.log(`\nload average at the end: ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch((error: unknown) => console.error(error));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
