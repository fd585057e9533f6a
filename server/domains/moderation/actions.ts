/**
 * What moderators do: hide and unhide videos, suspend and unsuspend users, delete any comment,
 * and review description submissions (through the same service as `npm run descriptions`).
 * Each change and its audit row share a transaction; open reports on the target are settled by
 * the action. Hiding and suspending only set columns, so undoing them restores everything; the AI
 * search index is brought in step afterwards (the full-text search filters at query time).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';

import { toTimestamp } from '../../infra/db/ids';
import type { Database, Role, SubmissionStatus, UserRow } from '../../infra/db/schema';
import { subtreeIds, type DeleteCommentResult } from '../comments/comments';
import { reviewSubmission, ReviewError } from '../search/descriptions';
import { syncMediaGeneration } from '../media/generations/rotate';
import { isVideoId } from '../videos/video-records';

import { recordAction, type Actor } from './audit';
import { resolveReportsOn } from './reports';
import { isStaffRole } from './visibility';


export const MODERATION_REASON_MAX_LENGTH = 500;

function actorOf(user: Pick<UserRow, 'id' | 'username'>): NonNullable<Actor> {
  return { id: user.id, username: user.username };
}

/**
 * Keeps the search index (and any other instance) in step with a video's moderation state:
 * a 'video.changed' event per video, which the index's upsert re-reads (never throws).
 */
async function reindexVideos(app: FastifyInstance, ids: string[]): Promise<void> {
  for (const videoId of ids) {
    try {
      await app.events.publish('video.changed', { videoId, change: 'updated' });
    } catch (err) {
      app.log.warn({ err, videoId }, 'could not publish a moderation change');
    }
  }
}

async function publishUserChange(app: FastifyInstance, userId: string): Promise<void> {
  try {
    await app.events.publish('user.changed', { userId });
  } catch (err) {
    app.log.warn({ err, userId }, 'could not publish a suspension');
  }
}

export async function setVideoHidden(
  app: FastifyInstance,
  moderator: UserRow,
  videoId: string,
  hidden: { reason: string } | null,
): Promise<boolean> {
  if (!isVideoId(videoId)) return false;
  const found = await app.db.transaction().execute(async (trx) => {
    const video = await trx.selectFrom('videos').select('id').where('id', '=', videoId).executeTakeFirst();
    if (!video) return undefined;
    await trx
      .updateTable('videos')
      .set(
        hidden
          ? { hidden_at: toTimestamp(), hidden_reason: hidden.reason, hidden_by: moderator.id }
          : { hidden_at: null, hidden_reason: null, hidden_by: null },
      )
      .where('id', '=', videoId)
      .execute();
    // Hidden: its media move to new keys, so no cache keeps serving the old ones.
    const rotated = (await syncMediaGeneration(trx, videoId)) === 'rotated';
    await recordAction(trx, actorOf(moderator), hidden ? 'video.hide' : 'video.unhide', { type: 'video', id: videoId }, hidden?.reason ?? '');
    if (hidden) await resolveReportsOn(trx, moderator.id, 'video', videoId);
    return { rotated };
  });
  if (!found) return false;
  if (found.rotated) await app.media.generations.kick([videoId]);
  await reindexVideos(app, [videoId]);
  // The owner hears of it, with the reason (domains/following; never throws).
  if (hidden) await app.following.videoHidden(videoId, moderator.id);
  return true;
}

export type SuspendResult = 'done' | 'notFound' | 'self' | 'staff';

export async function setUserSuspended(
  app: FastifyInstance,
  moderator: UserRow,
  userId: string,
  suspension: { reason: string } | null,
): Promise<SuspendResult> {
  if (!isVideoId(userId)) return 'notFound';
  const rotated: string[] = [];
  const result = await app.db.transaction().execute(async (trx): Promise<SuspendResult> => {
    const user = await trx.selectFrom('users').select(['id', 'role']).where('id', '=', userId).executeTakeFirst();
    if (!user) return 'notFound';
    if (suspension) {
      if (user.id === moderator.id) return 'self';
      // Moderators cannot remove one another; an admin can suspend anyone but themselves.
      if (isStaffRole(user.role) && moderator.role !== 'admin') return 'staff';
    }
    await trx
      .updateTable('users')
      .set(suspension ? { suspended_at: toTimestamp(), suspension_reason: suspension.reason } : { suspended_at: null, suspension_reason: null })
      .where('id', '=', userId)
      .execute();
    await recordAction(
      trx,
      actorOf(moderator),
      suspension ? 'user.suspend' : 'user.unsuspend',
      { type: 'user', id: userId },
      suspension?.reason ?? '',
    );
    if (suspension) await resolveReportsOn(trx, moderator.id, 'user', userId);
    // Every video of theirs is now seen by fewer people (or more): media keys in step.
    const owned = await trx.selectFrom('videos').select('id').where('user_id', '=', userId).execute();
    for (const video of owned) {
      if ((await syncMediaGeneration(trx, video.id)) === 'rotated') rotated.push(video.id);
    }
    return 'done';
  });
  await app.media.generations.kick(rotated);
  if (result !== 'done') return result;
  // Sessions end at once: the next request from any of the user's browsers is a visitor's.
  if (suspension) await app.sessions.destroyUserSessions(userId);
  // Their profile and comments leave (or come back to) every page, on every instance.
  await publishUserChange(app, userId);
  const videos = await app.db.selectFrom('videos').select('id').where('user_id', '=', userId).execute();
  await reindexVideos(
    app,
    videos.map((video) => video.id),
  );
  return 'done';
}

/** A moderator deletes any comment (and its replies): audited, and its reports settled. */
export async function moderatorDeleteComment(app: FastifyInstance, moderator: UserRow, commentId: string): Promise<DeleteCommentResult> {
  return app.db.transaction().execute(async (trx): Promise<DeleteCommentResult> => {
    const comment = await trx.selectFrom('comments').select(['id', 'video_id', 'content']).where('id', '=', commentId).executeTakeFirst();
    if (!comment) return { ok: false, reason: 'notFound' };
    const deletedIds = await subtreeIds(trx, comment.id);
    await trx.deleteFrom('comments').where('id', '=', comment.id).execute();
    await recordAction(trx, actorOf(moderator), 'comment.delete', { type: 'comment', id: comment.id }, comment.content.slice(0, 200));
    await resolveReportsOn(trx, moderator.id, 'comment', comment.id);
    return { ok: true, deletedIds, videoId: comment.video_id };
  });
}

// ---- description submissions ----

export interface DescriptionView {
  _id: string;
  movieId: string;
  newContext: string;
  submittedBy: { _id: string; username: string } | null;
  createdAt: string;
  status: SubmissionStatus;
}

/** Pending ones oldest first (a queue); reviewed ones newest first. */
export async function listDescriptions(db: Kysely<Database>, status: SubmissionStatus, limit: number): Promise<DescriptionView[]> {
  const rows = await db
    .selectFrom('description_submissions')
    .leftJoin('users', 'users.id', 'description_submissions.user_id')
    .select(['description_submissions.id', 'description_submissions.movie_id', 'description_submissions.new_context'])
    .select(['description_submissions.user_id', 'description_submissions.created_at', 'description_submissions.status', 'users.username'])
    .where('description_submissions.status', '=', status)
    .orderBy(status === 'pending' ? 'description_submissions.created_at' : 'description_submissions.reviewed_at', status === 'pending' ? 'asc' : 'desc')
    .orderBy('description_submissions.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    movieId: row.movie_id,
    newContext: row.new_context,
    submittedBy: row.user_id === null ? null : { _id: row.user_id, username: row.username ?? '' },
    createdAt: row.created_at,
    status: row.status,
  }));
}

/** Approve or reject through the CLI's service (search/descriptions.ts), then audit it. */
export async function reviewDescription(
  db: Kysely<Database>,
  moderator: UserRow,
  id: string,
  decision: 'approved' | 'rejected',
): Promise<'done' | 'notFound' | 'already'> {
  try {
    await reviewSubmission(db, id, decision);
  } catch (error) {
    if (error instanceof ReviewError) return error.code === 'unknown' ? 'notFound' : 'already';
    throw error;
  }
  await recordAction(db, actorOf(moderator), decision === 'approved' ? 'description.approve' : 'description.reject', {
    type: 'description',
    id,
  });
  return 'done';
}

// ---- users ----

export interface ModeratedUserView {
  _id: string;
  username: string;
  email: string | null;
  role: Role;
  suspendedAt: string | null;
  suspensionReason: string | null;
}

/** Suspended users (most recent first), or the moderators and admins. */
export async function listUsers(db: Kysely<Database>, status: 'suspended' | 'staff', limit: number): Promise<ModeratedUserView[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'role', 'suspended_at', 'suspension_reason'])
    .$if(status === 'suspended', (query) => query.where('suspended_at', 'is not', null).orderBy('suspended_at', 'desc'))
    .$if(status === 'staff', (query) => query.where('role', 'in', ['moderator', 'admin']).orderBy('username'))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    suspendedAt: row.suspended_at,
    suspensionReason: row.suspension_reason,
  }));
}
