/**
 * The `transcribe` job (infra/jobs/queue.ts): a ready video's automatic captions (domains/captions/transcribe.ts
 * transcribeVideo, docs/captions.md), enqueued after its transcode when TRANSCRIBE_URL is set. It
 * runs in a lane of its own (TRANSCRIBE_CONCURRENCY), never in a transcode's way. A failed attempt
 * (the endpoint down, a 5xx, a timeout) is retried by the queue up to TRANSCRIBE_MAX_ATTEMPTS; a
 * deleted video or one with too many tracks is not (trying again would pay for the transcription
 * again). Given up for good, nothing on the video changes: it just has no automatic captions.
 */
import { CaptionStateError } from '../../captions/tracks';
import { PermanentJobError, type JobContext } from '../../../infra/jobs/queue';
import { transcribeVideo, type TranscriberDeps } from '../../captions/transcribe';

export function transcribeHandler(deps: TranscriberDeps | null) {
  return async (job: JobContext): Promise<void> => {
    // A worker without TRANSCRIBE_URL runs no transcribe lane; a job reaching it anyway is not for it.
    if (!deps) throw new PermanentJobError('TRANSCRIBE_URL is not set on this worker');
    let made: boolean;
    try {
      made = await transcribeVideo(deps, job.videoId, job.signal);
    } catch (error) {
      // A deleted video will not come back; a full one is the owner's to change.
      if (error instanceof CaptionStateError && (error.reason === 'notFound' || error.reason === 'tooManyTracks')) {
        throw new PermanentJobError(error.message, { cause: error });
      }
      throw error;
    }
    deps.log.info({ videoId: job.videoId, made }, 'transcription done');
    // Search and caches hear of the new track; their failure does not pay for another transcription.
    if (made) await deps.onCaptioned?.(job.videoId).catch((error: unknown) => deps.log.warn({ err: error, videoId: job.videoId }, 'transcription: could not announce the track'));
  };
}
