/**
 * "May this viewer see this video?" for videos, likes, comments and profiles, built on the videos
 * area's rule (video-records.ts: findVideo, canView): a public video is visible to everyone, a
 * private one only to its owner, and to anyone else it does not exist (404, never 403, so its
 * existence does not leak). The functions take any Kysely handle, so they work in transactions.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';

import type { Database } from '../db/schema';

import type { VideoWithOwner } from './uploads';
import { canView, findVideo } from './video-records';

export type { VideoWithOwner };

/** The signed-in viewer's user id, or null/undefined for a visitor. */
export type ViewerId = string | null | undefined;

/** The video (with its owner's username) when it exists and the viewer may see it, else undefined. */
export async function findViewableVideo(
  db: Kysely<Database>,
  videoId: string,
  viewerId: ViewerId,
): Promise<VideoWithOwner | undefined> {
  const video = await findVideo(db, videoId);
  return video && canView(video, viewerId) ? video : undefined;
}

/**
 * canView as a SQL condition on the `videos` table, for lists:
 * `.where((eb) => videoVisibleTo(eb, viewerId))`.
 */
export function videoVisibleTo(eb: ExpressionBuilder<Database, 'videos'>, viewerId: ViewerId) {
  const isPublic = eb.and([eb('videos.visibility', '=', 'public'), eb('videos.status', '=', 'ready')]);
  return typeof viewerId === 'string' ? eb.or([isPublic, eb('videos.user_id', '=', viewerId)]) : isPublic;
}
