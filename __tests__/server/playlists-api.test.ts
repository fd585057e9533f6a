/** Playlists and "Watch later" through the HTTP API on a real database: reading, changing, limits, permissions. */
import type { AppInstance } from '../../server/app';
import type { UserRow } from '../../server/infra/db/schema';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { API, createTestVideo, headersFor } from '../support/videos';

let testApp: TestApp;
let app: AppInstance;

beforeEach(async () => {
  testApp = await makeTestApp();
  app = testApp.app;
});

afterEach(async () => {
  await testApp.close();
});

async function person(): Promise<{ user: UserRow; cookie: string }> {
  const user = await createTestUser(app);
  return { user, cookie: await sessionCookieFor(app, user.id) };
}

function call(method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, cookie?: string, payload?: unknown) {
  return app.inject({ method, url: `${API}${url}`, headers: headersFor(cookie), ...(payload === undefined ? {} : { payload: payload as object }) });
}

const ids = (body: { videos: Array<{ _id: string }> }) => body.videos.map((v) => v._id);

describe('playlists', () => {
  it('creates, adds in order and at positions, reorders, removes, renames, and deletes', async () => {
    const alice = await person();
    const bob = await person();
    const [a, b, c] = [await createTestVideo(app, bob.user.id), await createTestVideo(app, bob.user.id), await createTestVideo(app, alice.user.id)];
    const created = await call('POST', '/playlists', alice.cookie, { title: '  Favourites ', visibility: 'public' });
    expect(created.statusCode).toBe(201);
    const playlist = created.json().playlist;
    expect(playlist).toMatchObject({ title: 'Favourites', visibility: 'public', watchLater: false, videoCount: 0, owner: { _id: alice.user.id } });
    const id = playlist._id as string;

    await call('POST', `/playlists/${id}/videos`, alice.cookie, { videoId: a.id });
    await call('POST', `/playlists/${id}/videos`, alice.cookie, { videoId: b.id });
    const third = await call('POST', `/playlists/${id}/videos`, alice.cookie, { videoId: c.id, position: 0 });
    expect(ids(third.json())).toEqual([c.id, a.id, b.id]);
    expect(ids((await call('PATCH', `/playlists/${id}/videos/${c.id}`, alice.cookie, { position: 2 })).json())).toEqual([a.id, b.id, c.id]);
    expect((await call('PATCH', `/playlists/${id}/videos/${c.id}`, alice.cookie, { position: 3 })).statusCode).toBe(400);
    expect((await call('POST', `/playlists/${id}/videos`, alice.cookie, { videoId: a.id, position: 9 })).statusCode).toBe(400);
    expect(ids((await call('DELETE', `/playlists/${id}/videos/${a.id}`, alice.cookie)).json())).toEqual([b.id, c.id]);

    // Others read a public playlist; a video made private since leaves their view, not the owner's own.
    await app.db.updateTable('videos').set({ visibility: 'private' }).where('id', '=', c.id).execute();
    expect(ids((await call('GET', `/playlists/${id}`, bob.cookie)).json())).toEqual([b.id]);
    expect(ids((await call('GET', `/playlists/${id}`)).json())).toEqual([b.id]);
    expect(ids((await call('GET', `/playlists/${id}`, alice.cookie)).json())).toEqual([b.id, c.id]);
    expect((await call('GET', `/playlists?owner=${alice.user.id}`)).json().playlists.map((p: { _id: string }) => p._id)).toEqual([id]);

    const renamed = await call('PATCH', `/playlists/${id}`, alice.cookie, { title: 'Best', visibility: 'private' });
    expect(renamed.json().playlist).toMatchObject({ title: 'Best', visibility: 'private' });
    // Private now: not found for anyone else, and no changes by them.
    expect((await call('GET', `/playlists/${id}`, bob.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/playlists/${id}/videos`, bob.cookie, { videoId: b.id })).statusCode).toBe(404);
    expect((await call('GET', `/playlists?owner=${alice.user.id}`, bob.cookie)).json().playlists).toEqual([]);
    expect((await call('DELETE', `/playlists/${id}`, bob.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/playlists/${id}`, alice.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/playlists/${id}`, alice.cookie)).statusCode).toBe(404);
  });

  it('refuses bad input: long titles, others\' private videos, public playlists changed by others, visitors', async () => {
    const alice = await person();
    const bob = await person();
    const long = await call('POST', '/playlists', alice.cookie, { title: 'x'.repeat(10_000), visibility: 'public' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Please give the playlist a title of at most 150 characters.');
    expect((await call('POST', '/playlists', alice.cookie, { title: '   ', visibility: 'public' })).statusCode).toBe(400);
    expect((await call('POST', '/playlists', alice.cookie, { title: 'x', visibility: 'secret' })).statusCode).toBe(400);
    expect((await call('POST', '/playlists', undefined, { title: 'x', visibility: 'public' })).statusCode).toBe(401);
    const id = (await call('POST', '/playlists', alice.cookie, { title: 'Mine', visibility: 'public' })).json().playlist._id;
    const secret = await createTestVideo(app, bob.user.id, { visibility: 'private' });
    expect((await call('POST', `/playlists/${id}/videos`, alice.cookie, { videoId: secret.id })).statusCode).toBe(404);
    expect((await call('POST', `/playlists/${id}/videos`, bob.cookie, { videoId: secret.id })).statusCode).toBe(403);
    expect((await call('PATCH', `/playlists/${id}`, bob.cookie, { title: 'Hacked' })).statusCode).toBe(403);
    expect((await call('GET', `/playlists/${id}`)).json().playlist.title).toBe('Mine');
  });

  it('walks the bad input list: each answer is clear and nothing that should not change does', async () => {
    const alice = await person();
    const bob = await person();
    const [first, second, spare] = [await createTestVideo(app, alice.user.id), await createTestVideo(app, bob.user.id), await createTestVideo(app, bob.user.id)];
    const bobsSecret = await createTestVideo(app, bob.user.id, { visibility: 'private' });
    const id = (await call('POST', '/playlists', alice.cookie, { title: 'Mine', visibility: 'public' })).json().playlist._id as string;
    await call('POST', `/playlists/${id}/videos`, alice.cookie, { videoId: first.id });
    await call('POST', `/playlists/${id}/videos`, alice.cookie, { videoId: second.id });
    const bobsPrivate = (await call('POST', '/playlists', bob.cookie, { title: 'Secret list', visibility: 'private' })).json().playlist._id as string;
    await call('POST', `/playlists/${bobsPrivate}/videos`, bob.cookie, { videoId: bobsSecret.id });
    const snapshot = async () => ({
      playlists: await app.db.selectFrom('playlists').selectAll().orderBy('id').execute(),
      entries: await app.db.selectFrom('playlist_videos').selectAll().orderBy('playlist_id').orderBy('position').execute(),
    });
    const before = await snapshot();
    const refused = (answer: { statusCode: number; json(): unknown }, status: number, message: string) => {
      expect(answer.statusCode).toBe(status);
      expect(answer.json()).toEqual({ success: false, message });
    };

    // Someone else's private video: not found, as if it did not exist.
    refused(await call('POST', `/playlists/${id}/videos`, alice.cookie, { videoId: bobsSecret.id }), 404, 'Video not found.');
    // Positions out of range: inserting beyond the end or before 0, moving to the count or below 0.
    for (const position of [3, -1]) {
      refused(await call('POST', `/playlists/${id}/videos`, alice.cookie, { videoId: spare.id, position }), 400, 'That position is outside the playlist.');
    }
    for (const position of [2, -1, 1000]) {
      refused(await call('PATCH', `/playlists/${id}/videos/${first.id}`, alice.cookie, { position }), 400, 'That position is outside the playlist.');
    }
    expect((await call('PATCH', `/playlists/${id}/videos/${first.id}`, alice.cookie, { position: 0.5 })).statusCode).toBe(400);
    // A title of 10,000 characters, on creating and on renaming.
    const longTitle = 'x'.repeat(10_000);
    refused(await call('POST', '/playlists', alice.cookie, { title: longTitle, visibility: 'public' }), 400, 'Please give the playlist a title of at most 150 characters.');
    refused(await call('PATCH', `/playlists/${id}`, alice.cookie, { title: longTitle }), 400, 'Please give the playlist a title of at most 150 characters.');
    // Someone else's private playlist: 404 for reading and for every change, exactly as for a missing one.
    const missing = await call('GET', '/playlists/0123456789abcdef01234567', alice.cookie);
    expect(missing.statusCode).toBe(404);
    for (const answer of [
      await call('GET', `/playlists/${bobsPrivate}`, alice.cookie),
      await call('GET', `/playlists/${bobsPrivate}`),
      await call('PATCH', `/playlists/${bobsPrivate}`, alice.cookie, { title: 'Mine now' }),
      await call('POST', `/playlists/${bobsPrivate}/videos`, alice.cookie, { videoId: first.id }),
      await call('PATCH', `/playlists/${bobsPrivate}/videos/${bobsSecret.id}`, alice.cookie, { position: 0 }),
      await call('DELETE', `/playlists/${bobsPrivate}/videos/${bobsSecret.id}`, alice.cookie),
      await call('DELETE', `/playlists/${bobsPrivate}`, alice.cookie),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(missing.json());
    }
    expect((await call('GET', `/playlists?owner=${bob.user.id}`, alice.cookie)).json().playlists).toEqual([]);

    expect(await snapshot()).toEqual(before);
  });

  it('keeps at most 500 videos in a playlist and 200 playlists per user', async () => {
    const alice = await person();
    const id = (await call('POST', '/playlists', alice.cookie, { title: 'Big', visibility: 'private' })).json().playlist._id as string;
    const videos = await Promise.all(Array.from({ length: 501 }, () => createTestVideo(app, alice.user.id)));
    await app.db
      .insertInto('playlist_videos')
      .values(videos.slice(0, 500).map((video, position) => ({ playlist_id: id, video_id: video.id, position, added_at: '2026-01-01T00:00:00.000Z' })))
      .execute();
    const full = await call('POST', `/playlists/${id}/videos`, alice.cookie, { videoId: videos[500]!.id });
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe('A playlist holds at most 500 videos.');
    // The 501st is refused: the playlist still holds the same 500, and the refused video is nowhere in it.
    const held = await app.db.selectFrom('playlist_videos').select(['video_id', 'position']).where('playlist_id', '=', id).orderBy('position').execute();
    expect(held.map((entry) => entry.video_id)).toEqual(videos.slice(0, 500).map((video) => video.id));

    await app.db
      .insertInto('playlists')
      .values(Array.from({ length: 199 }, (_, i) => ({ id: `p${String(i).padStart(23, '0')}`, user_id: alice.user.id, title: `P${i}`, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' })))
      .execute();
    const tooMany = await call('POST', '/playlists', alice.cookie, { title: 'One more', visibility: 'private' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('You can have at most 200 playlists.');
  });

  it('gives every user one private Watch later that cannot be renamed, shared or deleted', async () => {
    const alice = await person();
    const bob = await person();
    const video = await createTestVideo(app, bob.user.id);
    const firstAnswer = await call('GET', '/playlists/watch-later', alice.cookie);
    expect(firstAnswer.body).toContain('"watchLater":true');
    const first = firstAnswer.json();
    expect(first.playlist).toMatchObject({ title: 'Watch later', visibility: 'private', watchLater: true });
    const again = (await call('GET', '/playlists/watch-later', alice.cookie)).json();
    expect(again.playlist._id).toBe(first.playlist._id);
    const id = first.playlist._id as string;
    await call('POST', `/playlists/${id}/videos`, alice.cookie, { videoId: video.id });
    expect(ids((await call('GET', '/playlists/watch-later', alice.cookie)).json())).toEqual([video.id]);
    expect((await call('GET', `/playlists/${id}`, bob.cookie)).statusCode).toBe(404);
    expect((await call('PATCH', `/playlists/${id}`, alice.cookie, { visibility: 'public' })).statusCode).toBe(400);
    expect((await call('DELETE', `/playlists/${id}`, alice.cookie)).statusCode).toBe(400);
    const mine = (await call('GET', '/playlists', alice.cookie)).json().playlists;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ watchLater: true, videoCount: 1 });
    expect((await call('GET', '/playlists')).statusCode).toBe(401);
    expect((await call('GET', '/playlists/watch-later')).statusCode).toBe(401);
  });
});
