/**
 * GET /comments/:videoId answers in bounded pages (issue: unbounded answers): at most 100
 * top-level comments (default 50) with their replies, newest first, and an opaque nextCursor
 * bound to the video. Every comment appears exactly once across pages, also while new ones arrive.
 */
import type { AppInstance } from '../../server/app';
import type { UserRow, VideoRow } from '../../server/infra/db/schema';
import { COMMENTS_PAGE_DEFAULT, COMMENTS_PAGE_MAX, MAX_REPLIES_PER_THREAD } from '../../server/domains/comments/comments';
import { CURSOR_TTL_MS, encodeCursor } from '../../server/infra/cursors';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { API, addTestComment, createTestVideo, headersFor } from '../support/videos';

interface WireComment {
  _id: string;
  parentComment: string | null;
  createdAt: string;
  content: string;
}
interface Page {
  comments: WireComment[];
  nextCursor: string | null;
}

let testApp: TestApp;
let app: AppInstance;
let owner: UserRow;
let video: VideoRow;

beforeEach(async () => {
  testApp = await makeTestApp();
  app = testApp.app;
  owner = await createTestUser(app);
  video = await createTestVideo(app, owner.id);
});

afterEach(async () => {
  await testApp.close();
});

const T0 = Date.parse('2026-02-01T08:00:00.000Z');

function get(url: string, cookie?: string, language?: string) {
  return app.inject({ method: 'GET', url: `${API}${url}`, headers: headersFor(cookie, language) });
}

async function page(videoId: string, query = ''): Promise<Page> {
  const res = await get(`/comments/${videoId}${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<Page>();
}

/** Follows nextCursor to the end; `between` runs before each next page. */
async function walk(videoId: string, limit?: string, between?: () => Promise<void>): Promise<Page[]> {
  const pages = [await page(videoId, limit ? `?limit=${limit}` : '')];
  while (pages[pages.length - 1]!.nextCursor) {
    await between?.();
    const cursor = encodeURIComponent(pages[pages.length - 1]!.nextCursor!);
    pages.push(await page(videoId, `?cursor=${cursor}${limit ? `&limit=${limit}` : ''}`));
  }
  return pages;
}

/** `count` top-level comments one second apart, the first at T0; some share a timestamp. */
async function topLevel(count: number, videoId = video.id): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    // Every fifth comment shares the previous one's moment: the id breaks the tie.
    const at = new Date(T0 + (i - (i % 5 === 4 ? 1 : 0)) * 1000);
    ids.push((await addTestComment(app, { videoId, userId: owner.id, content: `top ${i}`, at })).id);
  }
  return ids;
}

describe('GET /comments/:videoId pages', () => {
  it('walks 130 comments in pages of 50, 50 and 30, newest first, each exactly once', async () => {
    await topLevel(130);
    const pages = await walk(video.id);
    expect(pages.map((p) => p.comments.length)).toEqual([COMMENTS_PAGE_DEFAULT, COMMENTS_PAGE_DEFAULT, 30]);
    expect(pages.map((p) => p.nextCursor === null)).toEqual([false, false, true]);
    const seen = pages.flatMap((p) => p.comments);
    expect(new Set(seen.map((c) => c._id)).size).toBe(130);
    const order = seen.map((c) => `${c.createdAt} ${c._id}`);
    expect(order).toEqual([...order].sort().reverse());
  });

  it('answers at most 100 top-level comments a page, as asked', async () => {
    await topLevel(130);
    const pages = await walk(video.id, String(COMMENTS_PAGE_MAX));
    expect(pages.map((p) => p.comments.length)).toEqual([100, 30]);
    expect((await walk(video.id, '7')).map((p) => p.comments.length)).toEqual([...Array<number>(18).fill(7), 4]);
  });

  it('keeps every comment on exactly one page while new comments arrive', async () => {
    const before = await topLevel(130);
    let posted = 0;
    const pages = await walk(video.id, '20', async () => {
      // Newer comments arrive between pages; one even shares the newest moment so far.
      posted += 1;
      await addTestComment(app, { videoId: video.id, userId: owner.id, content: `new ${posted}`, at: new Date(T0 + (200 + posted) * 1000) });
      await addTestComment(app, { videoId: video.id, userId: owner.id, content: `same ${posted}`, at: new Date(T0 + 129 * 1000) });
    });
    const seen = pages.flatMap((p) => p.comments.map((c) => c._id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => before.includes(id)).sort()).toEqual([...before].sort());
    // A new comment with the same moment as one served can only land on a page not yet served.
    expect(pages[0]!.comments.every((c) => !c.content.startsWith('new') && !c.content.startsWith('same'))).toBe(true);
  });

  it('sends each top-level comment with its replies of any depth, oldest first, on its own page', async () => {
    const roots = await topLevel(3);
    const reply = await addTestComment(app, { videoId: video.id, userId: owner.id, parentId: roots[0]!, at: new Date(T0 + 10_000) });
    const nested = await addTestComment(app, { videoId: video.id, userId: owner.id, parentId: reply.id, at: new Date(T0 + 11_000) });
    const second = await addTestComment(app, { videoId: video.id, userId: owner.id, parentId: roots[0]!, at: new Date(T0 + 12_000) });

    const pages = await walk(video.id, '2');
    expect(pages.map((p) => p.comments.map((c) => c._id))).toEqual([
      [roots[2], roots[1]],
      [roots[0], reply.id, nested.id, second.id],
    ]);
    expect(pages[1]!.comments.find((c) => c._id === nested.id)!.parentComment).toBe(reply.id);
  });

  it(`sends at most ${MAX_REPLIES_PER_THREAD} replies with a top-level comment, the oldest`, async () => {
    const [root] = await topLevel(1);
    const replies: string[] = [];
    for (let i = 0; i < MAX_REPLIES_PER_THREAD + 5; i += 1) {
      replies.push((await addTestComment(app, { videoId: video.id, userId: owner.id, parentId: root!, at: new Date(T0 + (i + 1) * 1000) })).id);
    }
    const { comments, nextCursor } = await page(video.id);
    expect(nextCursor).toBeNull();
    expect(comments.map((c) => c._id)).toEqual([root, ...replies.slice(0, MAX_REPLIES_PER_THREAD)]);
  });

  it('leaves out comments by a suspended user, with the replies under a top-level one, except for moderators', async () => {
    const suspended = await createTestUser(app, { suspended_at: new Date(T0).toISOString() });
    const moderator = await createTestUser(app, { role: 'moderator' });
    const [visible] = await topLevel(1);
    const hiddenRoot = await addTestComment(app, { videoId: video.id, userId: suspended.id, content: 'hidden root', at: new Date(T0 + 5000) });
    const underHidden = await addTestComment(app, { videoId: video.id, userId: owner.id, parentId: hiddenRoot.id, at: new Date(T0 + 6000) });
    const hiddenReply = await addTestComment(app, { videoId: video.id, userId: suspended.id, parentId: visible!, at: new Date(T0 + 7000) });
    const orphan = await addTestComment(app, { videoId: video.id, userId: owner.id, parentId: hiddenReply.id, at: new Date(T0 + 8000) });

    expect((await page(video.id)).comments.map((c) => c._id)).toEqual([visible, orphan.id]);
    const staff = (await get(`/comments/${video.id}`, await sessionCookieFor(app, moderator.id))).json<Page>();
    expect(staff.comments.map((c) => c._id)).toEqual([hiddenRoot.id, underHidden.id, visible, hiddenReply.id, orphan.id]);
  });

  it('keeps the first page readable as the original client reads it: { comments }', async () => {
    await topLevel(3);
    const res = await get(`/comments/${video.id}`);
    expect(Object.keys(res.json())).toEqual(['comments', 'nextCursor']);
    expect(res.json().nextCursor).toBeNull();
  });
});

describe('GET /comments/:videoId bad input', () => {
  const BAD_CURSOR = { success: false, message: 'This list position is not valid or has expired. Reload the page to start the list again.' };

  it.each(['0', '-1', 'abc', String(COMMENTS_PAGE_MAX + 1), ''])('refuses limit=%s (400)', async (limit) => {
    const res = await get(`/comments/${video.id}?limit=${limit}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: expect.any(String) });
  });

  it('refuses a forged, altered, expired or another video’s cursor (400), in the request’s language', async () => {
    await topLevel(60);
    const { nextCursor } = await page(video.id);
    const cursor = nextCursor!;
    const [payload, mac] = cursor.split('.') as [string, string];
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const altered = `${Buffer.from(JSON.stringify({ ...body, k: '2999-01-01T00:00:00.000Z' })).toString('base64url')}.${mac}`;
    const other = await createTestVideo(app, owner.id);
    const expired = await encodeCursor(app.db, `comments:${video.id}`, { key: String(body.k), id: String(body.i) }, Date.now() - CURSOR_TTL_MS - 1000);
    const stillGood = await encodeCursor(app.db, `comments:${video.id}`, { key: String(body.k), id: String(body.i) }, Date.now() - CURSOR_TTL_MS + 60_000);

    for (const bad of ['nonsense', `${payload}.`, `${payload}.${mac}.x`, altered, expired, 'x'.repeat(600)]) {
      const res = await get(`/comments/${video.id}?cursor=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect((await get(`/comments/${video.id}?cursor=${encodeURIComponent(altered)}`)).json()).toEqual(BAD_CURSOR);
    const elsewhere = await get(`/comments/${other.id}?cursor=${encodeURIComponent(cursor)}`);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual(BAD_CURSOR);
    const zh = await get(`/comments/${video.id}?cursor=${encodeURIComponent(expired)}`, undefined, 'zh');
    expect(zh.json()).toEqual({ success: false, message: '列表位置无效或已过期。请刷新页面，从头加载列表。' });
    expect((await get(`/comments/${video.id}?cursor=${encodeURIComponent(stillGood)}`)).statusCode).toBe(200);
  });

  it('refuses a cursor whose MAC is not in its canonical encoding (padding, a trailing character, unused bits)', async () => {
    await topLevel(60);
    const cursor = (await page(video.id)).nextCursor!;
    const mac = cursor.split('.')[1]!;
    // 16 bytes are 22 base64url characters: the last one's 4 low bits carry nothing, so flipping one decodes the same.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = `${cursor.slice(0, -1)}${alphabet[alphabet.indexOf(mac.at(-1)!) ^ 1]}`;
    expect(Buffer.from(sibling.split('.')[1]!, 'base64url')).toEqual(Buffer.from(mac, 'base64url'));
    for (const bad of [`${cursor}==`, `${cursor}=`, `${cursor}!`, `${cursor}~`, ` ${cursor}`, sibling]) {
      const res = await get(`/comments/${video.id}?cursor=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(BAD_CURSOR);
    }
    expect((await get(`/comments/${video.id}?cursor=${encodeURIComponent(cursor)}`)).statusCode).toBe(200);
  });

  it('answers 404 to a stranger with a cursor of a private video, and pages it for its owner', async () => {
    const privateVideo = await createTestVideo(app, owner.id, { visibility: 'private' });
    await topLevel(3, privateVideo.id);
    const ownerCookie = await sessionCookieFor(app, owner.id);
    const first = (await get(`/comments/${privateVideo.id}?limit=2`, ownerCookie)).json<Page>();
    expect(first.comments).toHaveLength(2);
    const next = `/comments/${privateVideo.id}?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`;
    expect((await get(next)).statusCode).toBe(404);
    expect((await get(next, ownerCookie)).json<Page>().comments).toHaveLength(1);
  });
});
