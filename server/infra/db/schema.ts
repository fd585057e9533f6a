/**
 * Typed view of the database for Kysely. Conventions, identical in SQLite and PostgreSQL:
 * - ids are text (see ids.ts);
 * - timestamps are ISO-8601 UTC text from Date#toISOString(): fixed width, so they compare and
 *   sort correctly as strings;
 * - booleans are integers 0/1;
 * - e-mail addresses and wallet addresses are stored lower-case, so equality lookups suffice.
 */
import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

/** ISO-8601 UTC, e.g. 2025-01-31T12:00:00.000Z. */
export type Timestamp = string;

/** 0 or 1. */
export type IntBoolean = 0 | 1;

export interface UsersTable {
  id: string;
  email: string | null;
  /** Unique regardless of letter case (index on lower(username)). */
  username: string;
  password_hash: string | null;
  verified: ColumnType<IntBoolean, IntBoolean | undefined, IntBoolean>;
  wallet_address: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0007_moderation: 'user' (default), 'moderator' or 'admin'. */
  role: ColumnType<Role, Role | undefined, Role>;
  /** Set while the account is suspended (its sessions end, login is refused, its content is hidden). */
  suspended_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  suspension_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface SessionsTable {
  /** SHA-256 (hex) of the opaque cookie value; the value itself is never stored. */
  id_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
  user_agent: string | null;
  ip: string | null;
}

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export interface DescriptionSubmissionsTable {
  id: string;
  /** Catalogue video id. */
  movie_id: string;
  new_context: string;
  status: ColumnType<SubmissionStatus, SubmissionStatus | undefined, SubmissionStatus>;
  user_id: string | null;
  ip: string | null;
  created_at: Timestamp;
  reviewed_at: Timestamp | null;
  /** When the server copied this approved text into the AI search index (0005_search). */
  applied_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export const AUTH_TOKEN_PURPOSES = ['verify', 'reset'] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/** E-mailed single-use links (account verification, password reset). */
export interface AuthTokensTable {
  id: string;
  user_id: string;
  purpose: AuthTokenPurpose;
  /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** Wallet sign-in (EIP-4361) messages handed out, each with a single-use nonce. */
export interface WalletChallengesTable {
  /** The message's nonce: alphanumeric, single use. */
  nonce: string;
  /** The wallet the message names, lower-case. */
  address: string;
  /** The exact EIP-4361 text the wallet is asked to sign. */
  message: string;
  expires_at: Timestamp;
  /** Set when a login spends the nonce; a spent nonce never works again. */
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** `unlisted`: anyone with the link may watch, but it is never listed (docs/sharing.md). */
export const VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** A self-shot video. Files live in storage under the two keys. */
export interface VideosTable {
  id: string;
  user_id: string;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  visibility: ColumnType<Visibility, Visibility | undefined, Visibility>;
  views: ColumnType<number, number | undefined, number>;
  video_key: string;
  video_type: string;
  /** Bytes; bigint in the schema (up to 1 GB today, more later). */
  video_size: ColumnType<number, number, number>;
  thumbnail_key: string;
  thumbnail_type: string;
  thumbnail_size: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0007_moderation: set while moderators hide the video (seen only by its owner and moderators). */
  hidden_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** When the new-video fan-out claimed it (0017); null until then. */
  announced_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The moderator's user id. */
  hidden_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Media pipeline (0006_media, server/domains/media): rows made before it are 'ready'. */
  status: ColumnType<VideoStatus, VideoStatus | undefined, VideoStatus>;
  processing_progress: ColumnType<number, number | undefined, number>;
  /** A server message key, translated per request; null unless failed. */
  processing_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** Seconds. */
  duration: ColumnType<number, number | undefined, number>;
  /** Displayed size (rotation applied). */
  width: ColumnType<number, number | undefined, number>;
  height: ColumnType<number, number | undefined, number>;
  /** renditions/<video id>/<generation>; null until the renditions are made. */
  renditions_prefix: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON RenditionManifest (server/domains/media/renditions.ts). */
  renditions: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * 0010_media_generations: the widest audience the current media keys were handed to
   * (domains/media/generations/audience.ts); when the audience shrinks below it, the keys move.
   */
  media_exposure: ColumnType<number, number | undefined, number>;
  /** 0014: the running job's stage (server/domains/media/progress.ts); null while queued or not processing. */
  processing_stage: ColumnType<ProcessingStageColumn | null, ProcessingStageColumn | null | undefined, ProcessingStageColumn | null>;
  /** 0014: when the running attempt began; null while queued. */
  processing_started_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** 0018: when the running job's current stage began; null while queued. */
  processing_stage_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** 0018: the input kind found at upload ('hdr', else the video codec); null when not known. */
  source_kind: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0018: frame rate the encode runs at (capped at 60); null when not known. */
  source_fps: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0012_sharing: 1 when the owner lets viewers download the video (docs/sharing.md). */
  download_enabled: ColumnType<number, number | undefined, number>;
}

/** What a running job is doing (videos.processing_stage). */
export const PROCESSING_STAGES = ['probing', 'transcoding', 'packaging', 'storyboard'] as const;
export type ProcessingStageColumn = (typeof PROCESSING_STAGES)[number];

/** 0018: measured processing speed per stage part and input kind (server/domains/media/progress.ts). */
export interface MediaStageSpeedTable {
  /** e.g. 'probe', 'encode', 'encode:hevc', 'package:perSecond'. */
  measure: string;
  /** Seconds per unit of the measure (job, second of input, megapixel-frame), exponentially weighted. */
  seconds_per_unit: number;
  samples: number;
  updated_at: Timestamp;
}

export const VIDEO_STATUSES = ['processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

export const MEDIA_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type MediaJobState = (typeof MEDIA_JOB_STATES)[number];

/** The embedded job queue (server/infra/jobs/queue.ts): one job per video and kind. */
export interface MediaJobsTable {
  video_id: string;
  /** What the job does (server/infra/jobs/queue.ts JOB_KINDS): 'transcode' | 'storyboard' | 'transcribe'. With video_id, the key (0021). */
  kind: ColumnType<string, string | undefined, string>;
  /** JSON: the kind's own arguments; null is none. */
  payload: ColumnType<string | null, string | null | undefined, string | null>;
  state: MediaJobState;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: number;
  progress: ColumnType<number, number | undefined, number>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  run_at: Timestamp;
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>;
  lease_until: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  started_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  finished_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** Storage keys an upload is writing before its video row commits (swept after a crash). */
export interface StoragePendingTable {
  key: string;
  owner: string;
  created_at: Timestamp;
}

/** An old location of a video's medium whose bytes still move to the row's current one. */
export interface MediaMovesTable {
  id: string;
  video_id: string;
  /** The videos column it was the value of (domains/media/generations/rotate.ts, MEDIA_SLOTS). */
  slot: string;
  from_key: string;
  created_at: Timestamp;
}

/** One mover per video at a time. */
export interface MediaMoveLocksTable {
  video_id: string;
  owner: string;
  lease_until: Timestamp;
}

export interface VideoLikesTable {
  video_id: string;
  user_id: string;
  created_at: Timestamp;
}

/** Where a signed-in viewer is in a video (0008_playback): resume, and later watch history. */
export interface VideoPositionsTable {
  user_id: string;
  video_id: string;
  /** Seconds from the start. */
  seconds: number;
  updated_at: Timestamp;
}

export interface CommentsTable {
  id: string;
  video_id: string;
  user_id: string;
  /** The comment replied to; null for a top-level comment. */
  parent_id: string | null;
  content: string;
  created_at: Timestamp;
}

/** One row per viewer per video per UTC day, so reloads do not inflate the view count. */
export interface VideoViewsTable {
  video_id: string;
  /** `u:<user id>` for a signed-in viewer, else `a:<keyed hash of the day and the address (IPv6: its /64)>`. */
  viewer_key: string;
  /** The UTC day the view fell in, e.g. 2026-11-21. */
  day: string;
}

/** Secrets shared by every instance on the database (infra/app-keys.ts). */
export interface AppKeysTable {
  name: string;
  /** 32 random bytes, base64url. */
  secret: string;
  created_at: string;
}

export const SEARCH_SOURCES = ['catalogue', 'selfie'] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];

/** A document of the AI search index (domains/search): a catalogue video or a public self-shot video. */
export interface SearchDocumentsTable {
  source: SearchSource;
  /** The catalogue's video id, or videos.id. */
  ref_id: string;
  title: string;
  /** Comma-separated keyword phrases. */
  keywords: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  /** Approved description submissions, joined by newlines. */
  extra: ColumnType<string, string | undefined, string>;
  views: ColumnType<number, number | undefined, number>;
  rating: number | null;
  length_sec: number | null;
  added_at: Timestamp | null;
  seen_at: Timestamp;
}

/** Small named values of the search index (e.g. when the catalogue was last ingested). */
export interface SearchStateTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export const REPORT_TARGET_TYPES = ['video', 'comment', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_REASONS = ['spam', 'abuse', 'sexual', 'violence', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** An abuse report (0007_moderation): at most one open report per reporter and target. */
export interface ReportsTable {
  id: string;
  target_type: ReportTargetType;
  target_id: string;
  reason: ReportReason;
  details: ColumnType<string, string | undefined, string>;
  reporter_id: string;
  status: ColumnType<ReportStatus, ReportStatus | undefined, ReportStatus>;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
  resolved_by: string | null;
}

/** The audit log: one row per moderator action (0007_moderation). */
export interface ModerationLogTable {
  id: string;
  /** null for the command line. */
  actor_id: string | null;
  /** The actor's username (or "cli") at the time, so the log reads well after renames. */
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: string;
  reason: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

/** 0013_following: who follows which uploader. */
export interface SubscriptionsTable {
  subscriber_id: string;
  /** The uploader followed. */
  channel_id: string;
  created_at: Timestamp;
}

export const NOTIFICATION_KINDS = [
  'new-video',
  'comment-reply',
  'video-comment',
  'like-milestone',
  'video-ready',
  'video-failed',
  'video-hidden',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** 0013_following: one notification for one recipient. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: NotificationKind;
  actor_id: string | null;
  video_id: string | null;
  comment_id: string | null;
  /** The milestone, the moderator's reason, or a failure's message key. */
  text: string | null;
  dedupe_key: string;
  created_at: Timestamp;
  read_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  mailed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** 0013_following: per-user notification preferences, the digest clock and the history switch. */
export interface FollowingSettingsTable {
  user_id: string;
  /** JSON { [kind]: { inApp, email } }. */
  notifications: ColumnType<string, string | undefined, string>;
  history_paused: ColumnType<IntBoolean, IntBoolean | undefined, IntBoolean>;
  last_digest_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  language: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

export const PLAYLIST_VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export type PlaylistVisibility = (typeof PLAYLIST_VISIBILITIES)[number];

/** 0013_following: a user's playlist ("Watch later" is one with watch_later = 1). */
export interface PlaylistsTable {
  id: string;
  user_id: string;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  visibility: ColumnType<PlaylistVisibility, PlaylistVisibility | undefined, PlaylistVisibility>;
  watch_later: ColumnType<IntBoolean, IntBoolean | undefined, IntBoolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PlaylistVideosTable {
  playlist_id: string;
  video_id: string;
  /** Order in the playlist, from 0. */
  position: number;
  added_at: Timestamp;
}

/**
 * 0016_caption_search: the text of one caption track, for search (domains/captions/tracks.ts
 * writes it with the track). `cues`: JSON [[start seconds, plain text], …]; `body`: the cues'
 * text, one per line (the full-text index reads it).
 */
export interface CaptionTextsTable {
  video_id: string;
  lang: string;
  cues: string;
  body: string;
  updated_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  description_submissions: DescriptionSubmissionsTable;
  auth_tokens: AuthTokensTable;
  wallet_challenges: WalletChallengesTable;
  videos: VideosTable;
  video_likes: VideoLikesTable;
  comments: CommentsTable;
  video_views: VideoViewsTable;
  app_keys: AppKeysTable;
  search_documents: SearchDocumentsTable;
  search_state: SearchStateTable;
  reports: ReportsTable;
  moderation_log: ModerationLogTable;
  media_jobs: MediaJobsTable;
  storage_pending: StoragePendingTable;
  video_positions: VideoPositionsTable;
  media_moves: MediaMovesTable;
  media_move_locks: MediaMoveLocksTable;
  media_stage_speed: MediaStageSpeedTable;
  subscriptions: SubscriptionsTable;
  notifications: NotificationsTable;
  following_settings: FollowingSettingsTable;
  playlists: PlaylistsTable;
  playlist_videos: PlaylistVideosTable;
  caption_texts: CaptionTextsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type DescriptionSubmissionRow = Selectable<DescriptionSubmissionsTable>;
export type AuthTokenRow = Selectable<AuthTokensTable>;
export type WalletChallengeRow = Selectable<WalletChallengesTable>;
export type VideoRow = Selectable<VideosTable>;
export type CommentRow = Selectable<CommentsTable>;
export type ReportRow = Selectable<ReportsTable>;
export type ModerationLogRow = Selectable<ModerationLogTable>;
export type MediaJobRow = Selectable<MediaJobsTable>;
export type SearchDocumentRow = Selectable<SearchDocumentsTable>;
