/**
 * The transcoding job for one video (the JobHandler the queue runs) and the video row's states:
 * processing (progress 0–100) → ready (renditions committed) or failed (a reason, as a message
 * key of the server catalogue, translated per request).
 *
 * ffmpeg works in a local work folder; the results are committed into storage under a fresh
 * generation prefix `renditions/<video id>/<generation>/` and only then does the row point at
 * them. A retry first removes whatever an interrupted attempt left under `renditions/<video id>/`;
 * a video deleted while it was being transcoded has its renditions removed by the job itself.
 *
 * The `storyboard` job (storyboardJob) makes what a ready video's renditions lack: the storyboard
 * (seek previews) of a video made before storyboards existed and the audio rendition listen
 * mode plays, of a video made before audio groups (both by backfillGeneration); the backfill in
 * domains/media/index.ts enqueues those at worker start. Which one a job is, is its kind (infra/jobs/queue.ts),
 * not the video's state; the handlers are domains/media/handlers/<kind>.ts.
 *
 * Once ready, any other generation under the prefix (an interrupted attempt's) is removed, and the
 * row's media exposure is brought up to who may see it (domains/media/generations).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import { toTimestamp } from '../../infra/db/ids';
import type { Database, VideoRow } from '../../infra/db/schema';
import type { MessageKey } from '../../i18n';
import { putDirectory, RENDITIONS_FOLDER, type Storage } from '../../infra/storage/storage';
import { renditionManifest } from '../videos/videos';
import type { MediaLimits } from '../../config/media';
import { PermanentJobError, RENDITION_KINDS, throttledProgress, type JobContext, type JobQueue } from '../../infra/jobs/queue';

import { audioStreamKbps, segmentAudio, type AudioRendition } from './audio';
import { MediaToolError } from './ffmpeg';
import { sweepStaleGenerations } from './generations/sweep';
import { syncMediaGenerationNow } from './generations/rotate';
import { probeMedia, UndecodableMediaError, type RefusalKind } from './probe';
import { outputFps, transcode, type RenditionManifest, type Rung } from './renditions';
import type { Spool } from './spool';
import { makeStoryboard } from './storyboard';
import { recordJobSpeeds, setProcessingStage, setSourceFacts, sourceKind } from './progress';

export interface PipelineDeps {
  db: Kysely<Database>;
  storage: Storage;
  spool: Spool;
  log: FastifyBaseLogger;
  keepOriginals: boolean;
  ladder?: readonly Rung[];
  /** MAX_VIDEO_SECONDS, MAX_VIDEO_PIXELS, wall time (the defaults when absent). */
  limits?: MediaLimits;
  /** Called once a video is ready (search indexing). */
  onReady?(videoId: string): Promise<void>;
  /** Called once a fresh transcode is ready (not after a backfill): automatic captions. */
  onTranscoded?(videoId: string): Promise<void>;
}

/** `renditions/<video id>/`: everything a video's renditions ever occupy. */
export function videoRenditionsPrefix(videoId: string): string {
  return `${RENDITIONS_FOLDER}/${videoId}/`;
}

/**
 * The storage key's local file for ffmpeg: the file itself on a local disk, else (object storage)
 * a download into `dir`, the job's work folder, which the job removes on every path (done,
 * failed or aborted). An aborted job stops the download.
 */
async function localCopy(storage: Storage, key: string, dir: string, signal: AbortSignal): Promise<string> {
  const local = storage.localPath?.(key);
  if (local) return local;
  const file = path.join(dir, `input-${path.basename(key)}`);
  await pipeline(storage.createReadStream(key), createWriteStream(file, { flags: 'wx' }), { signal });
  return file;
}

/** Why a job failed for good, as a message key the API translates. */
const REFUSAL_REASONS: Record<RefusalKind, MessageKey> = {
  unsupported: 'media.failedUnsupported',
  tooLong: 'media.failedTooLong',
  tooLarge: 'media.failedTooLarge',
  corrupt: 'media.failedUndecodable',
};

/** The uploaded original is not in storage any more (removed by hand, or a lost object). */
export class MissingOriginalError extends Error {
  constructor(key: string) {
    super(`the original ${key} is not in storage`);
    this.name = 'MissingOriginalError';
  }
}

export function failureReason(error: unknown): MessageKey {
  if (error instanceof MissingOriginalError || (error instanceof PermanentJobError && error.cause instanceof MissingOriginalError)) {
    return 'media.failedMissingOriginal';
  }
  const refusal = error instanceof PermanentJobError ? error.cause : error;
  if (refusal instanceof UndecodableMediaError) return REFUSAL_REASONS[refusal.kind];
  if (error instanceof MediaToolError && error.reason === 'timeout') return 'media.failedTimeout';
  if (error instanceof PermanentJobError && error.cause instanceof MediaToolError && error.cause.reason === 'timeout') {
    return 'media.failedTimeout';
  }
  if (error instanceof Error && /interrupted too many times/.test(error.message)) return 'media.failedTimeout';
  return 'media.failedTranscode';
}

/** A failed video has a reason and no progress (whatever its last attempt had reached). */
export async function markFailed(db: Kysely<Database>, videoId: string, error: unknown): Promise<void> {
  await db
    .updateTable('videos')
    .set({
      status: 'failed',
      processing_error: failureReason(error),
      processing_progress: 0,
      processing_stage: null,
      processing_started_at: null,
      processing_stage_at: null,
      updated_at: toTimestamp(),
    })
    .where('id', '=', videoId)
    .where('status', '=', 'processing')
    .execute();
}

/** Runs a job of either pipeline kind: its transcode or its storyboard backfill (by job.kind). */
export async function processVideo(deps: PipelineDeps, job: JobContext): Promise<void> {
  if (job.kind === 'storyboard') await storyboardJob(deps, job);
  else await transcodeVideo(deps, job);
}

/**
 * The `storyboard` job: what a ready video's renditions lack, the storyboard and the audio
 * rendition (nothing to do otherwise), made by one backfill (backfillGeneration).
 */
export async function storyboardJob(deps: PipelineDeps, job: Pick<JobContext, 'videoId' | 'signal'>): Promise<void> {
  const video = await deps.db.selectFrom('videos').selectAll().where('id', '=', job.videoId).executeTakeFirst();
  if (video) await backfillGeneration(deps, video, job);
}

/** The `transcode` job: a processing video's renditions, then the video is ready (nothing to do for any other state). */
export async function transcodeVideo(deps: PipelineDeps, job: JobContext): Promise<void> {
  const { db, storage, spool, log } = deps;
  const video = await db.selectFrom('videos').selectAll().where('id', '=', job.videoId).executeTakeFirst();
  if (!video || video.status !== 'processing') return;

  // What the SPA polls (videos.processing_progress), written at most once a second like the job's own.
  const recordProgress = throttledProgress((value) =>
    db
      .updateTable('videos')
      .set({ processing_progress: value })
      .where('id', '=', video.id)
      .where('status', '=', 'processing')
      .where('processing_progress', '<', value)
      .execute()
      .catch((error: unknown) => log.warn({ err: error, videoId: video.id }, 'could not record progress')),
  );
  const report = (percent: number) => {
    const value = Math.max(0, Math.min(99, Math.floor(percent)));
    void job.progress(value);
    void recordProgress(value);
  };

  // The stage every instance reads (one write per change; server/domains/media/progress.ts).
  const startedAt = new Date();
  const stage = (value: 'probing' | 'transcoding' | 'packaging' | 'storyboard') =>
    setProcessingStage(db, video.id, value, value === 'probing' ? startedAt : undefined).catch((error: unknown) =>
      log.warn({ err: error, videoId: video.id }, 'could not record the stage'),
    );
  await stage('probing');

  const workDir = await spool.makeWorkDir(`job-${video.id}`);
  let generationPrefix: string | undefined;
  try {
    // Whatever an interrupted attempt committed is not referenced by the row: start clean.
    await storage.deletePrefix(videoRenditionsPrefix(video.id));
    if (!(await storage.stat(video.video_key))) throw new PermanentJobError('the original is missing', { cause: new MissingOriginalError(video.video_key) });
    const source = await localCopy(storage, video.video_key, workDir, job.signal);
    let info;
    try {
      info = await probeMedia(source, job.signal, deps.limits);
    } catch (error) {
      if (error instanceof UndecodableMediaError) throw new PermanentJobError(error.message, { cause: error });
      throw error;
    }
    const thumbnail = await localCopy(storage, video.thumbnail_key, workDir, job.signal).catch(() => null);
    const outputDir = path.join(workDir, 'out');
    await mkdir(outputDir);
    const kind = sourceKind(info);
    const fps = outputFps(info);
    // Rows made before the upload recorded them (and replaced files' rows) get them now.
    if (video.source_kind !== kind || Number(video.source_fps) !== fps) {
      await setSourceFacts(db, video.id, { kind, fps }).catch((error: unknown) => log.warn({ err: error, videoId: video.id }, 'could not record the input kind'));
    }
    report(1);
    const probedAt = Date.now();
    let firstProgress: { at: number; fraction: number } | undefined;
    await stage('transcoding');
    const result = await transcode({
      source,
      thumbnail,
      info,
      workDir: outputDir,
      ladder: deps.ladder,
      limits: deps.limits,
      signal: job.signal,
      onProgress: (fraction) => {
        // The encode's start-up (spawn, five encoders' set-up, look-ahead): until the first frames.
        if (firstProgress === undefined && fraction > 0) firstProgress = { at: Date.now(), fraction };
        report(1 + fraction * 94);
      },
      onPackaging: () => void stage('packaging'),
    });
    report(96);
    const transcodedAt = Date.now();
    await stage('storyboard');
    // Seek previews from the top rung's MP4 (keyframes only); a video plays fine without them.
    result.manifest.storyboard = await madeOrNull(
      'storyboard',
      () =>
        makeStoryboard({
          input: path.join(outputDir, result.manifest.mp4),
          outputDir,
          duration: info.duration,
          width: result.manifest.mp4Width,
          height: result.manifest.mp4Height,
          signal: job.signal,
        }),
      log.child({ videoId: video.id }),
    );
    report(97);

    generationPrefix = `${videoRenditionsPrefix(video.id)}${randomBytes(4).toString('hex')}/`;
    await putDirectory(storage, generationPrefix, outputDir);
    job.signal.throwIfAborted();
    // This machine's speed, part by part, for the next estimates (server/domains/media/progress.ts);
    // recorded before the video shows as ready, so the estimates behind it are known by then.
    const ms = (label: string) => result.timings[label] ?? 0;
    // Start-up: until the first progress, less what the frames in it took at the encode's steady pace.
    const encodeSeconds = ms('encode') / 1000;
    let startup = 0;
    if (firstProgress && firstProgress.fraction < 1) {
      const untilFirst = (firstProgress.at - probedAt) / 1000;
      const steady = (encodeSeconds - untilFirst) / (1 - firstProgress.fraction);
      startup = Math.max(0, Math.min(encodeSeconds, untilFirst - firstProgress.fraction * steady));
    }
    const segmentMs = Object.entries(result.timings)
      .filter(([label]) => label.startsWith('segment '))
      .reduce((sum, [, value]) => sum + value, 0);
    await recordJobSpeeds(
      db,
      { width: info.width, height: info.height, duration: info.duration, fps, kind },
      {
        probe: (probedAt - startedAt.getTime()) / 1000,
        encode: encodeSeconds,
        encodeStartup: startup,
        topCopied: result.manifest.quick,
        segment: segmentMs / 1000,
        // The rest of the transcode step: poster, cards, playlists, stream checks.
        packageFixed: Math.max(0, transcodedAt - probedAt - ms('encode') - segmentMs) / 1000,
        finish: (Date.now() - transcodedAt) / 1000,
      },
      deps.ladder,
    ).catch((error: unknown) => log.warn({ err: error, videoId: video.id }, 'could not record the processing speed'));
    const updated = await db
      .updateTable('videos')
      .set({
        status: 'ready',
        processing_progress: 100,
        processing_error: null,
        duration: info.duration,
        width: info.width,
        height: info.height,
        renditions_prefix: generationPrefix.replace(/\/$/, ''),
        renditions: JSON.stringify(result.manifest),
        processing_stage: null,
        processing_started_at: null,
        processing_stage_at: null,
        updated_at: toTimestamp(),
      })
      .where('id', '=', video.id)
      .where('status', '=', 'processing')
      .where('video_key', '=', video.video_key)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      // Deleted (or changed) while we worked: what we committed belongs to nobody.
      await storage.deletePrefix(generationPrefix);
      return;
    }
    // The row owns this generation now: no failure below may remove it.
    const committed = generationPrefix;
    generationPrefix = undefined;
    // Ready: the keys' recorded audience grows with the video's (domains/media/media-routes.ts lets caches keep
    // them only then); an earlier, interrupted attempt's generation is removed (only this one stays).
    await syncMediaGenerationNow(db, video.id).catch((error: unknown) => log.error({ err: error, videoId: video.id }, 'could not record who may see the media'));
    await sweepStaleGenerations({ db, storage, log }, [video.id]).catch((error: unknown) =>
      log.warn({ err: error, videoId: video.id, generation: committed }, 'could not remove leftover generations'),
    );
    log.info({ videoId: video.id, timings: result.timings, variants: result.manifest.variants.map((v) => v.name), quick: result.manifest.quick }, 'video ready');
    if (!deps.keepOriginals) {
      await storage.delete(video.video_key).catch((error: unknown) => log.error({ err: error, videoId: video.id }, 'could not remove the original'));
    }
    await deps.onReady?.(video.id);
    await deps.onTranscoded?.(video.id).catch((error: unknown) => log.warn({ err: error, videoId: video.id }, 'could not queue the transcription'));
  } catch (error) {
    if (generationPrefix) await storage.deletePrefix(generationPrefix).catch(() => undefined);
    // Back to the queue (a retry) or failed (markFailed): no stage any more.
    await setProcessingStage(db, video.id, null).catch(() => undefined);
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** An abort (the job's signal, or ffmpeg stopped by it): never recorded as a failure, the job stops. */
function isAbort(error: unknown): boolean {
  return (error instanceof MediaToolError && error.reason === 'aborted') || (error instanceof Error && error.name === 'AbortError');
}

/**
 * What `make` made, or null when making it failed (logged: a video without seek previews or an
 * audio rendition still plays); an abort still throws, so the job stops.
 */
async function madeOrNull<T>(what: string, make: () => Promise<T>, log: FastifyBaseLogger): Promise<T | null> {
  try {
    return await make();
  } catch (error) {
    if (isAbort(error)) throw error;
    log.warn({ err: error }, `could not make the ${what}`);
    return null;
  }
}

/** True for a ready video whose renditions have no storyboard and never failed to get one. */
export function needsStoryboard(video: Pick<VideoRow, 'status' | 'renditions' | 'renditions_prefix'>): boolean {
  if (video.status !== 'ready') return false;
  const manifest = renditionManifest(video);
  return manifest !== null && manifest.storyboard === undefined;
}

/** True for a ready video whose renditions were made before audio renditions (no `audio` key at all). */
export function needsAudio(video: Pick<VideoRow, 'status' | 'renditions' | 'renditions_prefix'>): boolean {
  if (video.status !== 'ready') return false;
  const manifest = renditionManifest(video);
  return manifest !== null && manifest.audio === undefined;
}

/**
 * Makes what a ready video's generation lacks — the storyboard (seek previews), the audio
 * rendition listen mode plays (docs/transcoding.md "The audio group") — from its progressive MP4,
 * copied here once, into its current generation folder under names with a fresh token. The
 * audio is cut from the MP4's sound as it is (`-c:a copy`, nothing encoded); the master playlist
 * stays as it was (its segments carry their sound). Idempotent and safe to race: the row is
 * updated only if its renditions did not change meanwhile (another run finished first, or the
 * renditions moved), else this run's files are removed. A failure (not an abort), or an MP4
 * without sound, is recorded as null (logged), so the backfill does not retry it at every start;
 * an abort throws (the job runs again later).
 */
export async function backfillGeneration(deps: PipelineDeps, video: VideoRow, job: Pick<JobContext, 'signal'>): Promise<void> {
  const { db, storage, spool } = deps;
  const wantsStoryboard = needsStoryboard(video);
  const wantsAudio = needsAudio(video);
  if (!wantsStoryboard && !wantsAudio) return;
  const manifest = renditionManifest(video) as RenditionManifest;
  const prefix = `${video.renditions_prefix as string}/`;
  const log = deps.log.child({ videoId: video.id });
  const workDir = await spool.makeWorkDir(`backfill-${video.id}`);
  const duration = Number(video.duration) || 0;
  let copied: Promise<string> | undefined;
  const input = () => (copied ??= localCopy(storage, `${prefix}${manifest.mp4}`, workDir, job.signal));
  /** This run's files in storage: removed again unless the row takes them. */
  const written: string[] = [];
  /** Makes one part in a folder of its own and stores it; a part that fails leaves none of its files. */
  const part = async <T>(name: string, make: (source: string, outputDir: string) => Promise<T | null>): Promise<T | null> => {
    const outputDir = path.join(workDir, name);
    const stored: string[] = [];
    try {
      await mkdir(outputDir);
      const made = await make(await input(), outputDir);
      if (made !== null) stored.push(...(await putDirectory(storage, prefix, outputDir)));
      written.push(...stored);
      return made;
    } catch (error) {
      for (const key of stored) await storage.delete(key).catch(() => undefined);
      throw error;
    }
  };
  try {
    const made: Pick<RenditionManifest, 'storyboard' | 'audio'> = {};
    if (wantsStoryboard) {
      made.storyboard = await madeOrNull(
        'storyboard',
        () =>
          part('storyboard', (source, outputDir) =>
            makeStoryboard({
              input: source,
              outputDir,
              duration,
              width: manifest.mp4Width || Number(video.width),
              height: manifest.mp4Height || Number(video.height),
              signal: job.signal,
            }),
          ),
        log,
      );
    }
    if (wantsAudio) {
      made.audio = await madeOrNull(
        'audio rendition',
        () =>
          part('audio', async (source, outputDir): Promise<AudioRendition | null> => {
            const kbps = await audioStreamKbps(source, job.signal);
            if (kbps === null) return null;
            const playlist = await segmentAudio(source, outputDir, `audio-${randomBytes(4).toString('hex')}`, {
              timeoutMs: Math.max(60_000, duration * 1000),
              signal: job.signal,
            });
            return { playlist, bitrateKbps: kbps };
          }),
        log,
      );
    }
    job.signal.throwIfAborted();
    const updated = await db
      .updateTable('videos')
      .set({ renditions: JSON.stringify({ ...manifest, ...made }) })
      .where('id', '=', video.id)
      .where('status', '=', 'ready')
      .where('renditions_prefix', '=', video.renditions_prefix)
      .where('renditions', '=', video.renditions)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      for (const key of written) await storage.delete(key).catch(() => undefined);
      return;
    }
    log.info({ storyboard: made.storyboard === undefined ? undefined : made.storyboard !== null, audio: made.audio === undefined ? undefined : made.audio !== null }, 'generation backfilled');
    if (made.storyboard || made.audio) await deps.onReady?.(video.id);
  } catch (error) {
    for (const key of written) await storage.delete(key).catch(() => undefined);
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Enqueues the backfill (storyboards, audio renditions): every ready video whose renditions lack
 * a storyboard or an audio rendition and that has no rendition job waiting or running (the embedded queue's rows; BullMQ's enqueue is itself a no-op
 * while a job waits or runs). Returns how many were enqueued. Idempotent: run at every worker start.
 */
export async function enqueueStoryboardBackfill(db: Kysely<Database>, queue: Pick<JobQueue, 'enqueue' | 'notify'>): Promise<number> {
  const candidates = await db
    .selectFrom('videos')
    .select(['videos.id', 'videos.status', 'videos.renditions', 'videos.renditions_prefix'])
    .where('videos.status', '=', 'ready')
    .where('videos.renditions_prefix', 'is not', null)
    .where((eb) => eb.or([eb('videos.renditions', 'not like', '%"storyboard":%'), eb('videos.renditions', 'not like', '%"audio":%')]))
    // No rendition job (transcode, storyboard) waiting or running; another kind's (transcribe) does not count.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('media_jobs')
            .select('media_jobs.video_id')
            .whereRef('media_jobs.video_id', '=', 'videos.id')
            .where('media_jobs.kind', 'in', RENDITION_KINDS)
            .where('media_jobs.state', 'in', ['queued', 'running']),
        ),
      ),
    )
    .execute();
  let enqueued = 0;
  for (const video of candidates) {
    if (!needsStoryboard(video) && !needsAudio(video)) continue;
    await queue.enqueue({ kind: 'storyboard', videoId: video.id });
    enqueued += 1;
  }
  if (enqueued > 0) queue.notify();
  return enqueued;
}
