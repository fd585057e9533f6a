/**
 * "May this viewer see this video?" for videos, likes, comments and profiles, built on the videos
 * area's rule (video-records.ts: findVideo, canView): a public video is visible to everyone, a
 * private one only to its owner, and to anyone else it does not exist (404, never 403, so its
 * existence does not leak). The functions take any Kysely handle, so they work in transactions.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';

import type { Database } from '../../infra/db/schema';
import { sendError } from '../../http/errors';
import { t } from '../../i18n';
import { moderationAllows, passesModeration, viewerIdOf, type Viewer } from '../moderation/visibility';
import type { VideoWithOwner } from '../media/uploads/uploads';

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

/** How `loadViewableVideo` finds the video and who is asking. */
export interface ViewableVideoLookup {
  /** The video's id (default: the route's `:id` parameter). */
  id?: string;
  /**
   * Who is looking (default: the signed-in user's row, so moderators see what moderation hides).
   * A user's id looks as a plain user; null as a visitor.
   */
  viewer?: ViewerId;
  /** Someone else's video is not found either (the owner's own actions). */
  ownerOnly?: boolean;
  /** The 404 carries `Cache-Control: no-store` (a route whose answers are otherwise cached). */
  noStore?: boolean;
}

/**
 * What a handler about one video says first: the video the requester may see, or (undefined) after
 * answering 404 `{ success: false, message: video.notFound }`; the handler then returns the reply.
 * Called in the handler, where its lookup always came: after the route's guards and validation
 * (http/route-preambles.ts) and after whatever the handler checks before it (rate limits, the body),
 * so 401, 400 and 429 still come before the 404.
 */
export async function loadViewableVideo(
  request: FastifyRequest,
  reply: FastifyReply,
  lookup: ViewableVideoLookup = {},
): Promise<FoundVideo | undefined> {
  const id = lookup.id ?? (request.params as { id: string }).id;
  const viewer = 'viewer' in lookup ? lookup.viewer : await request.currentUser();
  const video = await findViewableVideo(request.server.db, id, viewer);
  if (video && (!lookup.ownerOnly || video.user_id === viewerIdOf(viewer))) return video;
  if (lookup.noStore) reply.header('cache-control', 'no-store');
  void sendError(reply, 404, t(request, 'video.notFound'));
  return undefined;
}
