/**
 * The API's wire types, as the SPA reads them: aliases of the types generated from the
 * server's OpenAPI document (./generated/openapi.ts, `npm run openapi`), so a schema change on
 * the server is a type error here instead of a silent drift. Only the external catalogue
 * provider's shapes (not part of our API) are written by hand.
 */
import type { components, operations } from './generated/openapi';

/** The named shapes of the document (components.schemas). */
export type ApiSchemas = components['schemas'];
type Schemas = ApiSchemas;
type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body of operation `Op`'s answer with status `Status` (operationIds: server/http/openapi-operations.ts). */
export type ApiAnswer<Op extends keyof operations, Status extends keyof operations[Op]['responses']> = JsonContent<
  operations[Op]['responses'][Status]
>;
/** The JSON body operation `Op` takes. */
export type ApiRequestBody<Op extends keyof operations> = JsonContent<NonNullable<operations[Op]['requestBody']>>;
/** The query string operation `Op` takes. */
export type ApiQuery<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

/** Every failure: `{ success: false, message }`, the message in the request's language. */
export type ApiError = Schemas['Error'];

export type User = Schemas['User'];
/** 'moderator' and 'admin' see the moderator console. */
export type Role = Schemas['Role'];
export type SessionCheckResponse = ApiAnswer<'checkSession', 200>;

export type AuthResponse = ApiAnswer<'login', 200>;
/** A registration waiting for e-mail confirmation: the server repeats only the address. */
export type PendingUser = Schemas['PendingUser'];
/** POST /auth/register: a verified (logged-in) user, or a pending one, new or not — it never says. */
export type RegisterResponse = ApiAnswer<'register', 201>;

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

export type Visibility = Schemas['Visibility'];

/** Where an upload is in the media pipeline: `ready` plays everywhere; `failed` never will. */
export type VideoStatus = Schemas['VideoStatus'];

/** One WebP card image of a video, `width` pixels wide (for `srcset`). */
export type ThumbnailSource = Schemas['ThumbnailSource'];

/** One rung of a video as a progressive MP4 (`progressiveSources`, smallest first). */
export type ProgressiveSource = Schemas['ProgressiveSource'];

/**
 * A self-shot video. `cdnUrl` is the progressive H.264 MP4 once ready ('' before; `movieId` its
 * storage key, never an original's); `hiddenReason` only while moderators hide it; `processingError` a short
 * reason in the request's language when `status` is `failed`; `duration` in seconds; `width` and
 * `height` the displayed size after rotation; `hlsUrl`/`posterUrl` null until made;
 * `thumbnailSources` the WebP card variants, [] until made; `storyboardUrl` the WebVTT index of
 * seek-preview sprite tiles (`…jpg#xywh=x,y,w,h`, relative to the VTT), null until made;
 * `audioHlsUrl` the audio-only playlist listen mode plays (null without sound or not made yet) and
 * `hasAudio` whether there is sound (null when not known); `chapters`
 * from `0:00 Intro` lines of the description; `resumeAt` where the signed-in viewer left off (GET
 * one video only; null otherwise).
 */
export type SelfieVideo = Schemas['SelfieVideo'];

export type VideoChapter = Schemas['VideoChapter'];

/**
 * A self-shot search result (both searches): the video and, when its captions have the request's
 * words, `matches` — up to 3 cues (`start` in seconds, plain `text`) in time order.
 */
export type SearchResultVideo = ApiAnswer<'searchVideos', 200>['results'][number];
export type CaptionMatch = NonNullable<SearchResultVideo['matches']>[number];

/** PUT (or, for sendBeacon, POST) /videos/selfieVideos/:id/position; answered 204. */
export type SavePositionRequest = ApiRequestBody<'saveVideoPosition'>;

/** GET /videos/selfieVideos/:id/processing: light polling, counts no view. */
export type VideoProcessingResponse = ApiAnswer<'getVideoProcessing', 200>;

export type Comment = Schemas['Comment'];

export type LikeInfo = Schemas['LikeInfo'];

export type DescriptionSubmission = ApiRequestBody<'submitDescription'>;

export type SelfieVideoListResponse = ApiAnswer<'listVideos', 200>;

export type SelfieVideoResponse = ApiAnswer<'getVideo', 200>;

export type UpdateVideoResponse = ApiAnswer<'updateVideo', 200>;

export type ToggleLikeResponse = ApiAnswer<'toggleLike', 200>;

export type CommentsResponse = ApiAnswer<'listComments', 200>;

export type CreateCommentResponse = ApiAnswer<'createComment', 201>;

/** `deletedIds`: the comment and its replies, all removed. */
export type DeleteCommentResponse = ApiAnswer<'deleteComment', 200>;

/** GET /users/:id/videos and /users/:id/liked: one page of a profile's list. */
export type ProfileVideoListResponse = ApiAnswer<'listUserVideos', 200>;

export type UserProfileResponse = ApiAnswer<'getUserProfile', 200>;

export type UpdateProfileResponse = ApiAnswer<'updateProfile', 200>;

export type UploadVideoResponse = ApiAnswer<'uploadVideo', 200>;

// Following: subscriptions, the feed, notifications and their settings.
export type SubscribedChannel = Schemas['SubscribedChannel'];
export type SubscriptionsResponse = ApiAnswer<'listSubscriptions', 200>;
export type SubscriptionVideosResponse = ApiAnswer<'listSubscriptionVideos', 200>;
export type SubscribeResponse = ApiAnswer<'subscribeToUser', 200>;
export type Notification = Schemas['Notification'];
export type NotificationKind = Schemas['NotificationKind'];
export type NotificationSettings = Schemas['NotificationSettings'];
export type NotificationsResponse = ApiAnswer<'listNotifications', 200>;
export type UnreadNotificationsResponse = ApiAnswer<'getUnreadNotificationCount', 200>;
export type NotificationSettingsResponse = ApiAnswer<'getNotificationSettings', 200>;
export type SaveNotificationSettingsResponse = ApiAnswer<'updateNotificationSettings', 200>;
export type UnsubscribeEmailsResponse = ApiAnswer<'unsubscribeFromEmails', 200>;
export type HistoryEntry = Schemas['HistoryEntry'];
export type HistoryResponse = ApiAnswer<'listHistory', 200>;
export type HistoryClearedResponse = ApiAnswer<'clearHistory', 200>;
export type HistorySettingsResponse = ApiAnswer<'updateHistorySettings', 200>;
export type Playlist = Schemas['Playlist'];
export type PlaylistVisibility = Schemas['PlaylistVisibility'];
export type PlaylistsResponse = ApiAnswer<'listPlaylists', 200>;
export type PlaylistResponse = ApiAnswer<'getPlaylist', 200>;
