import type { ApiAnswer, ApiSchemas, SelfieVideo, VideoProcessingResponse } from '../../api/types';

/** Where a video is in the media pipeline, beyond its status and percent (the API's ProcessingStage). */
export type ProcessingStage = ApiSchemas['ProcessingStage'];
/** Every stage; a stage the server adds and this list lacks is a type error here. */
export const PROCESSING_STAGES = ['queued', 'probing', 'transcoding', 'packaging', 'storyboard', 'done', 'failed'] as const satisfies readonly ProcessingStage[];
const everyStage: Record<Exclude<ProcessingStage, (typeof PROCESSING_STAGES)[number]>, never> = {};
void everyStage;

/**
 * The pipeline fields of the video object and of GET …/processing as the client reads them: the
 * API's own types (SelfieVideo), but each may be absent, and the stage null, so the pages cope
 * with an answer that lacks them (an older server) — hand-written for that leniency only.
 */
export interface ProcessingDetails {
  processingStage?: ProcessingStage | null;
  /** 1-based place in the queue; null when not queued. */
  queuePosition?: SelfieVideo['queuePosition'];
  /** Estimated seconds until ready; null when unknown. */
  etaSeconds?: SelfieVideo['etaSeconds'];
}

/** The processing answer as the client keeps it: no stage when the server sent none (an older server). */
export type ProcessingAnswer = Omit<VideoProcessingResponse, 'processingStage'> & ProcessingDetails;

/** What POST …/retry answers. */
export type RetryProcessingResponse = ApiAnswer<'retryVideoProcessing', 200>;

/** What PUT …/thumbnail answers. */
export type SetThumbnailResponse = ApiAnswer<'replaceThumbnail', 200>;

/** The details with every field in range, whatever the server sent (absent → undefined → not shown). */
export function normalizeDetails(raw: Partial<Record<keyof ProcessingDetails, unknown>>): { [K in keyof ProcessingDetails]-?: Exclude<ProcessingDetails[K], undefined> } {
  const stage = PROCESSING_STAGES.includes(raw.processingStage as ProcessingStage) ? (raw.processingStage as ProcessingStage) : null;
  const position = Number(raw.queuePosition);
  const eta = Number(raw.etaSeconds);
  return {
    processingStage: stage,
    queuePosition: raw.queuePosition != null && Number.isFinite(position) && position >= 1 ? Math.floor(position) : null,
    etaSeconds: raw.etaSeconds != null && Number.isFinite(eta) && eta >= 0 ? eta : null,
  };
}
