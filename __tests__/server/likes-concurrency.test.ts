import { rm } from 'node:fs/promises';

import { toggleLike } from '../../server/domains/videos/likes';
import { onPostgres } from '../support/postgres';
import { createTestUser, makeTestApp, makeTestDataDir, sessionCookieFor, type TestApp } from '../support/server';
import { API, createTestVideo, headersFor } from '../support/videos';

/**
 * The like toggle under concurrency, on whichever engine the suites run on (SQLite by default,
 * PostgreSQL at its default READ COMMITTED isolation under npm run test:pg): concurrent toggles
 * by one user each flip the state exactly once, also when they reach two instances of the site
 * that share one database.
 */
// Two apps on a shared machine: more than jest's default 5 s, never a measure of speed.
jest.setTimeout(30_000);

describe('like toggles racing', () => {
  let dataDir: string;
  let a: TestApp;
  let b: TestApp | undefined;
  beforeEach(async () => {
    dataDir = await makeTestDataDir();
    a = await makeTestApp({ dataDir });
  });
  afterEach(async () => {
    await b?.close();
    await a.close();
    b = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  const toggleOn = (t: TestApp, videoId: string, cookie: string) =>
    t.app.inject({ method: 'POST', url: `${API}/videos/selfieVideos/${videoId}/toggle-like`, headers: headersFor(cookie) });

  it('five concurrent toggles by one user end liked, answers alternating in some order', async () => {
    const owner = await createTestUser(a.app);
    const fan = await createTestUser(a.app);
    const video = await createTestVideo(a.app, owner.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => toggleLike(a.app.db, video.id, fan.id)));
    expect(results.filter((result) => result?.liked)).toHaveLength(3);
    // Each answer's count is the state right after its own flip.
    for (const result of results) expect(result?.likes).toBe(result?.liked ? 1 : 0);
    const rows = await a.app.db.selectFrom('video_likes').select('user_id').where('video_id', '=', video.id).execute();
    expect(rows).toEqual([{ user_id: fan.id }]);
  });

  // Several instances need a database server: SQLite is one process's file (two synchronous
  // connections to it in one process would wait on each other's locks).
  (onPostgres ? it : it.skip)('stays consistent when the toggles go through two instances on one PostgreSQL', async () => {
    b = await makeTestApp({ dataDir });
    const owner = await createTestUser(a.app);
    const fans = await Promise.all([createTestUser(a.app), createTestUser(a.app)]);
    const video = await createTestVideo(a.app, owner.id);
    const cookies = await Promise.all(fans.map((fan) => sessionCookieFor(a.app, fan.id)));
    // Fan 0 toggles 5 times, fan 1 toggles 4 times, spread over both instances, all at once.
    const requests = [
      ...Array.from({ length: 5 }, (_, index) => toggleOn(index % 2 ? a : (b as TestApp), video.id, cookies[0]!)),
      ...Array.from({ length: 4 }, (_, index) => toggleOn(index % 2 ? (b as TestApp) : a, video.id, cookies[1]!)),
    ];
    const responses = await Promise.all(requests);
    for (const res of responses) expect(res.statusCode).toBe(200);
    const bodies = responses.map((res) => res.json<{ liked: boolean; likes: number }>());
    expect(bodies.slice(0, 5).filter((body) => body.liked)).toHaveLength(3);
    expect(bodies.slice(5).filter((body) => body.liked)).toHaveLength(2);
    // Toggles of one video take turns: every count answered is one the two fans can make.
    for (const body of bodies) expect(body.likes).toBeGreaterThanOrEqual(body.liked ? 1 : 0);
    for (const body of bodies) expect(body.likes).toBeLessThanOrEqual(2);
    const final = await b.app.inject({ method: 'GET', url: `${API}/videos/selfieVideos/${video.id}/likes`, headers: headersFor(cookies[0]) });
    expect(final.json()).toEqual({ likes: 1, likedByUser: true });
  });
});
