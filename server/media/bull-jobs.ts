/**
 * The JobQueue (jobs.ts) on Redis through BullMQ, used when REDIS_URL is set (createJobQueue in
 * media/index.ts chooses). Same contract as the embedded queue, mapped onto BullMQ:
 *
 * - enqueue: one BullMQ job per video whatever its kind, `jobId` = the video id, so adding twice
 *   is a no-op while the job waits, runs or backs off; a finished (failed or completed) job is
 *   replaced, as the embedded queue resets its row. The job's name is its kind and its data
 *   `{ videoId, kind, payload }`; a job added before kinds existed (data without a kind) is read
 *   as the old code read it: a storyboard backfill if its video is ready, else a transcode.
 *   There is no transaction spanning the database and Redis (`joinsTransactions` is false): the
 *   upload enqueues after its row committed, and a process
 *   that dies in between (or a Redis that refuses the add) leaves a `processing` video without a
 *   job — `requeueMissing()` finds those and adds them: at every instance's start-up
 *   (media/recovery.ts) and every `reconcileMs` on each running worker.
 * - retries: `attempts` = the kind's maxAttempts (TRANSCODE_MAX_ATTEMPTS unless the kind has its
 *   own) with exponential backoff from retryBaseMs (30 s, 60 s, …); a PermanentJobError becomes
 *   an UnrecoverableError (no retry). A kind's time limit aborts the attempt, which fails.
 * - giving up: the last failed attempt calls onGiveUp (the video is marked failed with its
 *   reason) before the job moves to failed. A job whose worker died is a stalled job: BullMQ's
 *   lock (lockDuration = leaseMs, renewed by the worker) expires and another worker's stalled
 *   check (every leaseMs / 2) puts it back to wait. Every start counts (`maxStartedAttempts`), so
 *   a job that keeps killing its worker fails as "interrupted too many times" like the embedded
 *   queue, and the reconcile marks the video failed if no worker saw that failure.
 * - cancellation: the handler's AbortSignal fires when the lock is lost, when the queue stops,
 *   when `cancel(videoId)` is called (the video.changed "deleted" event, from any instance), and
 *   when a watchdog every leaseMs / 3 finds the video no longer wanted (deleted): the job then
 *   ends without retry and without onGiveUp.
 * - stop: active jobs are aborted and put back to wait (not a failed attempt: no backoff), then the
 *   worker closes; another worker (or the next start) picks them up at once.
 * - progress: job.updateProgress (the pipeline also writes videos.processing_progress, which is
 *   what the API reads, whichever queue runs).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { Queue, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';

import type { Database } from '../db/schema';
import { REDIS_PREFIX } from '../services/redis';

import { INSTANCE_ID } from './instance';
import {
  armTimeLimit,
  attemptError,
  handlerFor,
  isJobKind,
  jobSpec,
  JobTimeLimitError,
  PermanentJobError,
  throttledProgress,
  type JobHandler,
  type JobHandlers,
  type JobKind,
  type JobKindOptions,
  type JobPayload,
  type JobQueue,
  type JobSpec,
} from './jobs';

export const TRANSCODE_QUEUE = 'transcode';
/** Keys: selfie:bull:transcode:… */
export const BULL_PREFIX = `${REDIS_PREFIX}bull`;

/** An enqueue waits this long for Redis at most (an upload's answer must not hang on it). */
const ENQUEUE_TIMEOUT_MS = 5000;
/** How long a failed job's record stays in Redis (for inspection); completed ones go at once. */
const KEEP_FAILED_SECONDS = 7 * 24 * 3600;

interface JobData {
  videoId: string;
  /** Absent on jobs added before kinds existed (kindOf reads those the old way). */
  kind?: JobKind;
  payload?: JobPayload;
}

export interface BullJobQueueOptions {
  redisUrl: string;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  concurrency: number;
  maxAttempts: number;
  retryBaseMs: number;
  /** BullMQ's lockDuration: a job whose worker stops renewing its lock this long is stalled. */
  leaseMs: number;
  /** How often a running worker re-enqueues processing videos that have no job. */
  reconcileMs: number;
  /** Attempts and time limit per kind. */
  kinds?: JobKindOptions;
  onGiveUp(videoId: string, error: unknown, kind: JobKind): Promise<void>;
  /** Whether the job is still wanted (the video exists and is processing); checked by the watchdog. */
  isWanted(videoId: string): Promise<boolean>;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class BullJobQueue implements JobQueue {
  readonly kind = 'redis';
  readonly joinsTransactions = false;
  private readonly queue: Queue<JobData>;
  private worker: Worker<JobData> | undefined;
  private readonly active = new Map<string, AbortController>();
  private stopping = false;
  private reconcileTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: BullJobQueueOptions) {
    this.queue = new Queue<JobData>(TRANSCODE_QUEUE, {
      connection: { url: options.redisUrl },
      prefix: BULL_PREFIX,
      defaultJobOptions: {
        attempts: options.maxAttempts,
        backoff: { type: 'exponential', delay: options.retryBaseMs },
        removeOnComplete: true,
        removeOnFail: { age: KEEP_FAILED_SECONDS },
      },
    });
    // Connection trouble is reported as 'error' events (ioredis reconnects by itself).
    this.queue.on('error', (error) => options.log.warn({ err: error }, 'media job queue (Redis): connection trouble'));
  }

  /** Waits until Redis answers (start-up fails fast with a clear message otherwise). */
  async ready(): Promise<void> {
    await this.queue.waitUntilReady();
  }

  async enqueue(job: string | JobSpec): Promise<void> {
    const { kind, videoId, payload } = jobSpec(job);
    let timer: NodeJS.Timeout | undefined;
    try {
      const add = async () => {
        const existing = await this.queue.getJob(videoId);
        if (existing) {
          const state = await existing.getState();
          if (state !== 'failed' && state !== 'completed' && state !== 'unknown') return;
          await existing.remove().catch(() => undefined);
        }
        const attempts = this.options.kinds?.[kind]?.maxAttempts ?? this.options.maxAttempts;
        await this.queue.add(kind, { videoId, kind, payload }, { jobId: videoId, attempts });
      };
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ENQUEUE_TIMEOUT_MS} ms`)), ENQUEUE_TIMEOUT_MS);
      });
      await Promise.race([add(), timeout]);
    } catch (error) {
      this.options.log.error({ err: error, videoId }, 'media job queue (Redis): could not enqueue; the reconcile will');
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  notify(): void {
    // Workers block on Redis and wake up by themselves when a job is added.
  }

  async depth(): Promise<number> {
    const counts = await this.queue.getJobCounts('waiting', 'delayed', 'prioritized');
    return Object.values(counts).reduce((sum, count) => sum + count, 0);
  }

  async waiting(limit: number): Promise<string[]> {
    // Waiting jobs run oldest first, then those backing off (delayed) as they come due.
    const waiting = await this.queue.getJobs(['prioritized', 'wait'], 0, limit - 1, true);
    const delayed = waiting.length < limit ? await this.queue.getJobs(['delayed'], 0, limit - waiting.length - 1, true) : [];
    return [...waiting, ...delayed].filter((job) => job !== undefined).map((job) => job.data.videoId);
  }

  /**
   * Processing videos without a live job get one; those whose job failed for good without
   * onGiveUp having run (a stalled job failed by another worker's check) are marked failed.
   */
  async requeueMissing(): Promise<number> {
    const processing = await this.options.db.selectFrom('videos').select(['id', 'updated_at']).where('status', '=', 'processing').execute();
    let requeued = 0;
    for (const { id, updated_at: updatedAt } of processing) {
      const job = await this.queue.getJob(id);
      const state = job ? await job.getState() : 'missing';
      // A failure older than the row's last change belongs to an earlier round: run it again.
      if (state === 'failed' && job && (job.finishedOn ?? 0) >= Date.parse(updatedAt)) {
        const reason = job.failedReason === 'job started more than allowable limit' ? 'the job was interrupted too many times' : job.failedReason;
        await this.giveUp(id, new Error(reason), await this.kindOf(job.data));
        continue;
      }
      if (state !== 'missing' && state !== 'completed' && state !== 'unknown' && state !== 'failed') continue;
      // The job may have finished (and been removed) since the list was read. A job completes
      // only after its video left 'processing', so the row read again now tells the truth.
      const owed = await this.options.db.selectFrom('videos').select('id').where('id', '=', id).where('status', '=', 'processing').executeTakeFirst();
      if (!owed) continue;
      await this.enqueue(id);
      requeued += 1;
    }
    if (requeued > 0) this.options.log.warn({ requeued }, 'media job queue (Redis): processing videos without a job were enqueued again');
    return requeued;
  }

  /** Aborts the job of this video if this process runs it (the video was deleted). */
  cancel(videoId: string): void {
    this.active.get(videoId)?.abort(new Error('the video was deleted'));
  }

  async start(handler: JobHandler | JobHandlers): Promise<void> {
    if (this.worker || this.closed) return;
    const { options } = this;
    // BullMQ limits starts (stalls) per worker, not per job: the most any kind allows. Failed
    // attempts are held to each job's own `attempts` (its kind's).
    const mostAttempts = Math.max(options.maxAttempts, ...Object.values(options.kinds ?? {}).map((kind) => kind.maxAttempts ?? 0));
    this.stopping = false;
    this.worker = new Worker<JobData>(TRANSCODE_QUEUE, (job, token, signal) => this.run(job, token, signal, handler), {
      connection: { url: options.redisUrl, maxRetriesPerRequest: null },
      prefix: BULL_PREFIX,
      name: INSTANCE_ID,
      concurrency: options.concurrency,
      lockDuration: options.leaseMs,
      stalledInterval: Math.max(50, Math.floor(options.leaseMs / 2)),
      // Stalls put the job back; the number of starts is what is limited (an interrupted attempt counts).
      maxStalledCount: mostAttempts,
      maxStartedAttempts: mostAttempts,
      removeOnComplete: { count: 0 },
      removeOnFail: { age: KEEP_FAILED_SECONDS },
    });
    this.worker.on('error', (error) => options.log.warn({ err: error }, 'media job worker (Redis): trouble'));
    this.worker.on('stalled', (videoId) => options.log.warn({ videoId }, 'media job taken back from a stopped worker'));
    this.worker.on('lockRenewalFailed', (ids) => {
      for (const id of ids) this.active.get(id)?.abort(new Error('lease lost'));
    });
    this.worker.on('failed', (job, error) => {
      // Failures decided by BullMQ before the handler ran (too many starts): give up here.
      if (job && error.message === 'job started more than allowable limit') {
        void this.kindOf(job.data).then((kind) => this.giveUp(job.data.videoId, new Error('the job was interrupted too many times'), kind));
      }
    });
    await this.worker.waitUntilReady();
    const reconcile = () =>
      void this.requeueMissing().catch((error: unknown) => options.log.warn({ err: error }, 'media job queue (Redis): reconcile failed'));
    this.reconcileTimer = setInterval(reconcile, options.reconcileMs);
    this.reconcileTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.reconcileTimer) clearInterval(this.reconcileTimer);
    this.reconcileTimer = undefined;
    for (const controller of this.active.values()) controller.abort(new Error('queue stopping'));
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.close();
  }

  /** Stops consuming and closes the Redis connections (the app's onClose). */
  async close(): Promise<void> {
    await this.stop();
    this.closed = true;
    await this.queue.close();
  }

  /**
   * The job's kind. A job added before kinds existed has none and meant what the old handler
   * guessed from its video: a storyboard backfill for a ready video, else a transcode.
   */
  private async kindOf(data: JobData): Promise<JobKind> {
    if (data.kind !== undefined) return data.kind;
    const video = await this.options.db.selectFrom('videos').select('status').where('id', '=', data.videoId).executeTakeFirst();
    return video?.status === 'ready' ? 'storyboard' : 'transcode';
  }

  private async giveUp(videoId: string, error: unknown, kind: JobKind): Promise<void> {
    await this.options.onGiveUp(videoId, error, kind).catch((problem: unknown) => this.options.log.error({ err: problem, videoId }, 'media job: could not record the failure'));
  }

  private async run(job: Job<JobData>, token: string | undefined, bullSignal: AbortSignal | undefined, handlers: JobHandler | JobHandlers): Promise<void> {
    const { videoId } = job.data;
    const kind = await this.kindOf(job.data);
    const attempt = job.attemptsMade + 1;
    const log = this.options.log.child({ videoId, kind, attempt });
    const controller = new AbortController();
    const onBullAbort = () => controller.abort(bullSignal?.reason ?? new Error('cancelled'));
    bullSignal?.addEventListener('abort', onBullAbort, { once: true });
    this.active.set(videoId, controller);
    if (this.stopping) controller.abort(new Error('queue stopping'));

    let unwanted = false;
    const watchdog = setInterval(() => {
      this.options
        .isWanted(videoId)
        .then((wanted) => {
          if (wanted) return;
          unwanted = true;
          controller.abort(new Error('the video was deleted'));
        })
        .catch((error: unknown) => log.warn({ err: error }, 'media job watchdog: could not read the video'));
    }, Math.max(50, Math.floor(this.options.leaseMs / 3)));

    const progress = throttledProgress((value) => job.updateProgress(value));

    const startedAt = Date.now();
    const clearTimeLimit = armTimeLimit(controller, kind, this.options.kinds?.[kind]?.timeoutMs);
    try {
      if (!isJobKind(kind)) throw new Error(`no handler for ${String(kind)} jobs on this worker`);
      await handlerFor(handlers, kind)({ kind, videoId, payload: job.data.payload ?? {}, attempt, signal: controller.signal, progress });
      log.info({ ms: Date.now() - startedAt }, 'media job done');
    } catch (thrown) {
      const error = attemptError(thrown, controller.signal);
      if (this.stopping && controller.signal.aborted) {
        // Stopping: back to wait, not a failed attempt; another worker takes it at once.
        log.info('media job interrupted by shutdown');
        await job.moveToWait(token).catch((problem: unknown) => log.warn({ err: problem }, 'media job: could not put back; it will stall and be taken back'));
        throw new WaitingError();
      }
      if (unwanted || (controller.signal.aborted && !(controller.signal.reason instanceof JobTimeLimitError) && !(await this.options.isWanted(videoId).catch(() => true)))) {
        log.info('media job cancelled: the video was deleted');
        throw new UnrecoverableError('cancelled: the video was deleted');
      }
      const permanent = error instanceof PermanentJobError;
      const givingUp = permanent || attempt >= (job.opts.attempts ?? 1);
      log.warn({ err: error, givingUp }, 'media job failed');
      if (givingUp) {
        await this.giveUp(videoId, error, kind);
        throw new UnrecoverableError(message(error).slice(0, 1000));
      }
      throw error;
    } finally {
      clearTimeLimit();
      clearInterval(watchdog);
      bullSignal?.removeEventListener('abort', onBullAbort);
      if (this.active.get(videoId) === controller) this.active.delete(videoId);
    }
  }
}
