/**
 * Durable media jobs behind a small interface, so the embedded default here (a table in the
 * site's own database) can be swapped for a Redis-backed queue (BullMQ) and a separate worker
 * process without touching the upload route or the pipeline:
 *
 * - A job has a kind (what it does: `transcode`, `storyboard`, `transcribe`, …; JOB_KINDS), the
 *   video it is about and a payload (JSON, the kind's own arguments). The job's key is (video,
 *   kind): a video may have a transcode and a transcribe job at once. The kinds that make a
 *   video's renditions (RENDITION_KINDS: transcode, storyboard) still have at most one job per
 *   video between them, so two never work on the same renditions at once.
 * - `enqueue(job, trx?)` adds the job (idempotent per video and kind; a bare video id is its transcode);
 *   the embedded queue writes it in the caller's transaction, so a video row never exists
 *   without its job.
 * - `start(handlers)` consumes jobs with at most `concurrency` running at once, each handed to
 *   its kind's handler (domains/media/handlers/, one file per kind); a single function handles every
 *   kind (tests, bare workers). An instance with WORKER=off never calls it and only enqueues.
 * - Lanes: a kind with its own `concurrency` (its settings) runs on runners of its own, beside
 *   the shared ones, so it never holds up the shared lane (transcodes) nor waits behind it; 0
 *   runs none here (another worker may). Only the shared lane's waiting jobs are the queue that
 *   depth() and waiting() describe (the queue positions and ETAs users see, domains/media/progress.ts).
 * - Attempts and a time limit per kind (`kinds` in the options, known at enqueue): a job of a
 *   kind without its own setting gets the queue's maxAttempts and no time limit. A job over its
 *   time limit is aborted (its signal fires with a JobTimeLimitError) and the attempt fails.
 * - The handler gets the kind, video id, payload, attempt number, an AbortSignal (the lease was
 *   lost, the job was deleted with its video, its time ran out, or the queue is stopping) and
 *   `progress(percent)`. It throws to fail the attempt; a PermanentJobError is not retried.
 * - `onGiveUp(videoId, error, kind)` runs once a job has failed for good (for a transcode the
 *   pipeline marks the video failed with a reason).
 *
 * The embedded queue: a row per video and kind in media_jobs (kind, payload, state, attempts, progress,
 * error, timestamps, lease). A runner claims a queued job with a conditional update (only one
 * claimant wins, on SQLite and PostgreSQL alike), holds a lease it renews by heartbeat, and on
 * failure puts the job back with exponential backoff until max attempts. A job whose lease ran
 * out (the process was killed, or hangs) is taken back — at once at start-up when its owner on
 * this host is gone — so no job stays "running" for ever.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import { toTimestamp } from '../db/ids';
import type { Database, MediaJobRow } from '../db/schema';
import { INSTANCE_ID, isOwnerGone } from '../instance';

/** What a job does; each has its handler file in domains/media/handlers/. */
export const JOB_KINDS = ['transcode', 'storyboard', 'transcribe'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
/** A kind's own arguments (JSON). */
export type JobPayload = Record<string, unknown>;

export function isJobKind(value: unknown): value is JobKind {
  return typeof value === 'string' && (JOB_KINDS as readonly string[]).includes(value);
}

/** A job to enqueue: its kind, its video and the kind's arguments. */
export interface JobSpec {
  kind: JobKind;
  videoId: string;
  payload?: JobPayload;
}

/**
 * The kinds that make a video's renditions: at most one job of these per video at a time. A
 * transcode (a new upload) replaces the video's other one whatever its state; another of these
 * kinds is not added while one of them waits or runs.
 */
export const RENDITION_KINDS: readonly JobKind[] = ['transcode', 'storyboard'];

/**
 * Kinds done once per video: enqueued again, a job of these kinds that exists in any state is
 * left as it is (a video is transcribed once, as before transcription was a kind of this queue).
 */
export const ONCE_KINDS: readonly JobKind[] = ['transcribe'];

/** A bare video id is its transcode. */
export function jobSpec(job: string | JobSpec): Required<JobSpec> {
  return typeof job === 'string' ? { kind: 'transcode', videoId: job, payload: {} } : { ...job, payload: job.payload ?? {} };
}

/** Attempts and time limit of one kind (domains/media/handlers/index.ts JOB_KIND_SETTINGS). */
export interface JobKindSettings {
  /** Tries before giving up; the queue's maxAttempts when absent. */
  maxAttempts?: number;
  /** An attempt running longer is aborted and fails; none when absent. */
  timeoutMs?: number;
  /**
   * Its own lane: this many runners of its own on each worker (0: none here), its jobs never in
   * the shared lane nor in depth()/waiting(). Absent: the shared lane (the queue's concurrency).
   */
  concurrency?: number;
}

export type JobKindOptions = Partial<Record<JobKind, JobKindSettings>>;

/** The attempt ran past its kind's time limit. */
export class JobTimeLimitError extends Error {
  constructor(kind: JobKind, timeoutMs: number) {
    super(`the ${kind} job ran past its time limit (${timeoutMs} ms)`);
    this.name = 'JobTimeLimitError';
  }
}

export interface JobContext {
  kind: JobKind;
  videoId: string;
  payload: JobPayload;
  /** 1 for the first try. */
  attempt: number;
  signal: AbortSignal;
  /** 0–100; cheap to call often (writes are throttled). */
  progress(percent: number): Promise<void>;
}

export type JobHandler = (job: JobContext) => Promise<void>;
/** One handler per kind; a kind without one fails its attempts (an older worker, say). */
export type JobHandlers = Partial<Record<JobKind, JobHandler>>;

/** The handler of a job's kind in what start() was given. */
export function handlerFor(handlers: JobHandler | JobHandlers, kind: JobKind): JobHandler {
  if (typeof handlers === 'function') return handlers;
  return (
    handlers[kind] ??
    (async () => {
      throw new Error(`no handler for ${kind} jobs on this worker`);
    })
  );
}

/**
 * Aborts `controller` with a JobTimeLimitError after the kind's time limit; answers the clean-up
 * (clears the timer). No limit: nothing to clean.
 */
export function armTimeLimit(controller: AbortController, kind: JobKind, timeoutMs: number | undefined): () => void {
  if (timeoutMs === undefined) return () => undefined;
  const timer = setTimeout(() => controller.abort(new JobTimeLimitError(kind, timeoutMs)), timeoutMs);
  return () => clearTimeout(timer);
}

/** The error an attempt failed with: the time limit when it was what stopped it. */
export function attemptError(error: unknown, signal: AbortSignal): unknown {
  return signal.aborted && signal.reason instanceof JobTimeLimitError ? signal.reason : error;
}

/** A failure that another attempt would not fix (e.g. the file does not decode). */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export interface JobQueue {
  /** 'database' (the embedded queue, media_jobs) or 'redis' (BullMQ, bull-jobs.ts). */
  readonly kind: 'database' | 'redis';
  /**
   * True when enqueue(videoId, trx) writes in the caller's transaction (the embedded queue).
   * False (Redis): the caller enqueues after its commit, and requeueMissing() repairs a lost enqueue.
   */
  readonly joinsTransactions: boolean;
  /** Adds a job (a bare video id: its transcode); idempotent per video and kind. */
  enqueue(job: string | JobSpec, trx?: Kysely<Database>): Promise<void>;
  /** Hint that new work may be waiting (after the enqueuing transaction committed). */
  notify(): void;
  /** Consumes jobs: each to its kind's handler, or every kind to one function. */
  start(handlers: JobHandler | JobHandlers): Promise<void>;
  /** Stops consuming: running jobs are interrupted and left for the next start (or another worker). */
  stop(): Promise<void>;
  /** Jobs of the shared lane waiting to run (due or backing off): the media_queue_depth metric. */
  depth(): Promise<number>;
  /**
   * Video ids of the first `limit` waiting jobs of the shared lane (every kind without a lane of
   * its own), in the order they will run (queue positions).
   */
  waiting(limit: number): Promise<string[]>;
  /** Gives a job to every processing video that has none (a lost enqueue); answers how many. */
  requeueMissing(): Promise<number>;
  /** Interrupts this video's jobs (every kind) if this process runs them (the video was deleted elsewhere). */
  cancel(videoId: string): void;
  /** Stops and releases connections (the app's close). */
  close(): Promise<void>;
}

/** What both adapters (this one on the database, infra/jobs/bull.ts on Redis) are given. */
export interface JobQueueOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** Runners of the shared lane in this process. */
  concurrency: number;
  maxAttempts: number;
  /** First retry after this long, doubling each time. */
  retryBaseMs: number;
  /** A running job whose lease (BullMQ: lock) is not renewed within this long is taken back. */
  leaseMs: number;
  /** Attempts and time limit per kind. */
  kinds?: JobKindOptions;
  onGiveUp(videoId: string, error: unknown, kind: JobKind): Promise<void>;
}

export interface DatabaseJobQueueOptions extends JobQueueOptions {
  /** How often idle runners look for work (enqueues in this process wake them at once). */
  pollMs: number;
  now?: () => Date;
}

const PROGRESS_WRITE_INTERVAL_MS = 1000;

/**
 * A job's progress(percent) for either queue: clamps to 0–100 and hands a new value to `write`
 * at most once a second, so an encoder reporting many times a second costs one write a second.
 */
export function throttledProgress(write: (percent: number) => Promise<unknown>): (percent: number) => Promise<void> {
  let lastWrite = 0;
  let lastPercent = -1;
  return async (percent: number) => {
    const value = Math.max(0, Math.min(100, Math.floor(percent)));
    if (value === lastPercent || Date.now() - lastWrite < PROGRESS_WRITE_INTERVAL_MS) return;
    lastWrite = Date.now();
    lastPercent = value;
    await write(value).catch(() => undefined);
  };
}

/** The kinds with a lane of their own (their own `concurrency`), in JOB_KINDS order. */
export function laneKinds(kinds: JobKindOptions | undefined): JobKind[] {
  return JOB_KINDS.filter((kind) => kinds?.[kind]?.concurrency !== undefined);
}

/**
 * The embedded queue's enqueue, usable without a queue instance (the demo seed): idempotent per
 * video and kind. A bare video id is its transcode. A transcode replaces the video's job of
 * another rendition kind whatever its state, and restarts its own; a storyboard is not added
 * while the video's transcode waits or runs; a once kind (transcribe) is never added twice;
 * another finished job (done, failed) of the kind is reset to run again.
 */
export async function insertJob(db: Kysely<Database>, job: string | JobSpec, maxAttempts: number, at: Date = new Date()): Promise<void> {
  const { kind, videoId, payload } = jobSpec(job);
  const now = toTimestamp(at);
  const json = JSON.stringify(payload);
  const others = RENDITION_KINDS.filter((other) => other !== kind);
  if (kind === 'transcode') {
    // A new upload: whatever the video's renditions were getting goes (a running one loses its lease).
    await db.deleteFrom('media_jobs').where('video_id', '=', videoId).where('kind', 'in', others).execute();
  }
  const values = {
    video_id: videoId,
    kind,
    payload: json,
    state: 'queued' as const,
    attempts: 0,
    max_attempts: maxAttempts,
    progress: 0,
    run_at: now,
    created_at: now,
    updated_at: now,
  };
  if (kind !== 'transcode' && RENDITION_KINDS.includes(kind)) {
    // Not while another rendition kind of this video waits or runs (it would leave a processing video untranscoded).
    const busy = await db
      .selectFrom('media_jobs')
      .select('video_id')
      .where('video_id', '=', videoId)
      .where('kind', 'in', others)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (busy) return;
  }
  const insert = db.insertInto('media_jobs').values(values).onConflict((conflict) => {
    const key = conflict.columns(['video_id', 'kind']);
    if (ONCE_KINDS.includes(kind)) return key.doNothing();
    const reset = key.doUpdateSet({ payload: json, state: 'queued', attempts: 0, max_attempts: maxAttempts, progress: 0, error: null, run_at: now, updated_at: now });
    // A transcode (a new upload) restarts its own job whatever its state; another kind does not
    // displace its job still to run or running.
    return kind === 'transcode' ? reset : reset.where('media_jobs.state', 'not in', ['queued', 'running']);
  });
  await insert.execute();
}

/** A stored payload, read back (an unreadable one is empty). */
export function parsePayload(json: string | null | undefined): JobPayload {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JobPayload) : {};
  } catch {
    return {};
  }
}

export class DatabaseJobQueue implements JobQueue {
  readonly kind = 'database';
  readonly joinsTransactions = true;
  private readonly db: Kysely<Database>;
  private readonly log: FastifyBaseLogger;
  private running = false;
  private runners: Promise<void>[] = [];
  private wakeUp: Array<() => void> = [];
  /** Running here, by `${videoId} ${kind}`. */
  private readonly active = new Map<string, AbortController>();
  private lastStaleCheck = 0;
  /** Kinds with their own runners; the shared lane is every other kind. */
  private readonly lanes: JobKind[];

  constructor(private readonly options: DatabaseJobQueueOptions) {
    this.db = options.db;
    this.log = options.log;
    this.lanes = laneKinds(options.kinds);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async enqueue(job: string | JobSpec, trx: Kysely<Database> = this.db): Promise<void> {
    const spec = jobSpec(job);
    await insertJob(trx, spec, this.options.kinds?.[spec.kind]?.maxAttempts ?? this.options.maxAttempts, this.now());
  }

  notify(): void {
    const waiting = this.wakeUp;
    this.wakeUp = [];
    for (const wake of waiting) wake();
  }

  async start(handler: JobHandler | JobHandlers): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.reclaimStale(true).catch((error: unknown) => this.log.error({ err: error }, 'media job queue: could not take back interrupted jobs'));
    for (let i = 0; i < this.options.concurrency; i += 1) this.runners.push(this.runLoop(handler, null));
    for (const kind of this.lanes) {
      for (let i = 0; i < (this.options.kinds?.[kind]?.concurrency ?? 0); i += 1) this.runners.push(this.runLoop(handler, kind));
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const controller of this.active.values()) controller.abort(new Error('queue stopping'));
    this.notify();
    await Promise.allSettled(this.runners);
    this.runners = [];
  }

  async close(): Promise<void> {
    await this.stop();
  }

  async depth(): Promise<number> {
    const row = await this.db
      .selectFrom('media_jobs')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('waiting'))
      .where('state', '=', 'queued')
      // The shared lane's only (a kind with its own lane is not in the transcodes' queue).
      .$if(this.lanes.length > 0, (query) => query.where('kind', 'not in', this.lanes))
      .executeTakeFirstOrThrow();
    return Number(row.waiting);
  }

  async waiting(limit: number): Promise<string[]> {
    // The order claim() takes them in: due time, then age.
    const rows = await this.db
      .selectFrom('media_jobs')
      .select('video_id')
      .where('state', '=', 'queued')
      .$if(this.lanes.length > 0, (query) => query.where('kind', 'not in', this.lanes))
      .orderBy('run_at')
      .orderBy('created_at')
      .orderBy('video_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.video_id);
  }

  async requeueMissing(): Promise<number> {
    const jobless = await this.db
      .selectFrom('videos')
      .select('id')
      .where('status', '=', 'processing')
      // No transcode row, and no other rendition job still to run (a finished job of another
      // kind does not count, nor a job of a kind that is not about renditions).
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('media_jobs')
              .select('media_jobs.video_id')
              .whereRef('media_jobs.video_id', '=', 'videos.id')
              .where('media_jobs.kind', 'in', RENDITION_KINDS)
              .where((inner) => inner.or([inner('media_jobs.kind', '=', 'transcode'), inner('media_jobs.state', 'in', ['queued', 'running'])])),
          ),
        ),
      )
      .execute();
    for (const { id } of jobless) await this.enqueue(id);
    return jobless.length;
  }

  cancel(videoId: string): void {
    // A deleted video's rows go with it (ON DELETE CASCADE): the heartbeat notices on any instance.
    for (const [key, controller] of this.active) if (key.startsWith(`${videoId} `)) controller.abort(new Error('the video was deleted'));
  }

  /** Jobs whose lease ran out (or whose owner here is gone, at start) go back to the queue or fail. */
  async reclaimStale(includeGoneOwners = false): Promise<number> {
    const now = this.now();
    const rows = await this.db.selectFrom('media_jobs').selectAll().where('state', '=', 'running').execute();
    let reclaimed = 0;
    for (const row of rows) {
      const expired = row.lease_until === null || row.lease_until < toTimestamp(now);
      const ownerGone = includeGoneOwners && row.lease_owner !== null && isOwnerGone(row.lease_owner);
      if (!expired && !ownerGone) continue;
      const givingUp = row.attempts >= row.max_attempts;
      const update = await this.db
        .updateTable('media_jobs')
        .set({
          state: givingUp ? 'failed' : 'queued',
          run_at: toTimestamp(now),
          lease_owner: null,
          lease_until: null,
          error: 'interrupted: the worker stopped or timed out',
          updated_at: toTimestamp(now),
          ...(givingUp ? { finished_at: toTimestamp(now) } : {}),
        })
        .where('video_id', '=', row.video_id)
        .where('kind', '=', row.kind)
        .where('state', '=', 'running')
        .where((eb) => (row.lease_owner === null ? eb('lease_owner', 'is', null) : eb('lease_owner', '=', row.lease_owner)))
        .executeTakeFirst();
      if (Number(update.numUpdatedRows) === 0) continue;
      reclaimed += 1;
      this.log.warn({ videoId: row.video_id, kind: row.kind, attempts: row.attempts, owner: row.lease_owner, givingUp }, 'media job taken back from a stopped worker');
      if (givingUp) await this.giveUp(row.video_id, new Error('the job was interrupted too many times'), kindOf(row.kind));
    }
    return reclaimed;
  }

  private async giveUp(videoId: string, error: unknown, kind: JobKind): Promise<void> {
    await this.options.onGiveUp(videoId, error, kind).catch((problem: unknown) => this.log.error({ err: problem, videoId }, 'media job: could not record the failure'));
  }

  /** One runner: of `lane`'s kind, or of the shared lane (null). */
  private async runLoop(handler: JobHandler | JobHandlers, lane: JobKind | null): Promise<void> {
    while (this.running) {
      let job: MediaJobRow | undefined;
      try {
        if (Date.now() - this.lastStaleCheck > this.options.leaseMs / 2) {
          this.lastStaleCheck = Date.now();
          await this.reclaimStale();
        }
        job = await this.claim(lane);
      } catch (error) {
        this.log.error({ err: error }, 'media job queue: could not read jobs');
      }
      if (job) {
        await this.runJob(job, handler);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs);
        this.wakeUp.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The oldest due queued job of the lane, now leased to this instance; undefined when there is none. */
  private async claim(lane: JobKind | null): Promise<MediaJobRow | undefined> {
    for (let tries = 0; tries < 5; tries += 1) {
      const now = this.now();
      const candidate = await this.db
        .selectFrom('media_jobs')
        .select(['video_id', 'kind'])
        .where('state', '=', 'queued')
        .where('run_at', '<=', toTimestamp(now))
        .$if(lane !== null, (query) => query.where('kind', '=', lane as JobKind))
        .$if(lane === null && this.lanes.length > 0, (query) => query.where('kind', 'not in', this.lanes))
        .orderBy('run_at')
        .orderBy('created_at')
        .orderBy('video_id')
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return undefined;
      const claimed = await this.db
        .updateTable('media_jobs')
        .set((eb) => ({
          state: 'running',
          attempts: eb('attempts', '+', 1),
          lease_owner: INSTANCE_ID,
          lease_until: toTimestamp(new Date(now.getTime() + this.options.leaseMs)),
          started_at: toTimestamp(now),
          updated_at: toTimestamp(now),
        }))
        .where('video_id', '=', candidate.video_id)
        .where('kind', '=', candidate.kind)
        .where('state', '=', 'queued')
        .returningAll()
        .executeTakeFirst();
      if (claimed) return claimed;
      // Someone else won this one: look again.
    }
    return undefined;
  }

  private async runJob(job: MediaJobRow, handlers: JobHandler | JobHandlers): Promise<void> {
    const kind = kindOf(job.kind);
    const controller = new AbortController();
    const key = `${job.video_id} ${job.kind}`;
    this.active.set(key, controller);
    const log = this.log.child({ videoId: job.video_id, kind, attempt: job.attempts });
    const mine = () =>
      this.db
        .updateTable('media_jobs')
        .where('video_id', '=', job.video_id)
        .where('kind', '=', job.kind)
        .where('lease_owner', '=', INSTANCE_ID)
        .where('state', '=', 'running');

    // Heartbeat: renew the lease; losing it (job deleted with its video, or taken back) stops the work.
    const heartbeat = setInterval(() => {
      const now = this.now();
      mine()
        .set({ lease_until: toTimestamp(new Date(now.getTime() + this.options.leaseMs)), updated_at: toTimestamp(now) })
        .executeTakeFirst()
        .then((result) => {
          if (Number(result.numUpdatedRows) === 0) controller.abort(new Error('lease lost'));
        })
        .catch((error: unknown) => log.warn({ err: error }, 'media job heartbeat failed'));
    }, Math.max(50, Math.floor(this.options.leaseMs / 3)));

    const progress = throttledProgress((value) => mine().set({ progress: value }).execute());

    const startedAt = Date.now();
    const clearTimeLimit = armTimeLimit(controller, kind, this.options.kinds?.[kind]?.timeoutMs);
    try {
      await handlerFor(handlers, kind)({
        kind,
        videoId: job.video_id,
        payload: parsePayload(job.payload),
        attempt: job.attempts,
        signal: controller.signal,
        progress,
      });
      const now = toTimestamp(this.now());
      await mine().set({ state: 'done', progress: 100, error: null, lease_owner: null, lease_until: null, finished_at: now, updated_at: now }).execute();
      log.info({ ms: Date.now() - startedAt }, 'media job done');
    } catch (thrown) {
      const error = attemptError(thrown, controller.signal);
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      if (!this.running && controller.signal.aborted) {
        // Stopping: leave the job for the next start (its lease runs out, or it is reclaimed).
        log.info('media job interrupted by shutdown');
      } else {
        const permanent = error instanceof PermanentJobError;
        const givingUp = permanent || job.attempts >= job.max_attempts;
        const now = this.now();
        const delay = this.options.retryBaseMs * 2 ** Math.max(0, job.attempts - 1);
        const result = await mine()
          .set({
            state: givingUp ? 'failed' : 'queued',
            error: message,
            lease_owner: null,
            lease_until: null,
            run_at: toTimestamp(new Date(now.getTime() + (givingUp ? 0 : delay))),
            updated_at: toTimestamp(now),
            ...(givingUp ? { finished_at: toTimestamp(now) } : {}),
          })
          .executeTakeFirst()
          .catch(() => ({ numUpdatedRows: 0n }));
        const stillMine = Number(result.numUpdatedRows) > 0;
        log.warn({ err: error, givingUp, retryInMs: givingUp ? undefined : delay, stillMine }, 'media job failed');
        if (givingUp && stillMine) await this.giveUp(job.video_id, error, kind);
      }
    } finally {
      clearTimeLimit();
      clearInterval(heartbeat);
      this.active.delete(key);
    }
  }
}

/** A row's kind; a kind this code does not know (a newer deployment's) reaches no handler. */
function kindOf(kind: string): JobKind {
  return kind as JobKind;
}
