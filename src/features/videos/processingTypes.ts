import type { SelfieVideo, VideoProcessingResponse } from '../../api/types';

/**
 * Where a video is in the media pipeline, beyond its status and percent. The server adds these
 * fields to the video object and to GET …/processing; they are optional here so the client works
 * with servers that do not send them yet (the generated API types will carry them once the
 * server's schema has them; these intersections then simply agree with it).
 */
export const PROCESSING_STAGES = ['queued', 'probing', 'transcoding', 'packaging', 'storyboard', 'done', 'failed'] as const;
export type ProcessingStage = (typeof PROCESSING_STAGES)[number];

export interface ProcessingDetails {
  processingStage?: ProcessingStage | null;
  /** 1-based place in the queue; null when not queued. */
  queuePosition?: number | null;
  /** Estimated seconds until ready; null when unknown. */
  etaSeconds?: number | null;
}

export type VideoWithProcessing = SelfieVideo & ProcessingDetails;
/** The processing answer as the client keeps it: no stage when the server sent none (an older server). */
export type ProcessingAnswer = Omit<VideoProcessingResponse, 'processingStage'> & ProcessingDetails;

/** What POST …/retry answers. */
export interface RetryProcessingResponse {
  success: boolean;
  message?: string;
  video?: VideoWithProcessing;
}

/** What PUT …/thumbnail answers. */
export interface SetThumbnailResponse {
  success: boolean;
  message?: string;
  video?: SelfieVideo;
}

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
