/** How a self-shot video row is shown to the SPA (SPEC §3 Selfie video). */
import type { VideoRow, Visibility } from '../db/schema';

/** Where uploaded media is served from (see routes/media.ts); keys are storage keys. */
export const MEDIA_PREFIX = '/media';

export function videoMediaUrl(key: string): string {
  return `${MEDIA_PREFIX}/${key}`;
}

export interface PublicVideo {
  _id: string;
  /** The stored media's id (SPEC's movieId): the storage key of the video file. */
  movieId: string;
  title: string;
  description: string;
  visibility: Visibility;
  views: number;
  cdnUrl: string;
  thumbnailCdnUrl: string;
  /** Owner id. */
  user: string;
  username: string;
  createdAt: string;
  updatedAt: string;
  /** Only while moderators hide it (only its owner and moderators ever see such a video). */
  hiddenReason?: string;
}

export function toPublicVideo(video: VideoRow & { username: string }): PublicVideo {
  return {
    _id: video.id,
    movieId: video.video_key,
    title: video.title,
    description: video.description,
    visibility: video.visibility,
    views: Number(video.views),
    cdnUrl: videoMediaUrl(video.video_key),
    thumbnailCdnUrl: videoMediaUrl(video.thumbnail_key),
    user: video.user_id,
    username: video.username,
    createdAt: video.created_at,
    updatedAt: video.updated_at,
    ...(video.hidden_at !== null ? { hiddenReason: video.hidden_reason ?? '' } : {}),
  };
}
