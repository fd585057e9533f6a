import { useEffect, useMemo, useRef } from 'react';

import type { SelfieVideo, VideoStatus } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';

import { normalizeDetails, type ProcessingDetails } from './processingTypes';
import { useGetVideoProcessingQuery, videosApi } from './videosApi';

/** How often a processing video's state is asked for (the route is light and counts no view). */
export const PROCESSING_POLL_MS = 1500;

export interface LiveProcessing {
  status: VideoStatus;
  /** 0–100. */
  progress: number;
  /** The server's reason when failed (already in the reader's language). */
  error: string | null;
  /** Stage, queue position and time left, when the server tells them. */
  details: ProcessingDetails;
}

type WatchedVideo = Pick<SelfieVideo, '_id' | 'status' | 'processingProgress' | 'processingError'> & ProcessingDetails;

/**
 * A video's pipeline state, live: while the video says `processing`, its processing route is
 * polled through the API slice; once the route answers `ready` or `failed`, polling stops and
 * that Video is invalidated, so every page holding it (video page, profile, edit page, list)
 * refetches and switches to the player or the failed state.
 */
export function useVideoProcessing(video: WatchedVideo): LiveProcessing {
  const dispatch = useAppDispatch();
  const processing = video.status === 'processing';
  // Once the route has reported an end state there is nothing more to poll for this video.
  const selectCached = useMemo(() => videosApi.endpoints.getVideoProcessing.select(video._id), [video._id]);
  const cachedStatus = useAppSelector((state) => selectCached(state).data?.status);
  const { currentData } = useGetVideoProcessingQuery(video._id, {
    skip: !processing,
    pollingInterval: cachedStatus === undefined || cachedStatus === 'processing' ? PROCESSING_POLL_MS : 0,
  });
  const settled = processing && currentData !== undefined && currentData.status !== 'processing';

  const invalidated = useRef<string | null>(null);
  useEffect(() => {
    // Processing again (a retry, a new file): its next end must be announced again.
    if (currentData?.status === 'processing') invalidated.current = null;
    if (!settled) return;
    const key = `${video._id}:${currentData?.status}`;
    if (invalidated.current === key) return;
    invalidated.current = key;
    dispatch(videosApi.util.invalidateTags([{ type: 'Video', id: video._id }]));
  }, [settled, currentData?.status, video._id, dispatch]);

  const own = normalizeDetails(video);
  if (!processing) {
    return {
      status: video.status,
      progress: video.status === 'ready' ? 100 : clampPercent(video.processingProgress),
      error: video.processingError ?? null,
      details: video.status === 'processing' ? own : {},
    };
  }
  if (!currentData) {
    return { status: 'processing', progress: clampPercent(video.processingProgress), error: null, details: own };
  }
  if (currentData.status === 'ready') {
    // Ready: the page switches to the player as soon as the refetched video arrives.
    return { status: 'processing', progress: 100, error: null, details: { processingStage: 'done', queuePosition: null, etaSeconds: 0 } };
  }
  return {
    status: currentData.status,
    progress: clampPercent(currentData.processingProgress),
    error: currentData.processingError,
    details: currentData.status === 'processing' ? normalizeDetails(currentData) : {},
  };
}

export function clampPercent(value: unknown): number {
  const number = Number(value);
  return Number.isFinite(number) ? Math.min(100, Math.max(0, Math.round(number))) : 0;
}
