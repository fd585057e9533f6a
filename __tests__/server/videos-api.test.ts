/**
 * /v0/api/videos/selfieVideos…: the public list, one video with view counting, and the owner's
 * edit and delete, with the permission matrix (visitor / other user / owner).
 */
import { newId, toTimestamp } from '../../server/infra/db/ids';
import type { UserRow } from '../../server/infra/db/schema';
import { VIDEO_LIMITS } from '../../server/domains/videos/video-routes';
import type { VideoWithOwner } from '../../server/domains/media/uploads/uploads';
import { viewDay, viewerAddress } from '../../server/domains/videos/video-records';
import { videoMediaUrl } from '../../server/domains/videos/videos';
import { createTestVideo, listFiles } from '../support/media';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { READY_WITHOUT_RENDITIONS } from '../support/videos';

const API = '/v0/api/videos/selfieVideos';
const VIDEO_NOT_FOUND = { success: false, message: 'Video not found.' };

let t: TestApp;
let owner: UserRow;
let ownerCookie: string;
let otherCookie: string;

beforeEach(async () => {
  t = await makeTestApp();
  owner = await createTestUser(t.app, { username: 'owner' });
  ownerCookie = await sessionCookieFor(t.app, owner.id);
  otherCookie = await sessionCookieFor(t.app, (await createTestUser(t.app, { username: 'other' })).id);
});
afterEach(async () => {
  jest.useRealTimers();
  await t.close();
});

function inject(
  method: 'GET' | 'PATCH' | 'DELETE',
  url: string,
  options: { cookie?: string; payload?: object; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return t.app.inject({
    method,
    url,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

describe('GET /videos/selfieVideos', () => {
  it('lists public videos only, newest first, with usernames and the total', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    const made: VideoWithOwner[] = [];
    for (let i = 0; i < 5; i += 1) {
      made.push(await createTestVideo(t.app, owner.id, { title: `Video ${i}`, createdAt: new Date(base + i * 60_000) }));
    }
    await createTestVideo(t.app, owner.id, { title: 'Hidden', visibility: 'private', createdAt: new Date(base + 3_600_000) });

    const res = await inject('GET', API);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(5);
    expect(body.videos.map((video: { title: string }) => video.title)).toEqual(['Video 4', 'Video 3', 'Video 2', 'Video 1', 'Video 0']);
    expect(body.videos[0]).toEqual({
      _id: made[4]!.id,
      movieId: made[4]!.video_key,
      title: 'Video 4',
      description: '',
      visibility: 'public',
      views: 0,
      cdnUrl: videoMediaUrl(made[4]!.video_key),
      thumbnailCdnUrl: videoMediaUrl(made[4]!.thumbnail_key),
      user: owner.id,
      username: 'owner',
      createdAt: '2026-01-01T00:04:00.000Z',
      updatedAt: '2026-01-01T00:04:00.000Z',
      // Probed when stored (tiny.mp4: 1 s, 160×90), ready without renditions.
      ...READY_WITHOUT_RENDITIONS,
      duration: 1,
      width: 160,
      height: 90,
    });
  });

  it('pages with page and perPage (default 18)', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 20; i += 1) {
      await createTestVideo(t.app, owner.id, { title: `V${String(i).padStart(2, '0')}`, createdAt: new Date(base + i * 1000) });
    }
    const titles = async (query: string) => {
      const res = await inject('GET', `${API}${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(20);
      return res.json().videos.map((video: { title: string }) => video.title);
    };
    expect(await titles('')).toHaveLength(18);
    expect(await titles('?page=2')).toEqual(['V01', 'V00']);
    expect(await titles('?page=2&perPage=5')).toEqual(['V14', 'V13', 'V12', 'V11', 'V10']);
    expect(await titles('?page=9&perPage=5')).toEqual([]);
  });

  it.each(['page=0', 'page=-1', 'page=abc', 'perPage=0', 'perPage=101'])('400 for %s', async (query) => {
    const res = await inject('GET', `${API}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('answers an empty list when there are no videos', async () => {
    expect((await inject('GET', API)).json()).toEqual({ videos: [], total: 0 });
  });
});

describe('GET /videos/selfieVideos/:id', () => {
  it('answers the video and counts the view', async () => {
    const video = await createTestVideo(t.app, owner.id, { title: 'Hello' });
    const res = await inject('GET', `${API}/${video.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ success: true, video: expect.objectContaining({ _id: video.id, title: 'Hello', views: 1 }) });
  });

  it('counts a view once per viewer per day, not per reload', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask', 'hrtime', 'performance'] });
    jest.setSystemTime(new Date('2026-03-01T00:15:00Z'));
    const video = await createTestVideo(t.app, owner.id);
    const url = `${API}/${video.id}`;
    const views = async (options: Parameters<typeof inject>[2] = {}) => (await inject('GET', url, options)).json().video.views;

    expect(await views()).toBe(1); // a visitor (an address)
    expect(await views()).toBe(1); // reload
    expect(await views({ headers: { 'user-agent': 'another browser' } })).toBe(1); // the same address, another browser
    expect(await views({ remoteAddress: '203.0.113.9' })).toBe(2); // another address
    expect(await views({ cookie: otherCookie })).toBe(3); // a signed-in user
    expect(await views({ cookie: otherCookie, remoteAddress: '198.51.100.1' })).toBe(3); // the same account elsewhere
    expect(await views({ cookie: ownerCookie })).toBe(4);

    jest.setSystemTime(new Date('2026-03-01T23:59:59Z'));
    expect(await views()).toBe(4); // still the same day
    jest.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    expect(await views()).toBe(5); // a new day counts again
    expect(await views({ cookie: otherCookie })).toBe(6);

    const rows = await t.app.db.selectFrom('video_views').select(['viewer_key', 'day']).where('video_id', '=', video.id).execute();
    expect(rows.map((row) => row.viewer_key)).toEqual(expect.arrayContaining([`u:${owner.id}`, expect.stringMatching(/^a:[0-9a-f]{64}$/)]));
    // The stored key does not hold the address.
    expect(JSON.stringify(rows)).not.toMatch(/127\.0\.0\.1|203\.0\.113\.9/);
    const stored = await t.app.db.selectFrom('videos').select('views').where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(stored.views).toBe(6);
  });

  it('counts one address once a day whatever user agent or cookies it sends (issue: 5 requests, 5 views)', async () => {
    const video = await createTestVideo(t.app, owner.id);
    const url = `${API}/${video.id}`;
    for (let i = 0; i < 20; i += 1) {
      const res = await inject('GET', url, { remoteAddress: '192.0.2.7', headers: { 'user-agent': `agent ${i}`, cookie: `junk=${i}` } });
      expect(res.json().video.views).toBe(1);
    }
    // An IPv4 address is the same viewer when it arrives IPv4-mapped.
    expect((await inject('GET', url, { remoteAddress: '::ffff:192.0.2.7' })).json().video.views).toBe(1);
    const stored = await t.app.db.selectFrom('videos').select('views').where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(stored.views).toBe(1);
  });

  it('counts an IPv6 viewer by its /64', async () => {
    const video = await createTestVideo(t.app, owner.id);
    const url = `${API}/${video.id}`;
    const views = async (remoteAddress: string) => (await inject('GET', url, { remoteAddress })).json().video.views;
    expect(await views('2001:db8:1:2::1')).toBe(1);
    expect(await views('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe(1); // the same /64
    expect(await views('2001:0db8:0001:0002:0000:0000:0000:0abc')).toBe(1); // written out in full
    expect(await views('2001:db8:1:3::1')).toBe(2); // the next /64
  });

  it('does not count HEAD requests', async () => {
    const video = await createTestVideo(t.app, owner.id);
    expect((await t.app.inject({ method: 'HEAD', url: `${API}/${video.id}` })).statusCode).toBe(200);
    expect((await inject('GET', `${API}/${video.id}`)).json().video.views).toBe(1);
  });

  it('does not count a viewer already recorded for this day', async () => {
    const video = await createTestVideo(t.app, owner.id);
    const otherId = (await t.app.db.selectFrom('users').select('id').where('username', '=', 'other').executeTakeFirstOrThrow()).id;
    await t.app.db
      .insertInto('video_views')
      .values({ video_id: video.id, viewer_key: `u:${otherId}`, day: viewDay(new Date()) })
      .execute();
    expect((await inject('GET', `${API}/${video.id}`, { cookie: otherCookie })).json().video.views).toBe(0);
  });

  it('shows a private video to its owner only; 404 to everyone else', async () => {
    const video = await createTestVideo(t.app, owner.id, { visibility: 'private' });
    const url = `${API}/${video.id}`;
    const mine = await inject('GET', url, { cookie: ownerCookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().video.visibility).toBe('private');
    for (const cookie of [undefined, otherCookie]) {
      const res = await inject('GET', url, { cookie });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(VIDEO_NOT_FOUND);
    }
    // Refused reads count nothing.
    const stored = await t.app.db.selectFrom('videos').select('views').where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(stored.views).toBe(1);
  });

  it.each([newId(), 'nonsense', 'x'.repeat(90)])('404 for an unknown id (%s)', async (id) => {
    const res = await inject('GET', `${API}/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(VIDEO_NOT_FOUND);
  });

  it('answers in Chinese when asked to', async () => {
    const res = await inject('GET', `${API}/${newId()}`, { headers: { 'accept-language': 'zh' } });
    expect(res.json().message).toBe('未找到该视频。');
  });
});

describe('PATCH /videos/selfieVideos/:id', () => {
  const edit = { title: '  New title  ', description: ' New description ', visibility: 'private', userId: 'ignored' };

  it('lets the owner edit title, description and visibility', async () => {
    const video = await createTestVideo(t.app, owner.id, { title: 'Old', createdAt: new Date('2026-01-01T00:00:00Z') });
    const res = await inject('PATCH', `${API}/${video.id}`, { cookie: ownerCookie, payload: edit });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Video updated successfully!',
      video: expect.objectContaining({
        _id: video.id,
        title: 'New title',
        description: 'New description',
        visibility: 'private',
        user: owner.id,
        username: 'owner',
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
    });
    expect(res.json().video.updatedAt > '2026-01-01T00:00:00.000Z').toBe(true);
    const row = await t.app.db.selectFrom('videos').selectAll().where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'New title', description: 'New description', visibility: 'private', user_id: owner.id });
  });

  it('keeps description and visibility when only the title is sent', async () => {
    const video = await createTestVideo(t.app, owner.id, { description: 'Keep me', visibility: 'private' });
    const res = await inject('PATCH', `${API}/${video.id}`, { cookie: ownerCookie, payload: { title: 'Only the title' } });
    expect(res.json().video).toMatchObject({ title: 'Only the title', description: 'Keep me', visibility: 'private' });
  });

  it.each([
    ['no title', { description: 'no title' }, 'Title is required.'],
    ['a blank title', { title: '   ' }, 'Title is required.'],
    ['a title that is not text', { title: 5 }, 'Title is required.'],
    ['a 201-character title', { title: 'x'.repeat(201) }, 'Title must be at most 200 characters long.'],
    ['a 900-character title', { title: 'x'.repeat(900) }, 'Title must be at most 200 characters long.'],
    ['a 5001-character description', { title: 'ok', description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters long.'],
    ['an unknown visibility', { title: 'ok', visibility: 'friends' }, 'Visibility must be "public", "unlisted" or "private".'],
    ['an unknown field', { title: 'ok', owner: 'me' }, 'owner is not an accepted field.'],
  ])('400 for %s', async (_label, payload, message) => {
    const video = await createTestVideo(t.app, owner.id, { title: 'Unchanged' });
    const res = await inject('PATCH', `${API}/${video.id}`, { cookie: ownerCookie, payload });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { success: false, message } });
    const row = await t.app.db.selectFrom('videos').select('title').where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(row.title).toBe('Unchanged');
  });

  it('429 when edits come too fast', async () => {
    const video = await createTestVideo(t.app, owner.id);
    for (let i = 0; i < VIDEO_LIMITS.editsPerUser.max; i += 1) {
      expect((await inject('PATCH', `${API}/${video.id}`, { cookie: ownerCookie, payload: { title: `Edit ${i}` } })).statusCode).toBe(200);
    }
    const res = await inject('PATCH', `${API}/${video.id}`, { cookie: ownerCookie, payload: { title: 'One too many' } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      success: false,
      message: 'You are making requests too quickly. Please wait a moment and try again.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const row = await t.app.db.selectFrom('videos').select('title').where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(row.title).toBe(`Edit ${VIDEO_LIMITS.editsPerUser.max - 1}`);
  });
});

describe('DELETE /videos/selfieVideos/:id', () => {
  it('removes the row, the files, likes, comments and views', async () => {
    const video = await createTestVideo(t.app, owner.id);
    const keep = await createTestVideo(t.app, owner.id);
    const now = toTimestamp();
    const commentId = newId();
    await t.app.db.insertInto('video_likes').values({ video_id: video.id, user_id: owner.id, created_at: now }).execute();
    await t.app.db
      .insertInto('comments')
      .values([
        { id: commentId, video_id: video.id, user_id: owner.id, parent_id: null, content: 'First', created_at: now },
        { id: newId(), video_id: video.id, user_id: owner.id, parent_id: commentId, content: 'Reply', created_at: now },
      ])
      .execute();
    await inject('GET', `${API}/${video.id}`);

    const res = await inject('DELETE', `${API}/${video.id}`, { cookie: ownerCookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Video deleted.' });

    expect(await t.app.db.selectFrom('videos').select('id').execute()).toEqual([{ id: keep.id }]);
    for (const table of ['video_likes', 'comments', 'video_views'] as const) {
      expect(await t.app.db.selectFrom(table).selectAll().where('video_id', '=', video.id).execute()).toEqual([]);
    }
    expect(await listFiles(t.config.mediaDir)).toEqual([keep.thumbnail_key, keep.video_key].sort());
    expect((await inject('GET', videoMediaUrl(video.video_key))).statusCode).toBe(404);
    expect((await inject('GET', `${API}/${video.id}`)).statusCode).toBe(404);
    expect((await inject('DELETE', `${API}/${video.id}`, { cookie: ownerCookie })).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  const cases = [
    ['PATCH', { title: 'Changed' }, 'You are not authorized to edit this video.'],
    ['DELETE', undefined, 'You are not authorized to delete this video.'],
  ] as const;

  it.each(cases)('%s: 401 for a visitor', async (method, payload) => {
    const video = await createTestVideo(t.app, owner.id);
    const res = await inject(method, `${API}/${video.id}`, payload ? { payload } : {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Please log in to continue.' });
  });

  it.each(cases)('%s: 403 for another user on a public video', async (method, payload, message) => {
    const video = await createTestVideo(t.app, owner.id, { title: 'Original' });
    const res = await inject(method, `${API}/${video.id}`, { cookie: otherCookie, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message });
    const row = await t.app.db.selectFrom('videos').select('title').where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(row.title).toBe('Original');
    expect(await listFiles(t.config.mediaDir)).toHaveLength(2);
  });

  it.each(cases)('%s: 404 for another user on a private video (its existence is not revealed)', async (method, payload) => {
    const video = await createTestVideo(t.app, owner.id, { visibility: 'private' });
    const res = await inject(method, `${API}/${video.id}`, { cookie: otherCookie, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(VIDEO_NOT_FOUND);
    expect(await listFiles(t.config.mediaDir)).toHaveLength(2);
  });

  it.each(cases)('%s: 404 for an unknown video', async (method, payload) => {
    const res = await inject(method, `${API}/${newId()}`, { cookie: ownerCookie, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(VIDEO_NOT_FOUND);
  });
});

describe('viewerAddress', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2::1', '20010db800010002::/64'],
    ['2001:DB8:1:2:aaaa:bbbb:cccc:dddd', '20010db800010002::/64'],
    ['not an address', 'not an address'],
  ])('%s → %s', (ip, viewer) => {
    expect(viewerAddress(ip)).toBe(viewer);
  });
});
