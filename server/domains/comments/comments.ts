/**
 * Threaded comments on self-shot videos. A reply names its direct parent (parent_id), which must
 * be on the same video; deleting a comment removes its whole subtree through the foreign key's
 * ON DELETE CASCADE. Threads are at most MAX_THREAD_DEPTH levels deep: SQLite runs cascades like
 * nested triggers and refuses more than 1,000 levels, so an unbounded reply chain could never be
 * deleted (nor could its video or its author). Routes translate the outcomes into answers.
 */
import { sql, type Kysely } from 'kysely';

import { newId, toTimestamp } from '../../infra/db/ids';
import type { CommentRow, Database } from '../../infra/db/schema';
import { viewerIdOf, viewerIsStaff, type Viewer } from '../moderation/visibility';
import { findViewableVideo, type VideoWithOwner } from '../videos/video-access';

/** Characters (code points) after trimming. */
export const COMMENT_MAX_LENGTH = 2000;
/** A top-level comment is level 1, a reply to it level 2, and so on. */
export const MAX_THREAD_DEPTH = 100;

/** A comment as the SPA reads it. */
export interface PublicComment {
  _id: string;
  content: string;
  user: { _id: string; username: string };
  createdAt: string;
  /** The direct parent's id; null for a top-level comment. */
  parentComment: string | null;
  /** The video's id. */
  video: string;
}

type CommentWithAuthor = CommentRow & { username: string };

export function toPublicComment(comment: CommentWithAuthor): PublicComment {
  // Only the wire fields: rows may carry more (suspension, thread root).
  return {
    _id: comment.id,
    content: comment.content,
    user: { _id: comment.user_id, username: comment.username },
    createdAt: comment.created_at,
    parentComment: comment.parent_id,
    video: comment.video_id,
  };
}

/** Length as people count it: code points, so an emoji or a CJK character is one. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

export type ContentProblem = 'empty' | 'tooLong';

/** The content to store (trimmed), or what is wrong with it. */
export function checkCommentContent(raw: string): { content: string } | { problem: ContentProblem } {
  const content = raw.trim();
  if (content === '') return { problem: 'empty' };
  if (characterCount(content) > COMMENT_MAX_LENGTH) return { problem: 'tooLong' };
  return { content };
}

function selectCommentsWithAuthor(db: Kysely<Database>) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .selectAll('comments')
    .select('users.username');
}

/** Top-level comments per page of GET /comments/:videoId: the default, and the most one page may ask. */
export const COMMENTS_PAGE_DEFAULT = 50;
export const COMMENTS_PAGE_MAX = 100;
/**
 * Replies sent with each top-level comment, oldest first: an answer stays bounded
 * (COMMENTS_PAGE_MAX × (1 + this) comments at most) however large one thread grows.
 */
export const MAX_REPLIES_PER_THREAD = 100;

/** A list position as cursors.ts carries it: the top-level comment's created_at and id. */
export interface CommentPosition {
  key: string;
  id: string;
}

export interface CommentPage {
  /** Top-level comments newest first, each followed by its replies (any depth) oldest first. */
  comments: PublicComment[];
  /** The last top-level comment served, when more may follow; null at the end. */
  next: CommentPosition | null;
}

/** Comments by a suspended user are for that user and moderators only (moderation/visibility.ts). */
function visibleTo(viewer: Viewer) {
  const viewerId = viewerIdOf(viewer);
  return (comment: { user_id: string; suspended_at: string | null }) =>
    viewerIsStaff(viewer) || comment.suspended_at === null || comment.user_id === viewerId;
}

/**
 * One page of a video's comments: up to `limit` top-level comments after `after` (keyset on
 * (created_at, id), newest first, so comments posted meanwhile never shift a later page: each
 * appears on exactly one page), each with up to MAX_REPLIES_PER_THREAD of its replies. Comments by
 * a suspended user are left out for everyone but that user and moderators: a hidden top-level
 * comment takes its thread with it (its replies have no page to travel on); a reply under a
 * hidden reply stays (the page shows it at the top level, as before paging).
 */
export async function listCommentPage(
  db: Kysely<Database>,
  videoId: string,
  viewer: Viewer,
  { limit, after }: { limit: number; after?: CommentPosition },
): Promise<CommentPage> {
  const viewerId = viewerIdOf(viewer);
  const roots = await selectCommentsWithAuthor(db)
    .select('users.suspended_at')
    .where('comments.video_id', '=', videoId)
    .where('comments.parent_id', 'is', null)
    .$if(!viewerIsStaff(viewer), (query) =>
      query.where((eb) =>
        eb.or([eb('users.suspended_at', 'is', null), ...(viewerId !== null ? [eb('comments.user_id', '=', viewerId)] : [])]),
      ),
    )
    .$if(after !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          eb('comments.created_at', '<', after!.key),
          eb.and([eb('comments.created_at', '=', after!.key), eb('comments.id', '<', after!.id)]),
        ]),
      ),
    )
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.id', 'desc')
    .limit(limit + 1)
    .execute();
  const more = roots.length > limit;
  const shown = more ? roots.slice(0, limit) : roots;
  if (shown.length === 0) return { comments: [], next: null };

  // Every reply below the shown roots, numbered within its thread in (created_at, id) order.
  const { rows: replies } = await sql<CommentWithAuthor & { suspended_at: string | null; root_id: string }>`
    with recursive thread(id, root_id) as (
      select id, id from comments where id in (${sql.join(shown.map((root) => root.id))})
      union all
      select c.id, t.root_id from comments c join thread t on c.parent_id = t.id
    )
    select * from (
      select c.id, c.video_id, c.user_id, c.parent_id, c.content, c.created_at,
             u.username, u.suspended_at, t.root_id,
             row_number() over (partition by t.root_id order by c.created_at, c.id) as n
        from thread t
        join comments c on c.id = t.id
        join users u on u.id = c.user_id
        where c.parent_id is not null
    ) numbered
    where n <= ${MAX_REPLIES_PER_THREAD}
    order by root_id, created_at, id`.execute(db);

  const visible = visibleTo(viewer);
  const byRoot = new Map<string, PublicComment[]>();
  for (const reply of replies) {
    if (!visible(reply)) continue;
    const list = byRoot.get(reply.root_id);
    const shownReply = toPublicComment(reply);
    if (list) list.push(shownReply);
    else byRoot.set(reply.root_id, [shownReply]);
  }
  const last = shown[shown.length - 1]!;
  return {
    comments: shown.flatMap((root) => [toPublicComment(root), ...(byRoot.get(root.id) ?? [])]),
    next: more ? { key: last.created_at, id: last.id } : null,
  };
}

/** How many levels deep the comment sits (1 for a top-level comment), counted up to `limit`. */
async function threadDepth(db: Kysely<Database>, commentId: string, limit: number): Promise<number> {
  const { rows } = await sql<{ depth: number | string | null }>`
    with recursive ancestors(id, parent_id, depth) as (
      select id, parent_id, 1 from comments where id = ${commentId}
      union all
      select c.id, c.parent_id, a.depth + 1
        from comments c join ancestors a on c.id = a.parent_id
        where a.depth < ${limit}
    )
    select max(depth) as depth from ancestors`.execute(db);
  return Number(rows[0]?.depth ?? 0);
}

export interface NewComment {
  videoId: string;
  userId: string;
  /** Trimmed and checked (checkCommentContent). */
  content: string;
  parentId: string | null;
}

export type CreateCommentResult =
  | { ok: true; comment: PublicComment }
  | { ok: false; reason: 'videoNotFound' | 'parentNotFound' | 'parentOnOtherVideo' | 'threadTooDeep' };

/**
 * Adds a comment when the author may see the video (so only its owner comments on a private
 * video) and the parent, if any, is a comment on the same video that is not at the deepest level.
 * The checks and the insert share a transaction, so a parent deleted meanwhile is not replied to.
 */
export async function createComment(db: Kysely<Database>, input: NewComment): Promise<CreateCommentResult> {
  return db.transaction().execute(async (trx): Promise<CreateCommentResult> => {
    const video = await findViewableVideo(trx, input.videoId, input.userId);
    if (!video) return { ok: false, reason: 'videoNotFound' };

    if (input.parentId !== null) {
      const parent = await trx.selectFrom('comments').select(['id', 'video_id']).where('id', '=', input.parentId).executeTakeFirst();
      if (!parent) return { ok: false, reason: 'parentNotFound' };
      if (parent.video_id !== video.id) {
        // A comment on a video the author may not see does not exist for them: the same answer
        // as an unknown id, so replies cannot probe private videos.
        const parentVideo = await findViewableVideo(trx, parent.video_id, input.userId);
        return { ok: false, reason: parentVideo ? 'parentOnOtherVideo' : 'parentNotFound' };
      }
      if ((await threadDepth(trx, parent.id, MAX_THREAD_DEPTH)) >= MAX_THREAD_DEPTH) return { ok: false, reason: 'threadTooDeep' };
    }

    const id = newId();
    await trx
      .insertInto('comments')
      .values({
        id,
        video_id: video.id,
        user_id: input.userId,
        parent_id: input.parentId,
        content: input.content,
        created_at: toTimestamp(),
      })
      .execute();
    const row = await selectCommentsWithAuthor(trx).where('comments.id', '=', id).executeTakeFirstOrThrow();
    return { ok: true, comment: toPublicComment(row) };
  });
}

export type DeleteCommentResult =
  | { ok: true; deletedIds: string[]; videoId: string }
  | { ok: false; reason: 'notFound' | 'forbidden' };

/**
 * Deletes a comment and all its replies when the user wrote it or owns its video. Comments on a
 * video the user may not see count as not found. The subtree's ids are collected in the same
 * transaction, just before the delete that removes them all (ON DELETE CASCADE).
 */
export async function deleteComment(db: Kysely<Database>, commentId: string, userId: string): Promise<DeleteCommentResult> {
  return db.transaction().execute(async (trx): Promise<DeleteCommentResult> => {
    const comment = await trx.selectFrom('comments').select(['id', 'video_id', 'user_id']).where('id', '=', commentId).executeTakeFirst();
    if (!comment) return { ok: false, reason: 'notFound' };
    const video: VideoWithOwner | undefined = await findViewableVideo(trx, comment.video_id, userId);
    if (!video) return { ok: false, reason: 'notFound' };
    if (comment.user_id !== userId && video.user_id !== userId) return { ok: false, reason: 'forbidden' };

    const deletedIds = await subtreeIds(trx, comment.id);
    await trx.deleteFrom('comments').where('id', '=', comment.id).execute();
    return { ok: true, deletedIds, videoId: comment.video_id };
  });
}

/** The comment's id and those of all replies below it, parents before their replies. */
export async function subtreeIds(db: Kysely<Database>, rootId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive subtree(id, depth) as (
      select id, 0 from comments where id = ${rootId}
      union all
      select c.id, s.depth + 1 from comments c join subtree s on c.parent_id = s.id
    )
    select id from subtree order by depth, id`.execute(db);
  return rows.map((row) => row.id);
}
