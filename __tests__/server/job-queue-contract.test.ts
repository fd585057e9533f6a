/**
 * The JobQueue contract (server/infra/jobs/queue.ts), run against both implementations: the embedded
 * queue in the site's database and BullMQ on a real redis-server (support/redis.ts; skipped with
 * the reason printed when the binary is missing). Handlers here are plain functions, so what is
 * checked is the queue: idempotent enqueue, concurrency, retries, giving up, permanent errors,
 * cancellation when the video is deleted, stop, repair of a lost enqueue, a job whose worker
 * process was killed being taken over by another, and kinds: each job to its kind's handler with
 * its payload, attempts and time limit per kind, a job of another kind not displacing a
 * video's waiting transcode, and a kind with a lane of its own (transcribe): beside the
 * transcodes, on the same video at once, outside the queue positions and ETAs, run once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';

import { BULL_PREFIX, BullJobQueue, TRANSCODE_QUEUE } from '../../server/infra/jobs/bull';
import {
  DatabaseJobQueue,
  JobTimeLimitError,
  PermanentJobError,
  type JobContext,
  type JobKind,
  type JobKindOptions,
  type JobQueue,
} from '../../server/infra/jobs/queue';
import { markFailed } from '../../server/domains/media/pipeline';
import { estimateProcessing } from '../../server/domains/media/progress';
import type { UserRow } from '../../server/infra/db/schema';
import { eventually as settles } from '../support/eventually';
import { redisUnavailableReason, startRedis, type RedisServer } from '../support/redis';
import { createTestUser, makeTestApp, type TestApp } from '../support/server';
import { createTestVideo } from '../support/videos';

jest.setTimeout(60_000);

const unavailable = redisUnavailableReason();
if (unavailable) console.warn(unavailable);

const LEASE_MS = 1000;
const MAX_ATTEMPTS = 3;

/** Queues settle within seconds; a busy machine gets 20. */
const eventually = (check: () => unknown, timeoutMs = 20_000) => settles(check, timeoutMs);

interface Kind {
  name: 'database' | 'redis';
  skip?: string;
}

const kinds: Kind[] = [{ name: 'database' }, { name: 'redis', skip: unavailable }];

describe.each(kinds)('JobQueue contract: $name', ({ name, skip }) => {
  const maybe = skip ? it.skip : it;
  let redis: RedisServer | undefined;
  let t: TestApp;
  let owner: UserRow;
  const queues: JobQueue[] = [];
  let gaveUp: Array<{ videoId: string; error: unknown; kind?: JobKind }>;

  beforeAll(async () => {
    if (skip) return;
    if (name === 'redis') redis = await startRedis();
    // This app never consumes (WORKER=off): the queues under test are made here.
    t = await makeTestApp({ env: { WORKER: 'off' } });
    owner = await createTestUser(t.app);
  });

  afterAll(async () => {
    if (skip) return;
    await t.close();
    await redis?.stop();
  });

  beforeEach(async () => {
    gaveUp = [];
    if (skip) return;
    // Each test starts with no video (their jobs go too): the reconcile must not find old ones.
    await t.app.db.deleteFrom('videos').execute();
    if (redis) {
      const client = new Redis(redis.url);
      await client.flushall();
      client.disconnect();
    }
  });

  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.close()));
  });

  function makeQueue(options: { concurrency?: number; maxAttempts?: number; kinds?: JobKindOptions } = {}): JobQueue {
    const common = {
      log: t.app.log,
      db: t.app.db,
      concurrency: options.concurrency ?? 1,
      maxAttempts: options.maxAttempts ?? MAX_ATTEMPTS,
      retryBaseMs: 50,
      leaseMs: LEASE_MS,
      kinds: options.kinds,
      onGiveUp: async (videoId: string, error: unknown, kind: JobKind) => {
        gaveUp.push({ videoId, error, kind });
        // As the site's hook does (domains/media/index.ts): the video leaves 'processing'. Left there, the
        // Redis queue's reconcile (every 200 ms here) reads it as a failure nobody recorded.
        await markFailed(t.app.db, videoId, error);
      },
    };
    const queue =
      name === 'redis'
        ? new BullJobQueue({
            ...common,
            redisUrl: redis!.url,
            reconcileMs: 200,
            isWanted: async (videoId) => (await t.app.db.selectFrom('videos').select('id').where('id', '=', videoId).executeTakeFirst()) !== undefined,
          })
        : new DatabaseJobQueue({ ...common, pollMs: 50 });
    queues.push(queue);
    return queue;
  }

  /** What a successful job does (the pipeline): the video leaves `processing`. */
  async function finish(videoId: string): Promise<void> {
    await t.app.db.updateTable('videos').set({ status: 'ready', processing_progress: 100 }).where('id', '=', videoId).execute();
  }

  async function processingVideo(): Promise<string> {
    return (await createTestVideo(t.app, owner.id, { status: 'processing', processing_progress: 0 })).id;
  }

  maybe('runs a job enqueued twice once, as attempt 1, with progress reports', async () => {
    const queue = makeQueue();
    const id = await processingVideo();
    await queue.enqueue(id);
    await queue.enqueue(id);
    expect(await queue.depth()).toBe(1);
    const seen: JobContext[] = [];
    await queue.start(async (job) => {
      seen.push(job);
      await job.progress(10);
      await job.progress(50);
      await finish(job.videoId);
    });
    await eventually(() => expect(seen).toHaveLength(1));
    await eventually(async () => expect(await queue.depth()).toBe(0));
    // Nothing else arrives: a second enqueue of a waiting job added nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.map((job) => [job.videoId, job.attempt])).toEqual([[id, 1]]);
    expect(gaveUp).toEqual([]);
  });

  maybe('lists the waiting jobs in the order they will run (queue positions), without the running one', async () => {
    const queue = makeQueue();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(await processingVideo());
      await queue.enqueue(ids[i]!);
      // Distinct enqueue times: the order is the enqueue order.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await queue.waiting(10)).toEqual(ids);
    expect(await queue.waiting(2)).toEqual(ids.slice(0, 2));
    let release: () => void = () => undefined;
    const started: string[] = [];
    await queue.start(async (job) => {
      started.push(job.videoId);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await finish(job.videoId);
    });
    await eventually(() => expect(started).toEqual([ids[0]]));
    expect(await queue.waiting(10)).toEqual(ids.slice(1));
    release();
    await eventually(() => expect(started).toEqual(ids.slice(0, 2)));
    expect(await queue.waiting(10)).toEqual(ids.slice(2));
    release();
    await eventually(() => expect(started).toEqual(ids));
    release();
    await eventually(async () => expect(await queue.waiting(10)).toEqual([]));
  });

  maybe('runs at most `concurrency` jobs at once, and all of them', async () => {
    const queue = makeQueue({ concurrency: 2 });
    const ids = [await processingVideo(), await processingVideo(), await processingVideo(), await processingVideo(), await processingVideo()];
    for (const id of ids) await queue.enqueue(id);
    let running = 0;
    let most = 0;
    const done: string[] = [];
    await queue.start(async (job) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 150));
      running -= 1;
      await finish(job.videoId);
      done.push(job.videoId);
    });
    await eventually(() => expect([...done].sort()).toEqual([...ids].sort()));
    expect(most).toBe(2);
  });

  maybe('retries a failed attempt (with backoff) and does not give up when a retry succeeds', async () => {
    const queue = makeQueue();
    const id = await processingVideo();
    await queue.enqueue(id);
    const attempts: number[] = [];
    let finished = false;
    await queue.start(async (job) => {
      attempts.push(job.attempt);
      if (job.attempt === 1) throw new Error('transient');
      await finish(job.videoId);
      finished = true;
    });
    await eventually(() => expect(finished).toBe(true));
    expect(attempts).toEqual([1, 2]);
    expect(gaveUp).toEqual([]);
  });

  maybe('gives up after max attempts, once, with the last error', async () => {
    const queue = makeQueue();
    const id = await processingVideo();
    await queue.enqueue(id);
    const attempts: number[] = [];
    await queue.start(async (job) => {
      attempts.push(job.attempt);
      throw new Error(`broken ${job.attempt}`);
    });
    await eventually(() => expect(gaveUp).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(attempts).toEqual([1, 2, 3]);
    expect(gaveUp[0]!.videoId).toBe(id);
    expect((gaveUp[0]!.error as Error).message).toBe('broken 3');
  });

  maybe('does not retry a PermanentJobError', async () => {
    const queue = makeQueue();
    const id = await processingVideo();
    await queue.enqueue(id);
    const attempts: number[] = [];
    await queue.start(async (job) => {
      attempts.push(job.attempt);
      throw new PermanentJobError('does not decode');
    });
    await eventually(() => expect(gaveUp).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(attempts).toEqual([1]);
    expect(gaveUp[0]!.error).toBeInstanceOf(PermanentJobError);
  });

  maybe('aborts a running job when its video is deleted, without retry or giving up', async () => {
    const queue = makeQueue();
    const id = await processingVideo();
    await queue.enqueue(id);
    let started = 0;
    let aborted = false;
    await queue.start(async (job) => {
      started += 1;
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve(), { once: true }));
      aborted = true;
      throw job.signal.reason;
    });
    await eventually(() => expect(started).toBe(1));
    // Deleted by another instance: only the database changes (no event reaches this queue).
    await t.app.db.deleteFrom('videos').where('id', '=', id).execute();
    await eventually(() => expect(aborted).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS));
    expect(started).toBe(1);
    expect(gaveUp).toEqual([]);
  });

  maybe('cancel(videoId) aborts the job this process runs at once', async () => {
    const queue = makeQueue();
    const id = await processingVideo();
    await queue.enqueue(id);
    let signal: AbortSignal | undefined;
    await queue.start(async (job) => {
      signal = job.signal;
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve(), { once: true }));
      throw job.signal.reason;
    });
    await eventually(() => expect(signal).toBeDefined());
    await t.app.db.deleteFrom('videos').where('id', '=', id).execute();
    queue.cancel(id);
    expect(signal!.aborted).toBe(true);
  });

  maybe('stop() interrupts a running job, which the next start runs to the end', async () => {
    const first = makeQueue();
    const id = await processingVideo();
    await first.enqueue(id);
    let interrupted = false;
    let started = false;
    await first.start(async (job) => {
      started = true;
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve(), { once: true }));
      interrupted = true;
      throw job.signal.reason;
    });
    await eventually(() => expect(started).toBe(true));
    await first.stop();
    expect(interrupted).toBe(true);

    const second = makeQueue();
    const done: string[] = [];
    await second.start(async (job) => {
      await finish(job.videoId);
      done.push(job.videoId);
    });
    await eventually(() => expect(done).toEqual([id]));
    expect(gaveUp).toEqual([]);
  });

  maybe('requeueMissing() gives a job to a processing video that has none (a lost enqueue)', async () => {
    const queue = makeQueue();
    const lost = await processingVideo();
    await createTestVideo(t.app, owner.id, { status: 'ready' });
    expect(await queue.requeueMissing()).toBeGreaterThanOrEqual(1);
    const done: string[] = [];
    await queue.start(async (job) => {
      await finish(job.videoId);
      done.push(job.videoId);
    });
    await eventually(() => expect(done).toEqual([lost]));
  });

  maybe('hands each job to its kind\'s handler with its payload (a bare video id is a transcode)', async () => {
    const queue = makeQueue();
    const transcoded = await processingVideo();
    const storyboarded = await processingVideo();
    await queue.enqueue(transcoded);
    // Distinct enqueue times: the order is the enqueue order.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await queue.enqueue({ kind: 'storyboard', videoId: storyboarded, payload: { why: 'backfill', at: [1, 2] } });
    expect(await queue.depth()).toBe(2);
    expect(await queue.waiting(10)).toEqual([transcoded, storyboarded]);
    const seen: Array<[JobKind, string, unknown]> = [];
    const record = async (job: JobContext) => {
      seen.push([job.kind, job.videoId, job.payload]);
      await finish(job.videoId);
    };
    await queue.start({ transcode: record, storyboard: record });
    await eventually(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual([
      ['transcode', transcoded, {}],
      ['storyboard', storyboarded, { why: 'backfill', at: [1, 2] }],
    ]);
    expect(gaveUp).toEqual([]);
  });

  maybe('a job of another kind does not displace a video\'s waiting transcode', async () => {
    const queue = makeQueue();
    const id = await processingVideo();
    await queue.enqueue(id);
    await queue.enqueue({ kind: 'storyboard', videoId: id });
    expect(await queue.depth()).toBe(1);
    const seen: JobKind[] = [];
    await queue.start(async (job) => {
      seen.push(job.kind);
      await finish(job.videoId);
    });
    await eventually(() => expect(seen).toEqual(['transcode']));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual(['transcode']);
  });

  maybe('holds each kind to its own attempts, and tells the give-up which kind failed', async () => {
    const queue = makeQueue({ kinds: { storyboard: { maxAttempts: 1 } } });
    const transcoded = await processingVideo();
    const storyboarded = await processingVideo();
    await queue.enqueue(transcoded);
    await queue.enqueue({ kind: 'storyboard', videoId: storyboarded });
    const attempts: Record<JobKind, number[]> = { transcode: [], storyboard: [], transcribe: [] };
    await queue.start(async (job) => {
      attempts[job.kind].push(job.attempt);
      throw new Error(`broken ${job.kind} ${job.attempt}`);
    });
    await eventually(() => expect(gaveUp).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(attempts).toEqual({ transcode: [1, 2, 3], storyboard: [1], transcribe: [] });
    const byVideo = Object.fromEntries(gaveUp.map(({ videoId, error, kind }) => [videoId, [kind, (error as Error).message]]));
    expect(byVideo).toEqual({ [transcoded]: ['transcode', 'broken transcode 3'], [storyboarded]: ['storyboard', 'broken storyboard 1'] });
  });

  maybe('aborts an attempt past its kind\'s time limit: the attempt fails (retried, then given up) with the time limit as its error', async () => {
    const queue = makeQueue({ kinds: { storyboard: { timeoutMs: 300, maxAttempts: 2 } } });
    const limited = await processingVideo();
    await queue.enqueue({ kind: 'storyboard', videoId: limited });
    const reasons: unknown[] = [];
    let transcodeAborted = false;
    let transcodeDone = false;
    await queue.start({
      storyboard: async (job) => {
        await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve(), { once: true }));
        reasons.push(job.signal.reason);
        // Whatever the handler throws, the attempt failed because its time ran out.
        throw new Error('stopped');
      },
      transcode: async (job) => {
        // No limit for this kind: it may take longer than the other kind's.
        await new Promise((resolve) => setTimeout(resolve, 600));
        transcodeAborted = job.signal.aborted;
        await finish(job.videoId);
        transcodeDone = true;
      },
    });
    await eventually(() => expect(gaveUp).toHaveLength(1));
    expect(reasons).toHaveLength(2);
    expect(reasons.every((reason) => reason instanceof JobTimeLimitError)).toBe(true);
    expect(gaveUp[0]!.videoId).toBe(limited);
    expect(gaveUp[0]!.kind).toBe('storyboard');
    expect(gaveUp[0]!.error).toBeInstanceOf(JobTimeLimitError);

    const unlimited = await processingVideo();
    await queue.enqueue(unlimited);
    queue.notify();
    await eventually(() => expect(transcodeDone).toBe(true));
    expect(transcodeAborted).toBe(false);
  });

  maybe('a kind with a lane of its own: a video has its transcode and its transcribe job at once; the transcribe runs beside a busy transcode and is not in the queue positions or ETAs', async () => {
    const queue = makeQueue({ kinds: { transcribe: { concurrency: 1, maxAttempts: 2 } } });
    const captioned = (await createTestVideo(t.app, owner.id, { status: 'ready' })).id;
    const busy = await processingVideo();
    const behind = await processingVideo();
    // Distinct enqueue times: the order is the enqueue order. The first transcription is the oldest job.
    await queue.enqueue({ kind: 'transcribe', videoId: captioned });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await queue.enqueue(busy);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await queue.enqueue({ kind: 'transcribe', videoId: busy });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await queue.enqueue(behind);
    if (name === 'database') {
      const rows = await t.app.db.selectFrom('media_jobs').select('kind').where('video_id', '=', busy).orderBy('kind').execute();
      expect(rows.map((row) => row.kind)).toEqual(['transcode', 'transcribe']);
    }
    // Only the transcodes are the queue users see.
    expect(await queue.depth()).toBe(2);
    expect(await queue.waiting(10)).toEqual([busy, behind]);
    const row = async (id: string) => t.app.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect((await estimateProcessing(t.app.db, queue, 1, await row(behind))).queuePosition).toBe(2);

    let release: () => void = () => undefined;
    const transcoding: string[] = [];
    const transcribed: string[] = [];
    await queue.start({
      transcode: async (job) => {
        transcoding.push(job.videoId);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        await finish(job.videoId);
      },
      transcribe: async (job) => {
        transcribed.push(job.videoId);
      },
    });
    // The one transcode runner is held by `busy`: both transcriptions run meanwhile, `busy`'s too.
    await eventually(() => expect(transcoding).toEqual([busy]));
    await eventually(() => expect([...transcribed].sort()).toEqual([captioned, busy].sort()));
    expect(transcoding).toEqual([busy]);
    expect(await queue.waiting(10)).toEqual([behind]);
    expect(await queue.depth()).toBe(1);
    expect((await estimateProcessing(t.app.db, queue, 1, await row(behind))).queuePosition).toBe(1);

    // A video is transcribed once: enqueued again, nothing runs.
    await queue.enqueue({ kind: 'transcribe', videoId: captioned });
    queue.notify();
    release();
    await eventually(() => expect(transcoding).toEqual([busy, behind]));
    release();
    await eventually(async () => expect(await queue.depth()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(transcribed).toHaveLength(2);
    expect(gaveUp).toEqual([]);
  });

  maybe('a job whose worker process was killed mid-job is taken over by another worker', async () => {
    const id = await processingVideo();
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: t.config.dataDir, QUEUE_LEASE_MS: String(LEASE_MS) };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    if (t.config.database.dialect === 'postgres') env.DATABASE_URL = t.config.database.url;
    if (redis) env.REDIS_URL = redis.url;
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '../support/queue-child.ts')], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      await eventually(() => expect(output).toContain('ready'), 30_000);
      const queue = makeQueue();
      await queue.enqueue(id);
      await eventually(() => expect(output).toContain(`started ${id}`), 30_000);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));

      const done: JobContext[] = [];
      await queue.start(async (job) => {
        await finish(job.videoId);
        done.push(job);
      });
      await eventually(() => expect(done.map((job) => job.videoId)).toEqual([id]), 30_000);
      expect(gaveUp).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

(unavailable ? describe.skip : describe)('BullJobQueue: the reconcile', () => {
  let redis: RedisServer;
  let t: TestApp;
  let owner: UserRow;

  beforeAll(async () => {
    redis = await startRedis();
    t = await makeTestApp({ env: { WORKER: 'off' } });
    owner = await createTestUser(t.app);
  });

  afterAll(async () => {
    await t.close();
    await redis.stop();
  });

  it('marks failed a processing video whose job failed for good where nobody recorded it (e.g. a worker died first)', async () => {
    const gaveUp: string[] = [];
    const queue = new BullJobQueue({
      log: t.app.log,
      db: t.app.db,
      redisUrl: redis.url,
      concurrency: 1,
      maxAttempts: 1,
      retryBaseMs: 50,
      leaseMs: LEASE_MS,
      reconcileMs: 60_000,
      onGiveUp: async (videoId) => {
        gaveUp.push(videoId);
      },
      isWanted: async () => true,
    });
    const failedId = (await createTestVideo(t.app, owner.id, { status: 'processing', processing_progress: 0, updated_at: new Date(Date.now() - 60_000).toISOString() })).id;
    try {
      await queue.enqueue(failedId);
      // A bare BullMQ worker fails the job without the give-up hook (as if it died before it).
      const bare = new Worker(TRANSCODE_QUEUE, async () => {
        throw new UnrecoverableError('broken');
      }, { connection: { url: redis.url, maxRetriesPerRequest: null }, prefix: BULL_PREFIX });
      const bareQueue = new Queue(TRANSCODE_QUEUE, { connection: { url: redis.url }, prefix: BULL_PREFIX });
      await eventually(async () => expect(await (await bareQueue.getJob(failedId))!.getState()).toBe('failed'));
      await bare.close();
      await bareQueue.close();

      expect(await queue.requeueMissing()).toBe(0);
      expect(gaveUp).toEqual([failedId]);

      // A failure older than the row's last change (the video went back to processing since) is run again.
      await t.app.db.updateTable('videos').set({ updated_at: new Date(Date.now() + 60_000).toISOString() }).where('id', '=', failedId).execute();
      expect(await queue.requeueMissing()).toBe(1);
      const checkQueue = new Queue(TRANSCODE_QUEUE, { connection: { url: redis.url }, prefix: BULL_PREFIX });
      expect(await (await checkQueue.getJob(failedId))!.getState()).toBe('waiting');
      await checkQueue.close();
      expect(gaveUp).toEqual([failedId]);
    } finally {
      await queue.close();
    }
  });
});
