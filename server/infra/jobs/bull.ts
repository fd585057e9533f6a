/**
 * The JobQueue (jobs.ts) on Redis through BullMQ, used when REDIS_URL is set (createJobQueue in
 * domains/media/index.ts chooses). Same contract as the embedded queue, mapped onto BullMQ:
 *
 * - lanes: the kinds without a lane of their own (transcode, storyboard) share the `transcode`
 *   BullMQ queue and its worker (`concurrency`); a kind with its own (`concurrency` in its
 *   settings: transcribe) has a BullMQ queue named after it and a worker of its own with that
 *   concurrency (none when 0). depth(), waiting() and the reconcile read the shared queue only.
 * - enqueue: one BullMQ job per video in each queue, `jobId` = the video id, so adding twice
 *   is a no-op while the job waits, runs or backs off; a finished (failed or completed) job is
 *   replaced, as the embedded queue resets its row — except a once kind's (transcribe), left as it
 *   is in any state: its completed job is kept KEEP_FAILED_SECONDS for that (the embedded queue
 *   keeps its row for good). The job's name is its kind and its data
 *   `{ videoId, kind, payload }`; a job added before kinds existed (data without a kind) is read
 *   as the old code read it: a storyboard backfill if its video is ready, else a transcode.
 *   There is no transaction spanning the database and Redis (`joinsTransactions` is false): the
 *   upload enqueues after its row committed, and a process
 *   that dies in between (or a Redis that refuses the add) leaves a `processing` video without a
 *   job — `requeueMissing()` finds those and adds them: at every instance's start-up
 *   (domains/media/recovery.ts) and every `reconcileMs` on each running worker.
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
import { Queue, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';

import { REDIS_PREFIX } from '../redis';
import { INSTANCE_ID } from '../instance';

import {
  armTimeLimit,
  attemptError,
  handlerFor,
  isJobKind,
  JOB_KINDS,
  jobSpec,
  laneKinds,
  JobTimeLimitError,
  ONCE_KINDS,
  PermanentJobError,
  throttledProgress,
  type JobHandler,
  type JobHandlers,
  type JobKind,
  type JobQueueOptions,
  type JobPayload,
  type JobQueue,
  type JobSpec,
} from './queue';

/** The shared lane's BullMQ queue; a kind with a lane of its own has one named after it. */
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

/** leaseMs is BullMQ's lockDuration: a job whose worker stops renewing its lock this long is stalled. */
export interface BullJobQueueOptions extends JobQueueOptions {
  redisUrl: string;
  /** How often a running worker re-enqueues processing videos that have no job. */
  reconcileMs: number;
  /** Whether the job is still wanted (the video exists and is processing); checked by the watchdog. */
  isWanted(videoId: string): Promise<boolean>;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class BullJobQueue implements JobQueue {
  readonly kind = 'redis';
  readonly joinsTransactions = false;
  /** The shared lane's queue (TRANSCODE_QUEUE). */
  private readonly queue: Queue<JobData>;
  /** Every lane's queue by name: TRANSCODE_QUEUE and each kind with a lane of its own. */
  private readonly queues = new Map<string, Queue<JobData>>();
  private readonly lanes: JobKind[];
  private workers: Worker<JobData>[] = [];
  /** Running here, by `${queue name} ${video id}`. */
  private readonly active = new Map<string, AbortController>();
  private stopping = false;
  private reconcileTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: BullJobQueueOptions) {
    this.lanes = laneKinds(options.kinds);
    for (const name of [TRANSCODE_QUEUE, ...this.lanes]) {
      const queue = new Queue<JobData>(name, {
        connection: { url: options.redisUrl },
        prefix: BULL_PREFIX,
        defaultJobOptions: {
          attempts: options.maxAttempts,
          backoff: { type: 'exponential', delay: options.retryBaseMs },
          removeOnComplete: this.keepsCompleted(name) ? { age: KEEP_FAILED_SECONDS } : true,
          removeOnFail: { age: KEEP_FAILED_SECONDS },
        },
      });
      // Connection trouble is reported as 'error' events (ioredis reconnects by itself).
      queue.on('error', (error) => options.log.warn({ err: error }, 'media job queue (Redis): connection trouble'));
      this.queues.set(name, queue);
    }
    this.queue = this.queues.get(TRANSCODE_QUEUE)!;
  }

  /** The queue (lane) a kind's jobs go to. */
  private laneOf(kind: JobKind): string {
    return this.lanes.includes(kind) ? kind : TRANSCODE_QUEUE;
  }

  /** A lane of a once kind keeps its completed jobs for a while (enqueue reads them). */
  private keepsCompleted(lane: string): boolean {
    return lane !== TRANSCODE_QUEUE && ONCE_KINDS.includes(lane as JobKind);
  }

  /** Waits until Redis answers (start-up fails fast with a clear message otherwise). */
  async ready(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.waitUntilReady()));
  }

  async enqueue(job: string | JobSpec): Promise<void> {
    const { kind, videoId, payload } = jobSpec(job);
    let timer: NodeJS.Timeout | undefined;
    try {
      const queue = this.queues.get(this.laneOf(kind))!;
      const add = async () => {
        const existing = await queue.getJob(videoId);
        if (existing) {
          // A once kind's job, in any state, is the video's.
          if (ONCE_KINDS.includes(kind)) return;
          const state = await existing.getState();
          if (state !== 'failed' && state !== 'completed' && state !== 'unknown') return;
          await existing.remove().catch(() => undefined);
        }
        const attempts = this.options.kinds?.[kind]?.maxAttempts ?? this.options.maxAttempts;
        await queue.add(kind, { videoId, kind, payload }, { jobId: videoId, attempts });
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

  /** Aborts the jobs of this video (every lane) if this process runs them (the video was deleted). */
  cancel(videoId: string): void {
    for (const lane of this.queues.keys()) this.active.get(`${lane} ${videoId}`)?.abort(new Error('the video was deleted'));
  }

  async start(handler: JobHandler | JobHandlers): Promise<void> {
    if (this.workers.length > 0 || this.closed) return;
    const { options } = this;
    this.stopping = false;
    const shared = JOB_KINDS.filter((kind) => !this.lanes.includes(kind));
    const lanes: Array<{ name: string; concurrency: number; kinds: JobKind[] }> = [
      { name: TRANSCODE_QUEUE, concurrency: options.concurrency, kinds: shared },
      ...this.lanes.map((kind) => ({ name: kind, concurrency: options.kinds?.[kind]?.concurrency ?? 0, kinds: [kind] })),
    ];
    for (const lane of lanes) {
      if (lane.concurrency <= 0) continue;
      // BullMQ limits starts (stalls) per worker, not per job: the most any of its kinds allows.
      // Failed attempts are held to each job's own `attempts` (its kind's).
      const mostAttempts = Math.max(
        ...lane.kinds.map((kind) => options.kinds?.[kind]?.maxAttempts ?? options.maxAttempts),
        lane.name === TRANSCODE_QUEUE ? options.maxAttempts : 0,
      );
      const worker = new Worker<JobData>(lane.name, (job, token, signal) => this.run(lane.name, job, token, signal, handler), {
        connection: { url: options.redisUrl, maxRetriesPerRequest: null },
        prefix: BULL_PREFIX,
        name: INSTANCE_ID,
        concurrency: lane.concurrency,
        lockDuration: options.leaseMs,
        stalledInterval: Math.max(50, Math.floor(options.leaseMs / 2)),
        // Stalls put the job back; the number of starts is what is limited (an interrupted attempt counts).
        maxStalledCount: mostAttempts,
        maxStartedAttempts: mostAttempts,
        removeOnComplete: this.keepsCompleted(lane.name) ? { age: KEEP_FAILED_SECONDS } : { count: 0 },
        removeOnFail: { age: KEEP_FAILED_SECONDS },
      });
      worker.on('error', (error) => options.log.warn({ err: error }, 'media job worker (Redis): trouble'));
      worker.on('stalled', (videoId) => options.log.warn({ videoId, lane: lane.name }, 'media job taken back from a stopped worker'));
      worker.on('lockRenewalFailed', (ids) => {
        for (const id of ids) this.active.get(`${lane.name} ${id}`)?.abort(new Error('lease lost'));
      });
      worker.on('failed', (job, error) => {
        // Failures decided by BullMQ before the handler ran (too many starts): give up here.
        if (job && error.message === 'job started more than allowable limit') {
          void this.kindOf(job.data).then((kind) => this.giveUp(job.data.videoId, new Error('the job was interrupted too many times'), kind));
        }
      });
      this.workers.push(worker);
    }
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
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
    const workers = this.workers;
    this.workers = [];
    await Promise.all(workers.map((worker) => worker.close()));
  }

  /** Stops consuming and closes the Redis connections (the app's onClose). */
  async close(): Promise<void> {
    await this.stop();
    this.closed = true;
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
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

  private async run(
    lane: string,
    job: Job<JobData>,
    token: string | undefined,
    bullSignal: AbortSignal | undefined,
    handlers: JobHandler | JobHandlers,
  ): Promise<void> {
    const { videoId } = job.data;
    const kind = await this.kindOf(job.data);
    const attempt = job.attemptsMade + 1;
    const log = this.options.log.child({ videoId, kind, attempt });
    const controller = new AbortController();
    const onBullAbort = () => controller.abort(bullSignal?.reason ?? new Error('cancelled'));
    bullSignal?.addEventListener('abort', onBullAbort, { once: true });
    const key = `${lane} ${videoId}`;
    this.active.set(key, controller);
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
      if (this.active.get(key) === controller) this.active.delete(key);
    }
  }
}
