import { api } from '../../api/api';
import type { ApiMessage, ApiRequestBody, Comment, CommentsResponse, CreateCommentResponse, DeleteCommentResponse } from '../../api/types';
import { type AuthState, selectCurrentUser } from '../auth';

export interface CreateCommentArgs {
  content: string;
  videoId: string;
  /** The comment this one replies to; absent for a top-level comment. */
  parentComment?: string | null;
}

export interface DeleteCommentArgs {
  commentId: string;
  videoId: string;
}

/** Ids of comments shown before the server has answered start with this. */
export const PENDING_COMMENT_PREFIX = 'pending-';

/** A comment still on its way to the server (shown with a pending style, no actions). */
export function isPendingComment(comment: Pick<Comment, '_id'>): boolean {
  return comment._id.startsWith(PENDING_COMMENT_PREFIX);
}

let pendingCounter = 0;
function pendingId(): string {
  pendingCounter += 1;
  return `${PENDING_COMMENT_PREFIX}${Date.now().toString(36)}-${pendingCounter}`;
}

/** A `{ success: false }` answer is a refusal even with a 2xx status. */
function acceptSuccessOnly(response: Response, body: unknown): boolean {
  if (!response.ok) return false;
  return !(body && typeof body === 'object' && (body as Partial<ApiMessage>).success === false);
}

/** The comment and its direct replies: what the local list drops on delete. */
function withDirectReplies(comments: readonly Comment[], commentId: string): Set<string> {
  const ids = new Set([commentId]);
  for (const comment of comments) if (comment.parentComment === commentId) ids.add(comment._id);
  return ids;
}

/**
 * Comments of a self-shot video (contract: GET /comments/:videoId, POST /comments/create,
 * DELETE /comments/:commentId). Posting and deleting update the cached list at once
 * (optimistic), are undone when the server refuses, and invalidate only that video's Comments.
 */
export const commentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Oldest first, replies included (each names its parent). */
    getComments: build.query<Comment[], string>({
      query: (videoId) => `/comments/${encodeURIComponent(videoId)}`,
      transformResponse: (response: CommentsResponse) => (Array.isArray(response?.comments) ? response.comments : []),
      providesTags: (_result, _error, videoId) => [{ type: 'Comments', id: videoId }],
    }),

    createComment: build.mutation<Comment, CreateCommentArgs>({
      query: ({ content, videoId, parentComment }) => ({
        url: '/comments/create',
        method: 'POST',
        body: (parentComment ? { content, videoId, parentComment } : { content, videoId }) satisfies ApiRequestBody<'createComment'>,
        validateStatus: acceptSuccessOnly,
      }),
      transformResponse: (response: CreateCommentResponse) => response.comment,
      invalidatesTags: (_result, error, { videoId }) => (error ? [] : [{ type: 'Comments', id: videoId }]),
      async onQueryStarted({ content, videoId, parentComment }, { dispatch, getState, queryFulfilled }) {
        const user = selectCurrentUser(getState() as unknown as { auth: AuthState });
        const temporary: Comment = {
          _id: pendingId(),
          content,
          user: { _id: user?._id ?? '', username: user?.username ?? '' },
          createdAt: new Date().toISOString(),
          parentComment: parentComment ?? null,
          video: videoId,
        };
        const patch = dispatch(
          commentsApi.util.updateQueryData('getComments', videoId, (draft) => {
            draft.push(temporary);
          }),
        );
        try {
          const { data: saved } = await queryFulfilled;
          // The server's comment takes the temporary one's place (or joins the list if a
          // refetch already dropped the temporary one).
          dispatch(
            commentsApi.util.updateQueryData('getComments', videoId, (draft) => {
              const at = draft.findIndex((comment) => comment._id === temporary._id);
              const known = draft.some((comment) => comment._id === saved?._id);
              if (at >= 0) {
                if (saved && !known) draft[at] = saved;
                else draft.splice(at, 1);
              } else if (saved && !known) {
                draft.push(saved);
              }
            }),
          );
        } catch {
          patch.undo();
        }
      },
    }),

    deleteComment: build.mutation<DeleteCommentResponse, DeleteCommentArgs>({
      query: ({ commentId }) => ({
        url: `/comments/${encodeURIComponent(commentId)}`,
        method: 'DELETE',
        validateStatus: acceptSuccessOnly,
      }),
      invalidatesTags: (_result, error, { videoId }) => (error ? [] : [{ type: 'Comments', id: videoId }]),
      async onQueryStarted({ commentId, videoId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          commentsApi.util.updateQueryData('getComments', videoId, (draft) => {
            const removed = withDirectReplies(draft, commentId);
            return draft.filter((comment) => !removed.has(comment._id));
          }),
        );
        try {
          const { data } = await queryFulfilled;
          // The server removed the whole subtree; drop any deeper replies still shown.
          const deleted = new Set(Array.isArray(data?.deletedIds) ? data.deletedIds : []);
          if (deleted.size > 0) {
            dispatch(
              commentsApi.util.updateQueryData('getComments', videoId, (draft) =>
                draft.filter((comment) => !deleted.has(comment._id)),
              ),
            );
          }
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetCommentsQuery, useCreateCommentMutation, useDeleteCommentMutation } = commentsApi;
