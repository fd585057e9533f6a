/**
 * `npm run bench:soak [-- --cluster]` (issue "Stays up for real users", point 8): does the site
 * stay up for its users while everything that holds connections open happens at once?
 *
 * Starts the production server as operators do, as a child process
 * (`node --max-semi-space-size=16 --import tsx server/index.ts`, the Dockerfile's flags,
 * NODE_ENV=production, every limit at its default; metrics on BENCH_PORT + 1), on data seeded
 * straight into the database: bench-load's 24 public self-shot videos with 100 comments on the
 * first, and 320 verified users with sessions made as the login makes them (bench-social's way).
 * The SPA is built first when dist/ is missing or stale. Then, for BENCH_SOAK_SECONDS (60) it
 * holds all of this at once:
 *
 * - 1,000 open notification streams (GET /v0/api/notifications/stream, server-sent events) of 300
 *   signed-in users with 2 sessions each: 3 or 4 streams per user, at most 2 per session, so under
 *   the per-session (4) and per-user (8) budgets; none should be told to step aside
 *   (`event: closing`: "evicted") nor refused (503). They are opened (50 at a time, each counted
 *   open at its first `event: unread`) before the soak's clock starts, and never reopened.
 * - 20 resumable (tus) uploads, each by its own signed-in user, started 100 ms apart: creation
 *   (POST /v0/api/uploads), then one PATCH whose body trickles at 50 KB/s (50,000 B/s, a slice
 *   every 100 ms) — what the Upload page (tus-js-client, 8 MiB chunks) sends for a file this size —
 *   of a real MP4 made with ffmpeg at start, sized so the body takes 80 % of the soak (2.4 MB for
 *   60 s): with its completion (the bytes into the spool, ffprobe, the poster frame, the row, the
 *   transcoding job; 10–15 s for 20 at once on the busy 2-core machine) each upload takes about the
 *   soak's length, and the 20 completions start inside the measured browsing. A PATCH cut short
 *   resumes from the offset a HEAD gives, at most 3 times, as tus-js-client does. Finished = 201,
 *   then 204 with a Video-Id; the time is from the creation to that 204.
 * - 64 slow-header connections (a request line, then one header byte every 3 s, never finished)
 *   and 64 slow-body ones (POST /v0/api/auth/login, Content-Length 1000, 9 bytes, then one byte
 *   every 5 s) from one hostile address, each reopened 250 ms after the server closes it.
 * - browsing: autocannon with 100 connections, its requests rotating over the self-shot list
 *   (GET /v0/api/videos/selfieVideos?page=1), a video's server-rendered page
 *   (GET /selfieVideos/<id>, accept: text/html, no cookie: a visitor's) and its comments
 *   (GET /v0/api/comments/<id>).
 * - /health polled every 250 ms (one request at a time per instance, 5 s timeout).
 *
 * Order: 5 s of browsing to warm up (not measured), the idle RSS (the lowest of the last 2 s of a
 * 5 s rest), the browsing ALONE for BENCH_SOAK_SECONDS (with /health polled), 3 s of rest, the
 * streams opened, then the soak. Printed: the browsing goodput (2xx answers per second) in the
 * soak as a ratio of the alone run (goal ≥ 0.90), and beside it 2xx per CPU-second of the server
 * (which other work on the machine does not move); 503s seen by the browsing and by /health during
 * the soak (goal 0); the browsing p99 alone and in the soak; the server's RSS peak from the
 * streams' opening to the end of the uploads, minus its idle RSS (goal < 768 MiB; VmRSS from
 * /proc/<pid>/status every 250 ms, as bench-load); whether every upload finished and how long each
 * took; the streams open at the end, evicted, refused (goal 1,000 / 0 / 0); how many times the
 * server closed the slow clients (and how: a 408, a cut without an answer, refused as it opened);
 * the server's own counters (/metrics: open streams, refused connections, shed requests) and its
 * warning and error log lines, counted; and a timeline of the soak in 5 s steps (browsing 2xx/s
 * and 503s, /health 503s, uploads whose body was all sent and that finished, the server's own CPU
 * from /proc/<pid>/stat, the whole machine's from /proc/stat, the load average, and the five
 * groups of processes that used the most CPU: an instance or the worker with its ffmpeg/ffprobe
 * children, s3rver, postgres, this bench's clients, everything else on the machine), with the mean
 * CPU of the alone run beside the soak's, so a miss can be placed in time and told from a busy machine.
 * Each goal met or MISSED. A figure, not a test: the exit code is 0 whether goals are met or not
 * (1 only when the bench itself could not run). The commit (and whether the work tree had
 * uncommitted changes) and the load average are printed: other work on the machine moves these figures.
 *
 * Source addresses. The server closes connections past 128 open ones per client address
 * (MAX_CONNECTIONS_PER_ADDRESS, left at its default). Real users come from many addresses, so each
 * kind of traffic here has loopback source addresses of its own (`localAddress` in http.request
 * and net.connect; Linux routes all of 127.0.0.0/8 to lo, nothing to set up): the browsing
 * 127.0.0.1 (autocannon's connections), /health 127.0.0.2, each stream user one address of
 * 127.0.10.1–127.0.11.100 (their 3 or 4 streams share it, as one browser's tabs do), each uploader
 * one of 127.0.20.1–127.0.20.20, the hostile client 127.0.66.1. Its 128 connections are exactly
 * the cap: a reopening can be refused while the server has not yet seen the previous one close.
 * Only loopback traffic; every loop is bounded in count and in time, and a watchdog ends the run
 * (children stopped, temporary files removed) if a step hangs.
 *
 * --cluster (scripts/bench-soak.sh makes a throwaway PostgreSQL cluster as bench:cluster does,
 * unless DATABASE_URL names a server whose role may CREATE DATABASE): a fresh PostgreSQL database,
 * a redis-server (started as bench:cluster does), an S3 server — s3rver as published, in a process
 * of its own (as an operator who runs `npx s3rver` has it: no ListParts nor AbortMultipartUpload)
 * — with S3_BUCKET, S3_FORCE_PATH_STYLE=true, AWS_ENDPOINT_URL_S3, AWS_REGION=us-east-1 and
 * s3rver's dummy credentials; two HTTP instances (WORKER=off; ports BENCH_PORT and BENCH_PORT + 2,
 * metrics on the next port of each) and one `npm run worker`, each process with a DATA_DIR of its
 * own. Browsing (autocannon's connections alternate), streams, uploads, slow clients and /health
 * are spread over both instances (round-robin); RSS and counters are each instance's.
 *
 * What it does not measure: a remote client (autocannon, the streams, the uploads and the slow
 * clients run in this one process, on the same cores as the server; the soak's clients add their
 * own CPU to the browsing's); TLS or a proxy in front; signed-in browsing; the delivery of
 * notifications on the streams (nothing is notified during the soak) nor their reconnection (a
 * stream closed or refused is counted, not reopened as a browser would); the Upload page itself
 * (plain tus requests, not tus-js-client in a browser); the transcoding of the uploaded videos to
 * its end (their jobs start during the soak's last seconds, the run ends before they finish); the
 * worker's memory; hours of uptime (a leak that needs more than a minute to show).
 *
 *   BENCH_SOAK_SECONDS (default 60)  BENCH_PORT (default 4460)  BENCH_SOAK_JSON=file (figures as JSON)
 *
 * Linux only (source addresses across 127/8, RSS from /proc).
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

import autocannon from 'autocannon';

import { freePort, startRedis } from '../__tests__/support/redis';
import { loadConfig } from '../server/config/index';
import { createDatabase, migrateToLatest } from '../server/infra/db';
import { newId, toTimestamp } from '../server/infra/db/ids';
import { ffmpegPath } from '../server/domains/media/ffmpeg';
import { hashSessionToken, SESSION_COOKIE } from '../server/domains/accounts/sessions';

import { freshPgDatabase, seedVideosAndComments, waitForHealth } from './bench-fixtures';
import { buildSpa, isBuildCurrent } from './spa-build';

const ROOT = path.resolve(__dirname, '..');
const CLUSTER = process.argv.includes('--cluster');
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 4460);

// ---- the load ----
const STREAMS = 1000;
const STREAM_USERS = 300;
const SESSIONS_PER_USER = 2;
const STREAMS_OPENING_AT_ONCE = 50;
const STREAM_OPEN_TIMEOUT_MS = 30_000;
const STREAMS_OPENING_DEADLINE_MS = 180_000;
const UPLOADS = 20;
const UPLOAD_BYTES_PER_SECOND = 50_000;
const UPLOAD_TICK_MS = 100;
const UPLOAD_START_GAP_MS = 100;
/** The upload's body takes this share of the soak: its completion falls inside the soak too. */
const UPLOAD_SHARE_OF_SOAK = 0.8;
const UPLOAD_MAX_RESUMES = 3;
/** How long the uploads may run past the end of the browsing before they count as unfinished. */
const UPLOAD_GRACE_MS = 120_000;
const SLOW_HEADER_CONNECTIONS = 64;
const SLOW_BODY_CONNECTIONS = 64;
const SLOW_HEADER_BYTE_EVERY_MS = 3000;
const SLOW_BODY_BYTE_EVERY_MS = 5000;
const SLOW_REOPEN_DELAY_MS = 250;
/** Reopenings per slow connection, at most (a server refusing at once would otherwise be hammered). */
const SLOW_MAX_REOPENINGS = Math.ceil((SECONDS * 1000) / SLOW_REOPEN_DELAY_MS);
const BROWSING_CONNECTIONS = 100;
const WARM_UP_SECONDS = 5;
const HEALTH_EVERY_MS = 250;
const SAMPLE_MS = 250;
const TIMELINE_MS = 5000;

// ---- source addresses (all on lo) ----
const HEALTH_ADDRESS = '127.0.0.2';
const HOSTILE_ADDRESS = '127.0.66.1';
const streamUserAddress = (user: number) => `127.0.${10 + Math.floor(user / 200)}.${1 + (user % 200)}`;
const uploaderAddress = (uploader: number) => `127.0.20.${1 + uploader}`;

const GOALS = { goodputRatio: 0.9, rssGrowthMiB: 768 } as const;
const PAGE_HEADERS = { accept: 'text/html', 'accept-language': 'en' };
const STREAM_PATH = '/v0/api/notifications/stream';
const TUS_PATH = '/v0/api/uploads';
const MiB = 1024 * 1024;
/** Nothing may hold the run past this: the watchdog stops it. */
const WATCHDOG_MS = (3 * SECONDS + 900) * 1000;

const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`;
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** The code measured: the commit, and whether the work tree differs from it (the run uses the files as they are). */
function codeVersion(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    const changed = git('status', '--porcelain', '--', 'server', 'src', 'scripts', 'package.json').split('\n').filter(Boolean).length;
    return `${git('rev-parse', '--short', 'HEAD')}${changed > 0 ? ` + uncommitted changes to ${changed} files under server/, src/, scripts/` : ''}`;
  } catch {
    return 'unknown (no git)';
  }
}

// ---- child processes ----

/** A child process of the bench: the tail of its output, and its warning and error log lines counted by message. */
class Child {
  private tail = '';
  private partial = '';
  readonly problems = new Map<string, number>();

  constructor(
    readonly name: string,
    readonly spawned: ChildProcess,
    /** Started in a process group of its own (npm and its shell do not pass signals on): signalled as a group. */
    private readonly group = false,
  ) {
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      this.tail = (this.tail + text).slice(-20_000);
      const lines = (this.partial + text).split('\n');
      this.partial = lines.pop()!.slice(-100_000);
      for (const line of lines) this.count(line);
    };
    spawned.stdout?.on('data', keep);
    spawned.stderr?.on('data', keep);
  }

  get pid(): number {
    return this.spawned.pid!;
  }

  get output(): string {
    return this.tail;
  }

  /** pino's JSON lines at warn (40) and above, by level and message (and the error's own message). */
  private count(line: string): void {
    if (!line.startsWith('{')) return;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) < 40) return;
      const key = `${entry.level! >= 50 ? 'error' : 'warn'}: ${entry.msg ?? ''}${entry.err?.message ? ` (${entry.err.message.slice(0, 160)})` : ''}`;
      this.problems.set(key, (this.problems.get(key) ?? 0) + 1);
    } catch {
      // not a log line
    }
  }

  private running(): boolean {
    if (!this.group) return this.spawned.exitCode === null && this.spawned.signalCode === null;
    try {
      process.kill(-this.pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  private signal(signal: NodeJS.Signals): void {
    try {
      if (this.group) process.kill(-this.pid, signal);
      else this.spawned.kill(signal);
    } catch {
      // already gone
    }
  }

  /** SIGTERM (the graceful stop), SIGKILL after 15 s. */
  async stop(): Promise<void> {
    for (const [signal, waitMs] of [['SIGTERM', 15_000], ['SIGKILL', 5_000]] as const) {
      if (!this.running()) return;
      this.signal(signal);
      const deadline = Date.now() + waitMs;
      while (this.running() && Date.now() < deadline) await sleep(50);
    }
  }
}

/** An HTTP instance: `node --max-semi-space-size=16 --import tsx server/index.ts` (child.pid is the server's). */
interface Instance {
  child: Child;
  base: URL;
  metrics: string;
}

function startInstance(name: string, port: number, env: NodeJS.ProcessEnv): Instance {
  const child = spawn(process.execPath, ['--max-semi-space-size=16', '--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: String(port + 1) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { child: new Child(name, child), base: new URL(`http://127.0.0.1:${port}`), metrics: `http://127.0.0.1:${port + 1}/metrics` };
}

/** s3rver as published, in a process of its own, with one bucket; resolves once it answers. */
async function startS3rver(directory: string, bucket: string): Promise<{ child: Child; endpoint: string }> {
  const port = await freePort();
  const binary = path.join(ROOT, 'node_modules', 's3rver', 'bin', 's3rver.js');
  const child = new Child(
    's3rver',
    spawn(process.execPath, [binary, '--directory', directory, '--address', '127.0.0.1', '--port', String(port), '--silent', '--configure-bucket', bucket], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.spawned.exitCode !== null) throw new Error(`s3rver exited:\n${child.output}`);
    try {
      // Unsigned: any answer (403) means it listens, and the bucket is made before it listens.
      await fetch(endpoint);
      return { child, endpoint };
    } catch {
      if (Date.now() > deadline) throw new Error(`s3rver did not start:\n${child.output}`);
      await sleep(200);
    }
  }
}

// ---- data ----

interface Seeded {
  videoId: string;
  /** Per stream user, one cookie per session. */
  streamUsers: string[][];
  /** One cookie per uploader. */
  uploaders: string[];
}

/** bench-load's videos and comments, and STREAM_USERS + UPLOADS verified users with sessions made as the login makes them. */
async function seed(env: NodeJS.ProcessEnv): Promise<Seeded> {
  const database = await createDatabase(loadConfig(env));
  try {
    await migrateToLatest(database.db);
    const now = toTimestamp();
    const videoId = await seedVideosAndComments(database.db, { videos: 24, comments: 100 });

    const userIds = Array.from({ length: STREAM_USERS + UPLOADS }, () => newId());
    const users = userIds.map((id, i) => ({
      id,
      email: `soak${i}@example.com`,
      username: i < STREAM_USERS ? `listener${i}` : `uploader${i - STREAM_USERS}`,
      password_hash: null,
      verified: 1 as const,
      wallet_address: null,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < users.length; i += 100) await database.db.insertInto('users').values(users.slice(i, i + 100)).execute();

    const expires = toTimestamp(new Date(Date.now() + 24 * 60 * 60 * 1000));
    const sessionOf = (userId: string) => ({ token: randomBytes(32).toString('base64url'), userId });
    const streamSessions = userIds.slice(0, STREAM_USERS).map((userId) => Array.from({ length: SESSIONS_PER_USER }, () => sessionOf(userId)));
    const uploaderSessions = userIds.slice(STREAM_USERS).map(sessionOf);
    const rows = [...streamSessions.flat(), ...uploaderSessions].map(({ token, userId }) => ({
      id_hash: hashSessionToken(token),
      user_id: userId,
      created_at: now,
      expires_at: expires,
      last_seen_at: now,
      user_agent: 'bench:soak',
      ip: '127.0.0.1',
    }));
    for (let i = 0; i < rows.length; i += 200) await database.db.insertInto('sessions').values(rows.slice(i, i + 200)).execute();
    const cookie = (token: string) => `${SESSION_COOKIE}=${token}`;
    return {
      videoId,
      streamUsers: streamSessions.map((sessions) => sessions.map((session) => cookie(session.token))),
      uploaders: uploaderSessions.map((session) => cookie(session.token)),
    };
  } finally {
    await database.close();
  }
}

/** A real MP4 (10 s of 640×360 test pattern and a tone, constant bit rate) of about `bytes`. */
async function makeVideo(file: string, bytes: number): Promise<Buffer> {
  const audioBits = 64_000;
  const videoBits = Math.max(100_000, Math.round((bytes * 8) / 10 - audioBits));
  const rate = `${Math.round(videoBits / 1000)}k`;
  await promisify(execFile)(
    ffmpegPath(),
    [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=10', '-f', 'lavfi', '-i', 'sine=f=440:d=10'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', rate, '-minrate', rate, '-maxrate', rate, '-bufsize', rate, '-x264-params', 'nal-hrd=cbr'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', String(audioBits), '-movflags', '+faststart', '-shortest', file],
    ],
    { timeout: 120_000 },
  );
  return readFile(file);
}

// ---- browsing (autocannon) ----

interface Browsing {
  goodput: number;
  ok: number;
  shed: number;
  other: number;
  errors: number;
  timeouts: number;
  p50: number;
  p99: number;
}

async function browse(bases: URL[], videoId: string, seconds: number, onResponse?: (status: number) => void): Promise<Browsing> {
  const targets = [
    { path: '/v0/api/videos/selfieVideos?page=1', headers: {} },
    { path: `/selfieVideos/${videoId}`, headers: PAGE_HEADERS },
    { path: `/v0/api/comments/${videoId}`, headers: {} },
  ];
  let next = 0;
  const origins = bases.map((base) => base.origin);
  const result = await autocannon({
    // Several URLs: autocannon gives connection i the URL i mod n (its types say one URL).
    url: (origins.length === 1 ? origins[0]! : origins) as string,
    connections: BROWSING_CONNECTIONS,
    duration: seconds,
    timeout: 10,
    ...(onResponse ? { setupClient: (client: autocannon.Client) => void client.on('response', (status: number) => onResponse(status)) } : {}),
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const target = targets[next++ % targets.length]!;
          return { ...request, path: target.path, headers: { ...request.headers, ...target.headers } };
        },
      },
    ],
  });
  let shed = 0;
  let other = 0;
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (code === '503') shed += (stats as { count: number }).count;
    else if (!code.startsWith('2')) other += (stats as { count: number }).count;
  }
  return {
    goodput: result['2xx'] / result.duration,
    ok: result['2xx'],
    shed,
    other,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

// ---- /health ----

class HealthPoller {
  readonly figures = { polls: 0, ok: 0, shed: 0, other: 0, failed: 0, skipped: 0, why: {} as Record<string, number> };
  private timer: NodeJS.Timeout | undefined;
  private readonly pending = new Set<URL>();
  private readonly agent = new http.Agent({ keepAlive: true });

  constructor(
    private readonly bases: URL[],
    private readonly onResult: (status: number) => void = () => undefined,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      for (const base of this.bases) this.poll(base);
    }, HEALTH_EVERY_MS);
  }

  private poll(base: URL): void {
    // One check at a time per instance: a slow answer is waited for, not piled on.
    if (this.pending.has(base)) {
      this.figures.skipped += 1;
      return;
    }
    this.pending.add(base);
    this.figures.polls += 1;
    const done = (outcome: 'ok' | 'shed' | 'other' | 'failed') => {
      if (!this.pending.delete(base)) return;
      this.figures[outcome] += 1;
    };
    const request = http.get({ host: base.hostname, port: base.port, path: '/health', localAddress: HEALTH_ADDRESS, agent: this.agent, timeout: 5000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body = (body + text).slice(0, 4096)));
      response.on('end', () => {
        this.onResult(response.statusCode ?? 0);
        if (response.statusCode === 503) {
          // What the check itself says: load overloaded (a gate full, or the event-loop backstop), database, starting.
          let why = 'unreadable';
          try {
            const answer = JSON.parse(body) as { status?: string; load?: string; database?: string };
            why = [answer.load === 'overloaded' ? 'overloaded' : '', answer.database === 'unavailable' ? 'database' : '', answer.status === 'starting' ? 'starting' : '']
              .filter(Boolean)
              .join('+');
          } catch {
            // not the check's JSON
          }
          this.figures.why[why || 'other'] = (this.figures.why[why || 'other'] ?? 0) + 1;
        }
        done(response.statusCode === 200 ? 'ok' : response.statusCode === 503 ? 'shed' : 'other');
      });
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => done('failed'));
  }

  stop(): HealthPoller['figures'] {
    clearInterval(this.timer);
    this.agent.destroy();
    return { ...this.figures, why: { ...this.figures.why } };
  }
}

// ---- memory ----

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) * 1024;
}

/** Every instance's RSS every 250 ms. */
class MemorySampler {
  private timer: NodeJS.Timeout | undefined;
  readonly samples: Array<{ at: number; rss: number[] }> = [];

  constructor(private readonly pids: number[]) {}

  start(): void {
    this.timer = setInterval(() => {
      try {
        this.samples.push({ at: Date.now(), rss: this.pids.map(rssOf) });
      } catch {
        // a process is gone
      }
    }, SAMPLE_MS);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Per instance, the lowest RSS over the last `ms`. */
  lowestOfLast(ms: number): number[] {
    const since = Date.now() - ms;
    return this.pids.map((_, i) => Math.min(...this.samples.filter((s) => s.at >= since).map((s) => s.rss[i]!)));
  }

  /** Per instance, the highest RSS from `from` to `to`. */
  peak(from: number, to: number): number[] {
    return this.pids.map((_, i) => Math.max(0, ...this.samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.rss[i]!)));
  }
}

// ---- the soak's timeline ----

interface Bucket {
  ok: number;
  shed: number;
  health503: number;
  bodiesSent: number;
  uploadsFinished: number;
  /** Per instance, % of one core over the bucket. */
  serverCpu: number[];
  /** % of all the machine's cores busy over the bucket (anyone's work). */
  machineCpu: number;
  load1: number;
  /** The groups of processes that used the most CPU over the bucket, in % of one core. */
  top: Array<[string, number]>;
}

/** CPU ticks (utime + stime) of a process, from /proc/<pid>/stat. */
function cpuTicksOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** The machine's busy and total ticks, from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = values.map(Number);
  const idle = ticks[3]! + ticks[4]!;
  const total = ticks.slice(0, 8).reduce((sum, n) => sum + n, 0);
  return { busy: total - idle, total };
}

interface ProcessTicks {
  ppid: number;
  comm: string;
  /** Its own CPU ticks (utime + stime). */
  self: number;
  /** Its reaped children's (cutime + cstime). */
  reaped: number;
}

/** Every process of the machine, from /proc/<pid>/stat. */
function processTable(): Map<number, ProcessTicks> {
  const table = new Map<number, ProcessTicks>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      table.set(Number(name), {
        ppid: Number(fields[1]),
        comm: stat.slice(stat.indexOf('(') + 1, close),
        self: Number(fields[11]) + Number(fields[12]),
        reaped: Number(fields[13]) + Number(fields[14]),
      });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/**
 * Who used the CPU, by group: each process of the run with its descendants (a server instance with
 * its ffmpeg and ffprobe, the worker with its encoders, s3rver), this bench (the clients) and the
 * other processes it started (redis-server), PostgreSQL (every `postgres` process on the machine:
 * the throwaway cluster's, and any other), and everything else on the machine ("others").
 * A short-lived child is counted through its parent's reaped time; one seen alive before is
 * subtracted once it is gone, so nothing is counted twice.
 */
class CpuByGroup {
  private last: Map<number, ProcessTicks> | undefined;

  constructor(private readonly named: Map<number, string>) {}

  private group(pid: number, table: Map<number, ProcessTicks>): string {
    const comm = table.get(pid)?.comm ?? '?';
    for (let at: number | undefined = pid, hops = 0; at !== undefined && at > 1 && hops < 64; at = table.get(at)?.ppid, hops += 1) {
      const name = this.named.get(at);
      if (name === undefined) continue;
      // The bench's own helpers by their names (redis-server, npm); the rest by the process they belong to.
      return name === 'bench' && at !== pid ? comm : name;
    }
    return comm === 'postgres' ? 'postgres' : 'others';
  }

  /** Ticks per group since the last call (none the first time). */
  sample(): Map<string, number> {
    const now = processTable();
    const used = new Map<string, number>();
    const add = (group: string, ticks: number) => used.set(group, (used.get(group) ?? 0) + ticks);
    if (this.last) {
      for (const [pid, ticks] of now) {
        const before = this.last.get(pid);
        add(this.group(pid, now), ticks.self + ticks.reaped - (before ? before.self + before.reaped : 0));
      }
      // Gone since: its whole time is in its parent's reaped time now, where part of it was counted already.
      for (const [pid, ticks] of this.last) if (!now.has(pid)) add(this.group(pid, this.last), -(ticks.self + ticks.reaped));
    }
    this.last = now;
    return used;
  }
}

/** What happened in each TIMELINE_MS of the soak: where its 503s fell, and what the CPU was doing then. */
class Timeline {
  readonly buckets: Bucket[] = [];
  private timer: NodeJS.Timeout | undefined;
  private last: { at: number; servers: number[]; machine: { busy: number; total: number } } | undefined;
  private from = 0;
  private closed = 0;

  constructor(
    private readonly pids: number[],
    private readonly groups?: CpuByGroup,
  ) {}

  private bucket(index = Math.max(0, Math.floor((Date.now() - this.from) / TIMELINE_MS))): Bucket {
    while (this.buckets.length <= index) {
      this.buckets.push({ ok: 0, shed: 0, health503: 0, bodiesSent: 0, uploadsFinished: 0, serverCpu: [], machineCpu: 0, load1: 0, top: [] });
    }
    return this.buckets[index]!;
  }

  start(): void {
    this.from = Date.now();
    this.last = this.snapshot();
    this.groups?.sample();
    this.timer = setInterval(() => this.close(), TIMELINE_MS);
  }

  private snapshot() {
    try {
      return { at: Date.now(), servers: this.pids.map(cpuTicksOf), machine: machineTicks() };
    } catch {
      return undefined;
    }
  }

  /** Ends the bucket now: the CPU spent over it, the load average at its end. */
  private close(): void {
    const now = this.snapshot();
    const bucket = this.bucket(this.closed++);
    if (now && this.last) {
      const ticksPerSecond = 100; // USER_HZ on Linux
      const seconds = Math.max(0.1, (now.at - this.last.at) / 1000);
      bucket.serverCpu = now.servers.map((ticks, i) => ((ticks - this.last!.servers[i]!) / ticksPerSecond / seconds) * 100);
      bucket.machineCpu = ((now.machine.busy - this.last.machine.busy) / Math.max(1, now.machine.total - this.last.machine.total)) * 100;
      const used = this.groups?.sample() ?? new Map<string, number>();
      bucket.top = [...used.entries()]
        .map(([group, ticks]): [string, number] => [group, (ticks / ticksPerSecond / seconds) * 100])
        .filter(([, percent]) => percent >= 1)
        .sort((x, y) => y[1] - x[1])
        .slice(0, 5);
    }
    bucket.load1 = loadavg()[0]!;
    this.last = now;
  }

  browsing(status: number): void {
    if (status >= 200 && status < 300) this.bucket().ok += 1;
    else if (status === 503) this.bucket().shed += 1;
  }

  health(status: number): void {
    if (status === 503) this.bucket().health503 += 1;
  }

  bodySent(): void {
    this.bucket().bodiesSent += 1;
  }

  uploadFinished(): void {
    this.bucket().uploadsFinished += 1;
  }

  /** Stops, closing the last bucket (a partial one) with what was spent in it. */
  stop(): void {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.close();
  }

  /** The server's CPU seconds (all instances) over the first `count` closed buckets. */
  serverCpuSeconds(count = this.closed): number {
    const closed = this.buckets.slice(0, Math.min(count, this.closed));
    return closed.reduce((sum, bucket) => sum + bucket.serverCpu.reduce((total, value) => total + value, 0) / 100, 0) * (TIMELINE_MS / 1000);
  }

  /** Means over the first `count` closed buckets: the server's CPU (per instance), the machine's, and the load average's range. */
  summary(count = this.closed): string {
    const closed = this.buckets.slice(0, Math.min(count, this.closed));
    if (closed.length === 0) return 'no full bucket';
    const mean = (values: number[]) => values.reduce((sum, n) => sum + n, 0) / values.length;
    const servers = this.pids.map((_, i) => `${mean(closed.map((bucket) => bucket.serverCpu[i] ?? 0)).toFixed(0)} %`).join(' ');
    const loads = closed.map((bucket) => bucket.load1);
    return `server CPU ${servers} of one core, machine CPU ${mean(closed.map((bucket) => bucket.machineCpu)).toFixed(0)} %, load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
  }
}

// ---- notification streams ----

type StreamState = 'opening' | 'open' | 'evicted' | 'refused' | 'failed' | 'dropped' | 'closed';

/** One EventSource as the bell opens it; its first `event: unread` counts it open. */
class NotificationStream {
  state: StreamState = 'opening';
  detail = '';
  private request: http.ClientRequest | undefined;

  constructor(
    private readonly base: URL,
    private readonly cookie: string,
    private readonly localAddress: string,
  ) {}

  /** Resolves once it is open, refused or failed (at most STREAM_OPEN_TIMEOUT_MS). */
  open(): Promise<void> {
    return new Promise((resolve) => {
      const settle = (state: StreamState, detail = '') => {
        clearTimeout(timer);
        if (this.state === 'opening') {
          this.state = state;
          this.detail = detail;
        }
        resolve();
      };
      const timer = setTimeout(() => {
        settle('failed', 'no first event in time');
        this.request?.destroy();
      }, STREAM_OPEN_TIMEOUT_MS);
      const request = http.request({
        host: this.base.hostname,
        port: this.base.port,
        path: STREAM_PATH,
        headers: { cookie: this.cookie, accept: 'text/event-stream' },
        localAddress: this.localAddress,
        agent: false,
      });
      this.request = request;
      request.on('response', (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          settle(response.statusCode === 503 ? 'refused' : 'failed', `HTTP ${response.statusCode}`);
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (text: string) => {
          buffer += text;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (/^event: unread$/m.test(event)) settle('open');
            else if (/^event: closing$/m.test(event)) {
              this.state = 'evicted';
              this.detail = /^data: (.*)$/m.exec(event)?.[1] ?? '';
            }
          }
          if (buffer.length > 65_536) buffer = '';
        });
        response.on('close', () => {
          if (this.state === 'open') this.state = 'dropped';
          else settle('failed', 'closed before its first event');
        });
      });
      request.on('error', (error) => {
        if (this.state === 'open') this.state = 'dropped';
        else settle('failed', error.message);
      });
      request.end();
    });
  }

  close(): void {
    if (this.state === 'open') this.state = 'closed';
    this.request?.destroy();
  }
}

/** STREAMS streams of STREAM_USERS users: 3 or 4 each, alternating the user's sessions, round-robin over the instances. */
async function openStreams(bases: URL[], seeded: Seeded): Promise<{ streams: NotificationStream[]; seconds: number }> {
  const streams: NotificationStream[] = [];
  for (let user = 0; user < STREAM_USERS; user += 1) {
    const count = Math.floor(STREAMS / STREAM_USERS) + (user < STREAMS % STREAM_USERS ? 1 : 0);
    for (let k = 0; k < count; k += 1) {
      const cookie = seeded.streamUsers[user]![k % SESSIONS_PER_USER]!;
      streams.push(new NotificationStream(bases[streams.length % bases.length]!, cookie, streamUserAddress(user)));
    }
  }
  const started = Date.now();
  let next = 0;
  const opener = async () => {
    while (next < streams.length && Date.now() - started < STREAMS_OPENING_DEADLINE_MS) await streams[next++]!.open();
  };
  await Promise.all(Array.from({ length: STREAMS_OPENING_AT_ONCE }, opener));
  for (const stream of streams.slice(next)) {
    stream.state = 'failed';
    stream.detail = 'not tried: the opening took too long';
  }
  return { streams, seconds: (Date.now() - started) / 1000 };
}

// ---- resumable uploads ----

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface UploadOutcome {
  uploader: number;
  instance: string;
  created?: number;
  status?: number;
  videoId?: string;
  /** From the creation to the last answer. */
  seconds?: number;
  endedAt?: number;
  resumes: number;
  error?: string;
}

/** One request with a whole body (or none), its answer read; 30 s at most. */
function exchange(base: URL, method: string, pathname: string, headers: Record<string, string>, localAddress: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ method, host: base.hostname, port: base.port, path: pathname, headers, localAddress, agent: false, timeout: 30_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body = (body + text).slice(0, 4096)));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('timeout', () => request.destroy(new Error(`${method} timed out`)));
    request.on('error', reject);
    request.end();
  });
}

/** A PATCH whose body (file from `offset`) goes out at UPLOAD_BYTES_PER_SECOND; its answer, or an error if cut short. */
function tricklePatch(
  base: URL,
  location: string,
  headers: Record<string, string>,
  localAddress: string,
  file: Buffer,
  offset: number,
  deadline: number,
  onBodySent: () => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    let answered = false;
    const request = http.request(
      {
        method: 'PATCH',
        host: base.hostname,
        port: base.port,
        path: location,
        localAddress,
        agent: false,
        headers: {
          ...headers,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(file.length - offset),
        },
      },
      (response) => {
        // An early answer (a refusal) ends the sending too.
        answered = true;
        clearTimeout(timer);
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => (body = (body + text).slice(0, 4096)));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
          // The rest of a refused body is not sent: this connection is done.
          request.destroy();
        });
      },
    );
    const started = Date.now();
    let sent = offset;
    const pump = () => {
      if (answered || request.destroyed) return;
      if (Date.now() > deadline) {
        request.destroy(new Error('PATCH still running at the deadline'));
        return;
      }
      const due = Math.min(file.length, offset + Math.floor(((Date.now() - started) / 1000) * UPLOAD_BYTES_PER_SECOND));
      if (due > sent) {
        request.write(file.subarray(sent, due));
        sent = due;
      }
      if (sent >= file.length) {
        request.end();
        onBodySent();
      } else timer = setTimeout(pump, UPLOAD_TICK_MS);
    };
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    pump();
  });
}

async function trickleUpload(instance: Instance, cookie: string, uploader: number, file: Buffer, deadline: number, timeline: Timeline): Promise<UploadOutcome> {
  const { base } = instance;
  const localAddress = uploaderAddress(uploader);
  const outcome: UploadOutcome = { uploader, instance: instance.child.name, resumes: 0 };
  // What the Upload page sends (tus-js-client in a browser): the session cookie, the page's origin.
  const headers = { cookie, origin: base.origin, 'tus-resumable': '1.0.0' };
  const started = Date.now();
  try {
    const metadata = [`title ${b64(`Soak upload ${uploader}`)}`, `description ${b64('Sent at 50 KB/s by bench:soak')}`, `visibility ${b64('public')}`, `filename ${b64(`soak-${uploader}.mp4`)}`, `filetype ${b64('video/mp4')}`];
    const created = await exchange(base, 'POST', TUS_PATH, { ...headers, 'upload-length': String(file.length), 'upload-metadata': metadata.join(',') }, localAddress);
    outcome.created = created.status;
    const location = created.headers.location;
    if (created.status !== 201 || !location) {
      outcome.error = `creation answered ${created.status}: ${created.body.slice(0, 200)}`;
      return outcome;
    }
    let offset = 0;
    for (;;) {
      try {
        const answer = await tricklePatch(base, location, headers, localAddress, file, offset, deadline, () => timeline.bodySent());
        outcome.status = answer.status;
        const videoId = answer.headers['video-id'];
        if (answer.status === 204 && typeof videoId === 'string') {
          outcome.videoId = videoId;
          outcome.seconds = (Date.now() - started) / 1000;
          timeline.uploadFinished();
        } else {
          outcome.error = `PATCH answered ${answer.status}${answer.status === 204 ? ' without a Video-Id' : ''}: ${answer.body.slice(0, 200)}`;
        }
        return outcome;
      } catch (error) {
        // Cut short: as tus-js-client does, ask where the upload stands and go on from there.
        if (outcome.resumes >= UPLOAD_MAX_RESUMES || Date.now() > deadline) throw error;
        outcome.resumes += 1;
        await sleep(1000);
        const head = await exchange(base, 'HEAD', location, headers, localAddress);
        if (head.status !== 200) throw new Error(`PATCH cut short (${(error as Error).message}), then HEAD answered ${head.status}`);
        offset = Number(head.headers['upload-offset']);
      }
    }
  } catch (error) {
    outcome.error = (error as Error).message;
    return outcome;
  } finally {
    outcome.endedAt = Date.now();
  }
}

// ---- the hostile client ----

interface SlowFigures {
  opened: number;
  /** Closed by the server (counted at each close the client did not make). */
  closedByServer: number;
  /** Of those: with an answer first (its status), without one. */
  answered: Record<string, number>;
  cutWithoutAnswer: number;
  /** Of those without an answer: closed within 1 s of connecting (the per-address cap). */
  refusedAtOnce: number;
}

/** Connections that never finish their request (slow headers, or a body that never comes), reopened when the server closes them. */
class SlowClients {
  readonly figures: SlowFigures = { opened: 0, closedByServer: 0, answered: {}, cutWithoutAnswer: 0, refusedAtOnce: 0 };
  private stopping = false;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    private readonly kind: 'headers' | 'body',
    private readonly count: number,
    private readonly bases: URL[],
  ) {}

  start(): void {
    for (let slot = 0; slot < this.count; slot += 1) this.open(slot, 0);
  }

  private open(slot: number, reopenings: number): void {
    if (this.stopping || reopenings > SLOW_MAX_REOPENINGS) return;
    const base = this.bases[slot % this.bases.length]!;
    const socket = net.connect({ host: base.hostname, port: Number(base.port), localAddress: HOSTILE_ADDRESS });
    this.sockets.add(socket);
    this.figures.opened += 1;
    const openedAt = Date.now();
    let answer: string | undefined;
    let ticker: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      if (this.kind === 'headers') {
        // The request line, then the headers one byte at a time: never finished.
        socket.write(`GET /v0/api/videos/selfieVideos HTTP/1.1\r\n`);
        const trickle = `Host: ${base.host}\r\nX-Slow: ${'a'.repeat(1000)}`;
        let at = 0;
        ticker = setInterval(() => socket.write(trickle[at++ % trickle.length]!), SLOW_HEADER_BYTE_EVERY_MS);
      } else {
        // 9 of the 1,000 bytes announced, then a byte now and then.
        socket.write(`POST /v0/api/auth/login HTTP/1.1\r\nHost: ${base.host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`);
        ticker = setInterval(() => socket.write(' '), SLOW_BODY_BYTE_EVERY_MS);
      }
    });
    socket.on('data', (chunk: Buffer) => {
      answer ??= /^HTTP\/1\.[01] (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? 'other';
    });
    socket.on('error', () => undefined); // a reset; 'close' follows
    socket.on('close', () => {
      clearInterval(ticker);
      this.sockets.delete(socket);
      if (this.stopping) return;
      this.figures.closedByServer += 1;
      if (answer !== undefined) this.figures.answered[answer] = (this.figures.answered[answer] ?? 0) + 1;
      else {
        this.figures.cutWithoutAnswer += 1;
        if (Date.now() - openedAt < 1000) this.figures.refusedAtOnce += 1;
      }
      setTimeout(() => this.open(slot, reopenings + 1), SLOW_REOPEN_DELAY_MS);
    });
  }

  stop(): SlowFigures {
    this.stopping = true;
    for (const socket of this.sockets) socket.destroy();
    return this.figures;
  }
}

// ---- the server's own counters ----

interface ServerCounters {
  openStreams: number;
  refused: Record<string, number>;
  shed: Record<string, number>;
}

async function readCounters(instance: Instance): Promise<ServerCounters | undefined> {
  try {
    const text = await (await fetch(instance.metrics)).text();
    const sum = (name: string, label: string) => {
      const totals: Record<string, number> = {};
      for (const match of text.matchAll(new RegExp(`^${name}\\{[^}]*${label}="([^"]+)"[^}]*\\} (\\d+)`, 'gm'))) totals[match[1]!] = (totals[match[1]!] ?? 0) + Number(match[2]);
      return totals;
    };
    return {
      openStreams: sum('http_open_streams', 'kind').notifications ?? 0,
      refused: sum('http_connections_refused_total', 'reason'),
      shed: sum('http_requests_shed_total', 'reason'),
    };
  } catch {
    return undefined;
  }
}

const diff = (after: Record<string, number>, before: Record<string, number>) =>
  Object.entries(after)
    .map(([key, value]) => [key, value - (before[key] ?? 0)] as const)
    .filter(([, value]) => value > 0);

// ---- the run ----

async function main(): Promise<void> {
  const cleanups: Array<() => Promise<unknown> | void> = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  };
  const watchdog = setTimeout(() => {
    console.error(`\nbench:soak: still running after ${WATCHDOG_MS / 1000} s: a step hangs; stopping everything`);
    void cleanUp().then(() => process.exit(1));
  }, WATCHDOG_MS);
  watchdog.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().then(() => process.exit(130)));

  try {
    const topology = CLUSTER
      ? 'PostgreSQL + Redis + S3 (s3rver), two HTTP instances (WORKER=off) and one worker'
      : 'SQLite (the embedded default), one instance (it transcodes too)';
    console.log(`bench:soak — ${topology}; ${SECONDS} s per run; load average ${loadAverage()} (1, 5, 15 min) at the start`);
    console.log(`code: ${codeVersion()}`);
    if (!isBuildCurrent()) {
      console.log('Building the SPA (dist/ missing or stale)…');
      await buildSpa();
    }
    const scratch = await mkdtemp(path.join(tmpdir(), 'bench-soak-'));
    cleanups.push(() => rm(scratch, { recursive: true, force: true }));
    const uploadBytes = Math.round(UPLOAD_BYTES_PER_SECOND * SECONDS * UPLOAD_SHARE_OF_SOAK);
    const video = await makeVideo(path.join(scratch, 'upload.mp4'), uploadBytes);

    // ---- the topology: each process its own DATA_DIR ----
    const names = CLUSTER ? ['A', 'B'] : ['server'];
    const dataDir = (name: string) => path.join(scratch, `data-${name}`);
    for (const name of [...names, 'worker']) await mkdir(dataDir(name));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      // No background search refresh during the runs (as bench-load).
      SEARCH_REFRESH_HOURS: '6',
    };
    // Only what is set here: no database, Redis nor bucket of the calling shell.
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET', 'AWS_ENDPOINT_URL_S3', 'METRICS_PORT', 'WORKER']) delete env[name];
    let s3rver: Child | undefined;
    if (CLUSTER) {
      const postgresServer = process.env.DATABASE_URL;
      if (!postgresServer?.startsWith('postgres')) throw new Error('run it as npm run bench:soak -- --cluster (scripts/bench-soak.sh sets DATABASE_URL)');
      const database = await freshPgDatabase(postgresServer, 'soak');
      cleanups.push(database.drop);
      const redis = await startRedis();
      cleanups.push(() => redis.stop());
      const bucket = 'soak-media';
      const s3 = await startS3rver(path.join(scratch, 's3'), bucket);
      s3rver = s3.child;
      cleanups.push(() => s3.child.stop());
      Object.assign(env, {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        S3_BUCKET: bucket,
        S3_FORCE_PATH_STYLE: 'true',
        AWS_ENDPOINT_URL_S3: s3.endpoint,
        AWS_REGION: 'us-east-1',
        // s3rver's own key pair; it accepts nothing else.
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      });
    }
    // Into the first instance's DATA_DIR (SQLite's file is there), or the shared database.
    const seeded = await seed({ ...env, DATA_DIR: dataDir(names[0]!), NODE_ENV: 'test', LOG_LEVEL: 'silent' });

    const instances: Instance[] = [];
    for (const [i, name] of names.entries()) {
      const instance = startInstance(name, PORT + 2 * i, { ...env, DATA_DIR: dataDir(name), ...(CLUSTER ? { WORKER: 'off' } : {}) });
      instances.push(instance);
      cleanups.push(() => instance.child.stop());
    }
    let worker: Child | undefined;
    if (CLUSTER) {
      worker = new Child(
        'worker',
        spawn('npm', ['run', 'worker'], { cwd: ROOT, env: { ...env, DATA_DIR: dataDir('worker') }, stdio: ['ignore', 'pipe', 'pipe'], detached: true }),
        true,
      );
      cleanups.push(() => worker!.stop());
    }
    for (const instance of instances) {
      await waitForHealth(instance.child.spawned, instance.base.origin, { timeoutMs: 300_000, intervalMs: 500 }).catch((error: unknown) => {
        throw new Error(`${(error as Error).message}\n${instance.child.output}`);
      });
    }
    const bases = instances.map((instance) => instance.base);
    const processes = [...instances.map((instance) => instance.child), ...(worker ? [worker] : []), ...(s3rver ? [s3rver] : [])];
    const where = instances.map((instance) => `${instance.child.name} pid ${instance.child.pid} on ${instance.base.origin}`).join(', ');
    console.log(`${where}${worker ? `, worker (npm run worker) pid ${worker.pid}` : ''}; upload file ${(video.length / 1e6).toFixed(2)} MB (${(video.length / UPLOAD_BYTES_PER_SECOND).toFixed(0)} s at 50 KB/s)`);

    // ---- warm-up, idle memory, browsing alone ----
    await browse(bases, seeded.videoId, WARM_UP_SECONDS);
    const sampler = new MemorySampler(instances.map((instance) => instance.child.pid));
    sampler.start();
    cleanups.push(() => sampler.stop());
    await sleep(5000);
    const idle = sampler.lowestOfLast(2000);
    console.log(`idle RSS: ${idle.map(mib).join(', ')}; browsing alone for ${SECONDS} s…`);
    const aloneTimeline = new Timeline(instances.map((instance) => instance.child.pid));
    const aloneHealth = new HealthPoller(bases);
    aloneTimeline.start();
    aloneHealth.start();
    const alone = await browse(bases, seeded.videoId, SECONDS);
    const aloneHealthFigures = aloneHealth.stop();
    aloneTimeline.stop();
    await sleep(3000);

    // ---- the soak ----
    const soakFrom = Date.now();
    const countersBefore = await Promise.all(instances.map(readCounters));
    console.log(`opening ${STREAMS} notification streams of ${STREAM_USERS} users…`);
    const { streams, seconds: openingSeconds } = await openStreams(bases, seeded);
    cleanups.push(() => streams.forEach((stream) => stream.close()));
    const openedCount = streams.filter((stream) => stream.state === 'open').length;
    console.log(`  ${openedCount} open after ${openingSeconds.toFixed(1)} s; the soak starts: browsing, ${UPLOADS} uploads, ${SLOW_HEADER_CONNECTIONS} + ${SLOW_BODY_CONNECTIONS} slow connections, /health`);
    const timeline = new Timeline(
      instances.map((instance) => instance.child.pid),
      new CpuByGroup(new Map([[process.pid, 'bench'], ...processes.map((child): [number, string] => [child.pid, child.name])])),
    );
    cleanups.push(() => timeline.stop());
    const soakHealth = new HealthPoller(bases, (status) => timeline.health(status));
    const slowHeaders = new SlowClients('headers', SLOW_HEADER_CONNECTIONS, bases);
    const slowBodies = new SlowClients('body', SLOW_BODY_CONNECTIONS, bases);
    timeline.start();
    soakHealth.start();
    slowHeaders.start();
    slowBodies.start();
    cleanups.push(() => void slowHeaders.stop(), () => void slowBodies.stop(), () => void soakHealth.stop());
    const browsingStarted = Date.now();
    const uploadDeadline = browsingStarted + SECONDS * 1000 + UPLOAD_GRACE_MS;
    const uploads = Promise.all(
      seeded.uploaders.map(async (cookie, uploader) => {
        await sleep(uploader * UPLOAD_START_GAP_MS);
        return trickleUpload(instances[uploader % instances.length]!, cookie, uploader, video, uploadDeadline, timeline);
      }),
    );
    const soak = await browse(bases, seeded.videoId, SECONDS, (status) => timeline.browsing(status));
    const browsingEnded = Date.now();
    const countersAtEnd = await Promise.all(instances.map(readCounters));
    const soakHealthFigures = soakHealth.stop();
    const headerFigures = slowHeaders.stop();
    const bodyFigures = slowBodies.stop();
    const streamStatesAtEnd = streams.map((stream) => stream.state);
    const uploadOutcomes = await uploads;
    const soakTo = Date.now();
    const peak = sampler.peak(soakFrom, soakTo);
    sampler.stop();
    timeline.stop();
    for (const stream of streams) stream.close();
    const uploadsEnd = Math.max(...uploadOutcomes.map((outcome) => outcome.endedAt ?? 0));

    // ---- figures ----
    const count = (state: StreamState) => streamStatesAtEnd.filter((s) => s === state).length;
    const streamFigures = { asked: STREAMS, opened: openedCount, openAtEnd: count('open'), evicted: count('evicted'), refused: count('refused'), dropped: count('dropped'), failed: count('failed') };
    const ratio = alone.goodput > 0 ? soak.goodput / alone.goodput : 0;
    const finished = uploadOutcomes.filter((outcome) => outcome.videoId !== undefined);
    const times = finished.map((outcome) => outcome.seconds!).sort((x, y) => x - y);
    const growth = peak.map((value, i) => value - idle[i]!);

    const line = (name: string, run: Browsing) =>
      `  ${name.padEnd(8)} ${run.goodput.toFixed(0).padStart(6)} 2xx/s  (${run.ok} 2xx, ${run.shed} × 503, ${run.other} other, ${run.errors} errors, ${run.timeouts} timeouts)  p50 ${run.p50} ms  p99 ${run.p99} ms`;
    console.log(`\nbench:soak — ${topology}; ${SECONDS} s per run\n`);
    console.log(`browsing (autocannon, ${BROWSING_CONNECTIONS} connections over list / video page / comments, from 127.0.0.1):`);
    console.log(line('alone', alone));
    console.log(line('in soak', soak));
    console.log(`  goodput in the soak / alone: ${ratio.toFixed(2)}`);
    const soakBuckets = Math.floor((SECONDS * 1000) / TIMELINE_MS);
    console.log(`  CPU alone: ${aloneTimeline.summary()}`);
    console.log(`  CPU soak:  ${timeline.summary(soakBuckets)}`);
    // Other work on the machine takes CPU from the server in either run: answers per CPU-second of the server do not move with it.
    const perCpuSecond = (ok: number, cpuSeconds: number) => (cpuSeconds > 0 ? (ok / cpuSeconds).toFixed(0) : '—');
    console.log(
      `  2xx per CPU-second of the server (the soak's CPU includes the streams, uploads and slow clients): alone ${perCpuSecond(alone.ok, aloneTimeline.serverCpuSeconds(soakBuckets))}, soak ${perCpuSecond(soak.ok, timeline.serverCpuSeconds(soakBuckets))}`,
    );
    const healthLine = (figures: HealthPoller['figures']) => {
      const why = Object.entries(figures.why).map(([reason, n]) => `${n} ${reason}`).join(', ');
      return `${figures.polls} polls: ${figures.ok} × 200, ${figures.shed} × 503${why ? ` (${why})` : ''}, ${figures.other} other, ${figures.failed} failed or timed out (5 s), ${figures.skipped} skipped (previous one still waiting)`;
    };
    console.log(`/health every ${HEALTH_EVERY_MS} ms per instance — alone: ${healthLine(aloneHealthFigures)}`);
    console.log(`                                  — soak:  ${healthLine(soakHealthFigures)}`);
    console.log(`server RSS (VmRSS every ${SAMPLE_MS} ms):`);
    for (const [i, instance] of instances.entries()) {
      console.log(`  ${instance.child.name}: idle ${mib(idle[i]!)}, peak from the streams' opening to the uploads' end ${mib(peak[i]!)}: ${growth[i]! >= 0 ? '+' : ''}${mib(growth[i]!)}`);
    }
    console.log(
      `notification streams (${STREAMS} of ${STREAM_USERS} users, ${SESSIONS_PER_USER} sessions each, opened in ${openingSeconds.toFixed(1)} s): ${streamFigures.opened} opened; at the end ${streamFigures.openAtEnd} open, ` +
        `${streamFigures.evicted} evicted (event: closing), ${streamFigures.refused} refused (503), ${streamFigures.dropped} closed otherwise by the server, ${streamFigures.failed} failed to open`,
    );
    const failedStreams = streams.filter((stream) => stream.state === 'failed' || stream.state === 'evicted');
    if (failedStreams.length > 0) console.log(`  e.g. ${[...new Set(failedStreams.map((stream) => `${stream.state}: ${stream.detail}`))].slice(0, 3).join('; ')}`);
    console.log(
      `resumable uploads (${UPLOADS} × ${(video.length / 1e6).toFixed(2)} MB at 50 KB/s, one user and address each): ${finished.length} of ${UPLOADS} finished (201, then 204 with a Video-Id)` +
        (times.length > 0 ? `, in ${times[0]!.toFixed(1)}–${times[times.length - 1]!.toFixed(1)} s (median ${times[Math.floor(times.length / 2)]!.toFixed(1)} s)` : ''),
    );
    for (const outcome of uploadOutcomes) {
      const what = outcome.videoId ? `finished in ${outcome.seconds!.toFixed(1)} s, video ${outcome.videoId}` : `NOT finished: ${outcome.error ?? 'unknown'}`;
      console.log(`  upload ${String(outcome.uploader + 1).padStart(2)} on ${outcome.instance}: creation ${outcome.created ?? '—'}, PATCH ${outcome.status ?? '—'}, ${outcome.resumes} resumes; ${what}`);
    }
    const slowLine = (name: string, figures: SlowFigures) =>
      `  ${name}: ${figures.opened} connections opened, closed by the server ${figures.closedByServer} times (${Object.entries(figures.answered)
        .map(([status, n]) => `${n} after a ${status}`)
        .join(', ') || 'none after an answer'}, ${figures.cutWithoutAnswer} cut without an answer, of which ${figures.refusedAtOnce} within 1 s of connecting)`;
    console.log(`hostile client ${HOSTILE_ADDRESS} during the ${SECONDS} s:`);
    console.log(slowLine(`${SLOW_HEADER_CONNECTIONS} slow headers`, headerFigures));
    console.log(slowLine(`${SLOW_BODY_CONNECTIONS} slow bodies `, bodyFigures));
    console.log('server counters (/metrics), during the soak:');
    for (const [i, instance] of instances.entries()) {
      const before = countersBefore[i];
      const after = countersAtEnd[i];
      if (!before || !after) {
        console.log(`  ${instance.child.name}: metrics not readable`);
        continue;
      }
      const refused = diff(after.refused, before.refused).map(([reason, n]) => `${reason} ${n}`).join(', ') || 'none';
      const shed = diff(after.shed, before.shed).map(([reason, n]) => `${reason} ${n}`).join(', ') || 'none';
      console.log(`  ${instance.child.name}: open streams at the end of the browsing ${after.openStreams}; connections refused: ${refused}; requests shed: ${shed}`);
    }
    for (const child of processes) {
      if (child.problems.size === 0 || child === s3rver) continue;
      console.log(`${child.name}'s warnings and errors (log lines, by message):`);
      for (const [message, n] of [...child.problems.entries()].sort((x, y) => y[1] - x[1]).slice(0, 8)) console.log(`  ${n} × ${message}`);
    }

    console.log(
      `timeline of the soak (${TIMELINE_MS / 1000} s each from the start of the browsing; CPU: the server's own and each group's in % of one core, the machine's in % of all its cores;` +
        ` groups: an instance or the worker with its ffmpeg/ffprobe, bench = these clients, others = anything else on the machine):`,
    );
    console.log(`  ${'t (s)'.padEnd(8)} ${'2xx/s'.padStart(6)} ${'503'.padStart(5)} ${'/health 503'.padStart(11)} ${'bodies sent'.padStart(11)} ${'finished'.padStart(8)} ${'server CPU'.padStart(14)} ${'machine CPU'.padStart(11)} ${'load'.padStart(5)}  most CPU`);
    for (const [i, bucket] of timeline.buckets.entries()) {
      const span = `${(i * TIMELINE_MS) / 1000}–${((i + 1) * TIMELINE_MS) / 1000}`;
      const cpu = bucket.serverCpu.map((value) => `${value.toFixed(0)} %`).join(' ');
      console.log(
        `  ${span.padEnd(8)} ${(bucket.ok / (TIMELINE_MS / 1000)).toFixed(0).padStart(6)} ${String(bucket.shed).padStart(5)} ${String(bucket.health503).padStart(11)} ${String(bucket.bodiesSent).padStart(11)} ${String(bucket.uploadsFinished).padStart(8)} ${cpu.padStart(14)} ${`${bucket.machineCpu.toFixed(0)} %`.padStart(11)} ${bucket.load1.toFixed(1).padStart(5)}  ` +
          bucket.top.map(([group, percent]) => `${group} ${percent.toFixed(0)}`).join(', '),
      );
    }

    const goals: Array<[string, boolean]> = [
      [`browsing goodput in the soak ≥ ${GOALS.goodputRatio} of alone (${ratio.toFixed(2)})`, ratio >= GOALS.goodputRatio],
      [`no 503 to the browsing in the soak (${soak.shed})`, soak.shed === 0],
      [`no 503 from /health in the soak (${soakHealthFigures.shed})`, soakHealthFigures.shed === 0],
      [`RSS peak − idle < ${GOALS.rssGrowthMiB} MiB (${growth.map(mib).join(', ')})`, growth.every((value) => value < GOALS.rssGrowthMiB * MiB)],
      [`every upload finished (${finished.length}/${UPLOADS})`, finished.length === UPLOADS],
      [`${STREAMS} streams open at the end, none evicted nor refused (${streamFigures.openAtEnd} / ${streamFigures.evicted} / ${streamFigures.refused})`, streamFigures.openAtEnd === STREAMS && streamFigures.evicted === 0 && streamFigures.refused === 0],
    ];
    console.log('\ngoals:');
    for (const [name, met] of goals) console.log(`  ${met ? 'met   ' : 'MISSED'}  ${name}`);
    const missed = goals.filter(([, met]) => !met).length;
    console.log(missed === 0 ? '\nall goals met' : `\nMISSED: ${missed} of ${goals.length} goals (a figure, not a test: exit code 0)`);
    console.log(`load average at the end: ${loadAverage()} (1, 5, 15 min; 2 would fill this machine's 2 cores)`);
    if (uploadsEnd > browsingEnded) console.log(`(the last upload ended ${((uploadsEnd - browsingEnded) / 1000).toFixed(1)} s after the browsing)`);

    if (process.env.BENCH_SOAK_JSON) {
      writeFileSync(
        process.env.BENCH_SOAK_JSON,
        JSON.stringify(
          {
            cluster: CLUSTER,
            seconds: SECONDS,
            alone,
            soak,
            ratio,
            health: { alone: aloneHealthFigures, soak: soakHealthFigures },
            memory: { idle, peak },
            streams: streamFigures,
            uploads: uploadOutcomes,
            slow: { headers: headerFigures, bodies: bodyFigures },
            counters: { before: countersBefore, after: countersAtEnd },
            timeline: timeline.buckets,
            goals: Object.fromEntries(goals),
            loadAverage: loadavg(),
          },
          null,
          2,
        ),
      );
    }
  } finally {
    await cleanUp();
    clearTimeout(watchdog);
  }
}

main().then(
  // Sockets and agents of the clients may linger a moment: the figures are out, so end here.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
