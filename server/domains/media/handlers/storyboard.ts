/**
 * The `storyboard` job (infra/jobs/queue.ts): the storyboard (seek previews) of a ready video made before
 * storyboards existed or audio renditions (pipeline.ts backfillGeneration), enqueued by the backfill at worker start.
 * Not a transcode: not in the transcode metrics. A failure to make one is recorded in the video's
 * renditions (no storyboard, not retried); a job given up for good changes nothing on the video.
 */
import type { JobContext } from '../../../infra/jobs/queue';
import { storyboardJob, type PipelineDeps } from '../pipeline';

export function storyboardHandler(deps: PipelineDeps, reportQueueDepth: () => Promise<void>) {
  return async (job: JobContext): Promise<void> => {
    await reportQueueDepth();
    await storyboardJob(deps, job);
  };
}
