/**
 * The job kinds (infra/jobs/queue.ts JOB_KINDS): their settings, known wherever jobs are enqueued, and
 * their handlers, one file per kind, registered where jobs are consumed (domains/media/index.ts).
 *
 * To add a kind: name it in JOB_KINDS, give it its settings here (attempts, a time limit, and a
 * lane of its own — `concurrency` — unless it should wait in line with the transcodes and count in
 * the queue positions and ETAs users see), a handler file beside this one and its entry in
 * jobHandlers; what it does when given up goes in jobGivenUp. A kind done once per video also goes
 * in ONCE_KINDS, one that makes a video's renditions in RENDITION_KINDS (infra/jobs/queue.ts).
 */
import type { FastifyInstance } from 'fastify';

import type { MediaConfig } from '../../../config/media';
import type { JobHandlers, JobKind, JobKindOptions } from '../../../infra/jobs/queue';
import type { PipelineDeps } from '../pipeline';
import type { TranscriberDeps } from '../../captions/transcribe';

import { storyboardHandler } from './storyboard';
import { transcodeGivenUp, transcodeHandler } from './transcode';
import { transcribeHandler } from './transcribe';

/** TRANSCRIBE_MAX_ATTEMPTS's default, for a queue whose instance has no TRANSCRIBE_URL. */
const TRANSCRIBE_DEFAULT_ATTEMPTS = 5;

/**
 * Attempts, time limit and lane per kind.
 *
 * - transcode, storyboard: TRANSCODE_MAX_ATTEMPTS, the shared lane (TRANSCODE_CONCURRENCY), no
 *   queue time limit: every ffmpeg run has its own (MAX_VIDEO_SECONDS-scaled wall time,
 *   docs/transcoding.md).
 * - transcribe: TRANSCRIBE_MAX_ATTEMPTS, a lane of its own (TRANSCRIBE_CONCURRENCY; none on an
 *   instance without TRANSCRIBE_URL, whose jobs wait for one that has it), outside the queue
 *   positions and ETAs; no queue time limit: each request and the sound's extraction have theirs
 *   (domains/captions/transcribe.ts).
 */
export function jobKindSettings(config: Pick<MediaConfig, 'maxAttempts' | 'transcribe'>): JobKindOptions {
  return {
    transcode: { maxAttempts: config.maxAttempts },
    storyboard: { maxAttempts: config.maxAttempts },
    transcribe: { maxAttempts: config.transcribe?.maxAttempts ?? TRANSCRIBE_DEFAULT_ATTEMPTS, concurrency: config.transcribe?.concurrency ?? 0 },
  };
}

/** The handler of every kind, on the pipeline's dependencies (transcribe: null without TRANSCRIBE_URL). */
export function jobHandlers(
  app: FastifyInstance,
  deps: PipelineDeps,
  reportQueueDepth: () => Promise<void>,
  transcriber: TranscriberDeps | null,
): Required<JobHandlers> {
  return {
    transcode: transcodeHandler(app, deps, reportQueueDepth),
    storyboard: storyboardHandler(deps, reportQueueDepth),
    transcribe: transcribeHandler(transcriber),
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
    case 'transcribe':
      // Nothing on the video changes: it has no automatic captions (the queue logged why).
      return;
  }
}
