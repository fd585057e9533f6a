/**
 * The `transcode` job (infra/jobs/queue.ts): a processing video's renditions (pipeline.ts
 * transcodeVideo), counted in the transcode metrics, and its owner told once it is ready. Given up
 * for good, the video is marked failed with a reason and its owner hears of that too.
 */
import type { FastifyInstance } from 'fastify';

import type { JobContext } from '../../../infra/jobs/queue';
import { markFailed, transcodeVideo, type PipelineDeps } from '../pipeline';

export function transcodeHandler(app: FastifyInstance, deps: PipelineDeps, reportQueueDepth: () => Promise<void>) {
  return async (job: JobContext): Promise<void> => {
    // Metrics (server/infra/metrics.ts): jobs waiting, and how long each finished job took.
    await reportQueueDepth();
    const done = app.metrics.media.startTranscode();
    try {
      await transcodeVideo(deps, job);
    } catch (error) {
      done('failed');
      throw error;
    }
    const after = await app.db.selectFrom('videos').select('status').where('id', '=', job.videoId).executeTakeFirst();
    done(after?.status === 'failed' ? 'failed' : 'ready');
    // Its owner hears that the video is ready (domains/following; never throws).
    if (after?.status === 'ready') await app.following.videoProcessed(job.videoId);
    await reportQueueDepth();
  };
}

/** A transcode failed for good: the video fails with a reason, and its owner hears of it. */
export async function transcodeGivenUp(app: FastifyInstance, videoId: string, error: unknown): Promise<void> {
  await markFailed(app.db, videoId, error);
  // Services/following never throws. A bare queue process has no following.
  if (app.hasDecorator('following')) await app.following.videoProcessed(videoId);
}
