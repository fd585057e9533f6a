/**
 * loadViewableVideo (server/domains/videos/video-access.ts), what a handler about one video says first:
 * the video the requester may see, else the one 404; and that it answers after the route's guard
 * (401) and validation (400), and after what the handler checks before it, as the routes used to.
 */
import { Type } from 'typebox';

import { sendError } from '../../server/http/errors';
import { requireUser } from '../../server/http/guards';
import { loadViewableVideo, type ViewableVideoLookup } from '../../server/domains/videos/video-access';
import { createTestVideo } from '../support/media';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';

const NOT_FOUND = { success: false, message: 'Video not found.' };

describe('loadViewableVideo', () => {
  let t: TestApp;
  let ownerCookie: string;
  let otherCookie: string;
  let publicId: string;
  let privateId: string;
  let handled: string[];

  beforeAll(async () => {
    t = await makeTestApp();
    handled = [];
    const owner = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    ownerCookie = await sessionCookieFor(t.app, owner.id);
    otherCookie = await sessionCookieFor(t.app, other.id);
    publicId = (await createTestVideo(t.app, owner.id)).id;
    privateId = (await createTestVideo(t.app, owner.id, { visibility: 'private' })).id;

    const answer = (lookup?: (request: { headers: Record<string, unknown> }) => ViewableVideoLookup) =>
      async (request: Parameters<typeof loadViewableVideo>[0], reply: Parameters<typeof loadViewableVideo>[1]) => {
        const video = await loadViewableVideo(request, reply, lookup?.(request));
        if (!video) return reply;
        handled.push(video.id);
        return { id: video.id };
      };
    const Params = Type.Object({ id: Type.String({ minLength: 3 }) });
    t.app.get('/test/video/:id', { config: { noStore: true } }, answer());
    t.app.get('/test/as-visitor/:id', answer(() => ({ viewer: null, noStore: true })));
    t.app.get('/test/by-query', answer((request) => ({ id: String((request as { query?: { v?: string } }).query?.v) })));
    t.app.get('/test/own/:id', { preHandler: requireUser }, answer(() => ({ ownerOnly: true })));
    t.app.get('/test/ordered/:id', { preHandler: requireUser, attachValidation: true, schema: { params: Params } }, async (request, reply) => {
      if (request.headers['x-too-fast'] === 'yes') return sendError(reply, 429, 'Slow down.');
      const video = await loadViewableVideo(request, reply);
      if (!video) return reply;
      return { id: video.id };
    });
    await t.app.ready();
  });

  afterAll(async () => {
    await t.close();
  });

  beforeEach(() => {
    handled = [];
  });

  it('finds a video the requester may see; a private one only for its owner, the same 404 as an unknown id otherwise', async () => {
    expect((await t.app.inject({ url: `/test/video/${publicId}` })).json()).toEqual({ id: publicId });
    expect((await t.app.inject({ url: `/test/video/${privateId}`, headers: { cookie: ownerCookie } })).json()).toEqual({ id: privateId });
    for (const [url, cookie] of [[`/test/video/${privateId}`, otherCookie], [`/test/video/${privateId}`, undefined], ['/test/video/nope', ownerCookie]] as const) {
      const response = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
      // The route's config.noStore covers its 404 too.
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(handled).toEqual([publicId, privateId]);
  });

  it('in the request language', async () => {
    const response = await t.app.inject({ url: '/test/video/nope', headers: { 'accept-language': 'zh-CN' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).not.toBe(NOT_FOUND.message);
  });

  it('viewer null looks as a visitor (its owner too), and noStore marks only the 404', async () => {
    const found = await t.app.inject({ url: `/test/as-visitor/${publicId}` });
    expect(found.statusCode).toBe(200);
    expect(found.headers['cache-control']).toBeUndefined();
    const hidden = await t.app.inject({ url: `/test/as-visitor/${privateId}`, headers: { cookie: ownerCookie } });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.headers['cache-control']).toBe('no-store');
  });

  it('takes the id from elsewhere when told', async () => {
    expect((await t.app.inject({ url: `/test/by-query?v=${publicId}` })).json()).toEqual({ id: publicId });
    expect((await t.app.inject({ url: '/test/by-query?v=nope' })).statusCode).toBe(404);
  });

  it('ownerOnly: someone else\'s public video is not found either', async () => {
    expect((await t.app.inject({ url: `/test/own/${publicId}`, headers: { cookie: ownerCookie } })).json()).toEqual({ id: publicId });
    const other = await t.app.inject({ url: `/test/own/${publicId}`, headers: { cookie: otherCookie } });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(NOT_FOUND);
  });

  it('answers after the guard (401), validation (400) and the handler\'s own earlier checks (429)', async () => {
    const visitor = await t.app.inject({ url: '/test/ordered/nope' });
    expect(visitor.statusCode).toBe(401);
    const invalid = await t.app.inject({ url: '/test/ordered/x', headers: { cookie: otherCookie } });
    expect(invalid.statusCode).toBe(400);
    const limited = await t.app.inject({ url: '/test/ordered/nope', headers: { cookie: otherCookie, 'x-too-fast': 'yes' } });
    expect(limited.statusCode).toBe(429);
    expect((await t.app.inject({ url: '/test/ordered/nope', headers: { cookie: otherCookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/test/ordered/${publicId}`, headers: { cookie: otherCookie } })).statusCode).toBe(200);
  });
});
