import type { InfiniteData } from '@reduxjs/toolkit/query';

import { api } from '../../api/api';
import type { ApiRequestBody, Comment, CommentsResponse, CreateCommentResponse, DeleteCommentResponse } from '../../api/types';
import { acceptSuccessOnly } from '../../api/validate-status';
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

/** One page of a video's comments as cached: top-level comments newest first, each followed by its replies; the next page's cursor, null at the end. */
export type CommentsPage = Pick<CommentsResponse, 'comments' | 'nextCursor'>;

/** The cached pages of one video's comments (RTK Query infinite query data). */
export type CommentPages = InfiniteData<CommentsPage, string | null>;

/** Every loaded comment in page order, each once (a comment already shown keeps its first place). */
export function flattenCommentPages(data: CommentPages | undefined): Comment[] {
  const seen = new Set<string>();
  const comments: Comment[] = [];
  for (const page of data?.pages ?? []) {
    for (const comment of page.comments) {
      if (seen.has(comment._id)) continue;
      seen.add(comment._id);
      comments.push(comment);
    }
  }
  return comments;
}

/** The comment and its direct replies: what the local list drops on delete. */
function withDirectReplies(pages: CommentPages, commentId: string): Set<string> {
  const ids = new Set([commentId]);
  for (const page of pages.pages) for (const comment of page.comments) if (comment.parentComment === commentId) ids.add(comment._id);
  return ids;
}

function dropComments(pages: CommentPages, ids: ReadonlySet<string>): void {
  for (const page of pages.pages) page.comments = page.comments.filter((comment) => !ids.has(comment._id));
}

/**
 * Where a new comment goes in the cached pages: a top-level one first on the first page (newest
 * first); a reply on its parent's page, after that page's comments (buildThread keeps siblings in
 * list order, so it lands after its older siblings).
 */
function insertComment(pages: CommentPages, comment: Comment): void {
  const first = pages.pages[0];
  if (!first) return;
  if (!comment.parentComment) {
    first.comments.unshift(comment);
    return;
  }
  const home = pages.pages.find((page) => page.comments.some((shown) => shown._id === comment.parentComment)) ?? first;
  home.comments.push(comment);
}

/**
 * Comments of a self-shot video (contract: GET /comments/:videoId[?cursor=], POST /comments/create,
 * DELETE /comments/:commentId). The list is an infinite query: the first page is the original
 * plain GET, later pages follow `nextCursor`; invalidating the video's Comments refetches every
 * loaded page. Posting and deleting update the cached pages at once (optimistic), are undone when
 * the server refuses, and invalidate only that video's Comments.
 */
export const commentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Pages of top-level comments newest first, replies included (each names its parent). */
    getComments: build.infiniteQuery<CommentsPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      // The first page is exactly the original URL without parameters (and the one the server inlines for the first screen).
      query: ({ queryArg: videoId, pageParam }) => {
        const url = `/comments/${encodeURIComponent(videoId)}`;
        return pageParam ? { url, params: { cursor: pageParam } } : url;
      },
      transformResponse: (response: CommentsResponse): CommentsPage => ({
        comments: Array.isArray(response?.comments) ? response.comments : [],
        nextCursor: typeof response?.nextCursor === 'string' && response.nextCursor ? response.nextCursor : null,
      }),
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
            insertComment(draft, temporary);
          }),
        );
        try {
          const { data: saved } = await queryFulfilled;
          // The server's comment takes the temporary one's place (or joins the list if a
          // refetch already dropped the temporary one).
          dispatch(
            commentsApi.util.updateQueryData('getComments', videoId, (draft) => {
              const known = draft.pages.some((page) => page.comments.some((comment) => comment._id === saved?._id));
              const home = draft.pages.find((page) => page.comments.some((comment) => comment._id === temporary._id));
              if (home) {
                const at = home.comments.findIndex((comment) => comment._id === temporary._id);
                if (saved && !known) home.comments[at] = saved;
                else home.comments.splice(at, 1);
              } else if (saved && !known) {
                insertComment(draft, saved);
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
            dropComments(draft, withDirectReplies(draft, commentId));
          }),
        );
        try {
          const { data } = await queryFulfilled;
          // The server removed the whole subtree; drop any deeper replies still shown.
          const deleted = new Set(Array.isArray(data?.deletedIds) ? data.deletedIds : []);
          if (deleted.size > 0) {
            dispatch(
              commentsApi.util.updateQueryData('getComments', videoId, (draft) => {
                dropComments(draft, deleted);
              }),
            );
          }
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetCommentsInfiniteQuery, useCreateCommentMutation, useDeleteCommentMutation } = commentsApi;
