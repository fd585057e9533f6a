/**
 * The media pipeline on the app: `app.media` (the job queue and this process's spool), started
 * when the app is ready (crash recovery, then workers unless WORKER=off) and stopped before it
 * closes. See server/domains/media/*.ts and the README's "Media pipeline" section.
 */
import type { FastifyInstance } from 'fastify';
import pLimit, { type LimitFunction } from 'p-limit';

import { BullJobQueue } from '../../infra/jobs/bull';
import { DatabaseJobQueue, type JobKind, type JobQueue } from '../../infra/jobs/queue';
import { firstSegmentPts } from '../captions/subtitles';
import { enqueueTranscription } from '../captions/transcribe';

import { probeMediaTools, setMemoryLimit } from './ffmpeg';
import { createMediaGenerations, type MediaGenerations } from './generations/index';
import { jobGivenUp, jobHandlers, jobKindSettings } from './handlers';
import { enqueueStoryboardBackfill } from './pipeline';
import { recoverMedia } from './recovery';
import type { Rung } from './renditions';
import { createSpool, type Spool } from './spool';


export interface MediaService {
  queue: JobQueue;
  spool: Spool;
  /** Media keys that move when fewer people may see a video (./generations.ts). */
  generations: MediaGenerations;
  /**
   * Runs a finished upload's checks (probe, decode test, poster) when one of this instance's
   * UPLOAD_CHECKS_AT_ONCE turns is free: uploads that end together are checked a few at a time.
   */
  uploadChecks: LimitFunction;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Transcoding jobs and local temporary files (server/domains/media). */
    media: MediaService;
  }
}

const SPOOL_TOUCH_MS = 60 * 60 * 1000;

/**
 * The one place the job queue is chosen: BullMQ on Redis when REDIS_URL is set (instances and
 * workers on several machines share it), else the embedded queue in the site's database.
 */
export function createJobQueue(app: FastifyInstance, log = app.log): JobQueue {
  const { config } = app;
  const common = {
    log,
    concurrency: config.media.concurrency,
    maxAttempts: config.media.maxAttempts,
    retryBaseMs: config.media.retryBaseMs,
    leaseMs: config.media.leaseMs,
    kinds: jobKindSettings(config.media),
    onGiveUp: (videoId: string, error: unknown, kind: JobKind) => jobGivenUp(app, videoId, error, kind),
  };
  if (config.redisUrl) {
    return new BullJobQueue({
      ...common,
      redisUrl: config.redisUrl,
      db: app.db,
      reconcileMs: config.media.reconcileMs,
      // Processing (a transcode) or ready (a storyboard backfill): wanted while the video exists.
      isWanted: async (videoId) =>
        (await app.db.selectFrom('videos').select('id').where('id', '=', videoId).where('status', 'in', ['processing', 'ready']).executeTakeFirst()) !==
        undefined,
    });
  }
  return new DatabaseJobQueue({ ...common, db: app.db, pollMs: config.media.pollMs });
}

export function installMedia(app: FastifyInstance, options: { ladder?: readonly Rung[] } = {}): MediaService {
  const { config } = app;
  const log = app.log.child({ module: 'media' });
  const spool = createSpool(config.tmpDir);
  setMemoryLimit(config.media.limits.memoryMb * 1024 * 1024);
  const queue = createJobQueue(app, log);
  const generations = createMediaGenerations(app, log);
  const service: MediaService = { queue, spool, generations, uploadChecks: pLimit(config.media.uploadChecksAtOnce) };
  app.decorate('media', service);
  // A video deleted on any instance stops its transcoding at once wherever it runs.
  app.events.subscribe('video.changed', ({ videoId, change }) => {
    if (change === 'deleted') queue.cancel(videoId);
  });

  let touchTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    // A failed clean-up must not keep the site down: it is retried at the next start.
    await recoverMedia({ db: app.db, storage: app.storage, tmpDir: config.tmpDir, queue, log }).catch((error: unknown) =>
      log.error({ err: error }, 'media: start-up clean-up failed'),
    );
    generations.start();
    // Which ffmpeg decodes uploads, and the fence this machine allows (docs/transcoding.md).
    // Asked of child processes the hook does not wait for: seconds on a busy machine, which
    // must not count against the hook's time limit (pluginTimeout).
    void probeMediaTools().then(
      (tools) => {
        log.info(
          {
            ffmpeg: `${tools.ffmpeg.path} ${tools.ffmpeg.version ?? '?'} (${tools.ffmpeg.source})`,
            ffprobe: `${tools.ffprobe.path} ${tools.ffprobe.version ?? '?'} (${tools.ffprobe.source})`,
            zscale: tools.zscale,
            prlimit: tools.fence.prlimit !== null,
            nice: tools.fence.nice !== null,
            ionice: tools.fence.ionice !== null,
          },
          'media: tools',
        );
        if (tools.warning) log.warn(`media: ${tools.warning}`);
        if (!tools.zscale) log.warn('media: this ffmpeg has no zscale filter: HDR uploads are converted without tone mapping');
      },
      (error: unknown) => log.warn({ err: error }, 'media: could not describe the tools'),
    );
    touchTimer = setInterval(() => void spool.touch(), SPOOL_TOUCH_MS);
    touchTimer.unref();
    if (!config.media.worker) {
      log.info('WORKER=off: this instance only enqueues transcoding jobs');
      return;
    }
    // Automatic captions (docs/captions.md): only with TRANSCRIBE_URL, a transcribe job after each transcode.
    const transcriber = config.media.transcribe
      ? {
          db: app.db,
          storage: app.storage,
          log: log.child({ module: 'transcribe' }),
          config: config.media.transcribe,
          captions: { db: app.db, storage: app.storage, firstPts: (prefix: string, variant: string) => firstSegmentPts(app.storage, prefix, variant) },
          onCaptioned: (videoId: string) => app.events.publish('video.changed', { videoId, change: 'updated' }),
        }
      : null;
    const pipelineDeps = {
      db: app.db,
      storage: app.storage,
      spool,
      log,
      keepOriginals: config.media.keepOriginals,
      ladder: options.ladder,
      limits: config.media.limits,
      // Through app.events, so every instance's search index learns of it.
      onReady: (videoId: string) => app.events.publish('video.changed', { videoId, change: 'updated' }),
      onTranscoded: transcriber ? (videoId: string) => enqueueTranscription(queue, videoId) : undefined,
    };
    // One handler per kind (./handlers/).
    await queue.start(jobHandlers(app, pipelineDeps, () => reportQueueDepth(app), transcriber));
    // Ready videos made before storyboards get one (docs/playback.md); idempotent, so every
    // worker start may run it. Not awaited: a large catalogue must not hold up the start.
    void enqueueStoryboardBackfill(app.db, queue)
      .then((count) => {
        if (count > 0) log.info({ count }, 'media: storyboard backfill enqueued');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'media: could not enqueue the storyboard backfill'));
  });
  app.addHook('preClose', async () => {
    if (touchTimer) clearInterval(touchTimer);
    await generations.stop();
    await queue.close();
  });
  return service;
}

/** Sets media_queue_depth to the jobs waiting now (never throws: metrics must not fail a job). */
async function reportQueueDepth(app: FastifyInstance): Promise<void> {
  try {
    app.metrics.media.queueDepth.set({ queue: 'transcode' }, await app.media.queue.depth());
  } catch (error) {
    app.log.warn({ err: error }, 'media: could not count waiting jobs');
  }
}
