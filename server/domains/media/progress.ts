/**
 * Processing the viewer can trust: the stage a video's job is at, its place in the queue and an
 * estimate of when it will be done (docs/transcoding.md#processing-stage-queue-position-and-eta).
 *
 * - Stage: the worker writes videos.processing_stage once per stage change (probing →
 *   transcoding → packaging → storyboard; a handful of writes per job, on top of the progress
 *   percentage that is already throttled to one write a second), with processing_stage_at, so
 *   every instance reads it from the row. null while the job waits (`queued`); `done` is a ready
 *   video, `failed` a failed one.
 * - Queue position: the job queue's own order of waiting jobs (JobQueue.waiting(), the embedded
 *   queue's media_jobs rows or BullMQ's lists), 1-based; null when the job is not waiting.
 * - ETA, per stage: every finished job records, in media_stage_speed, what each part of it cost on
 *   this machine, each against what it grows with — the probe and the poster/cards per job, the
 *   encode per megapixel-frame it had to decode and encode (the source picture plus every rung of
 *   the ladder, × frames), overall and per input kind (H.264, HEVC, HDR…), the segmenting and the
 *   storyboard with the commit per second of input — as exponentially weighted averages (α = 0.3:
 *   the last few jobs dominate, so the figures follow the machine's load). One finished job is
 *   enough to tell the fixed costs from the per-second ones. A job's estimate is the sum of its
 *   stages; an input kind never measured uses the all-kinds encode rate. A running job's time left
 *   is the rest of its current stage (the stage's estimate minus the time spent in it; during the
 *   encode, blended with what its progress so far predicts) plus its later stages; a waiting job's
 *   is the time left of the running jobs plus the estimates of the jobs ahead, divided by the
 *   number of jobs that run at once, plus its own estimate. Unknown (null) until a first job has
 *   been measured.
 */
import type { Kysely } from 'kysely';

import { toTimestamp } from '../../infra/db/ids';
import type { Database, ProcessingStageColumn, VideoRow } from '../../infra/db/schema';
import { processingStageOf, type ProcessingStage } from '../videos/videos';
import type { JobQueue } from '../../infra/jobs/queue';

import { LADDER, MAX_FPS, planLadder, type Rung } from './renditions';

/** Weight of the newest measurement in the running average. */
export const THROUGHPUT_ALPHA = 0.3;
/** Jobs looked at in the queue when placing a video (a longer queue shows no position). */
export const QUEUE_LOOKAHEAD = 1000;
/** The frame rate assumed for a video whose rate was not recorded (rows made before 0018). */
const DEFAULT_FPS = 30;

/**
 * What is measured (media_stage_speed.measure) and per what unit:
 * - probe: seconds per job (copying the original to the work folder, probing it);
 * - encode:startup: seconds per job (the encode until its first frames: spawn, encoders' set-up, look-ahead);
 * - encode, encode:<kind>: seconds per megapixel-frame after the start-up (see encodeWork);
 * - package:fixed: seconds per job (poster, WebP cards);
 * - package:perSecond: seconds per second of input (segmenting every rung);
 * - finish:perSecond: seconds per second of input (storyboard, commit to storage).
 */
export type StageMeasure = 'probe' | 'encode' | `encode:${string}` | 'encode:startup' | 'package:fixed' | 'package:perSecond' | 'finish:perSecond';

/**
 * Records the stage of a processing video (null: back in the queue) and when it began. One write
 * per change; `startedAt` (the attempt's start) with the first stage.
 */
export async function setProcessingStage(db: Kysely<Database>, videoId: string, stage: ProcessingStageColumn | null, startedAt?: Date): Promise<void> {
  await db
    .updateTable('videos')
    .set({
      processing_stage: stage,
      processing_stage_at: stage === null ? null : toTimestamp(),
      ...(startedAt ? { processing_started_at: toTimestamp(startedAt) } : {}),
      ...(stage === null ? { processing_started_at: null } : {}),
    })
    .where('id', '=', videoId)
    .where('status', '=', 'processing')
    .execute();
}

/** Remembers the input kind and frame rate of a video (rows made before they were recorded at upload). */
export async function setSourceFacts(db: Kysely<Database>, videoId: string, facts: { kind: string; fps: number }): Promise<void> {
  await db.updateTable('videos').set({ source_kind: facts.kind, source_fps: facts.fps }).where('id', '=', videoId).execute();
}

/** Measured seconds per unit, by measure. */
export type StageSpeeds = Map<string, number>;

export { sourceKind } from '../videos/source-facts';

/** What the estimate needs to know of a video. */
export interface EstimateInput {
  width: number;
  height: number;
  duration: number;
  /** Frame rate of the encode; DEFAULT_FPS when unknown. */
  fps?: number | null;
  kind?: string | null;
}

/**
 * The encode's work in megapixel-frames: every frame of the source is decoded (and scaled) once and
 * encoded once per rung of the ladder the source gets (a 720p source skips the 1080p rung).
 */
export function encodeWork(
  video: Pick<EstimateInput, 'width' | 'height' | 'duration' | 'fps'>,
  ladder: readonly Rung[] = LADDER,
  options: { topCopied?: boolean } = {},
): number {
  const width = Math.max(2, Number(video.width) || 0);
  const height = Math.max(2, Number(video.height) || 0);
  const frames = Math.max(1, Number(video.duration) || 0) * Math.min(MAX_FPS, Number(video.fps) || DEFAULT_FPS);
  // The quick path copies the top rung instead of encoding it.
  const encoded = planLadder({ width, height }, ladder).slice(options.topCopied ? 1 : 0);
  const outputs = encoded.reduce((sum, rendition) => sum + rendition.width * rendition.height, 0);
  return (frames * (width * height + outputs)) / 1e6;
}

export async function readStageSpeeds(db: Kysely<Database>): Promise<StageSpeeds> {
  const rows = await db.selectFrom('media_stage_speed').select(['measure', 'seconds_per_unit']).execute();
  return new Map(rows.map((row) => [row.measure, Number(row.seconds_per_unit)]));
}

/** Folds one measurement into its running average (every worker writes; last write wins per job). */
async function recordSpeed(db: Kysely<Database>, measure: StageMeasure, seconds: number, units: number, now: Date): Promise<void> {
  if (!(units > 0) || !(seconds >= 0) || !Number.isFinite(seconds / units)) return;
  const sample = seconds / units;
  const current = await db.selectFrom('media_stage_speed').select('seconds_per_unit').where('measure', '=', measure).executeTakeFirst();
  const value = current ? THROUGHPUT_ALPHA * sample + (1 - THROUGHPUT_ALPHA) * Number(current.seconds_per_unit) : sample;
  await db
    .insertInto('media_stage_speed')
    .values({ measure, seconds_per_unit: value, samples: 1, updated_at: toTimestamp(now) })
    .onConflict((conflict) =>
      conflict.column('measure').doUpdateSet((eb) => ({ seconds_per_unit: value, samples: eb('media_stage_speed.samples', '+', 1), updated_at: toTimestamp(now) })),
    )
    .execute();
}

/** Wall time of each part of a finished job, in seconds. */
export interface JobTimings {
  probe: number;
  /** The whole encode, start-up included. */
  encode: number;
  /** Of which the start-up, until the first frames came out. */
  encodeStartup?: number;
  /** The quick path copied the top rung (its encode is not part of the work). */
  topCopied?: boolean;
  /** Segmenting every rung. */
  segment: number;
  /** Poster and cards. */
  packageFixed: number;
  /** Storyboard and commit. */
  finish: number;
}

/** Below this much encode after the start-up, a job's frames were not measurably timed. */
const ENCODE_MIN_MEASURABLE_SECONDS = 0.05;

/** Records what each part of a finished job cost on this machine (the estimates' basis). */
export async function recordJobSpeeds(
  db: Kysely<Database>,
  video: EstimateInput & { kind: string },
  timings: JobTimings,
  ladder: readonly Rung[] = LADDER,
  now: Date = new Date(),
): Promise<void> {
  const duration = Number(video.duration) || 0;
  if (!(duration > 0)) return;
  const work = encodeWork(video, ladder, { topCopied: timings.topCopied });
  const startup = Math.max(0, Math.min(timings.encode, timings.encodeStartup ?? 0));
  // A clip so short that its frames came out with the start-up leaves nothing to measure the
  // frames by: a rate of 0 would promise every later video an instant encode. Its whole encode
  // then counts as frame work (an overestimate, which the next real video's sample corrects).
  const framesSeconds = timings.encode - startup >= ENCODE_MIN_MEASURABLE_SECONDS ? timings.encode - startup : timings.encode;
  await recordSpeed(db, 'probe', timings.probe, 1, now);
  await recordSpeed(db, 'encode:startup', startup, 1, now);
  await recordSpeed(db, 'encode', framesSeconds, work, now);
  await recordSpeed(db, `encode:${video.kind}`, framesSeconds, work, now);
  await recordSpeed(db, 'package:fixed', timings.packageFixed, 1, now);
  await recordSpeed(db, 'package:perSecond', timings.segment, duration, now);
  await recordSpeed(db, 'finish:perSecond', timings.finish, duration, now);
}

/** Estimated seconds of each stage of a video's job; null when nothing has been measured yet. */
export function estimateStages(
  speeds: StageSpeeds,
  video: EstimateInput,
  ladder: readonly Rung[] = LADDER,
): { probing: number; transcoding: number; packaging: number; storyboard: number } | null {
  const encodeRate = (video.kind && video.kind !== 'startup' ? speeds.get(`encode:${video.kind}`) : undefined) ?? speeds.get('encode');
  if (encodeRate === undefined) return null;
  const duration = Math.max(1, Number(video.duration) || 0);
  const rate = (measure: StageMeasure) => speeds.get(measure) ?? 0;
  return {
    probing: rate('probe'),
    transcoding: rate('encode:startup') + encodeRate * encodeWork(video, ladder),
    packaging: rate('package:fixed') + rate('package:perSecond') * duration,
    storyboard: rate('finish:perSecond') * duration,
  };
}

/** Estimated processing seconds of a whole job; null when nothing has been measured yet. */
export function estimateSeconds(speeds: StageSpeeds, video: EstimateInput, ladder: readonly Rung[] = LADDER): number | null {
  const stages = estimateStages(speeds, video, ladder);
  if (!stages) return null;
  return Math.max(1, stages.probing + stages.transcoding + stages.packaging + stages.storyboard);
}

type EstimateRow = Pick<
  VideoRow,
  | 'id'
  | 'status'
  | 'duration'
  | 'width'
  | 'height'
  | 'source_kind'
  | 'source_fps'
  | 'processing_progress'
  | 'processing_stage'
  | 'processing_started_at'
  | 'processing_stage_at'
>;

const inputOf = (row: EstimateRow): EstimateInput => ({
  width: Number(row.width),
  height: Number(row.height),
  duration: Number(row.duration),
  fps: row.source_fps === null ? null : Number(row.source_fps),
  kind: row.source_kind,
});

const STAGE_ORDER = ['probing', 'transcoding', 'packaging', 'storyboard'] as const;

/** Seconds left of a running job: the rest of its stage, then the stages after it. */
export function remainingSeconds(speeds: StageSpeeds, row: EstimateRow, now: number): number | null {
  const stages = estimateStages(speeds, inputOf(row));
  const current = row.processing_stage ?? 'probing';
  const since = row.processing_stage_at ?? row.processing_started_at;
  const inStage = Math.max(0, (now - (since ? Date.parse(since) : now)) / 1000);
  const progress = Math.max(0, Math.min(99, Number(row.processing_progress) || 0));
  // The pipeline's progress: 1 when the encode starts, 95 when it ends.
  const encoded = Math.max(0, Math.min(1, (progress - 1) / 94));
  if (!stages) {
    // Nothing measured: only the encode's own progress says something.
    return current === 'transcoding' && encoded >= 0.1 ? (inStage * (1 - encoded)) / encoded : null;
  }
  const index = STAGE_ORDER.indexOf(current);
  let left = 0;
  for (const stage of STAGE_ORDER.slice(index + 1)) left += stages[stage];
  const estimate = stages[current];
  if (current === 'transcoding' && encoded > 0 && inStage > 0) {
    // The further the encode, the more its own pace counts (its pace since the start-up).
    const byProgress = (Math.max(0, inStage - (speeds.get('encode:startup') ?? 0)) * (1 - encoded)) / encoded;
    const byEstimate = Math.max(0, estimate - inStage, estimate * (1 - encoded) * 0.1);
    return left + encoded * byProgress + (1 - encoded) * byEstimate;
  }
  return left + Math.max(0, estimate - inStage);
}

export interface ProcessingEstimate {
  processingStage: ProcessingStage;
  /** 1-based among the jobs waiting; null when not waiting. */
  queuePosition: number | null;
  /** Seconds until ready; null when unknown or not processing. */
  etaSeconds: number | null;
}

const ESTIMATE_COLUMNS = [
  'id',
  'status',
  'duration',
  'width',
  'height',
  'source_kind',
  'source_fps',
  'processing_progress',
  'processing_stage',
  'processing_started_at',
  'processing_stage_at',
] as const;

/** Stage, queue position and ETA of one video, from the row and the queue (any instance). */
export async function estimateProcessing(
  db: Kysely<Database>,
  queue: Pick<JobQueue, 'waiting'>,
  concurrency: number,
  video: EstimateRow,
  now: number = Date.now(),
): Promise<ProcessingEstimate> {
  const processingStage = processingStageOf(video);
  if (video.status !== 'processing') return { processingStage, queuePosition: null, etaSeconds: null };
  const rates = await readStageSpeeds(db);
  if (video.processing_stage !== null) {
    const left = remainingSeconds(rates, video, now);
    return { processingStage, queuePosition: null, etaSeconds: left === null ? null : Math.ceil(left) };
  }
  const waiting = await queue.waiting(QUEUE_LOOKAHEAD);
  const index = waiting.indexOf(video.id);
  const own = estimateSeconds(rates, inputOf(video));
  if (index < 0) return { processingStage, queuePosition: null, etaSeconds: own === null ? null : Math.ceil(own) };
  const ahead = waiting.slice(0, index);
  const running = await db.selectFrom('videos').select(ESTIMATE_COLUMNS).where('status', '=', 'processing').where('processing_stage', 'is not', null).execute();
  const aheadRows = ahead.length > 0 ? await db.selectFrom('videos').select(ESTIMATE_COLUMNS).where('id', 'in', ahead).execute() : [];
  let total = 0;
  let unknown = own === null;
  for (const row of running) {
    const left = remainingSeconds(rates, row, now);
    if (left === null) unknown = true;
    else total += left;
  }
  for (const row of aheadRows) {
    // A ready video's job is a storyboard backfill: seconds, not counted.
    if (row.status !== 'processing') continue;
    const estimate = estimateSeconds(rates, inputOf(row));
    if (estimate === null) unknown = true;
    else total += estimate;
  }
  // More jobs running than this instance's concurrency: several workers share the queue.
  const parallel = Math.max(1, concurrency, running.length);
  return {
    processingStage,
    queuePosition: index + 1,
    etaSeconds: unknown || own === null ? null : Math.ceil(total / parallel + own),
  };
}
