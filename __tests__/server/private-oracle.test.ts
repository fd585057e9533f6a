/**
 * No existence oracle: for someone who may not see it, every answer about a private video — or
 * about its comments, likes and files — is exactly the answer about an object that does not exist
 * (status and body), whatever route is asked.
 */
import type { LightMyRequestResponse } from 'fastify';

import { newId } from '../../server/infra/db/ids';
import type { UserRow } from '../../server/infra/db/schema';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { API, addTestComment, createTestVideo } from '../support/videos';

/** Building an app (the catalogue stand-in included) takes seconds on a busy machine. */
const HOOK_TIMEOUT_MS = 30_000;

describe('a private object answers like a missing one', () => {
  let t: TestApp;
  let stranger: UserRow;
  let strangerCookie: string;
  let privateVideoId: string;
  let privateCommentId: string;
  let privateVideoKey: string;
  let publicVideoId: string;
  let publicCommentId: string;
  const missingId = newId();

  beforeAll(async () => {
    t = await makeTestApp();
    const owner = await createTestUser(t.app, { username: 'owner' });
    stranger = await createTestUser(t.app, { username: 'stranger' });
    strangerCookie = await sessionCookieFor(t.app, stranger.id);
    const privateVideo = await createTestVideo(t.app, owner.id, { visibility: 'private' });
    privateVideoId = privateVideo.id;
    privateVideoKey = privateVideo.video_key;
    privateCommentId = (await addTestComment(t.app, { videoId: privateVideo.id, userId: owner.id })).id;
    const publicVideo = await createTestVideo(t.app, owner.id);
    publicVideoId = publicVideo.id;
    publicCommentId = (await addTestComment(t.app, { videoId: publicVideo.id, userId: owner.id })).id;
  }, HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await t.close();
  }, HOOK_TIMEOUT_MS);

  const visible = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.body });

  type Probe = (id: { video: string; comment: string; key: string }, headers: Record<string, string>) => Promise<LightMyRequestResponse>;

  const probes: Array<[string, Probe]> = [
    ['GET the video', (id, headers) => t.app.inject({ method: 'GET', url: `${API}/videos/selfieVideos/${id.video}`, headers })],
    ['GET its likes', (id, headers) => t.app.inject({ method: 'GET', url: `${API}/videos/selfieVideos/${id.video}/likes`, headers })],
    ['GET its comments', (id, headers) => t.app.inject({ method: 'GET', url: `${API}/comments/${id.video}`, headers })],
    ['toggle a like', (id, headers) => t.app.inject({ method: 'POST', url: `${API}/videos/selfieVideos/${id.video}/toggle-like`, headers })],
    [
      'comment on it',
      (id, headers) =>
        t.app.inject({ method: 'POST', url: `${API}/comments/create`, headers, payload: { content: 'hi', videoId: id.video } }),
    ],
    [
      'reply on a public video to its comment',
      (id, headers) =>
        t.app.inject({
          method: 'POST',
          url: `${API}/comments/create`,
          headers,
          payload: { content: 'hi', videoId: publicVideoId, parentComment: id.comment },
        }),
    ],
    ['delete its comment', (id, headers) => t.app.inject({ method: 'DELETE', url: `${API}/comments/${id.comment}`, headers })],
    [
      'edit it',
      (id, headers) => t.app.inject({ method: 'PATCH', url: `${API}/videos/selfieVideos/${id.video}`, headers, payload: { title: 'mine' } }),
    ],
    ['delete it', (id, headers) => t.app.inject({ method: 'DELETE', url: `${API}/videos/selfieVideos/${id.video}`, headers })],
    ['GET its file', (id, headers) => t.app.inject({ method: 'GET', url: `/media/${id.key}`, headers })],
    ['HEAD its file with a Range', (id, headers) => t.app.inject({ method: 'HEAD', url: `/media/${id.key}`, headers: { ...headers, range: 'bytes=0-1' } })],
  ];

  describe.each([
    ['a logged-in stranger', () => ({ cookie: strangerCookie })],
    ['a visitor', () => ({})],
    ['a stranger asking in Chinese', () => ({ cookie: strangerCookie, 'accept-language': 'zh-CN' })],
  ])('for %s', (_who, headersOf) => {
    it.each(probes)('%s', async (_label, probe) => {
      const headers = headersOf() as Record<string, string>;
      const missing = await probe({ video: missingId, comment: newId(), key: `videos/${newId()}.mp4` }, headers);
      const hidden = await probe({ video: privateVideoId, comment: privateCommentId, key: privateVideoKey }, headers);
      expect(visible(hidden)).toEqual(visible(missing));
      expect(hidden.statusCode).toBeGreaterThanOrEqual(400);
    });
  });

  it('still says "same video only" for a visible comment on another public video', async () => {
    const other = await createTestVideo(t.app, stranger.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/comments/create`,
      headers: { cookie: strangerCookie },
      payload: { content: 'hi', videoId: other.id, parentComment: publicCommentId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'You can only reply to a comment on the same video.' });
  });

  it('leaves the private video untouched', async () => {
    const row = await t.app.db.selectFrom('videos').select(['title', 'visibility']).where('id', '=', privateVideoId).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: expect.not.stringMatching(/^mine$/), visibility: 'private' });
    const comments = await t.app.db.selectFrom('comments').select('id').where('video_id', '=', privateVideoId).execute();
    expect(comments).toEqual([{ id: privateCommentId }]);
    expect(await t.app.db.selectFrom('video_likes').selectAll().where('video_id', '=', privateVideoId).execute()).toEqual([]);
  });
});
