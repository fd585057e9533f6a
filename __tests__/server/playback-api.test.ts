/**
 * Playback on the video object and the resume position (domains/playback/playback-routes.ts, docs/playback.md):
 * PUT/POST …/position with every status code, clamping, per-user rows, private videos, and what
 * GET …/:id then says in resumeAt and chapters.
 */
import type { AppInstance } from '../../server/app';
import type { UserRow, VideoRow } from '../../server/infra/db/schema';
import { PLAYBACK_LIMITS } from '../../server/domains/playback/playback-routes';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { API, createTestVideo, headersFor } from '../support/videos';

const SITE = 'http://localhost:3000';

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
  viewer: UserRow;
  ownerCookie: string;
  viewerCookie: string;
  video: VideoRow;
  privateVideo: VideoRow;
}

async function actors(): Promise<Actors> {
  const owner = await createTestUser(app);
  const viewer = await createTestUser(app);
  return {
    owner,
    viewer,
    ownerCookie: await sessionCookieFor(app, owner.id),
    viewerCookie: await sessionCookieFor(app, viewer.id),
    video: await createTestVideo(app, owner.id, { duration: 120 }),
    privateVideo: await createTestVideo(app, owner.id, { visibility: 'private', duration: 60 }),
  };
}

function save(
  videoId: string,
  cookie: string | undefined,
  payload: unknown,
  options: { method?: 'PUT' | 'POST'; contentType?: string; headers?: Record<string, string>; language?: string } = {},
) {
  return app.inject({
    method: options.method ?? 'PUT',
    url: `${API}/videos/selfieVideos/${videoId}/position`,
    headers: {
      ...headersFor(cookie, options.language),
      'content-type': options.contentType ?? 'application/json',
      ...options.headers,
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function storedSeconds(userId: string, videoId: string): Promise<number | undefined> {
  const row = await app.db
    .selectFrom('video_positions')
    .select('seconds')
    .where('user_id', '=', userId)
    .where('video_id', '=', videoId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.seconds);
}

async function getVideo(videoId: string, cookie?: string) {
  const res = await app.inject({ method: 'GET', url: `${API}/videos/selfieVideos/${videoId}`, headers: headersFor(cookie) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { video: { resumeAt: number | null; chapters: unknown; storyboardUrl: string | null } }).video;
}

describe('PUT /videos/selfieVideos/:id/position', () => {
  it('saves the position (204, no body) and the video then carries it as resumeAt', async () => {
    const { video, viewer, viewerCookie } = await actors();
    expect((await getVideo(video.id, viewerCookie)).resumeAt).toBeNull();

    const res = await save(video.id, viewerCookie, { seconds: 42.5 });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await storedSeconds(viewer.id, video.id)).toBe(42.5);
    expect((await getVideo(video.id, viewerCookie)).resumeAt).toBe(42.5);

    // Kept current: the later save replaces the earlier one.
    expect((await save(video.id, viewerCookie, { seconds: 10 })).statusCode).toBe(204);
    expect((await getVideo(video.id, viewerCookie)).resumeAt).toBe(10);
    const rows = await app.db.selectFrom('video_positions').selectAll().where('user_id', '=', viewer.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('accepts 0', async () => {
    const { video, viewerCookie } = await actors();
    expect((await save(video.id, viewerCookie, { seconds: 0 })).statusCode).toBe(204);
    expect((await getVideo(video.id, viewerCookie)).resumeAt).toBe(0);
  });

  it('clamps seconds past the end to the duration', async () => {
    const { video, viewer, viewerCookie } = await actors();
    expect((await save(video.id, viewerCookie, { seconds: 5000 })).statusCode).toBe(204);
    expect(await storedSeconds(viewer.id, video.id)).toBe(120);
    expect((await save(video.id, viewerCookie, { seconds: 1e300 })).statusCode).toBe(204);
    expect((await getVideo(video.id, viewerCookie)).resumeAt).toBe(120);
  });

  it('keeps the position as sent when the duration is not known yet', async () => {
    const { owner, ownerCookie } = await actors();
    const processing = await createTestVideo(app, owner.id, { status: 'processing', duration: 0 });
    expect((await save(processing.id, ownerCookie, { seconds: 75 })).statusCode).toBe(204);
    expect(await storedSeconds(owner.id, processing.id)).toBe(75);
  });

  it('answers 401 without a session, and stores nothing', async () => {
    const { video } = await actors();
    const res = await save(video.id, undefined, { seconds: 3 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Please log in to continue.' });
    expect(await app.db.selectFrom('video_positions').selectAll().execute()).toEqual([]);
    // With a stale cookie too.
    expect((await save(video.id, 'sid=not-a-session', { seconds: 3 })).statusCode).toBe(401);
  });

  it.each([
    ['negative', { seconds: -1 }],
    ['barely negative', { seconds: -0.001 }],
    ['infinite (1e999 in JSON)', '{"seconds":1e999}'],
    ['minus infinite', '{"seconds":-1e999}'],
    ['a string', { seconds: '12' }],
    ['null', { seconds: null }],
    ['missing', {}],
    ['an array', [12]],
    ['a bare number', '12'],
    ['JSON null', 'null'],
  ])('answers 400 for %s seconds, in the request language', async (_label, payload) => {
    const { video, viewer, viewerCookie } = await actors();
    const res = await save(video.id, viewerCookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'The position must be a number of seconds, zero or more.' });
    expect(await storedSeconds(viewer.id, video.id)).toBeUndefined();
  });

  it('answers 400 in Chinese to a Chinese request', async () => {
    const { video, viewerCookie } = await actors();
    const res = await save(video.id, viewerCookie, { seconds: -5 }, { language: 'zh-CN' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: '播放位置必须是不小于零的秒数。' });
  });

  it('answers 400 (not 500) to a body that is not JSON', async () => {
    const { video, viewerCookie } = await actors();
    const res = await save(video.id, viewerCookie, '{"seconds": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    const plain = await save(video.id, viewerCookie, 'twelve', { method: 'POST', contentType: 'text/plain;charset=UTF-8' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ success: false });
  });

  it('answers 404 for a video that does not exist', async () => {
    const { viewerCookie } = await actors();
    const res = await save('0123456789abcdef01234567', viewerCookie, { seconds: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Video not found.' });
  });

  it("answers 404 for someone else's private video and stores nothing; its owner may save", async () => {
    const { privateVideo, viewer, viewerCookie, owner, ownerCookie } = await actors();
    const res = await save(privateVideo.id, viewerCookie, { seconds: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Video not found.' });
    expect(await storedSeconds(viewer.id, privateVideo.id)).toBeUndefined();

    expect((await save(privateVideo.id, ownerCookie, { seconds: 5 })).statusCode).toBe(204);
    expect(await storedSeconds(owner.id, privateVideo.id)).toBe(5);
  });

  it('answers 404 for a video hidden by moderators', async () => {
    const { owner, viewerCookie } = await actors();
    const hidden = await createTestVideo(app, owner.id, { hidden_at: new Date().toISOString(), hidden_reason: 'spam' });
    expect((await save(hidden.id, viewerCookie, { seconds: 5 })).statusCode).toBe(404);
  });

  it('keeps each user’s position apart', async () => {
    const { video, viewer, viewerCookie, owner, ownerCookie } = await actors();
    await save(video.id, viewerCookie, { seconds: 30 });
    await save(video.id, ownerCookie, { seconds: 90 });
    expect(await storedSeconds(viewer.id, video.id)).toBe(30);
    expect(await storedSeconds(owner.id, video.id)).toBe(90);
    expect((await getVideo(video.id, viewerCookie)).resumeAt).toBe(30);
    expect((await getVideo(video.id, ownerCookie)).resumeAt).toBe(90);
    // A visitor has none.
    expect((await getVideo(video.id)).resumeAt).toBeNull();
  });

  it('stops following a private video once it turns private for someone who saved a position', async () => {
    const { video, viewerCookie } = await actors();
    await save(video.id, viewerCookie, { seconds: 30 });
    await app.db.updateTable('videos').set({ visibility: 'private' }).where('id', '=', video.id).execute();
    expect((await save(video.id, viewerCookie, { seconds: 40 })).statusCode).toBe(404);
  });

  it('goes when the video goes (cascade)', async () => {
    const { video, viewerCookie } = await actors();
    await save(video.id, viewerCookie, { seconds: 30 });
    await app.db.deleteFrom('videos').where('id', '=', video.id).execute();
    expect(await app.db.selectFrom('video_positions').selectAll().execute()).toEqual([]);
  });

  it(`limits each user to ${PLAYBACK_LIMITS.positionsPerUser.max} saves a minute (429 with Retry-After)`, async () => {
    const { video, viewerCookie, ownerCookie } = await actors();
    for (let i = 0; i < PLAYBACK_LIMITS.positionsPerUser.max; i += 1) {
      expect((await save(video.id, viewerCookie, { seconds: i })).statusCode).toBe(204);
    }
    const refused = await save(video.id, viewerCookie, { seconds: 1 });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({ success: false, message: 'Too many position updates. Please wait a moment.' });
    // Another user is not affected.
    expect((await save(video.id, ownerCookie, { seconds: 1 })).statusCode).toBe(204);
  });
});

describe('POST /videos/selfieVideos/:id/position (navigator.sendBeacon)', () => {
  it('accepts a text/plain body carrying the same JSON', async () => {
    const { video, viewer, viewerCookie } = await actors();
    const res = await save(video.id, viewerCookie, '{"seconds":33.25}', {
      method: 'POST',
      contentType: 'text/plain;charset=UTF-8',
      headers: { origin: SITE, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(204);
    expect(await storedSeconds(viewer.id, video.id)).toBe(33.25);
  });

  it('accepts a JSON body', async () => {
    const { video, viewer, viewerCookie } = await actors();
    expect((await save(video.id, viewerCookie, { seconds: 12 }, { method: 'POST' })).statusCode).toBe(204);
    expect(await storedSeconds(viewer.id, video.id)).toBe(12);
  });

  it('has the same status codes as PUT', async () => {
    const { video, privateVideo, viewerCookie } = await actors();
    const beacon = { method: 'POST' as const, contentType: 'text/plain' };
    expect((await save(video.id, undefined, '{"seconds":1}', beacon)).statusCode).toBe(401);
    expect((await save(video.id, viewerCookie, '{"seconds":-1}', beacon)).statusCode).toBe(400);
    expect((await save(privateVideo.id, viewerCookie, '{"seconds":1}', beacon)).statusCode).toBe(404);
  });

  it('is refused from another origin (the origin check applies)', async () => {
    const { video, viewer, viewerCookie } = await actors();
    for (const method of ['POST', 'PUT'] as const) {
      const res = await save(video.id, viewerCookie, '{"seconds":5}', {
        method,
        contentType: 'text/plain',
        headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await storedSeconds(viewer.id, video.id)).toBeUndefined();
  });
});

describe('playback fields on the video object', () => {
  it('has chapters from the description, storyboardUrl null without a storyboard, resumeAt null in lists', async () => {
    const owner = await createTestUser(app);
    const cookie = await sessionCookieFor(app, owner.id);
    const video = await createTestVideo(app, owner.id, {
      duration: 100,
      description: 'Trip.\n0:00 Intro\n0:30 - Beach\n2:00 Beyond the end',
    });
    await save(video.id, cookie, { seconds: 12 });
    const shown = await getVideo(video.id, cookie);
    expect(shown.chapters).toEqual([
      { start: 0, title: 'Intro' },
      { start: 30, title: 'Beach' },
    ]);
    expect(shown.storyboardUrl).toBeNull();
    expect(shown.resumeAt).toBe(12);

    const list = await app.inject({ method: 'GET', url: `${API}/videos/selfieVideos`, headers: headersFor(cookie) });
    const listed = (list.json() as { videos: Array<{ _id: string; resumeAt: unknown; chapters: unknown }> }).videos.find((v) => v._id === video.id);
    expect(listed?.resumeAt).toBeNull();
    expect(listed?.chapters).toEqual(shown.chapters);
  });

  it('has no chapters (an empty array) for a description with malformed ones', async () => {
    const owner = await createTestUser(app);
    const video = await createTestVideo(app, owner.id, { duration: 100, description: '0:10 Not at zero\n0:20 Next\n1:75 broken' });
    expect((await getVideo(video.id)).chapters).toEqual([]);
  });
});
