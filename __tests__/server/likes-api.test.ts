import type { AppInstance } from '../../server/app';
import type { UserRow, VideoRow } from '../../server/infra/db/schema';
import { LIKE_LIMITS } from '../../server/domains/videos/like-routes';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { API, addTestLike, createTestVideo, headersFor } from '../support/videos';

const VIDEO_NOT_FOUND = { success: false, message: 'Video not found.' };
const LOGIN_REQUIRED = { success: false, message: 'Please log in to continue.' };

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
  other: UserRow;
  ownerCookie: string;
  otherCookie: string;
  publicVideo: VideoRow;
  privateVideo: VideoRow;
}

async function actors(): Promise<Actors> {
  const owner = await createTestUser(app);
  const other = await createTestUser(app);
  return {
    owner,
    other,
    ownerCookie: await sessionCookieFor(app, owner.id),
    otherCookie: await sessionCookieFor(app, other.id),
    publicVideo: await createTestVideo(app, owner.id),
    privateVideo: await createTestVideo(app, owner.id, { visibility: 'private' }),
  };
}

function getLikes(videoId: string, cookie?: string, language?: string) {
  return app.inject({ method: 'GET', url: `${API}/videos/selfieVideos/${videoId}/likes`, headers: headersFor(cookie, language) });
}

function toggle(videoId: string, cookie?: string, options: { payload?: string; contentType?: string } = {}) {
  const headers = headersFor(cookie);
  if (options.contentType) headers['content-type'] = options.contentType;
  return app.inject({
    method: 'POST',
    url: `${API}/videos/selfieVideos/${videoId}/toggle-like`,
    headers,
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
  });
}

describe('GET /videos/selfieVideos/:id/likes', () => {
  it('counts likes for everyone and tells a signed-in viewer whether they liked it', async () => {
    const { publicVideo, other, otherCookie, ownerCookie } = await actors();
    await addTestLike(app, publicVideo.id, other.id);
    await addTestLike(app, publicVideo.id, (await createTestUser(app)).id);

    const visitor = await getLikes(publicVideo.id);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ likes: 2, likedByUser: false });
    expect(visitor.headers['cache-control']).toBe('no-store');

    expect((await getLikes(publicVideo.id, otherCookie)).json()).toEqual({ likes: 2, likedByUser: true });
    expect((await getLikes(publicVideo.id, ownerCookie)).json()).toEqual({ likes: 2, likedByUser: false });
  });

  it('answers 404 for a private video to visitors and other users, and the likes to its owner', async () => {
    const { privateVideo, owner, ownerCookie, otherCookie } = await actors();
    await addTestLike(app, privateVideo.id, owner.id);

    for (const cookie of [undefined, otherCookie]) {
      const res = await getLikes(privateVideo.id, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(VIDEO_NOT_FOUND);
    }
    const own = await getLikes(privateVideo.id, ownerCookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ likes: 1, likedByUser: true });
  });

  it('answers 404 for unknown and malformed ids, in Chinese when asked', async () => {
    await actors();
    expect((await getLikes('0123456789abcdef01234567')).json()).toEqual(VIDEO_NOT_FOUND);
    expect((await getLikes('not-a-video')).statusCode).toBe(404);
    expect((await getLikes('x'.repeat(90))).statusCode).toBe(404);
    const zh = await getLikes('0123456789abcdef01234567', undefined, 'zh-CN,zh;q=0.9');
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({ success: false, message: '未找到该视频。' });
  });
});

describe('POST /videos/selfieVideos/:id/toggle-like', () => {
  it('asks a visitor to log in (401) and changes nothing', async () => {
    const { publicVideo } = await actors();
    const res = await toggle(publicVideo.id, undefined, { payload: '{}', contentType: 'application/json' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(LOGIN_REQUIRED);
    expect((await getLikes(publicVideo.id)).json()).toEqual({ likes: 0, likedByUser: false });
  });

  it('likes, then unlikes, answering the state and the count after the change', async () => {
    const { publicVideo, otherCookie, ownerCookie } = await actors();
    const first = await toggle(publicVideo.id, otherCookie, { payload: '{}', contentType: 'application/json' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, liked: true, likes: 1 });

    expect((await toggle(publicVideo.id, ownerCookie)).json()).toEqual({ success: true, liked: true, likes: 2 });
    expect((await toggle(publicVideo.id, otherCookie)).json()).toEqual({ success: true, liked: false, likes: 1 });
    expect((await getLikes(publicVideo.id, otherCookie)).json()).toEqual({ likes: 1, likedByUser: false });
    expect((await getLikes(publicVideo.id, ownerCookie)).json()).toEqual({ likes: 1, likedByUser: true });
  });

  it('accepts {}, null, no body and an empty JSON body; rejects fields', async () => {
    const { publicVideo, otherCookie } = await actors();
    const bodies = [
      { payload: '{}', contentType: 'application/json' },
      { payload: 'null', contentType: 'application/json' },
      { payload: '', contentType: 'application/json' },
      { payload: '', contentType: 'application/json; charset=utf-8' },
      {},
    ];
    let liked = false;
    for (const body of bodies) {
      const res = await toggle(publicVideo.id, otherCookie, body);
      expect(res.statusCode).toBe(200);
      liked = !liked;
      expect(res.json()).toEqual({ success: true, liked, likes: liked ? 1 : 0 });
    }

    const extra = await toggle(publicVideo.id, otherCookie, { payload: '{"userId":"x"}', contentType: 'application/json' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ success: false, message: 'userId is not an accepted field.' });
    const broken = await toggle(publicVideo.id, otherCookie, { payload: '{', contentType: 'application/json' });
    expect(broken.statusCode).toBe(400);
  });

  it('lets only the owner like a private video (404 to others)', async () => {
    const { privateVideo, otherCookie, ownerCookie } = await actors();
    const other = await toggle(privateVideo.id, otherCookie);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(VIDEO_NOT_FOUND);
    expect((await toggle(privateVideo.id, ownerCookie)).json()).toEqual({ success: true, liked: true, likes: 1 });
  });

  it('answers 404 for an unknown video', async () => {
    const { otherCookie } = await actors();
    const res = await toggle('0123456789abcdef01234567', otherCookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(VIDEO_NOT_FOUND);
  });

  it('stays consistent under 20 concurrent toggles by one user', async () => {
    const { publicVideo, otherCookie } = await actors();
    const responses = await Promise.all(Array.from({ length: 20 }, () => toggle(publicVideo.id, otherCookie)));
    const bodies = responses.map((res) => {
      expect(res.statusCode).toBe(200);
      return res.json<{ success: boolean; liked: boolean; likes: number }>();
    });
    // Each toggle flipped the state exactly once, and reported the count right after its flip.
    for (const body of bodies) expect(body.likes).toBe(body.liked ? 1 : 0);
    expect(bodies.filter((body) => body.liked)).toHaveLength(10);

    const final = (await getLikes(publicVideo.id, otherCookie)).json<{ likes: number; likedByUser: boolean }>();
    expect([0, 1]).toContain(final.likes);
    expect(final.likedByUser).toBe(final.likes === 1);
    // An even number of flips from "not liked" ends "not liked".
    expect(final).toEqual({ likes: 0, likedByUser: false });
    const rows = await app.db.selectFrom('video_likes').selectAll().where('video_id', '=', publicVideo.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('ends in a state matching the last answer after an odd number of concurrent toggles', async () => {
    const { publicVideo, otherCookie } = await actors();
    const responses = await Promise.all(Array.from({ length: 7 }, () => toggle(publicVideo.id, otherCookie)));
    const liked = responses.map((res) => res.json<{ liked: boolean }>().liked);
    expect(liked.filter(Boolean)).toHaveLength(4);
    expect((await getLikes(publicVideo.id, otherCookie)).json()).toEqual({ likes: 1, likedByUser: true });
  });

  it('counts 10 users liking at the same time as 10 likes', async () => {
    const { publicVideo } = await actors();
    const users = await Promise.all(Array.from({ length: 10 }, () => createTestUser(app)));
    const cookies = await Promise.all(users.map((user) => sessionCookieFor(app, user.id)));
    const responses = await Promise.all(cookies.map((cookie) => toggle(publicVideo.id, cookie)));
    const bodies = responses.map((res) => res.json<{ success: boolean; liked: boolean; likes: number }>());
    expect(bodies.every((body) => body.success && body.liked)).toBe(true);
    // Every answer counted its own like plus whatever had committed before it.
    expect(bodies.map((body) => body.likes).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await getLikes(publicVideo.id)).json()).toEqual({ likes: 10, likedByUser: false });
  });

  it('limits how fast one user toggles (429, in Chinese when asked)', async () => {
    const { publicVideo, otherCookie, ownerCookie } = await actors();
    for (let i = 0; i < LIKE_LIMITS.togglesPerUser.max; i += 1) {
      expect((await toggle(publicVideo.id, otherCookie)).statusCode).toBe(200);
    }
    const limited = await app.inject({
      method: 'POST',
      url: `${API}/videos/selfieVideos/${publicVideo.id}/toggle-like`,
      headers: headersFor(otherCookie, 'zh'),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: '您点赞的速度过快，请稍候再试。' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected.
    expect((await toggle(publicVideo.id, ownerCookie)).statusCode).toBe(200);
  });
});
