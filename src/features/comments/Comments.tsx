import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';

import { serverMessage } from '../../api/errors';
import type { Comment } from '../../api/types';
import { useAppSelector } from '../../app/hooks';
import { LoadMore } from '../../components/LoadMore';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/routes';
import { type Translate, useT } from '../../i18n/useT';
import { selectCurrentUser } from '../auth';
import { isModerator, ReportButton } from '../moderation';

import { CommentForm } from './CommentForm';
import {
  flattenCommentPages,
  isPendingComment,
  useCreateCommentMutation,
  useDeleteCommentMutation,
  useGetCommentsInfiniteQuery,
} from './commentsApi';
import './comments.css';

export interface CommentsProps {
  /** The self-shot video the comments belong to. */
  videoId: string;
  /** The video owner's user id: only the owner sees Delete. */
  ownerId: string;
}

/** Replies deeper than this keep their place in the thread but are no longer indented further. */
export const MAX_INDENT_DEPTH = 4;

type Thread = Map<string | null, Comment[]>;

/** Groups comments by parent, keeping the server's order (top level newest first, replies oldest first). A reply whose parent is gone shows at the top level. */
function buildThread(comments: readonly Comment[]): Thread {
  const ids = new Set(comments.map((comment) => comment._id));
  const thread: Thread = new Map();
  for (const comment of comments) {
    const parent = comment.parentComment && ids.has(comment.parentComment) ? comment.parentComment : null;
    const siblings = thread.get(parent);
    if (siblings) siblings.push(comment);
    else thread.set(parent, [comment]);
  }
  return thread;
}

/** A page after the first that did not come: the server's message (e.g. an expired position), else a general one. */
function loadMoreErrorText(error: unknown, t: Translate): string {
  return serverMessage(error) ?? t('comments.loadMoreFailed');
}

/** the server's message, else "Failed to post comment." when it answered; "Error posting comment." when it could not be reached. */
function postErrorText(error: unknown, t: Translate): string {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' || status === 'PARSING_ERROR') return serverMessage(error) ?? t('comments.postFailed');
  return t('comments.postError');
}

/**
 * The comments of a video: a threaded list with replies under their
 * parent, a comment box for logged-in users (a login prompt for visitors), Reply per comment,
 * and Delete for the video's owner. Content is shown as text, never as HTML.
 */
export function Comments({ videoId, ownerId }: CommentsProps) {
  const t = useT();
  const headingId = useId();
  const currentUser = useAppSelector(selectCurrentUser);
  // currentData belongs to this video only: another video's comments never show while these load.
  const {
    currentData: pages,
    error,
    isFetching,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
  } = useGetCommentsInfiniteQuery(videoId || skipToken);
  const comments = useMemo(() => (pages ? flattenCommentPages(pages) : undefined), [pages]);
  const isLoading = comments === undefined && (isFetching || (!error && Boolean(videoId)));
  const [createComment] = useCreateCommentMutation();
  const [deleteComment] = useDeleteCommentMutation();
  const [replyingTo, setReplyingTo] = useState<string | null>(null);

  const thread = useMemo(() => buildThread(comments ?? []), [comments]);
  const isOwner = Boolean(currentUser && ownerId && currentUser._id === ownerId);

  useEffect(() => {
    // Comment errors other than posting are only logged.
    if (error) console.error('Failed to load comments:', error);
  }, [error]);

  const post = async (content: string, parentComment?: string) => {
    try {
      await createComment({ content, videoId, parentComment }).unwrap();
    } catch (failure) {
      console.error('Failed to post comment:', failure);
      throw new Error(postErrorText(failure, t));
    }
  };

  const remove = (comment: Comment) => {
    if (!window.confirm(t('comments.deleteConfirm'))) return;
    if (replyingTo === comment._id) setReplyingTo(null);
    deleteComment({ commentId: comment._id, videoId })
      .unwrap()
      .catch((failure: unknown) => console.error('Failed to delete comment:', failure));
  };

  const context: ThreadContext = {
    thread,
    canReply: Boolean(currentUser),
    // Moderators may delete any comment; the server checks both.
    canDelete: isOwner || isModerator(currentUser),
    canReport: Boolean(currentUser),
    currentUserId: currentUser?._id ?? null,
    replyingTo,
    onReply: setReplyingTo,
    onPostReply: async (parent, content) => {
      await post(content, parent._id);
      setReplyingTo((current) => (current === parent._id ? null : current));
    },
    onDelete: remove,
  };
  const roots = thread.get(null) ?? [];

  return (
    <section className="comments" aria-labelledby={headingId}>
      <h2 id={headingId} className="comments__heading">
        {t('comments.heading')}
      </h2>

      {currentUser ? (
        <CommentForm
          label={t('comments.label')}
          placeholder={t('comments.placeholder')}
          submitLabel={t('comments.post')}
          onSubmit={(content) => post(content)}
        />
      ) : (
        <p className="comments__login-prompt">
          <FormattedMessage
            id="comments.loginPrompt"
            values={{ link: (chunks) => <Link to={paths.login}>{chunks}</Link> }}
          />
        </p>
      )}

      {isLoading ? (
        <Spinner size="small" label={t('comments.loading')} />
      ) : roots.length > 0 ? (
        <CommentList comments={roots} depth={0} context={context} />
      ) : error && !comments ? null : hasNextPage ? null : (
        <p className="comments__empty">{t('comments.empty')}</p>
      )}
      {comments ? (
        <LoadMore
          hasMore={hasNextPage}
          loading={isFetchingNextPage}
          errorText={isFetchNextPageError ? loadMoreErrorText(error, t) : null}
          onLoadMore={() => void fetchNextPage()}
          buttonLabel={t('comments.loadMore')}
          loadingLabel={t('comments.loadingMore')}
        />
      ) : null}
    </section>
  );
}

interface ThreadContext {
  thread: Thread;
  canReply: boolean;
  canDelete: boolean;
  canReport: boolean;
  currentUserId: string | null;
  replyingTo: string | null;
  onReply: (commentId: string | null) => void;
  onPostReply: (parent: Comment, content: string) => Promise<void>;
  onDelete: (comment: Comment) => void;
}

function CommentList({
  comments,
  depth,
  context,
  label,
}: {
  comments: Comment[];
  depth: number;
  context: ThreadContext;
  label?: string;
}) {
  const className = [
    'comment-list',
    depth > 0 ? 'comment-list--replies' : null,
    depth > MAX_INDENT_DEPTH ? 'comment-list--flat' : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <ol className={className} aria-label={label}>
      {comments.map((comment) => (
        <CommentItem key={comment._id} comment={comment} depth={depth} context={context} />
      ))}
    </ol>
  );
}

function CommentItem({ comment, depth, context }: { comment: Comment; depth: number; context: ThreadContext }) {
  const intl = useIntl();
  const t = useT();
  const pending = isPendingComment(comment);
  const replies = context.thread.get(comment._id) ?? [];
  const username = comment.user?.username ?? '';
  const authorId = comment.user?._id;
  const created = new Date(comment.createdAt);
  const replying = context.replyingTo === comment._id;

  return (
    <li className="comment-list__item">
      <article className={pending ? 'comment comment--pending' : 'comment'} aria-busy={pending || undefined}>
        <header className="comment__meta">
          {authorId ? (
            <Link className="comment__author" to={paths.profile(authorId)}>
              {username}
            </Link>
          ) : (
            <span className="comment__author">{username}</span>
          )}
          {pending ? (
            <span className="comment__time">{t('comments.pending')}</span>
          ) : Number.isNaN(created.getTime()) ? null : (
            <time className="comment__time" dateTime={comment.createdAt}>
              {intl.formatDate(created, { dateStyle: 'long', timeStyle: 'short' })}
            </time>
          )}
        </header>
        <p className="comment__content">{comment.content}</p>
        {!pending && (context.canReply || context.canDelete || context.canReport) ? (
          <div className="comment__actions">
            {context.canReply ? (
              <button
                type="button"
                className="btn btn--ghost btn--small"
                aria-expanded={replying}
                aria-label={t('comments.replyTo', { username })}
                onClick={() => context.onReply(replying ? null : comment._id)}
              >
                {t('comments.reply')}
              </button>
            ) : null}
            {context.canDelete ? (
              <button
                type="button"
                className="btn btn--ghost btn--small comment__delete"
                aria-label={t('comments.deleteLabel', { username })}
                onClick={() => context.onDelete(comment)}
              >
                {t('comments.delete')}
              </button>
            ) : null}
            {context.canReport && authorId !== context.currentUserId ? (
              <ReportButton targetType="comment" targetId={comment._id} author={username} />
            ) : null}
          </div>
        ) : null}
      </article>
      {replying ? (
        <CommentForm
          className="comment-form--reply"
          label={t('comments.replyLabel', { username })}
          placeholder={t('comments.replyPlaceholder')}
          submitLabel={t('comments.postReply')}
          cancelLabel={t('comments.cancel')}
          onSubmit={(content) => context.onPostReply(comment, content)}
          onCancel={() => context.onReply(null)}
          focusOnMount
        />
      ) : null}
      {replies.length > 0 ? (
        <CommentList
          comments={replies}
          depth={depth + 1}
          context={context}
          label={t('comments.replies', { username })}
        />
      ) : null}
    </li>
  );
}
