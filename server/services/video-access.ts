/**
 * "May this viewer see this video?" for videos, likes, comments and profiles, built on the videos
 * area's rule (video-records.ts: findVideo, canView): a public video is visible to everyone, a
 * private one only to its owner, and to anyone else it does not exist (404, never 403, so its
 * existence does not leak). The functions take any Kysely handle, so they work in transactions.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';

import type { Database } from '../db/schema';

import { moderationAllows, passesModeration, viewerIdOf, type Viewer } from './moderation/visibility';
import type { VideoWithOwner } from './uploads';
import { canView, findVideo, type FoundVideo } from './video-records';

export type { VideoWithOwner };

/**
 * The viewer: a user row (its role lets moderators see what moderation hides), the signed-in
 * user's id, or null/undefined for a visitor.
 */
export type ViewerId = Viewer;

/**
 * The video (with its owner's username) when it exists and the viewer may see it, else undefined:
 * canView (visibility) and passesModeration (hidden videos, suspended owners).
 */
export async function findViewableVideo(db: Kysely<Database>, videoId: string, viewer: ViewerId): Promise<FoundVideo | undefined> {
  const video = await findVideo(db, videoId);
  return video && canView(video, viewerIdOf(viewer)) && passesModeration(video, viewer) ? video : undefined;
}

/**
 * canView as a SQL condition on the `videos` table, for lists:
 * `.where((eb) => videoVisibleTo(eb, viewerId))`.
 */
export function videoVisibleTo(eb: ExpressionBuilder<Database, 'videos'>, viewer: ViewerId) {
  const isPublic = eb.and([eb('videos.visibility', '=', 'public'), eb('videos.status', '=', 'ready')]);
  const viewerId = viewerIdOf(viewer);
  const visible = viewerId !== null ? eb.or([isPublic, eb('videos.user_id', '=', viewerId)]) : isPublic;
  return eb.and([visible, moderationAllows(eb, viewer)]);
}
