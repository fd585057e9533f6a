/**
 * Abuse reports: a signed-in user reports a video, a comment or a user they can see; at most one
 * open report per reporter and target (a unique partial index has the last word on races).
 * Moderators list them with a summary of the target and resolve them.
 */
import type { Kysely } from 'kysely';

import { newId, toTimestamp } from '../../infra/db/ids';
import type { Database, ReportReason, ReportStatus, ReportTargetType, UserRow } from '../../infra/db/schema';
import { findViewableVideo } from '../videos/video-access';
import { isVideoId } from '../videos/video-records';
import { videoMediaUrl } from '../videos/videos';

import { recordAction, type Actor } from './audit';

export const REPORT_DETAILS_MAX_LENGTH = 1000;

export interface NewReport {
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  details: string;
}

/** Whether the reporter can see the target at all (a hidden or private thing cannot be reported by others). */
async function targetVisibleTo(db: Kysely<Database>, reporter: UserRow, type: ReportTargetType, id: string): Promise<boolean> {
  if (!isVideoId(id)) return false;
  if (type === 'video') return (await findViewableVideo(db, id, reporter)) !== undefined;
  if (type === 'comment') {
    const comment = await db
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.user_id')
      .select(['comments.video_id', 'comments.user_id', 'users.suspended_at'])
      .where('comments.id', '=', id)
      .executeTakeFirst();
    if (!comment) return false;
    if (comment.suspended_at !== null && comment.user_id !== reporter.id) return false;
    return (await findViewableVideo(db, comment.video_id, reporter)) !== undefined;
  }
  const user = await db.selectFrom('users').select(['id', 'suspended_at']).where('id', '=', id).executeTakeFirst();
  return user !== undefined && (user.suspended_at === null || user.id === reporter.id);
}

export type CreateReportResult = { ok: true; created: boolean } | { ok: false; reason: 'notFound' };

export async function createReport(db: Kysely<Database>, reporter: UserRow, input: NewReport): Promise<CreateReportResult> {
  if (!(await targetVisibleTo(db, reporter, input.targetType, input.targetId))) return { ok: false, reason: 'notFound' };
  const open = () =>
    db
      .selectFrom('reports')
      .select('id')
      .where('reporter_id', '=', reporter.id)
      .where('target_type', '=', input.targetType)
      .where('target_id', '=', input.targetId)
      .where('status', '=', 'open')
      .executeTakeFirst();
  if (await open()) return { ok: true, created: false };
  try {
    await db
      .insertInto('reports')
      .values({
        id: newId(),
        target_type: input.targetType,
        target_id: input.targetId,
        reason: input.reason,
        details: input.details,
        reporter_id: reporter.id,
        status: 'open',
        created_at: toTimestamp(),
        resolved_at: null,
        resolved_by: null,
      })
      .execute();
    return { ok: true, created: true };
  } catch (error) {
    // A concurrent identical report won the unique index: the same outcome for the reporter.
    if (await open()) return { ok: true, created: false };
    throw error;
  }
}

/** What a moderator needs to judge a report without leaving the console. null: the target is gone. */
export interface TargetSummary {
  /** Video title, comment text or username. */
  title: string;
  /** The owner or author (for a user: the user). */
  userId: string;
  username: string;
  /** A video's thumbnail. */
  thumbnailCdnUrl?: string;
  /** The video a comment is on (and, for a video, the video itself). */
  videoId?: string;
  /** Video: hidden by moderators; user: suspended. */
  hidden?: boolean;
  hiddenReason?: string;
  suspended?: boolean;
  visibility?: string;
}

export interface ReportView {
  _id: string;
  targetType: ReportTargetType;
  targetId: string;
  target: TargetSummary | null;
  reason: ReportReason;
  details: string;
  reporter: { _id: string; username: string };
  createdAt: string;
  status: ReportStatus;
  resolvedAt: string | null;
}

async function summarize(db: Kysely<Database>, type: ReportTargetType, id: string): Promise<TargetSummary | null> {
  if (type === 'video') {
    const video = await db
      .selectFrom('videos')
      .innerJoin('users', 'users.id', 'videos.user_id')
      .select(['videos.id', 'videos.title', 'videos.user_id', 'videos.thumbnail_key', 'videos.hidden_at', 'videos.hidden_reason'])
      .select(['videos.visibility', 'users.username', 'users.suspended_at'])
      .where('videos.id', '=', id)
      .executeTakeFirst();
    if (!video) return null;
    return {
      title: video.title,
      userId: video.user_id,
      username: video.username,
      thumbnailCdnUrl: videoMediaUrl(video.thumbnail_key),
      videoId: video.id,
      hidden: video.hidden_at !== null,
      ...(video.hidden_reason !== null ? { hiddenReason: video.hidden_reason } : {}),
      suspended: video.suspended_at !== null,
      visibility: video.visibility,
    };
  }
  if (type === 'comment') {
    const comment = await db
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.user_id')
      .select(['comments.content', 'comments.user_id', 'comments.video_id', 'users.username', 'users.suspended_at'])
      .where('comments.id', '=', id)
      .executeTakeFirst();
    if (!comment) return null;
    return {
      title: comment.content,
      userId: comment.user_id,
      username: comment.username,
      videoId: comment.video_id,
      suspended: comment.suspended_at !== null,
    };
  }
  const user = await db.selectFrom('users').select(['id', 'username', 'suspended_at']).where('id', '=', id).executeTakeFirst();
  if (!user) return null;
  return { title: user.username, userId: user.id, username: user.username, suspended: user.suspended_at !== null };
}

/** Open reports oldest first (a queue); resolved ones newest first. */
export async function listReports(db: Kysely<Database>, status: ReportStatus, limit: number): Promise<ReportView[]> {
  const rows = await db
    .selectFrom('reports')
    .innerJoin('users', 'users.id', 'reports.reporter_id')
    .selectAll('reports')
    .select('users.username as reporter_name')
    .where('reports.status', '=', status)
    .orderBy(status === 'open' ? 'reports.created_at' : 'reports.resolved_at', status === 'open' ? 'asc' : 'desc')
    .orderBy('reports.id', 'asc')
    .limit(limit)
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      _id: row.id,
      targetType: row.target_type,
      targetId: row.target_id,
      target: await summarize(db, row.target_type, row.target_id),
      reason: row.reason,
      details: row.details,
      reporter: { _id: row.reporter_id, username: row.reporter_name },
      createdAt: row.created_at,
      status: row.status,
      resolvedAt: row.resolved_at,
    })),
  );
}

/** Resolves one report. 'already': it was resolved before (nothing changes). */
export async function resolveReport(
  db: Kysely<Database>,
  actor: NonNullable<Actor>,
  id: string,
  note: string,
): Promise<'resolved' | 'already' | 'notFound'> {
  return db.transaction().execute(async (trx) => {
    const report = await trx.selectFrom('reports').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
    if (!report) return 'notFound';
    if (report.status === 'resolved') return 'already';
    await trx
      .updateTable('reports')
      .set({ status: 'resolved', resolved_at: toTimestamp(), resolved_by: actor.id })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .execute();
    await recordAction(trx, actor, 'report.resolve', { type: 'report', id }, note);
    return 'resolved';
  });
}

/** After an action on a target (hide, delete, suspend), its open reports are settled by it. */
export async function resolveReportsOn(db: Kysely<Database>, actorId: string, type: ReportTargetType, id: string): Promise<void> {
  await db
    .updateTable('reports')
    .set({ status: 'resolved', resolved_at: toTimestamp(), resolved_by: actorId })
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .where('status', '=', 'open')
    .execute();
}
