/**
 * The moderation half of "who may see this video?" — one predicate, kept apart from the
 * visibility (public/private) and processing-status rules in video-records.ts so each stays
 * small. A video hidden by moderators, or one whose owner is suspended, exists only for its owner
 * and for moderators/admins; to everyone else it is not found. Both forms live here: the
 * JavaScript check for one loaded row and the SQL condition for lists. Raw-SQL searches use
 * moderatedAwaySql. Nothing is deleted: lifting the hide or the suspension restores everything.
 */
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';

import { isStaffRole } from '../../infra/db/roles';
import type { Database } from '../../infra/db/schema';

export { STAFF_ROLES, isStaffRole } from '../../infra/db/roles';

/** Who is looking: a user row (id and role), just an id (a plain user), or nobody (a visitor). */
export type Viewer = string | { id: string; role?: string | null } | null | undefined;

export function viewerIdOf(viewer: Viewer): string | null {
  if (viewer == null) return null;
  return typeof viewer === 'string' ? viewer : viewer.id;
}

export function viewerIsStaff(viewer: Viewer): boolean {
  return typeof viewer === 'object' && viewer !== null && isStaffRole(viewer.role);
}

/** The columns the check reads: the video's hide mark and its owner's suspension. */
export interface ModerationFields {
  user_id: string;
  hidden_at: string | null;
  owner_suspended_at?: string | null;
}

/** False when moderation keeps this video from this viewer. */
export function passesModeration(video: ModerationFields, viewer: Viewer): boolean {
  if (video.hidden_at === null && !video.owner_suspended_at) return true;
  return viewerIsStaff(viewer) || viewerIdOf(viewer) === video.user_id;
}

/** passesModeration as a SQL condition on `videos`: `.where((eb) => moderationAllows(eb, viewer))`. */
export function moderationAllows(eb: ExpressionBuilder<Database, 'videos'>, viewer: Viewer) {
  if (viewerIsStaff(viewer)) return eb.lit(true);
  const clean = eb.and([
    eb('videos.hidden_at', 'is', null),
    eb.not(
      eb.exists(
        eb
          .selectFrom('users as video_owner')
          .select('video_owner.id')
          .whereRef('video_owner.id', '=', 'videos.user_id')
          .where('video_owner.suspended_at', 'is not', null),
      ),
    ),
  ]);
  const id = viewerIdOf(viewer);
  return id === null ? clean : eb.or([clean, eb('videos.user_id', '=', id)]);
}

/**
 * Listed for everyone (the public list, search, related videos, the sitemap, feeds): public,
 * ready, and not kept from visitors by moderation.
 */
export function listedToEveryone(eb: ExpressionBuilder<Database, 'videos'>) {
  return eb.and([eb('videos.visibility', '=', 'public'), eb('videos.status', '=', 'ready'), moderationAllows(eb, null)]);
}

/** The videos listed for everyone, each with its uploader's name. */
export function listedVideosWithOwner(db: Kysely<Database>) {
  return db
    .selectFrom('videos')
    .innerJoin('users', 'users.id', 'videos.user_id')
    .selectAll('videos')
    .select('users.username')
    .where((eb) => listedToEveryone(eb));
}

/** For hand-written SQL (full-text search): true when `videoAlias` is hidden or its owner suspended. */
export function moderatedAwaySql(videoAlias: string): RawBuilder<boolean> {
  const video = sql.table(videoAlias);
  return sql<boolean>`(${video}.hidden_at is not null or exists (select 1 from users video_owner where video_owner.id = ${video}.user_id and video_owner.suspended_at is not null))`;
}
