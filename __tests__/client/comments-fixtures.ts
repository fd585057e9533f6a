import { http, HttpResponse } from 'msw';

import type { Comment, SelfieVideo, User } from '../../src/api/types';
import { server } from '../support/msw-server';

export const owner: User = { _id: 'owner1', username: 'olivia', email: 'olivia@example.com', verified: true, walletAddress: null, role: 'user' };
export const viewer: User = { _id: 'u42', username: 'alice', email: 'alice@example.com', verified: true, walletAddress: null, role: 'user' };

/** Preloaded store state with `user` logged in (or a visitor when null). */
export function authState(user: User | null) {
  return { auth: { isLoggedIn: Boolean(user), user, loading: false } };
}

let clock = Date.UTC(2024, 0, 15, 10, 0, 0);

export function makeComment(id: string, overrides: Partial<Comment> = {}): Comment {
  clock += 60_000;
  return {
    _id: id,
    content: `Comment ${id}`,
    user: { _id: 'u7', username: 'bob' },
    createdAt: new Date(clock).toISOString(),
    parentComment: null,
    video: 'v1',
    ...overrides,
  };
}

export function makeSelfieVideo(id: string, overrides: Partial<SelfieVideo> = {}): SelfieVideo {
  return {
    _id: id,
    movieId: `movie-${id}`,
    title: `Video ${id}`,
    description: `About ${id}`,
    visibility: 'public',
    views: 12,
    cdnUrl: `/media/${id}.mp4`,
    thumbnailCdnUrl: `/media/${id}.jpg`,
    user: owner._id,
    username: owner.username,
    createdAt: '2024-01-10T12:00:00.000Z',
    updatedAt: '2024-01-10T12:00:00.000Z',
    status: 'ready',
    processingProgress: 100,
    processingError: null,
    processingErrorCode: null,
    processingStage: 'done',
    queuePosition: null,
    etaSeconds: null,
    duration: 65,
    width: 1280,
    height: 720,
    hlsUrl: null,
    posterUrl: null,
    thumbnailSources: [],
    progressiveSources: [],
    audioHlsUrl: null,
    hasAudio: null,
    storyboardUrl: null,
    chapters: [],
    resumeAt: null,
    qualities: 0,
    captions: [],
    ...overrides,
  };
}

type Answer = (request: Request) => Response | Promise<Response> | undefined | Promise<Response | undefined>;

export interface CommentsServerOptions {
  /** Replaces the create answer (return undefined to fall through to the default). */
  onCreate?: Answer;
  /** Replaces the delete answer (return undefined to fall through to the default). */
  onDelete?: Answer;
  /** Replaces the list answer. */
  onList?: Answer;
}

/**
 * A stateful stand-in for the comments API of one video: GET lists, POST creates (as the
 * logged-in `author`), DELETE removes the comment and all its replies. Records every request.
 */
export function serveComments(videoId: string, initial: Comment[], author: User = viewer, options: CommentsServerOptions = {}) {
  const state = { comments: [...initial], created: 0 };
  const log = { lists: 0, creates: [] as unknown[], deletes: [] as string[] };

  server.use(
    http.get(`*/v0/api/comments/${videoId}`, async ({ request }) => {
      log.lists += 1;
      const custom = await options.onList?.(request);
      return custom ?? HttpResponse.json({ comments: state.comments });
    }),
    http.post('*/v0/api/comments/create', async ({ request }) => {
      const body = (await request.clone().json()) as { content: string; videoId: string; parentComment?: string };
      log.creates.push(body);
      const custom = await options.onCreate?.(request);
      if (custom) return custom;
      state.created += 1;
      const comment: Comment = {
        _id: `new${state.created}`,
        content: body.content,
        user: { _id: author._id, username: author.username },
        createdAt: new Date(Date.UTC(2024, 1, 1, 9, 30)).toISOString(),
        parentComment: body.parentComment ?? null,
        video: body.videoId,
      };
      state.comments.push(comment);
      return HttpResponse.json({ success: true, comment, message: 'Comment added.' }, { status: 201 });
    }),
    http.delete('*/v0/api/comments/:commentId', async ({ request, params }) => {
      const commentId = String(params.commentId);
      log.deletes.push(commentId);
      const custom = await options.onDelete?.(request);
      if (custom) return custom;
      const deletedIds = new Set([commentId]);
      let grew = true;
      while (grew) {
        grew = false;
        for (const comment of state.comments) {
          if (comment.parentComment && deletedIds.has(comment.parentComment) && !deletedIds.has(comment._id)) {
            deletedIds.add(comment._id);
            grew = true;
          }
        }
      }
      state.comments = state.comments.filter((comment) => !deletedIds.has(comment._id));
      return HttpResponse.json({ success: true, message: 'Comment deleted.', deletedIds: [...deletedIds] });
    }),
  );
  return { state, log };
}

/** A promise the test resolves when it wants a held-back answer to go out. */
export function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}
