/**
 * Self-shot video fixtures for server tests: rows inserted straight into the database (no upload
 * route, no files), likes and comments with chosen timestamps, and small request helpers.
 */
import type { AppInstance } from '../../server/app';
import { newId, toTimestamp } from '../../server/infra/db/ids';
import type { CommentRow, VideoRow, VideosTable } from '../../server/infra/db/schema';

type VideoFields = Partial<{ [K in keyof VideosTable]: VideoRow[K] }>;

/** Inserts a video owned by `userId` (public unless told otherwise); keys are unique. */
export async function createTestVideo(app: AppInstance, userId: string, fields: VideoFields = {}): Promise<VideoRow> {
  const id = newId();
  const now = toTimestamp();
  return app.db
    .insertInto('videos')
    .values({
      id,
      user_id: userId,
      title: `Video ${id}`,
      description: '',
      visibility: 'public',
      views: 0,
      video_key: `videos/${id}.mp4`,
      video_type: 'video/mp4',
      video_size: 1024,
      thumbnail_key: `thumbnails/${id}.jpg`,
      thumbnail_type: 'image/jpeg',
      thumbnail_size: 256,
      created_at: now,
      updated_at: now,
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Records a like directly, at `at` (default now). */
export async function addTestLike(app: AppInstance, videoId: string, userId: string, at: Date = new Date()): Promise<void> {
  await app.db.insertInto('video_likes').values({ video_id: videoId, user_id: userId, created_at: toTimestamp(at) }).execute();
}

/** Inserts a comment directly (no rate limit, chosen time). */
export async function addTestComment(
  app: AppInstance,
  fields: { videoId: string; userId: string; content?: string; parentId?: string | null; at?: Date },
): Promise<CommentRow> {
  return app.db
    .insertInto('comments')
    .values({
      id: newId(),
      video_id: fields.videoId,
      user_id: fields.userId,
      parent_id: fields.parentId ?? null,
      content: fields.content ?? 'A comment',
      created_at: toTimestamp(fields.at ?? new Date()),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const API = '/v0/api';

/**
 * The media fields of a video that is ready but has no renditions (made before the media
 * pipeline, or inserted directly by these helpers): it plays its original.
 */
export const READY_WITHOUT_RENDITIONS = {
  status: 'ready',
  processingProgress: 100,
  processingError: null,
  processingErrorCode: null,
  processingStage: 'done',
  queuePosition: null,
  etaSeconds: null,
  duration: 0,
  width: 0,
  height: 0,
  hlsUrl: null,
  posterUrl: null,
  thumbnailSources: [],
  progressiveSources: [],
  audioHlsUrl: null,
  hasAudio: null,
  storyboardUrl: null,
  chapters: [],
  resumeAt: null,
  qualities: 0,
  captions: [],
} as const;

/** Cookie (and optionally Accept-Language) headers for app.inject. */
export function headersFor(cookie?: string, language?: string): Record<string, string> {
  return { ...(cookie ? { cookie } : {}), ...(language ? { 'accept-language': language } : {}) };
}
