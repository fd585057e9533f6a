import type { AppInstance } from '../../server/app';
import type { CommentRow, UserRow, VideoRow } from '../../server/infra/db/schema';
import { COMMENT_LIMITS } from '../../server/domains/comments/comment-routes';
import { COMMENT_MAX_LENGTH, MAX_THREAD_DEPTH } from '../../server/domains/comments/comments';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { API, addTestComment, createTestVideo, headersFor } from '../support/videos';

const VIDEO_NOT_FOUND = { success: false, message: 'Video not found.' };
const COMMENT_NOT_FOUND = { success: false, message: 'Comment not found.' };
const LOGIN_REQUIRED = { success: false, message: 'Please log in to continue.' };
const EMPTY = { success: false, message: 'Comment cannot be empty.' };
const TOO_LONG = { success: false, message: `Comment must be at most ${COMMENT_MAX_LENGTH} characters long.` };
const DELETE_FORBIDDEN = {
  success: false,
  message: 'You can only delete your own comments or comments on your own videos.',
};

let testApp: TestApp;
let app: AppInstance;

beforeEach(async () => {
  testApp = await makeTestApp();
  app = testApp.app;
});

afterEach(async () => {
  await testApp.close();
});

interface Actors {
  owner: UserRow;
  author: UserRow;
  stranger: UserRow;
  ownerCookie: string;
  authorCookie: string;
  strangerCookie: string;
  publicVideo: VideoRow;
  privateVideo: VideoRow;
}

async function actors(): Promise<Actors> {
  const [owner, author, stranger] = await Promise.all([createTestUser(app), createTestUser(app), createTestUser(app)]);
  return {
    owner,
    author,
    stranger,
    ownerCookie: await sessionCookieFor(app, owner.id),
    authorCookie: await sessionCookieFor(app, author.id),
    strangerCookie: await sessionCookieFor(app, stranger.id),
    publicVideo: await createTestVideo(app, owner.id),
    privateVideo: await createTestVideo(app, owner.id, { visibility: 'private' }),
  };
}

function getComments(videoId: string, cookie?: string) {
  return app.inject({ method: 'GET', url: `${API}/comments/${videoId}`, headers: headersFor(cookie) });
}

function postComment(payload: Record<string, unknown>, cookie?: string, language?: string) {
  return app.inject({ method: 'POST', url: `${API}/comments/create`, headers: headersFor(cookie, language), payload });
}

function deleteComment(commentId: string, cookie?: string) {
  return app.inject({ method: 'DELETE', url: `${API}/comments/${commentId}`, headers: headersFor(cookie) });
}

async function commentIds(videoId: string): Promise<string[]> {
  const rows = await app.db.selectFrom('comments').select('id').where('video_id', '=', videoId).execute();
  return rows.map((row) => row.id).sort();
}

/** A chain of `length` comments, each replying to the previous one; the first is top-level. */
async function replyChain(videoId: string, userId: string, length: number): Promise<CommentRow[]> {
  const chain: CommentRow[] = [];
  for (let i = 0; i < length; i += 1) {
    chain.push(await addTestComment(app, { videoId, userId, parentId: chain[i - 1]?.id ?? null, content: `level ${i + 1}` }));
  }
  return chain;
}

describe('GET /comments/:videoId', () => {
  it('lists a public video’s comments to everyone, newest top-level first with its replies, in the wire shape', async () => {
    const { publicVideo, author, owner } = await actors();
    const t0 = Date.parse('2026-01-01T10:00:00.000Z');
    const later = await addTestComment(app, { videoId: publicVideo.id, userId: owner.id, content: 'second', at: new Date(t0 + 1000) });
    const first = await addTestComment(app, { videoId: publicVideo.id, userId: author.id, content: 'first', at: new Date(t0) });
    const reply = await addTestComment(app, {
      videoId: publicVideo.id,
      userId: owner.id,
      content: 'reply',
      parentId: first.id,
      at: new Date(t0 + 2000),
    });

    const res = await getComments(publicVideo.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      comments: [
        {
          _id: later.id,
          content: 'second',
          user: { _id: owner.id, username: owner.username },
          createdAt: '2026-01-01T10:00:01.000Z',
          parentComment: null,
          video: publicVideo.id,
        },
        {
          _id: first.id,
          content: 'first',
          user: { _id: author.id, username: author.username },
          createdAt: '2026-01-01T10:00:00.000Z',
          parentComment: null,
          video: publicVideo.id,
        },
        {
          _id: reply.id,
          content: 'reply',
          user: { _id: owner.id, username: owner.username },
          createdAt: '2026-01-01T10:00:02.000Z',
          parentComment: first.id,
          video: publicVideo.id,
        },
      ],
      nextCursor: null,
    });
  });

  it('answers 404 for a private video to visitors and other users, and the comments to its owner', async () => {
    const { privateVideo, owner, ownerCookie, strangerCookie } = await actors();
    await addTestComment(app, { videoId: privateVideo.id, userId: owner.id, content: 'note to self' });
    for (const cookie of [undefined, strangerCookie]) {
      const res = await getComments(privateVideo.id, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(VIDEO_NOT_FOUND);
    }
    const own = await getComments(privateVideo.id, ownerCookie);
    expect(own.statusCode).toBe(200);
    expect(own.json<{ comments: { content: string }[] }>().comments.map((comment) => comment.content)).toEqual(['note to self']);
  });

  it('answers 404 for an unknown video', async () => {
    const res = await getComments('0123456789abcdef01234567');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(VIDEO_NOT_FOUND);
    expect((await getComments('x'.repeat(90))).json()).toEqual(VIDEO_NOT_FOUND);
  });
});

describe('POST /comments/create', () => {
  it('asks a visitor to log in (401)', async () => {
    const { publicVideo } = await actors();
    const res = await postComment({ content: 'hi', videoId: publicVideo.id });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(LOGIN_REQUIRED);
    expect(await commentIds(publicVideo.id)).toEqual([]);
  });

  it('posts a trimmed comment by any signed-in user on a public video (201)', async () => {
    const { publicVideo, author, authorCookie } = await actors();
    const res = await postComment({ content: '  Nice video!  \n', videoId: publicVideo.id }, authorCookie);
    expect(res.statusCode).toBe(201);
    const body = res.json<{ success: boolean; message: string; comment: Record<string, unknown> }>();
    expect(body).toEqual({
      success: true,
      message: 'Comment posted successfully!',
      comment: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        content: 'Nice video!',
        user: { _id: author.id, username: author.username },
        createdAt: expect.any(String),
        parentComment: null,
        video: publicVideo.id,
      },
    });
    const listed = (await getComments(publicVideo.id)).json<{ comments: unknown[] }>().comments;
    expect(listed).toEqual([body.comment]);
  });

  it('accepts parentComment null or "" as a top-level comment', async () => {
    const { publicVideo, authorCookie } = await actors();
    for (const parentComment of [null, '']) {
      const res = await postComment({ content: 'top', videoId: publicVideo.id, parentComment }, authorCookie);
      expect(res.statusCode).toBe(201);
      expect(res.json<{ comment: { parentComment: unknown } }>().comment.parentComment).toBeNull();
    }
  });

  it('lets only the owner comment on a private video (404 to others)', async () => {
    const { privateVideo, strangerCookie, ownerCookie } = await actors();
    const other = await postComment({ content: 'hi', videoId: privateVideo.id }, strangerCookie);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(VIDEO_NOT_FOUND);
    const own = await postComment({ content: 'mine', videoId: privateVideo.id }, ownerCookie);
    expect(own.statusCode).toBe(201);
  });

  it('answers 404 for an unknown video', async () => {
    const { authorCookie } = await actors();
    const res = await postComment({ content: 'hi', videoId: '0123456789abcdef01234567' }, authorCookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(VIDEO_NOT_FOUND);
  });

  describe('content', () => {
    it('refuses empty, blank and missing content (400)', async () => {
      const { publicVideo, authorCookie } = await actors();
      for (const content of ['', '   ', '\n\t ', '\u3000']) {
        const res = await postComment({ content, videoId: publicVideo.id }, authorCookie);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(EMPTY);
      }
      const missing = await postComment({ videoId: publicVideo.id }, authorCookie);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual(EMPTY);
      expect(await commentIds(publicVideo.id)).toEqual([]);
    });

    it(`takes up to ${COMMENT_MAX_LENGTH} characters after trimming, counting CJK and emoji as one each`, async () => {
      const { publicVideo, authorCookie } = await actors();
      const cases = ['a'.repeat(COMMENT_MAX_LENGTH), '好'.repeat(COMMENT_MAX_LENGTH), '😀'.repeat(COMMENT_MAX_LENGTH)];
      for (const content of cases) {
        const res = await postComment({ content: `  ${content}  `, videoId: publicVideo.id }, authorCookie);
        expect(res.statusCode).toBe(201);
        expect(res.json<{ comment: { content: string } }>().comment.content).toBe(content);
      }
    });

    it(`refuses more than ${COMMENT_MAX_LENGTH} characters (400)`, async () => {
      const { publicVideo, authorCookie } = await actors();
      for (const content of ['a'.repeat(COMMENT_MAX_LENGTH + 1), 'x'.repeat(COMMENT_MAX_LENGTH * 5)]) {
        const res = await postComment({ content, videoId: publicVideo.id }, authorCookie);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(TOO_LONG);
      }
    });

    it('answers in Chinese when asked', async () => {
      const { publicVideo, authorCookie } = await actors();
      const empty = await postComment({ content: ' ', videoId: publicVideo.id }, authorCookie, 'zh-CN');
      expect(empty.json()).toEqual({ success: false, message: '评论内容不能为空。' });
      const long = await postComment({ content: 'a'.repeat(COMMENT_MAX_LENGTH + 1), videoId: publicVideo.id }, authorCookie, 'zh');
      expect(long.json()).toEqual({ success: false, message: `评论不能超过 ${COMMENT_MAX_LENGTH} 个字符。` });
      const created = await postComment({ content: '你好', videoId: publicVideo.id }, authorCookie, 'zh');
      expect(created.json<{ message: string }>().message).toBe('评论发表成功！');
    });

    it('refuses unknown fields and a missing videoId (400)', async () => {
      const { publicVideo, authorCookie } = await actors();
      const extra = await postComment({ content: 'hi', videoId: publicVideo.id, userId: 'x' }, authorCookie);
      expect(extra.statusCode).toBe(400);
      expect(extra.json()).toEqual({ success: false, message: 'userId is not an accepted field.' });
      const noVideo = await postComment({ content: 'hi' }, authorCookie);
      expect(noVideo.statusCode).toBe(400);
      expect(noVideo.json()).toEqual({ success: false, message: 'videoId is required.' });
    });
  });

  describe('replies', () => {
    it('threads replies to comments and to replies, pointing at the direct parent', async () => {
      const { publicVideo, authorCookie, ownerCookie } = await actors();
      const top = (await postComment({ content: 'top', videoId: publicVideo.id }, authorCookie)).json<{ comment: { _id: string } }>()
        .comment;
      const reply = await postComment({ content: 'reply', videoId: publicVideo.id, parentComment: top._id }, ownerCookie);
      expect(reply.statusCode).toBe(201);
      const replyComment = reply.json<{ comment: { _id: string; parentComment: string } }>().comment;
      expect(replyComment.parentComment).toBe(top._id);

      const nested = await postComment({ content: 'nested', videoId: publicVideo.id, parentComment: replyComment._id }, authorCookie);
      expect(nested.statusCode).toBe(201);
      expect(nested.json<{ comment: { parentComment: string } }>().comment.parentComment).toBe(replyComment._id);
    });

    it('refuses a parent on another video (400)', async () => {
      const { publicVideo, owner, authorCookie } = await actors();
      const elsewhere = await createTestVideo(app, owner.id);
      const parent = await addTestComment(app, { videoId: elsewhere.id, userId: owner.id });
      const res = await postComment({ content: 'reply', videoId: publicVideo.id, parentComment: parent.id }, authorCookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'You can only reply to a comment on the same video.' });
      expect(await commentIds(publicVideo.id)).toEqual([]);
    });

    it('refuses a parent that does not exist (404)', async () => {
      const { publicVideo, authorCookie } = await actors();
      const res = await postComment(
        { content: 'reply', videoId: publicVideo.id, parentComment: '0123456789abcdef01234567' },
        authorCookie,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'The comment you are replying to no longer exists.' });
    });

    it(`allows threads up to ${MAX_THREAD_DEPTH} levels deep`, async () => {
      const { publicVideo, owner, authorCookie } = await actors();
      const chain = await replyChain(publicVideo.id, owner.id, MAX_THREAD_DEPTH);
      const deepest = chain[MAX_THREAD_DEPTH - 1]!;
      const tooDeep = await postComment({ content: 'deeper', videoId: publicVideo.id, parentComment: deepest.id }, authorCookie);
      expect(tooDeep.statusCode).toBe(400);
      expect(tooDeep.json()).toEqual({
        success: false,
        message: 'This conversation is nested too deeply to reply here. Please reply further up the thread.',
      });
      const parent = chain[MAX_THREAD_DEPTH - 2]!;
      const lastLevel = await postComment({ content: 'last', videoId: publicVideo.id, parentComment: parent.id }, authorCookie);
      expect(lastLevel.statusCode).toBe(201);
    });
  });

  it(`limits comments to ${COMMENT_LIMITS.createPerUser.max} a minute per user (429)`, async () => {
    const { publicVideo, authorCookie, strangerCookie } = await actors();
    for (let i = 0; i < COMMENT_LIMITS.createPerUser.max; i += 1) {
      expect((await postComment({ content: `comment ${i}`, videoId: publicVideo.id }, authorCookie)).statusCode).toBe(201);
    }
    const limited = await postComment({ content: 'one more', videoId: publicVideo.id }, authorCookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: 'You are commenting too quickly. Please wait a moment and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await postComment({ content: 'me too', videoId: publicVideo.id }, strangerCookie)).statusCode).toBe(201);
  });
});

describe('DELETE /comments/:commentId', () => {
  /** top (author) ← reply (stranger) ← nested (owner); plus an unrelated top-level comment. */
  async function thread(a: Actors) {
    const t0 = Date.parse('2026-01-01T10:00:00.000Z');
    const top = await addTestComment(app, { videoId: a.publicVideo.id, userId: a.author.id, at: new Date(t0) });
    const reply = await addTestComment(app, {
      videoId: a.publicVideo.id,
      userId: a.stranger.id,
      parentId: top.id,
      at: new Date(t0 + 1000),
    });
    const nested = await addTestComment(app, {
      videoId: a.publicVideo.id,
      userId: a.owner.id,
      parentId: reply.id,
      at: new Date(t0 + 2000),
    });
    const sibling = await addTestComment(app, { videoId: a.publicVideo.id, userId: a.stranger.id, at: new Date(t0 + 3000) });
    return { top, reply, nested, sibling };
  }

  it('asks a visitor to log in (401)', async () => {
    const a = await actors();
    const { top } = await thread(a);
    const res = await deleteComment(top.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(LOGIN_REQUIRED);
    expect(await commentIds(a.publicVideo.id)).toHaveLength(4);
  });

  it('refuses anyone but the author and the video’s owner (403), even the author of a reply', async () => {
    const a = await actors();
    const { top } = await thread(a);
    // The stranger wrote a reply below `top`, but not `top` itself.
    const res = await deleteComment(top.id, a.strangerCookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(DELETE_FORBIDDEN);
    expect(await commentIds(a.publicVideo.id)).toHaveLength(4);
  });

  it('lets the author delete their comment with all its replies', async () => {
    const a = await actors();
    const { top, reply, nested, sibling } = await thread(a);
    const res = await deleteComment(top.id, a.authorCookie);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; message: string; deletedIds: string[] }>();
    expect(body.success).toBe(true);
    expect(body.message).toBe('Comment deleted successfully!');
    // Parents before their replies.
    expect(body.deletedIds).toEqual([top.id, reply.id, nested.id]);
    expect(await commentIds(a.publicVideo.id)).toEqual([sibling.id]);
  });

  it('lets the video’s owner delete anyone’s comment on it', async () => {
    const a = await actors();
    const { reply, nested, top, sibling } = await thread(a);
    const res = await deleteComment(reply.id, a.ownerCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ deletedIds: string[] }>().deletedIds).toEqual([reply.id, nested.id]);
    expect(await commentIds(a.publicVideo.id)).toEqual([top.id, sibling.id].sort());
  });

  it('lets a reply’s author (not the video’s owner) delete that reply and the replies below it', async () => {
    const a = await actors();
    const { top, reply, nested, sibling } = await thread(a);
    const res = await deleteComment(reply.id, a.strangerCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ deletedIds: string[] }>().deletedIds).toEqual([reply.id, nested.id]);
    expect(await commentIds(a.publicVideo.id)).toEqual([top.id, sibling.id].sort());
  });

  it('answers 404 for an unknown comment, and for one already deleted', async () => {
    const a = await actors();
    const { top } = await thread(a);
    expect((await deleteComment('0123456789abcdef01234567', a.ownerCookie)).json()).toEqual(COMMENT_NOT_FOUND);
    expect((await deleteComment('x'.repeat(90), a.ownerCookie)).json()).toEqual(COMMENT_NOT_FOUND);
    expect((await deleteComment(top.id, a.authorCookie)).statusCode).toBe(200);
    const again = await deleteComment(top.id, a.authorCookie);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(COMMENT_NOT_FOUND);
  });

  it('hides comments on a video that became private from everyone but its owner (404)', async () => {
    const a = await actors();
    const { top } = await thread(a);
    await app.db.updateTable('videos').set({ visibility: 'private' }).where('id', '=', a.publicVideo.id).execute();
    const res = await deleteComment(top.id, a.authorCookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(COMMENT_NOT_FOUND);
    expect((await deleteComment(top.id, a.ownerCookie)).statusCode).toBe(200);
  });

  it('deletes a thread of the greatest depth in one go (and its video can still be deleted)', async () => {
    const a = await actors();
    const chain = await replyChain(a.publicVideo.id, a.author.id, MAX_THREAD_DEPTH);
    const res = await deleteComment(chain[0]!.id, a.authorCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ deletedIds: string[] }>().deletedIds).toEqual(chain.map((comment) => comment.id));
    expect(await commentIds(a.publicVideo.id)).toEqual([]);

    // The same depth must not stop a video's deletion (comments cascade from the video too).
    await replyChain(a.publicVideo.id, a.author.id, MAX_THREAD_DEPTH);
    await app.db.deleteFrom('videos').where('id', '=', a.publicVideo.id).execute();
    expect(await commentIds(a.publicVideo.id)).toEqual([]);
  });
});
