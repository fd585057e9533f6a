/** Wire types of SPEC.md §3, as the SPA reads them. */

export interface User {
  _id: string;
  username: string;
  email?: string | null;
  verified: boolean;
  walletAddress?: string | null;
  /** 'moderator' and 'admin' see the moderator console (issue 15). */
  role?: Role;
}

export type Role = 'user' | 'moderator' | 'admin';

export interface SessionCheckResponse {
  isValid: boolean;
  user?: User;
}

export interface ApiMessage {
  success: boolean;
  message?: string;
}

export interface AuthResponse extends ApiMessage {
  user?: User;
}

/** A registration waiting for e-mail confirmation: the server repeats only the address. */
export interface PendingUser {
  email: string;
  verified: false;
}

/** POST /auth/register: a verified (logged-in) user, or a pending one, new or not — it never says. */
export interface RegisterResponse extends ApiMessage {
  user?: User | PendingUser;
}

/** A thumbnail of the catalogue provider. */
export interface CatalogueThumb {
  size: string;
  width: number;
  height: number;
  src: string;
}

/** A video of the external catalogue provider (its public v2 API shape). */
export interface CatalogueVideo {
  id: string;
  title: string;
  keywords: string;
  views: number;
  rate: string;
  url: string;
  added: string;
  length_sec: number;
  length_min: string;
  embed: string;
  default_thumb: CatalogueThumb;
  thumbs: CatalogueThumb[];
}

export interface CatalogueSearchResponse {
  count: number;
  start: number;
  per_page: number;
  page: number;
  time_ms: number;
  total_count: number;
  total_pages: number;
  videos: CatalogueVideo[];
}

export type Visibility = 'public' | 'private';

/** Where an upload is in the media pipeline: `ready` plays everywhere; `failed` never will. */
export type VideoStatus = 'processing' | 'ready' | 'failed';

/** One WebP card image of a video, `width` pixels wide (for `srcset`). */
export interface ThumbnailSource {
  width: number;
  url: string;
}

export interface SelfieVideo {
  _id: string;
  movieId: string;
  title: string;
  description: string;
  visibility: Visibility;
  views: number;
  /** The progressive H.264 MP4 once ready (the original while processing, owner only). */
  cdnUrl: string;
  thumbnailCdnUrl: string;
  user: string;
  username: string;
  createdAt: string;
  updatedAt: string;
  /** Only while moderators hide the video (its owner and moderators still see it). */
  hiddenReason?: string;
  status: VideoStatus;
  /** 0–100, integer. */
  processingProgress: number;
  /** A short reason, already in the request's language, when `status` is `failed`. */
  processingError: string | null;
  /** Seconds, may be fractional. */
  duration: number;
  /** Displayed size after rotation. */
  width: number;
  height: number;
  /** HLS master playlist, null until ready. */
  hlsUrl: string | null;
  /** Poster frame image, null until made. */
  posterUrl: string | null;
  /** WebP card variants (320 and 640 wide); [] until made. */
  thumbnailSources: ThumbnailSource[];
  /** Qualities the HLS playlist offers (0 until ready; absent from older answers). */
  qualities?: number;
}

/** GET /videos/selfieVideos/:id/processing: light polling, counts no view. */
export interface VideoProcessingResponse {
  success: boolean;
  status: VideoStatus;
  processingProgress: number;
  processingError: string | null;
  hlsUrl: string | null;
}

export interface Comment {
  _id: string;
  content: string;
  user: { _id: string; username: string };
  createdAt: string;
  parentComment: string | null;
  video: string;
}

export interface LikeInfo {
  likes: number;
  likedByUser: boolean;
}

export interface DescriptionSubmission {
  movieId: string;
  newContext: string;
}

export interface SelfieVideoListResponse {
  videos: SelfieVideo[];
  total: number;
}

export interface SelfieVideoResponse extends ApiMessage {
  video: SelfieVideo;
}

export interface ToggleLikeResponse extends ApiMessage {
  liked: boolean;
  likes: number;
}

export interface CommentsResponse {
  comments: Comment[];
}

export interface CreateCommentResponse extends ApiMessage {
  comment: Comment;
}

export interface DeleteCommentResponse extends ApiMessage {
  /** The comment and its replies, all removed. */
  deletedIds: string[];
}

export interface UserProfileResponse extends ApiMessage {
  user: { _id: string; username: string; email?: string | null };
  videos: SelfieVideo[];
  likedVideos: SelfieVideo[];
}

export interface UpdateProfileResponse extends ApiMessage {
  user: User;
}

export interface UploadVideoResponse extends ApiMessage {
  video: SelfieVideo;
}
