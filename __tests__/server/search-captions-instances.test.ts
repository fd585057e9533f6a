import { rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

import { DEFAULT_MEDIA_CONFIG } from '../../server/config/media';
import { eventually } from '../support/eventually';
import { multipart, postUpload, uploadParts } from '../support/media';
import { redisUnavailableReason, startRedis, type RedisServer } from '../support/redis';
import { createTestUser, makeTestApp, makeTestDataDir, sessionCookieFor, type TestApp } from '../support/server';

import { tinyVectors } from './search-helpers';

/**
 * Search by what is said on several instances (docs/search.md#captions-in-search): a caption
 * track added, replaced or removed through instance A reaches instance B's AI index within
 * moments (the `video.changed` event over Redis, as for any video change), and B's keyword
 * search at once (the shared database). Against a real redis-server started here.
 */
jest.setTimeout(180_000);

const unavailable = redisUnavailableReason();
if (unavailable) console.warn(unavailable);
const describeWithRedis = unavailable ? describe.skip : describe;

describeWithRedis('caption changes on two instances', () => {
  let redis: RedisServer;
  let dataDir: string;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = await startRedis();
    dataDir = await makeTestDataDir();
    const media = { ...DEFAULT_MEDIA_CONFIG, pollMs: 100, retryBaseMs: 100, leaseMs: 3000 };
    a = await makeTestApp({ dataDir, env: { REDIS_URL: redis.url }, config: { media } });
    b = await makeTestApp({ dataDir, env: { REDIS_URL: redis.url }, config: { media } });
    await a.app.redis?.flushall();
    for (const instance of [a, b]) await instance.app.searchIndex.useEmbeddings(tinyVectors());
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const search = async (instance: TestApp, kind: 'normal' | 'ai', query: string) => {
    const res = await instance.app.inject({
      method: 'POST',
      url: `/v0/api/search/${kind}-search`,
      payload: kind === 'ai' ? { chat_history: query } : { query },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { results: Array<{ _id: string; matches?: unknown[] }> }).results.map((video) => video._id);
  };

  it("keeps B's searches in step with tracks added, replaced and removed on A", async () => {
    const owner = await createTestUser(a.app);
    const cookie = await sessionCookieFor(a.app, owner.id);
    const uploaded = await postUpload(a.app, cookie, uploadParts({ title: 'clip' }));
    expect(uploaded.statusCode).toBe(200);
    const id = (uploaded.json() as { video: { _id: string } }).video._id;
    for (let i = 0; i < 600; i += 1) {
      const row = await a.app.db.selectFrom('videos').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      if (row.status !== 'processing') break;
      await sleep(200);
    }
    const put = (text: string) => {
      const { body, contentType } = multipart([
        { name: 'captionFile', filename: 'subs.srt', contentType: 'application/x-subrip', data: Buffer.from(`1\n00:00:00,200 --> 00:00:00,900\n${text}\n`) },
      ]);
      return a.app.inject({ method: 'PUT', url: `/v0/api/videos/selfieVideos/${id}/captions/en`, headers: { 'content-type': contentType, cookie }, payload: body });
    };

    expect((await put('The marimba warms up.')).statusCode).toBe(200);
    expect(await search(b, 'normal', 'marimba')).toEqual([id]);
    await eventually(async () => expect(await search(b, 'ai', 'marimba')).toEqual([id]));

    expect((await put('Now the ukulele joins in.')).statusCode).toBe(200);
    expect(await search(b, 'normal', 'marimba')).toEqual([]);
    await eventually(async () => {
      expect(await search(b, 'ai', 'ukulele')).toEqual([id]);
      expect(await search(b, 'ai', 'marimba')).toEqual([]);
    });

    const removed = await a.app.inject({ method: 'DELETE', url: `/v0/api/videos/selfieVideos/${id}/captions/en`, headers: { cookie } });
    expect(removed.statusCode).toBe(200);
    expect(await search(b, 'normal', 'ukulele')).toEqual([]);
    await eventually(async () => expect(await search(b, 'ai', 'ukulele')).toEqual([]));
  });
});
