/**
 * Following on two instances sharing one database and one Redis: a notification made on one
 * instance updates the live unread count of a viewer connected to the other (the
 * 'notifications.changed' event), and a new video announced on both makes one notification.
 */
import { rm } from 'node:fs/promises';

import { eventually } from '../support/eventually';
import { redisUnavailableReason, startRedis, type RedisServer } from '../support/redis';
import { createTestUser, makeTestApp, makeTestDataDir, sessionCookieFor, type TestApp } from '../support/server';
import { API, createTestVideo } from '../support/videos';

jest.setTimeout(30_000);

const unavailable = redisUnavailableReason();
if (unavailable) console.warn(unavailable);
const describeWithRedis = unavailable ? describe.skip : describe;

describeWithRedis('following on two instances', () => {
  let redis: RedisServer;
  let dataDir: string;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = await startRedis();
    dataDir = await makeTestDataDir();
    a = await makeTestApp({ dataDir, env: { REDIS_URL: redis.url } });
    b = await makeTestApp({ dataDir, env: { REDIS_URL: redis.url } });
    await a.app.redis?.flushall();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a comment posted on A reaches the live count of the owner listening on B; a video announced on both is one notification', async () => {
    const owner = await createTestUser(a.app);
    const fan = await createTestUser(a.app);
    const video = await createTestVideo(a.app, owner.id);
    const counts: number[] = [];
    const stop = b.app.following.listen(owner.id, (unread) => counts.push(unread));

    const posted = await a.app.inject({
      method: 'POST',
      url: `${API}/comments/create`,
      headers: { cookie: await sessionCookieFor(a.app, fan.id) },
      payload: { content: 'Hello from A', videoId: video.id },
    });
    expect(posted.statusCode).toBe(201);
    await eventually(() => expect(counts).toContain(1));
    stop();

    await a.app.inject({ method: 'POST', url: `${API}/users/${owner.id}/subscribe`, headers: { cookie: await sessionCookieFor(a.app, fan.id) } });
    const fresh = await createTestVideo(a.app, owner.id);
    const made = await Promise.all([a.app.following.announceVideo(fresh.id), b.app.following.announceVideo(fresh.id)]);
    expect(made[0] + made[1]).toBe(1);
    const list = await b.app.inject({ method: 'GET', url: `${API}/notifications`, headers: { cookie: await sessionCookieFor(b.app, fan.id) } });
    expect(list.json().notifications.filter((n: { kind: string }) => n.kind === 'new-video')).toHaveLength(1);
  });
});
