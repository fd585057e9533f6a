/**
 * GET /users/:id caps its lists (issue: unbounded answers): the first 50 uploads and liked
 * videos, with totals and cursors for GET /users/:id/videos and /users/:id/liked.
 */
import type { AppInstance } from '../../server/app';
import { toTimestamp } from '../../server/infra/db/ids';
import type { UserRow } from '../../server/infra/db/schema';
import { PROFILE_PAGE_DEFAULT, PROFILE_PAGE_MAX } from '../../server/domains/accounts/profiles';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { API, addTestLike, createTestVideo, headersFor } from '../support/videos';

interface ListPage {
  videos: Array<{ _id: string; visibility: string }>;
  total: number;
  nextCursor: string | null;
}

let testApp: TestApp;
let app: AppInstance;
let owner: UserRow;
let liker: UserRow;

beforeEach(async () => {
  testApp = await makeTestApp();
  app = testApp.app;
  owner = await createTestUser(app);
  liker = await createTestUser(app);
});

afterEach(async () => {
  await testApp.close();
});

const T0 = Date.parse('2026-02-01T08:00:00.000Z');

function get(url: string, cookie?: string) {
  return app.inject({ method: 'GET', url: `${API}${url}`, headers: headersFor(cookie) });
}

/** `count` uploads by the owner a minute apart (every tenth private), newest last; ids in creation order. */
async function uploads(count: number): Promise<Array<{ id: string; visibility: string }>> {
  const made = [];
  for (let i = 0; i < count; i += 1) {
    const visibility = i % 10 === 9 ? 'private' : 'public';
    const at = toTimestamp(new Date(T0 + i * 60_000));
    made.push(await createTestVideo(app, owner.id, { visibility, created_at: at, updated_at: at }));
  }
  return made;
}

async function walk(path: string, first: { ids: string[]; cursor: string | null }, cookie?: string): Promise<string[]> {
  const ids = [...first.ids];
  let cursor = first.cursor;
  while (cursor) {
    const res = await get(`${path}?cursor=${encodeURIComponent(cursor)}`, cookie);
    expect(res.statusCode).toBe(200);
    const page = res.json<ListPage>();
    expect(page.videos.length).toBeLessThanOrEqual(PROFILE_PAGE_DEFAULT);
    ids.push(...page.videos.map((video) => video._id));
    cursor = page.nextCursor;
  }
  return ids;
}

describe('GET /users/:id lists', () => {
  it('holds the first 50 uploads and likes, with totals and cursors for the rest', async () => {
    const made = await uploads(130);
    // The liker likes the owner's public videos, the oldest first.
    const publicOnes = made.filter((video) => video.visibility === 'public');
    for (const [index, video] of publicOnes.entries()) await addTestLike(app, video.id, liker.id, new Date(T0 + index * 1000));

    const profile = (await get(`/users/${owner.id}`)).json();
    expect(profile.success).toBe(true);
    expect(profile.videos).toHaveLength(PROFILE_PAGE_DEFAULT);
    expect(profile.videosTotal).toBe(publicOnes.length);
    expect(profile.likedVideos).toEqual([]);
    expect(profile.likedVideosTotal).toBe(0);
    expect(profile.likedVideosNextCursor).toBeNull();

    const newestFirst = publicOnes.map((video) => video.id).reverse();
    const all = await walk(`/users/${owner.id}/videos`, { ids: profile.videos.map((v: { _id: string }) => v._id), cursor: profile.videosNextCursor });
    expect(all).toEqual(newestFirst);

    // The owner sees the private ones too.
    const ownerCookie = await sessionCookieFor(app, owner.id);
    const own = (await get(`/users/${owner.id}`, ownerCookie)).json();
    expect(own.videosTotal).toBe(130);
    const ownAll = await walk(`/users/${owner.id}/videos`, { ids: own.videos.map((v: { _id: string }) => v._id), cursor: own.videosNextCursor }, ownerCookie);
    expect(ownAll).toEqual(made.map((video) => video.id).reverse());

    // Likes: most recently liked first, across pages.
    const likerProfile = (await get(`/users/${liker.id}`)).json();
    expect(likerProfile.likedVideos).toHaveLength(PROFILE_PAGE_DEFAULT);
    expect(likerProfile.likedVideosTotal).toBe(publicOnes.length);
    const liked = await walk(`/users/${liker.id}/liked`, {
      ids: likerProfile.likedVideos.map((v: { _id: string }) => v._id),
      cursor: likerProfile.likedVideosNextCursor,
    });
    expect(liked).toEqual(newestFirst);
  });

  it('pages from the start without a cursor, up to 100 a page', async () => {
    await uploads(120);
    const first = (await get(`/users/${owner.id}/videos?limit=${PROFILE_PAGE_MAX}`)).json<ListPage>();
    expect(first.videos).toHaveLength(PROFILE_PAGE_MAX);
    expect(first.total).toBe(108);
    const rest = (await get(`/users/${owner.id}/videos?limit=${PROFILE_PAGE_MAX}&cursor=${encodeURIComponent(first.nextCursor!)}`)).json<ListPage>();
    expect(rest.videos).toHaveLength(8);
    expect(rest.nextCursor).toBeNull();
  });

  it('refuses bad limits and cursors of another list or user (400), and unknown users (404)', async () => {
    await uploads(60);
    const profile = (await get(`/users/${owner.id}`)).json();
    const cursor = encodeURIComponent(profile.videosNextCursor);
    for (const url of [
      `/users/${owner.id}/videos?limit=0`,
      `/users/${owner.id}/videos?limit=-3`,
      `/users/${owner.id}/liked?limit=many`,
      `/users/${owner.id}/videos?limit=${PROFILE_PAGE_MAX + 1}`,
      `/users/${owner.id}/videos?cursor=forged.cursor`,
      `/users/${owner.id}/liked?cursor=${cursor}`,
      `/users/${liker.id}/videos?cursor=${cursor}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    const unknown = await get('/users/0123456789abcdef01234567/videos');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'User not found.' });
  });
});
