/**
 * Processing the viewer can trust: the stage a video's job is at, its place in the queue and an
 * estimate of when it will be done (docs/transcoding.md#processing-stage-queue-position-and-eta).
 *
 * - Stage: the worker writes videos.processing_stage once per stage change (probing →
 *   transcoding → packaging → storyboard; a handful of writes per job, on top of the progress
 *   percentage that is already throttled to one write a second), so every instance reads it from
 *   the row. null while the job waits (`queued`); `done` is a ready video, `failed` a failed one.
 * - Queue position: the job queue's own order of waiting jobs (JobQueue.waiting(), the embedded
 *   queue's media_jobs rows or BullMQ's lists), 1-based; null when the job is not waiting.
 * - ETA: every finished transcode records its wall time per second of input in media_throughput,
 *   per pixel class of the source (an exponentially weighted average, α = 0.3, so the last few
 *   jobs dominate), and weighted sums for a line fit (a fixed cost per job + seconds per second
 *   of input) used once the measured durations differ enough. A job's estimate is that line (or
 *   the rate × its duration); a class never measured borrows the nearest measured one, its
 *   per-second cost scaled by pixel count. A running job's time left is its estimate
 *   minus the time it has run, or, once it is 10 % through, the time it took for that share; a
 *   waiting job's is the time left of the running jobs plus the estimates of the jobs ahead,
 *   divided by the number of jobs that run at once, plus its own estimate. Unknown (null) until
 *   a first job has been measured.
 */
import type { Kysely } from 'kysely';

import { toTimestamp } from '../db/ids';
import type { Database, ProcessingStageColumn, VideoRow } from '../db/schema';
import { processingStageOf, type ProcessingStage } from '../services/videos';

import type { JobQueue } from './jobs';

/** Weight of the newest measurement in the running average. */
export const THROUGHPUT_ALPHA = 0.3;
/** Jobs looked at in the queue when placing a video (a longer queue shows no position). */
export const QUEUE_LOOKAHEAD = 1000;

/** Pixel classes by the short side of the picture, with a representative pixel count. */
const PIXEL_CLASSES: Array<{ name: string; maxShortSide: number; pixels: number }> = [
  { name: '360p', maxShortSide: 360, pixels: 640 * 360 },
  { name: '480p', maxShortSide: 480, pixels: 854 * 480 },
  { name: '720p', maxShortSide: 720, pixels: 1280 * 720 },
  { name: '1080p', maxShortSide: 1080, pixels: 1920 * 1080 },
  { name: '2160p', maxShortSide: Number.POSITIVE_INFINITY, pixels: 3840 * 2160 },
];

export function pixelClass(width: number, height: number): string {
  const shortSide = Math.min(width, height) || 0;
  return (PIXEL_CLASSES.find((entry) => shortSide <= entry.maxShortSide) ?? PIXEL_CLASSES[PIXEL_CLASSES.length - 1]!).name;
}

/** Records the stage of a processing video (null: back in the queue). One write per change. */
export async function setProcessingStage(db: Kysely<Database>, videoId: string, stage: ProcessingStageColumn | null, startedAt?: Date): Promise<void> {
  await db
    .updateTable('videos')
    .set({
      processing_stage: stage,
      ...(startedAt ? { processing_started_at: toTimestamp(startedAt) } : {}),
      ...(stage === null ? { processing_started_at: null } : {}),
    })
    .where('id', '=', videoId)
    .where('status', '=', 'processing')
    .execute();
}

/** A class's measured speed: seconds per second of input, and a line fit when durations varied. */
export interface ClassRate {
  perSecond: number;
  /** seconds = overhead + slope × duration; absent until the measured durations differ enough. */
  fit?: { overhead: number; slope: number };
}

/** Measured speed per pixel class. */
export type Throughput = Map<string, ClassRate>;

interface Sums {
  weight: number;
  sum_x: number;
  sum_y: number;
  sum_xx: number;
  sum_xy: number;
}

/** The weighted least-squares line through the samples, when it is meaningful. */
function lineFit(sums: Sums): ClassRate['fit'] {
  const { weight: w, sum_x: sx, sum_y: sy, sum_xx: sxx, sum_xy: sxy } = sums;
  if (!(w > 1.2)) return undefined;
  const mean = sx / w;
  const variance = sxx / w - mean * mean;
  // Durations within ±15 % of each other say nothing about the fixed cost.
  if (!(variance > (0.15 * mean) ** 2)) return undefined;
  const slope = (w * sxy - sx * sy) / (w * sxx - sx * sx);
  const overhead = (sy - slope * sx) / w;
  if (!(slope > 0) || !(overhead >= 0) || !Number.isFinite(slope + overhead)) return undefined;
  return { overhead, slope };
}

export async function readThroughput(db: Kysely<Database>): Promise<Throughput> {
  const rows = await db.selectFrom('media_throughput').selectAll().execute();
  return new Map(
    rows.map((row) => {
      const sums = { weight: Number(row.weight), sum_x: Number(row.sum_x), sum_y: Number(row.sum_y), sum_xx: Number(row.sum_xx), sum_xy: Number(row.sum_xy) };
      const fit = lineFit(sums);
      return [row.pixel_class, { perSecond: Number(row.seconds_per_second), ...(fit ? { fit } : {}) }];
    }),
  );
}

/** Folds one finished job into its class's average (every worker writes; last write wins per job). */
export async function recordThroughput(
  db: Kysely<Database>,
  job: { width: number; height: number; duration: number; seconds: number },
  now: Date = new Date(),
): Promise<number | undefined> {
  if (!(job.duration > 0) || !(job.seconds > 0)) return undefined;
  const name = pixelClass(job.width, job.height);
  const sample = job.seconds / job.duration;
  const current = await db.selectFrom('media_throughput').selectAll().where('pixel_class', '=', name).executeTakeFirst();
  const value = current ? THROUGHPUT_ALPHA * sample + (1 - THROUGHPUT_ALPHA) * Number(current.seconds_per_second) : sample;
  // The sums decay like the average: older jobs count less.
  const keep = current ? 1 - THROUGHPUT_ALPHA : 0;
  const x = job.duration;
  const y = job.seconds;
  const sums = {
    weight: keep * Number(current?.weight ?? 0) + 1,
    sum_x: keep * Number(current?.sum_x ?? 0) + x,
    sum_y: keep * Number(current?.sum_y ?? 0) + y,
    sum_xx: keep * Number(current?.sum_xx ?? 0) + x * x,
    sum_xy: keep * Number(current?.sum_xy ?? 0) + x * y,
  };
  await db
    .insertInto('media_throughput')
    .values({ pixel_class: name, seconds_per_second: value, samples: 1, ...sums, updated_at: toTimestamp(now) })
    .onConflict((conflict) =>
      conflict
        .column('pixel_class')
        .doUpdateSet((eb) => ({ seconds_per_second: value, samples: eb('media_throughput.samples', '+', 1), ...sums, updated_at: toTimestamp(now) })),
    )
    .execute();
  return value;
}

/** Estimated processing seconds of a video; null when nothing has been measured yet. */
export function estimateSeconds(rates: Throughput, video: { width: number; height: number; duration: number }): number | null {
  if (rates.size === 0) return null;
  const name = pixelClass(video.width, video.height);
  const duration = Math.max(1, video.duration || 0);
  const seconds = (rate: ClassRate, scale: number) =>
    rate.fit ? rate.fit.overhead + rate.fit.slope * scale * duration : rate.perSecond * scale * duration;
  const own = rates.get(name);
  if (own !== undefined) return seconds(own, 1);
  // The nearest measured class, its per-second cost scaled by pixel count.
  const index = PIXEL_CLASSES.findIndex((entry) => entry.name === name);
  const target = PIXEL_CLASSES[index]!;
  let best: { rate: ClassRate; pixels: number; distance: number } | undefined;
  PIXEL_CLASSES.forEach((entry, i) => {
    const rate = rates.get(entry.name);
    if (rate === undefined) return;
    const distance = Math.abs(i - index);
    if (!best || distance < best.distance) best = { rate, pixels: entry.pixels, distance };
  });
  if (!best) return null;
  return seconds(best.rate, target.pixels / best.pixels);
}

type EstimateRow = Pick<VideoRow, 'id' | 'status' | 'duration' | 'width' | 'height' | 'processing_progress' | 'processing_stage' | 'processing_started_at'>;

/** Seconds left of a running job. */
function remainingSeconds(rates: Throughput, row: EstimateRow, now: number): number | null {
  const estimate = estimateSeconds(rates, { width: Number(row.width), height: Number(row.height), duration: Number(row.duration) });
  const started = row.processing_started_at ? Date.parse(row.processing_started_at) : now;
  const elapsed = Math.max(0, (now - started) / 1000);
  const progress = Math.max(0, Math.min(99, Number(row.processing_progress) || 0));
  if (progress >= 10) {
    const byProgress = (elapsed * (100 - progress)) / progress;
    return estimate === null ? byProgress : (byProgress + Math.max(0, estimate - elapsed)) / 2;
  }
  return estimate === null ? null : Math.max(0, estimate - elapsed);
}

export interface ProcessingEstimate {
  processingStage: ProcessingStage;
  /** 1-based among the jobs waiting; null when not waiting. */
  queuePosition: number | null;
  /** Seconds until ready; null when unknown or not processing. */
  etaSeconds: number | null;
}

const ESTIMATE_COLUMNS = ['id', 'status', 'duration', 'width', 'height', 'processing_progress', 'processing_stage', 'processing_started_at'] as const;

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
  const rates = await readThroughput(db);
  if (video.processing_stage !== null) {
    const left = remainingSeconds(rates, video, now);
    return { processingStage, queuePosition: null, etaSeconds: left === null ? null : Math.ceil(left) };
  }
  const waiting = await queue.waiting(QUEUE_LOOKAHEAD);
  const index = waiting.indexOf(video.id);
  const own = estimateSeconds(rates, { width: Number(video.width), height: Number(video.height), duration: Number(video.duration) });
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
    const estimate = estimateSeconds(rates, { width: Number(row.width), height: Number(row.height), duration: Number(row.duration) });
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
