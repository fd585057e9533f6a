/**
 * The split topology on one machine: an HTTP-only instance (WORKER=off) and separate worker
 * processes sharing one database, one DATA_DIR and a real redis-server (REDIS_URL, so jobs go
 * through BullMQ). An upload on the instance is transcoded by `npm run worker`'s entry and plays
 * from the instance; a worker killed (SIGKILL) in the middle of a job has it taken over by
 * another worker. Skipped, with the reason printed, when redis-server is missing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { Queue } from 'bullmq';

import type { AppConfig } from '../../server/config/index';
import { BULL_PREFIX, TRANSCODE_QUEUE } from '../../server/infra/jobs/bull';
import { DEFAULT_MEDIA_CONFIG } from '../../server/config/media';
import { startWorker, type RunningWorker } from '../../server/worker';
import { makeH264Mp4 } from '../support/media-fixtures';
import { postUpload, uploadParts, videoPart } from '../support/media';
import { redisUnavailableReason, startRedis, type RedisServer } from '../support/redis';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';

jest.setTimeout(240_000);

const unavailable = redisUnavailableReason();
if (unavailable) console.warn(unavailable);
const describeWithRedis = unavailable ? describe.skip : describe;

const ROOT = path.join(__dirname, '../..');
const LEASE_MS = 2000;

interface ApiVideo {
  _id: string;
  status: string;
  processingProgress: number;
  hlsUrl: string | null;
}

/** The variables a worker process needs to share this instance's database, files and Redis. */
function workerEnv(config: AppConfig, redisUrl: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: config.dataDir, REDIS_URL: redisUrl, PUBLIC_URL: config.publicUrl, ...extra };
  delete env.DATABASE_URL;
  delete env.WORKER;
  if (config.database.dialect === 'postgres') env.DATABASE_URL = config.database.url;
  return env;
}

/** Spawns a process and resolves once its stdout has printed `marker`. */
async function spawnUntil(args: string[], env: NodeJS.ProcessEnv, marker: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${marker}" within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(marker)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before "${marker}":\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  child.stdout!.removeAllListeners('data').resume();
  child.stderr!.removeAllListeners('data').resume();
  return child;
}

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

describeWithRedis('a separate worker process (REDIS_URL, BullMQ)', () => {
  let redis: RedisServer;
  let fixtures: string;
  let t: TestApp;
  let cookie: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    fixtures = await mkdtemp(path.join(tmpdir(), 'worker-fixtures-'));
    // HTTP-only: this instance never transcodes; it enqueues to Redis.
    t = await makeTestApp({ env: { WORKER: 'off', REDIS_URL: redis.url }, config: { media: { ...DEFAULT_MEDIA_CONFIG, worker: false } } });
    cookie = await sessionCookieFor(t.app, (await createTestUser(t.app, { username: 'filmer' })).id);
  });

  afterAll(async () => {
    await Promise.all(children.map((child) => kill(child, 'SIGKILL')));
    await t?.close();
    await redis?.stop();
    await rm(fixtures, { recursive: true, force: true });
  });

  async function upload(file: string): Promise<string> {
    const res = await postUpload(t.app, cookie, uploadParts({ title: path.basename(file), video: videoPart(await readFile(file), path.basename(file), 'video/mp4') }));
    expect(res.statusCode).toBe(200);
    const { video } = res.json() as { video: ApiVideo };
    expect(video.status).toBe('processing');
    return video._id;
  }

  async function waitUntilDone(id: string, timeoutMs = 180_000): Promise<ApiVideo> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await t.app.inject({ method: 'GET', url: `/v0/api/videos/selfieVideos/${id}`, headers: { cookie } });
      const { video } = res.json() as { video: ApiVideo };
      if (video.status !== 'processing') return video;
      if (Date.now() > deadline) throw new Error(`video ${id} still processing`);
      await sleep(200);
    }
  }

  it('`npm run worker` transcodes an upload made on an HTTP-only instance, which then plays it', async () => {
    const id = await upload(await makeH264Mp4(fixtures, { name: 'small.mp4', seconds: 1 }));
    // Nothing consumes yet: the job waits in Redis.
    await sleep(500);
    const waiting = await t.app.inject({ method: 'GET', url: `/v0/api/videos/selfieVideos/${id}`, headers: { cookie } });
    expect((waiting.json() as { video: ApiVideo }).video.status).toBe('processing');

    const worker = await spawnUntil(['scripts/worker.ts'], workerEnv(t.config, redis.url), 'worker ready');
    children.push(worker);
    const video = await waitUntilDone(id);
    expect(video).toMatchObject({ status: 'ready', processingProgress: 100 });
    const master = await t.app.inject({ method: 'GET', url: video.hlsUrl!, headers: { cookie } });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXTM3U');
    await kill(worker, 'SIGTERM');
    expect(worker.exitCode).toBe(0);
  });

  it('an upload whose job was lost after its row committed (no shared transaction with Redis) is enqueued again and transcoded', async () => {
    const id = await upload(await makeH264Mp4(fixtures, { name: 'lost.mp4', seconds: 1 }));
    // What a crash between the commit and the enqueue leaves: a processing video, no job in Redis.
    const queue = new Queue(TRANSCODE_QUEUE, { connection: { url: redis.url }, prefix: BULL_PREFIX });
    let worker: RunningWorker | undefined;
    try {
      await (await queue.getJob(id))!.remove();
      expect(await queue.getJob(id)).toBeUndefined();
      // A worker's start-up reconcile (server/domains/media/recovery.ts → requeueMissing) repairs it.
      worker = await startWorker({ ...t.config, redisUrl: redis.url }, { logger: false });
      const video = await waitUntilDone(id);
      expect(video).toMatchObject({ status: 'ready', processingProgress: 100 });
    } finally {
      await worker?.stop();
      await queue.close();
    }
  });

  it('a worker killed mid-job: another worker takes the job over and finishes it', async () => {
    const env = workerEnv(t.config, redis.url, { WORKER_TEST_LEASE_MS: String(LEASE_MS) });
    const doomed = await spawnUntil(['__tests__/support/worker-child.ts'], env, 'worker ready');
    children.push(doomed);
    // Long enough to be caught in the middle on any machine.
    const id = await upload(await makeH264Mp4(fixtures, { name: 'long.mp4', width: 1280, height: 720, seconds: 6 }));

    const queue = new Queue(TRANSCODE_QUEUE, { connection: { url: redis.url }, prefix: BULL_PREFIX });
    let survivor: RunningWorker | undefined;
    try {
      // Killed once it is transcoding (its progress shows in the API, as the SPA polls it).
      const deadline = Date.now() + 60_000;
      for (;;) {
        const res = await t.app.inject({ method: 'GET', url: `/v0/api/videos/selfieVideos/${id}`, headers: { cookie } });
        const { video } = res.json() as { video: ApiVideo };
        const job = await queue.getJob(id);
        if (video.processingProgress > 0 && job && (await job.getState()) === 'active') break;
        if (Date.now() > deadline) throw new Error('the job never started');
        await sleep(50);
      }
      await kill(doomed, 'SIGKILL');
      expect((await t.app.db.selectFrom('videos').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('processing');

      // Another worker, in this process this time (how a test or a cluster harness can start one).
      survivor = await startWorker({ ...t.config, redisUrl: redis.url, media: { ...t.config.media, leaseMs: LEASE_MS } }, { logger: false });
      const video = await waitUntilDone(id);
      expect(video).toMatchObject({ status: 'ready', processingProgress: 100 });
    } finally {
      await survivor?.stop();
      await queue.close();
    }
  });
});
