/**
 * Threaded comments on self-shot videos (/comments/…): a video's comments, posting a
 * comment or a reply, and deleting a comment with all its replies. A private video's comments
 * exist for its owner only (404 to everyone else). Posting is rate-limited per user.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { sendError } from '../../http/errors';
import type { FieldIssue } from '../../http/localized-validation';
import { rateLimited } from '../../http/rate-limits';
import { requireUser, signedInUser } from '../../http/guards';
import { t, type MessageKey } from '../../i18n';
import { CURSOR_MAX_LENGTH, decodeCursor, encodeCursor } from '../../infra/cursors';
import { moderatorDeleteComment } from '../moderation/actions';
import { isStaffRole } from '../moderation/visibility';
import { loadViewableVideo } from '../videos/video-access';

import {
  COMMENT_MAX_LENGTH,
  COMMENTS_PAGE_DEFAULT,
  COMMENTS_PAGE_MAX,
  MAX_REPLIES_PER_THREAD,
  checkCommentContent,
  createComment,
  deleteComment,
  listCommentPage,
  type CreateCommentResult,
} from './comments';

const MINUTE = 60 * 1000;

export const COMMENT_LIMITS = {
  /** New comments and replies per user. */
  createPerUser: { max: 20, timeWindow: MINUTE },
} as const;

/** Ids are 24 hex characters: in a body, anything much longer is refused (400). */
const ID_MAX_LENGTH = 64;
const Id = Type.String({ minLength: 1, maxLength: ID_MAX_LENGTH });
/** In the URL, any id is looked up: one that names nothing is simply not found (404). */
const pathId = (description: string) => Type.String({ minLength: 1, description });

// GET and DELETE share the path /comments/:id (OpenAPI allows one parameter name per path).
const VideoParams = Type.Object({ id: pathId("The video's id") });
const ListQuery = Type.Object({
  limit: Type.Integer({
    minimum: 1,
    maximum: COMMENTS_PAGE_MAX,
    default: COMMENTS_PAGE_DEFAULT,
    description: `Top-level comments in this page (1–${COMMENTS_PAGE_MAX}).`,
  }),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: CURSOR_MAX_LENGTH,
      description: 'The nextCursor of the previous page, as it was given (opaque; bound to this video; accepted for 24 hours).',
    }),
  ),
});
const CommentParams = Type.Object({ id: pathId("The comment's id") });
const CreateBody = Type.Object(
  {
    // Generous: the real limit applies to the trimmed text, counted in characters.
    content: Type.String({ maxLength: COMMENT_MAX_LENGTH * 4 }),
    videoId: Id,
    // null or "" (or absent): a top-level comment.
    parentComment: Type.Optional(Type.Union([Type.String({ maxLength: ID_MAX_LENGTH }), Type.Null()])),
  },
  { additionalProperties: false },
);

const CommentSchema = Type.Object({
  _id: Type.String(),
  content: Type.String(),
  user: Type.Object({ _id: Type.String(), username: Type.String() }),
  createdAt: Type.String(),
  parentComment: Type.Union([Type.String(), Type.Null()]),
  video: Type.String(),
}, { title: 'Comment' });
const CommentsResponse = Type.Object({
  comments: Type.Array(CommentSchema, {
    description: `Top-level comments newest first, each followed by up to ${MAX_REPLIES_PER_THREAD} of its replies (any depth, oldest first; each names its parent).`,
  }),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as ?cursor= for the next page; null at the end.' }),
});
const CreateCommentResponse = Type.Object({ success: Type.Boolean(), comment: CommentSchema, message: Type.String() });
const DeleteCommentResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  deletedIds: Type.Array(Type.String()),
});

type CreateFailure = Extract<CreateCommentResult, { ok: false }>['reason'];
const CREATE_FAILURES: Record<CreateFailure, { status: number; key: MessageKey }> = {
  videoNotFound: { status: 404, key: 'video.notFound' },
  parentNotFound: { status: 404, key: 'comments.parentNotFound' },
  parentOnOtherVideo: { status: 400, key: 'comments.parentOtherVideo' },
  threadTooDeep: { status: 400, key: 'comments.threadTooDeep' },
};

/** The comment box in the viewer's language (http/route-preambles.ts). */
function contentMessage(request: FastifyRequest, issue: FieldIssue): string | undefined {
  if (issue.part !== 'body' || issue.field !== 'content') return undefined;
  if (issue.keyword === 'maxLength') return t(request, 'comments.contentTooLong', { max: COMMENT_MAX_LENGTH });
  return t(request, 'comments.contentRequired');
}

export const commentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const createPerUser = app.createRateLimit({
    ...COMMENT_LIMITS.createPerUser,
    keyGenerator: async (request) => `comments:create:user:${(await request.currentUser())?.id ?? ''}`,
  });

  app.get(
    '/comments/:id',
    {
      attachValidation: true,
      // A private video's comments are the owner's business: not for shared caches.
      config: { noStore: true },
      schema: {
        description:
          `Up to \`limit\` top-level comments (default ${COMMENTS_PAGE_DEFAULT}, at most ${COMMENTS_PAGE_MAX}), newest first, each with its replies; ` +
          'then `nextCursor` for the next page. Comments posted meanwhile never move a later page: every comment appears on exactly one page.',
        params: VideoParams,
        querystring: ListQuery,
        response: { 200: CommentsResponse },
      },
    },
    async (request, reply) => {
      const viewer = await request.currentUser();
      const video = await loadViewableVideo(request, reply, { viewer });
      if (!video) return reply;
      const scope = `comments:${video.id}`;
      const { cursor, limit } = request.query;
      const after = cursor === undefined ? undefined : await decodeCursor(app.db, scope, cursor);
      if (cursor !== undefined && !after) return sendError(reply, 400, t(request, 'list.badCursor'));
      const page = await listCommentPage(app.db, video.id, viewer, { limit, after });
      return { comments: page.comments, nextCursor: page.next ? await encodeCursor(app.db, scope, page.next) : null };
    },
  );

  app.post(
    '/comments/create',
    {
      attachValidation: true,
      config: { invalidMessage: contentMessage },
      preHandler: requireUser,
      schema: { body: CreateBody, response: { 201: CreateCommentResponse } },
    },
    async (request, reply) => {
      const user = await signedInUser(request);

      const checked = checkCommentContent(request.body.content);
      if ('problem' in checked) {
        const message =
          checked.problem === 'empty'
            ? t(request, 'comments.contentRequired')
            : t(request, 'comments.contentTooLong', { max: COMMENT_MAX_LENGTH });
        return sendError(reply, 400, message);
      }

      if (await rateLimited(request, reply, { limiter: createPerUser, message: 'comments.tooManyRequests' })) return reply;

      const result = await createComment(app.db, {
        videoId: request.body.videoId,
        userId: user.id,
        content: checked.content,
        parentId: request.body.parentComment || null,
      });
      if (!result.ok) {
        const failure = CREATE_FAILURES[result.reason];
        return sendError(reply, failure.status, t(request, failure.key));
      }
      request.log.info({ commentId: result.comment._id, videoId: result.comment.video }, 'comment created');
      await app.events.publish('comments.changed', { videoId: result.comment.video });
      // The video's owner and the author replied to hear of it (domains/following; never throws).
      await app.following.commentPosted(result.comment._id);
      return reply.code(201).send({ success: true, comment: result.comment, message: t(request, 'comments.created') });
    },
  );

  app.delete(
    '/comments/:id',
    {
      attachValidation: true,
      preHandler: requireUser,
      schema: { params: CommentParams, response: { 200: DeleteCommentResponse } },
    },
    async (request, reply) => {
      const user = await signedInUser(request);

      let result = await deleteComment(app.db, request.params.id, user.id);
      // Moderators may delete any comment; that deletion is an audited moderator action.
      if (!result.ok && isStaffRole(user.role)) result = await moderatorDeleteComment(app, user, request.params.id);
      if (!result.ok) {
        return result.reason === 'forbidden'
          ? sendError(reply, 403, t(request, 'comments.deleteForbidden'))
          : sendError(reply, 404, t(request, 'comments.notFound'));
      }
      request.log.info({ commentId: request.params.id, deleted: result.deletedIds.length }, 'comment deleted');
      // Gone from the video's page at once (pages/page-cache.ts), on every instance.
      await app.events.publish('comments.changed', { videoId: result.videoId });
      return { success: true, message: t(request, 'comments.deleted'), deletedIds: result.deletedIds };
    },
  );
};
