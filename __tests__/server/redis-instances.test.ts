import { rm } from 'node:fs/promises';

import { buildApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config/index';
import { AUTH_LIMITS } from '../../server/domains/accounts/auth-routes';
import type { VideoChange } from '../../server/infra/events';
import { eventually } from '../support/eventually';
import { redisUnavailableReason, startRedis, type RedisServer } from '../support/redis';
import { createTestUser, makeTestApp, makeTestDataDir, sessionCookieFor, type TestApp } from '../support/server';

import { makeAuthApp, post, TEST_HASH_COST } from './auth-helpers';
import { insertVideo, tinyVectors } from './search-helpers';

/**
 * Several instances of the site on one Redis (REDIS_URL) and one database: rate limits count
 * requests on every instance, and a change made on one instance reaches the others' in-memory
 * search index. Against a real redis-server started here; without REDIS_URL nothing changes.
 */
// Two apps per test on a shared machine: more than jest's default 5 s, never a measure of speed.
jest.setTimeout(30_000);

const unavailable = redisUnavailableReason();
if (unavailable) console.warn(unavailable);
const describeWithRedis = unavailable ? describe.skip : describe;

describe('REDIS_URL', () => {
  it('accepts redis:// and rediss:// URLs and is off by default', () => {
    expect(loadConfig({}).redisUrl).toBeNull();
    expect(loadConfig({ REDIS_URL: 'redis://localhost:6379' }).redisUrl).toBe('redis://localhost:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.example:6380/2' }).redisUrl).toBe('rediss://:secret@cache.example:6380/2');
  });

  it('rejects anything else, naming the variable but not the value', () => {
    for (const value of ['localhost:6379', 'http://localhost:6379', 'redis://', 'postgres://u:secret@db/x']) {
      let error: unknown;
      try {
        loadConfig({ REDIS_URL: value });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toBe('REDIS_URL must be a redis:// or rediss:// URL such as redis://localhost:6379');
      expect((error as ConfigError).message).not.toContain('secret');
    }
  });
});

describe('one instance without REDIS_URL', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('keeps limits and events in the process, and runs subscribers before publish returns', async () => {
    expect(t.app.redis).toBeNull();
    expect(t.app.events.kind).toBe('in-process');
    const seen: VideoChange[] = [];
    const unsubscribe = t.app.events.subscribe('video.changed', async (change) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(change);
    });
    await t.app.events.publish('video.changed', { videoId: 'v1', change: 'updated' });
    expect(seen).toEqual([{ videoId: 'v1', change: 'updated' }]);
    unsubscribe();
    await t.app.events.publish('video.changed', { videoId: 'v2', change: 'deleted' });
    expect(seen).toHaveLength(1);
  });

  it('answers a failing subscriber with a log line, not a failed publish', async () => {
    const seen: string[] = [];
    t.app.events.subscribe('video.changed', () => {
      throw new Error('boom');
    });
    t.app.events.subscribe('video.changed', ({ videoId }) => {
      seen.push(videoId);
    });
    await expect(t.app.events.publish('video.changed', { videoId: 'v3', change: 'created' })).resolves.toBeUndefined();
    expect(seen).toEqual(['v3']);
  });
});

describeWithRedis('two instances on one Redis', () => {
  let redis: RedisServer;
  let dataDir: string;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  /** Two apps on one database (the same DATA_DIR: one SQLite file, or one PostgreSQL database). */
  const startInstances = async (make: typeof makeTestApp) => {
    dataDir = await makeTestDataDir();
    a = await make({ dataDir, env: { REDIS_URL: redis.url } });
    b = await make({ dataDir, env: { REDIS_URL: redis.url } });
    await a.app.redis?.flushall();
  };
  afterEach(async () => {
    await a?.close();
    await b?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('counts a per-IP limit over requests to both instances', async () => {
    await startInstances((options) => makeAuthApp(options));
    expect(a.app.events.kind).toBe('redis');
    const { max } = AUTH_LIMITS.mailPerIp;
    const remoteAddress = '198.51.100.7';
    for (let index = 0; index < max; index += 1) {
      const instance = index % 2 ? a : b;
      const res = await post(instance.app, '/auth/forgot-password', { email: `spread${index}@example.com` }, { remoteAddress });
      expect(res.statusCode).toBe(200);
    }
    // Each instance alone has seen only half the limit; together they have used it up.
    for (const instance of [a, b]) {
      const blocked = await post(instance.app, '/auth/forgot-password', { email: 'one-more@example.com' }, { remoteAddress });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ success: false });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is counted on its own.
    expect((await post(b.app, '/auth/forgot-password', { email: 'x@example.com' }, { remoteAddress: '198.51.100.8' })).statusCode).toBe(200);
  });

  it('counts a per-address limit over both instances', async () => {
    await startInstances((options) => makeAuthApp(options));
    expect((await post(a.app, '/auth/forgot-password', { email: 'pat@example.com' })).statusCode).toBe(200);
    expect((await post(b.app, '/auth/forgot-password', { email: 'pat@example.com' })).statusCode).toBe(429);
  });

  it('delivers an event published on A to B once, and not back to A', async () => {
    await startInstances(makeTestApp);
    const onA: VideoChange[] = [];
    const onB: VideoChange[] = [];
    a.app.events.subscribe('video.changed', (change) => {
      onA.push(change);
    });
    b.app.events.subscribe('video.changed', (change) => {
      onB.push(change);
    });
    await a.app.events.publish('video.changed', { videoId: 'from-a', change: 'created' });
    // A's own subscribers ran before publish returned.
    expect(onA).toEqual([{ videoId: 'from-a', change: 'created' }]);
    await eventually(async () => expect(onB).toEqual([{ videoId: 'from-a', change: 'created' }]));
    await b.app.events.publish('video.changed', { videoId: 'from-b', change: 'deleted' });
    await eventually(async () => expect(onA).toEqual([
      { videoId: 'from-a', change: 'created' },
      { videoId: 'from-b', change: 'deleted' },
    ]));
    expect(onB).toHaveLength(2);
  });

  it("keeps B's AI search index in step with uploads, edits and deletions made on A", async () => {
    await startInstances(makeTestApp);
    for (const instance of [a, b]) await instance.app.searchIndex.useEmbeddings(tinyVectors());
    const aiResults = async (instance: TestApp, query: string) => {
      const res = await instance.app.inject({ method: 'POST', url: '/v0/api/search/ai-search', payload: { chat_history: query } });
      expect(res.statusCode).toBe(200);
      return (res.json() as { results: Array<{ _id: string }> }).results.map((video) => video._id);
    };

    const owner = await createTestUser(a.app);
    const cookie = await sessionCookieFor(a.app, owner.id);
    // What the upload route does once a video is saved.
    const video = await insertVideo(a.app, { title: 'Zebra crossing at dawn', userId: owner.id });
    await a.app.events.publish('video.changed', { videoId: video.id, change: 'created' });
    expect(await aiResults(a, 'zebra')).toEqual([video.id]);
    await eventually(async () => expect(await aiResults(b, 'zebra')).toEqual([video.id]));

    const patch = await a.app.inject({
      method: 'PATCH',
      url: `/v0/api/videos/selfieVideos/${video.id}`,
      headers: { cookie },
      payload: { title: 'Giraffe parade' },
    });
    expect(patch.statusCode).toBe(200);
    await eventually(async () => {
      expect(await aiResults(b, 'giraffe')).toEqual([video.id]);
      expect(await aiResults(b, 'zebra')).toEqual([]);
    });

    const removed = await a.app.inject({ method: 'DELETE', url: `/v0/api/videos/selfieVideos/${video.id}`, headers: { cookie } });
    expect(removed.statusCode).toBe(200);
    await eventually(async () => expect(await aiResults(b, 'giraffe')).toEqual([]));
  });
});

describeWithRedis('a Redis that cannot be reached', () => {
  it('stops start-up with a message naming REDIS_URL', async () => {
    const redis = await startRedis();
    const { url } = redis;
    await redis.stop();
    const dataDir = await makeTestDataDir();
    try {
      const config = {
        ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PASSWORD_HASH_COST: TEST_HASH_COST, REDIS_URL: url }),
        spaDir: `${dataDir}/no-spa`,
      };
      await expect(buildApp(config, { logger: false })).rejects.toThrow(/^Could not connect to Redis at REDIS_URL/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
