/**
 * The job kinds (media/jobs.ts JOB_KINDS): their settings, known wherever jobs are enqueued, and
 * their handlers, one file per kind, registered where jobs are consumed (media/index.ts).
 *
 * To add a kind: name it in JOB_KINDS, give it its settings here, a handler file beside this one
 * and its entry in jobHandlers; what it does when given up goes in jobGivenUp.
 */
import type { FastifyInstance } from 'fastify';

import type { MediaConfig } from '../config';
import type { JobHandlers, JobKind, JobKindOptions } from '../jobs';
import type { PipelineDeps } from '../pipeline';

import { storyboardHandler } from './storyboard';
import { transcodeGivenUp, transcodeHandler } from './transcode';

/**
 * Attempts and time limit per kind. Both take TRANSCODE_MAX_ATTEMPTS; neither has a queue time
 * limit: every ffmpeg run has its own (MAX_VIDEO_SECONDS-scaled wall time, docs/transcoding.md).
 */
export function jobKindSettings(config: Pick<MediaConfig, 'maxAttempts'>): JobKindOptions {
  return {
    transcode: { maxAttempts: config.maxAttempts },
    storyboard: { maxAttempts: config.maxAttempts },
  };
}

/** The handler of every kind, on the pipeline's dependencies. */
export function jobHandlers(app: FastifyInstance, deps: PipelineDeps, reportQueueDepth: () => Promise<void>): Required<JobHandlers> {
  return {
    transcode: transcodeHandler(app, deps, reportQueueDepth),
    storyboard: storyboardHandler(deps, reportQueueDepth),
  };
}

/** What a job given up for good means, per kind. */
export async function jobGivenUp(app: FastifyInstance, videoId: string, error: unknown, kind: JobKind): Promise<void> {
  switch (kind) {
    case 'transcode':
      await transcodeGivenUp(app, videoId, error);
      return;
    case 'storyboard':
      // Nothing on the video changes: it stays ready, without a storyboard (the queue logged why).
      return;
  }
}
