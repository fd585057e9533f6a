/**
 * Media generations (docs/media-privacy.md): whenever fewer people may see a video, every medium
 * it names moves to new URLs and the old ones answer 404 to everyone; public media are cacheable
 * for good, everything else `private, no-store`. Read as a visitor, as the owner, and as a shared
 * cache would (it stores what Cache-Control lets it store). Also: the bytes' move (rename on
 * disk) is durable and repeatable after a crash, one mover per video, deleted videos leave
 * nothing, and the sweep removes leftover generations. Real app, real database (SQLite, or
 * PostgreSQL under npm run test:pg); S3 in s3-media.test.ts and the cluster test.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { loadConfig } from '../../server/config/index';
import type { UserRow } from '../../server/infra/db/schema';
import { DEFAULT_MEDIA_CONFIG } from '../../server/config/media';
import { INSTANCE_ID } from '../../server/infra/instance';
import type { RenditionManifest } from '../../server/domains/media/renditions';
import { AUDIENCE, audienceOf } from '../../server/domains/media/generations/audience';
import { runAllMoves, runMoves, type MoveDeps } from '../../server/domains/media/generations/moves';
import { MEDIA_SLOTS, syncMediaGenerationNow } from '../../server/domains/media/generations/rotate';
import { sweepStaleGenerations } from '../../server/domains/media/generations/sweep';
import type { VideoWithOwner } from '../../server/domains/media/uploads/uploads';
import { createTestVideo, listFiles } from '../support/media';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';

const API = '/v0/api';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRIVATE = 'private, no-store';
const RENDITION_FILES = ['master.m3u8', '360p.m3u8', '360p_0000.ts', '360p_0001.ts', 'video.mp4', 'poster.jpg', 'card-320.webp'];

let t: TestApp;
let moderatorCookie: string;

beforeAll(async () => {
  // No timer: each test runs the mover and the sweep when it means to.
  t = await makeTestApp({ config: { media: { ...DEFAULT_MEDIA_CONFIG, generationSweepMs: 0 } } });
  moderatorCookie = await sessionCookieFor(t.app, (await createTestUser(t.app, { role: 'moderator' })).id);
});
afterAll(async () => {
  await t?.close();
});

const moveDeps = (): MoveDeps => ({ db: t.app.db, storage: t.app.storage, log: t.app.log, owner: INSTANCE_ID });

async function put(key: string, data: string): Promise<void> {
  const write = await t.app.storage.beginWrite(key);
  await pipeline(Readable.from([Buffer.from(data)]), write.stream);
  await write.commit();
}

/** A ready video with a generation of renditions as the pipeline commits them (made by hand: fast). */
async function readyVideo(owner: UserRow, visibility: 'public' | 'private' = 'public'): Promise<VideoWithOwner> {
  const video = await createTestVideo(t.app, owner.id, { visibility });
  const prefix = `renditions/${video.id}/${randomBytes(4).toString('hex')}`;
  const playlists: Record<string, string> = {
    'master.m3u8': '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000,RESOLUTION=640x360\n360p.m3u8\n',
    '360p.m3u8': '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\n360p_0000.ts\n#EXTINF:4,\n360p_0001.ts\n#EXT-X-ENDLIST\n',
  };
  for (const file of RENDITION_FILES) await put(`${prefix}/${file}`, playlists[file] ?? `bytes of ${file}`);
  const manifest: RenditionManifest = {
    version: 1,
    hls: 'master.m3u8',
    mp4: 'video.mp4',
    mp4Bytes: 100,
    mp4Width: 640,
    mp4Height: 360,
    poster: 'poster.jpg',
    cards: [{ width: 320, file: 'card-320.webp' }],
    variants: [],
    quick: false,
  };
  await t.app.db.updateTable('videos').set({ renditions_prefix: prefix, renditions: JSON.stringify(manifest) }).where('id', '=', video.id).execute();
  return { ...video, renditions_prefix: prefix, renditions: JSON.stringify(manifest) };
}

interface ApiVideo {
  movieId: string;
  cdnUrl: string;
  thumbnailCdnUrl: string;
  hlsUrl: string | null;
  posterUrl: string | null;
  thumbnailSources: Array<{ url: string }>;
}

/**
 * Every media URL a viewer is handed for the video: API fields and what the playlists name (movieId
 * is the MP4's key, as cdnUrl; the original is named nowhere: originalUrl).
 */
async function mediaUrls(videoId: string, cookie?: string): Promise<string[] | undefined> {
  const res = await t.app.inject({ method: 'GET', url: `${API}/videos/selfieVideos/${videoId}`, headers: cookie ? { cookie } : {} });
  if (res.statusCode === 404) return undefined;
  const video = (res.json() as { video: ApiVideo }).video;
  expect(`/media/${video.movieId}`).toBe(video.cdnUrl);
  const urls = [video.cdnUrl, video.thumbnailCdnUrl, video.posterUrl, ...video.thumbnailSources.map((source) => source.url)];
  if (video.hlsUrl) {
    urls.push(video.hlsUrl);
    const base = video.hlsUrl.slice(0, video.hlsUrl.lastIndexOf('/') + 1);
    // Followed as a player does: master → variant → segments (relative URLs).
    urls.push(`${base}360p.m3u8`, `${base}360p_0000.ts`, `${base}360p_0001.ts`);
  }
  return [...new Set(urls.filter((url): url is string => url !== null))].sort();
}

/** The original's URL, which only its owner is served (docs/media-privacy.md#originals). */
async function originalUrl(videoId: string): Promise<string> {
  const row = await t.app.db.selectFrom('videos').select('video_key').where('id', '=', videoId).executeTakeFirstOrThrow();
  return `/media/${row.video_key}`;
}

async function fetchMedia(url: string, cookie?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { url, status: res.statusCode, cacheControl: String(res.headers['cache-control'] ?? '') };
}

/** What a shared cache (CDN, proxy) would keep: anything not marked private or no-store. */
function storable(cacheControl: string): boolean {
  return !/\b(private|no-store)\b/.test(cacheControl);
}

async function patchVisibility(videoId: string, cookie: string, visibility: string) {
  const res = await t.app.inject({ method: 'PATCH', url: `${API}/videos/selfieVideos/${videoId}`, headers: { cookie }, payload: { title: 'Test video', visibility } });
  expect(res.statusCode).toBe(200);
  return res.json() as { video: ApiVideo };
}

async function storedKeys(): Promise<string[]> {
  return listFiles(t.config.mediaDir);
}

describe('who may see a video decides its media keys', () => {
  it('audience ranks follow visibility, status and moderation', () => {
    const base = { visibility: 'public' as const, status: 'ready' as const, hidden_at: null, owner_suspended_at: null };
    expect(audienceOf(base)).toBe(AUDIENCE.EVERYONE);
    expect(audienceOf({ ...base, visibility: 'private' })).toBe(AUDIENCE.OWNER);
    expect(audienceOf({ ...base, status: 'processing' })).toBe(AUDIENCE.OWNER);
    expect(audienceOf({ ...base, status: 'failed' })).toBe(AUDIENCE.OWNER);
    expect(audienceOf({ ...base, hidden_at: '2026-01-01T00:00:00.000Z' })).toBe(AUDIENCE.STAFF);
    expect(audienceOf({ ...base, owner_suspended_at: '2026-01-01T00:00:00.000Z' })).toBe(AUDIENCE.STAFF);
    expect(audienceOf({ ...base, visibility: 'private', hidden_at: '2026-01-01T00:00:00.000Z' })).toBe(AUDIENCE.OWNER);
    expect(MEDIA_SLOTS.map((slot) => slot.column).sort()).toEqual(['renditions_prefix', 'thumbnail_key', 'video_key']);
  });

  it('public → private → public: new URLs each time fewer may see it, old ones 404 to everyone, nothing private reaches a shared cache', async () => {
    const owner = await createTestUser(t.app);
    const ownerCookie = await sessionCookieFor(t.app, owner.id);
    const otherCookie = await sessionCookieFor(t.app, (await createTestUser(t.app)).id);
    const video = await readyVideo(owner);
    const sharedCache = new Set<string>();

    // Public: every medium handed out answers visitors, cacheable for good (the uploaded thumbnail too);
    // the original, its owner only and never storable.
    const publicUrls = (await mediaUrls(video.id))!;
    expect(publicUrls).toHaveLength(8);
    for (const url of publicUrls) {
      const res = await fetchMedia(url);
      expect(res).toEqual({ url, status: 200, cacheControl: IMMUTABLE });
      if (storable(res.cacheControl)) sharedCache.add(url);
    }
    expect(sharedCache.size).toBe(publicUrls.length);
    const publicOriginal = await originalUrl(video.id);
    expect(await fetchMedia(publicOriginal, ownerCookie)).toEqual({ url: publicOriginal, status: 200, cacheControl: PRIVATE });
    for (const cookie of [undefined, otherCookie, moderatorCookie]) {
      expect(await fetchMedia(publicOriginal, cookie)).toEqual({ url: publicOriginal, status: 404, cacheControl: 'no-store' });
    }

    // Private: the PATCH answer already names the new keys.
    const patched = await patchVisibility(video.id, ownerCookie, 'private');
    const privateUrls = (await mediaUrls(video.id, ownerCookie))!;
    expect(privateUrls).toHaveLength(publicUrls.length);
    expect(privateUrls).toContain(patched.video.hlsUrl);
    expect(privateUrls.filter((url) => publicUrls.includes(url))).toEqual([]);
    expect(await mediaUrls(video.id)).toBeUndefined();
    // The original moved too.
    const privateOriginal = await originalUrl(video.id);
    expect(privateOriginal).not.toBe(publicOriginal);
    expect(await fetchMedia(privateOriginal, ownerCookie)).toEqual({ url: privateOriginal, status: 200, cacheControl: PRIVATE });
    expect((await fetchMedia(privateOriginal)).status).toBe(404);
    // The old URLs: 404 to everyone, the owner included, never stored.
    for (const url of [...publicUrls, publicOriginal]) {
      for (const cookie of [undefined, otherCookie, ownerCookie, moderatorCookie]) {
        expect(await fetchMedia(url, cookie)).toEqual({ url, status: 404, cacheControl: 'no-store' });
      }
    }
    // The new ones: the owner only, never stored by anyone.
    for (const url of privateUrls) {
      expect(await fetchMedia(url, ownerCookie)).toEqual({ url, status: 200, cacheControl: PRIVATE });
      expect((await fetchMedia(url)).status).toBe(404);
      expect((await fetchMedia(url, otherCookie)).status).toBe(404);
    }

    // The bytes moved (a rename): nothing under the old keys, all under the new, no record left.
    await t.app.media.generations.idle();
    const keys = await storedKeys();
    const key = (url: string) => url.replace(/^\/media\//, '');
    expect(keys.filter((stored) => [...publicUrls, publicOriginal].map(key).includes(stored))).toEqual([]);
    for (const url of [...privateUrls, privateOriginal]) expect(keys).toContain(key(url));
    expect(keys.filter((stored) => stored.startsWith(`renditions/${video.id}/`))).toHaveLength(RENDITION_FILES.length);
    expect(await t.app.db.selectFrom('media_moves').selectAll().where('video_id', '=', video.id).execute()).toEqual([]);

    // Public again: more people may see it, so the keys stay; visitors get them, cacheable for good,
    // and none is a URL a shared cache kept from before.
    await patchVisibility(video.id, ownerCookie, 'public');
    const againUrls = (await mediaUrls(video.id))!;
    expect(againUrls).toEqual(privateUrls);
    for (const url of againUrls) {
      expect(await fetchMedia(url)).toEqual({ url, status: 200, cacheControl: IMMUTABLE });
      expect(sharedCache.has(url)).toBe(false);
    }
    // The original stays its owner's.
    expect(await originalUrl(video.id)).toBe(privateOriginal);
    expect(await fetchMedia(privateOriginal)).toEqual({ url: privateOriginal, status: 404, cacheControl: 'no-store' });
    expect(await fetchMedia(privateOriginal, ownerCookie)).toEqual({ url: privateOriginal, status: 200, cacheControl: PRIVATE });
    for (const url of publicUrls) expect((await fetchMedia(url)).status).toBe(404);

    // Private once more: yet other keys.
    await patchVisibility(video.id, ownerCookie, 'private');
    const thirdUrls = (await mediaUrls(video.id, ownerCookie))!;
    expect(thirdUrls.filter((url) => againUrls.includes(url) || publicUrls.includes(url))).toEqual([]);
    await t.app.media.generations.idle();
  });

  it('an edit that does not narrow the audience keeps the keys', async () => {
    const owner = await createTestUser(t.app);
    const cookie = await sessionCookieFor(t.app, owner.id);
    const video = await readyVideo(owner);
    const before = await mediaUrls(video.id);
    const res = await t.app.inject({ method: 'PATCH', url: `${API}/videos/selfieVideos/${video.id}`, headers: { cookie }, payload: { title: 'New title', visibility: 'public' } });
    expect(res.statusCode).toBe(200);
    expect(await mediaUrls(video.id)).toEqual(before);
  });

  it('hiding a video and suspending its owner move its media; unhiding and unsuspending keep the keys', async () => {
    const owner = await createTestUser(t.app);
    const ownerCookie = await sessionCookieFor(t.app, owner.id);
    const first = await readyVideo(owner);
    const second = await readyVideo(owner);
    const start = { first: (await mediaUrls(first.id))!, second: (await mediaUrls(second.id))! };

    const hide = await t.app.inject({ method: 'POST', url: `${API}/admin/videos/${first.id}/hide`, headers: { cookie: moderatorCookie }, payload: { reason: 'r' } });
    expect(hide.statusCode).toBe(200);
    const hiddenUrls = (await mediaUrls(first.id, ownerCookie))!;
    expect(hiddenUrls.filter((url) => start.first.includes(url))).toEqual([]);
    for (const url of start.first) expect((await fetchMedia(url, moderatorCookie)).status).toBe(404);
    for (const url of hiddenUrls) {
      expect(await fetchMedia(url, moderatorCookie)).toEqual({ url, status: 200, cacheControl: PRIVATE });
      expect((await fetchMedia(url)).status).toBe(404);
    }
    // The other video is untouched.
    expect(await mediaUrls(second.id)).toEqual(start.second);

    const unhide = await t.app.inject({ method: 'POST', url: `${API}/admin/videos/${first.id}/unhide`, headers: { cookie: moderatorCookie } });
    expect(unhide.statusCode).toBe(200);
    expect(await mediaUrls(first.id)).toEqual(hiddenUrls);
    for (const url of hiddenUrls) expect(await fetchMedia(url)).toEqual({ url, status: 200, cacheControl: IMMUTABLE });

    const suspend = await t.app.inject({ method: 'POST', url: `${API}/admin/users/${owner.id}/suspend`, headers: { cookie: moderatorCookie }, payload: { reason: 'r' } });
    expect(suspend.statusCode).toBe(200);
    const suspended = { first: (await mediaUrls(first.id, moderatorCookie))!, second: (await mediaUrls(second.id, moderatorCookie))! };
    expect(suspended.first.filter((url) => hiddenUrls.includes(url))).toEqual([]);
    expect(suspended.second.filter((url) => start.second.includes(url))).toEqual([]);
    for (const url of [...hiddenUrls, ...start.second]) expect((await fetchMedia(url)).status).toBe(404);

    const unsuspend = await t.app.inject({ method: 'POST', url: `${API}/admin/users/${owner.id}/unsuspend`, headers: { cookie: moderatorCookie } });
    expect(unsuspend.statusCode).toBe(200);
    expect(await mediaUrls(first.id)).toEqual(suspended.first);
    expect(await mediaUrls(second.id)).toEqual(suspended.second);
    for (const url of [...suspended.first, ...suspended.second]) expect(await fetchMedia(url)).toEqual({ url, status: 200, cacheControl: IMMUTABLE });
    await t.app.media.generations.idle();
    expect(await t.app.db.selectFrom('media_moves').selectAll().execute()).toEqual([]);
  });
});

describe('moving the bytes', () => {
  /** Narrows the audience without running the mover (as if the process died right after the commit). */
  async function rotateWithoutMoving(videoId: string, visibility: 'public' | 'private'): Promise<void> {
    await t.app.db.updateTable('videos').set({ visibility }).where('id', '=', videoId).execute();
    await syncMediaGenerationNow(t.app.db, videoId);
  }

  async function currentKeys(videoId: string) {
    return t.app.db.selectFrom('videos').select(['renditions_prefix', 'thumbnail_key', 'video_key']).where('id', '=', videoId).executeTakeFirstOrThrow();
  }

  it('until the bytes have moved, the new URLs answer from the old location', async () => {
    const owner = await createTestUser(t.app);
    const cookie = await sessionCookieFor(t.app, owner.id);
    const video = await readyVideo(owner);
    const before = await storedKeys();
    await rotateWithoutMoving(video.id, 'private');
    expect(await storedKeys()).toEqual(before);
    for (const url of (await mediaUrls(video.id, cookie))!) {
      expect(await fetchMedia(url, cookie)).toEqual({ url, status: 200, cacheControl: PRIVATE });
    }
    const range = await t.app.inject({ method: 'GET', url: `/media/${(await currentKeys(video.id)).renditions_prefix}/video.mp4`, headers: { cookie, range: 'bytes=0-4' } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('bytes');
    expect(await runMoves(moveDeps(), video.id)).toBe(3);
    expect(await storedKeys()).not.toEqual(before);
  });

  it('a crash mid-move, after two rotations: the records stay, the move runs again and ends whole at the newest keys', async () => {
    const owner = await createTestUser(t.app);
    const video = await readyVideo(owner);
    const first = await currentKeys(video.id);
    await rotateWithoutMoving(video.id, 'private');
    const second = await currentKeys(video.id);
    // Half of the first move happened before the "crash": some files and the thumbnail already moved.
    for (const file of RENDITION_FILES.slice(0, 3)) {
      await t.app.storage.move(`${first.renditions_prefix}/${file}`, `${second.renditions_prefix}/${file}`);
    }
    await t.app.storage.move(first.thumbnail_key, second.thumbnail_key);
    // Public and private again before any mover ran to the end.
    await rotateWithoutMoving(video.id, 'public');
    await rotateWithoutMoving(video.id, 'private');
    const third = await currentKeys(video.id);
    expect(new Set([first.renditions_prefix, second.renditions_prefix, third.renditions_prefix]).size).toBe(3);
    expect(await t.app.db.selectFrom('media_moves').select('from_key').where('video_id', '=', video.id).execute()).toHaveLength(6);

    // What the start-up and periodic sweep run.
    expect(await runAllMoves(moveDeps())).toBe(6);
    const keys = (await storedKeys()).filter((key) => key.includes(video.id) || key === third.thumbnail_key || key === third.video_key);
    expect(keys).toEqual([...RENDITION_FILES.map((file) => `${third.renditions_prefix}/${file}`), third.thumbnail_key, third.video_key].sort());
    expect(await t.app.db.selectFrom('media_moves').selectAll().where('video_id', '=', video.id).execute()).toEqual([]);
    // Running again finds nothing to do.
    expect(await runAllMoves(moveDeps())).toBe(0);
  });

  it('a video deleted while its move is pending leaves nothing in storage', async () => {
    const owner = await createTestUser(t.app);
    const cookie = await sessionCookieFor(t.app, owner.id);
    const video = await readyVideo(owner);
    const old = await currentKeys(video.id);
    await rotateWithoutMoving(video.id, 'private');
    const res = await t.app.inject({ method: 'DELETE', url: `${API}/videos/selfieVideos/${video.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    await t.app.media.generations.idle();
    await runAllMoves(moveDeps());
    const keys = await storedKeys();
    expect(keys.filter((key) => key.includes(video.id) || key === old.thumbnail_key || key === old.video_key)).toEqual([]);
    expect(await t.app.db.selectFrom('media_moves').selectAll().where('video_id', '=', video.id).execute()).toEqual([]);
  });

  it('a record of a slot this version does not know is left for the version that wrote it', async () => {
    const owner = await createTestUser(t.app);
    const video = await readyVideo(owner);
    const id = randomBytes(12).toString('hex');
    await t.app.db.insertInto('media_moves').values({ id, video_id: video.id, slot: 'future_key', from_key: 'elsewhere/x', created_at: new Date().toISOString() }).execute();
    expect(await runMoves(moveDeps(), video.id)).toBe(0);
    expect(await runAllMoves(moveDeps())).toBe(0);
    await t.app.db.deleteFrom('media_moves').where('id', '=', id).execute();
  });

  it('one mover per video: concurrent runs do the work once; a lock whose lease ran out is taken over', async () => {
    const owner = await createTestUser(t.app);
    const video = await readyVideo(owner);
    await rotateWithoutMoving(video.id, 'private');
    const done = await Promise.all([runMoves(moveDeps(), video.id), runMoves(moveDeps(), video.id), runMoves({ ...moveDeps(), owner: 'elsewhere~1~abcd' }, video.id)]);
    expect(done.reduce((sum, count) => sum + count, 0)).toBe(3);
    const current = await currentKeys(video.id);
    expect((await storedKeys()).filter((key) => key.startsWith(`renditions/${video.id}/`))).toEqual(
      RENDITION_FILES.map((file) => `${current.renditions_prefix}/${file}`).sort(),
    );

    // A mover that died holding the lock: refused while the lease holds, taken over after.
    await rotateWithoutMoving(video.id, 'public');
    await rotateWithoutMoving(video.id, 'private');
    await t.app.db.insertInto('media_move_locks').values({ video_id: video.id, owner: 'gone~1~dead', lease_until: new Date(Date.now() + 60_000).toISOString() }).execute();
    expect(await runMoves(moveDeps(), video.id)).toBe(0);
    await t.app.db.updateTable('media_move_locks').set({ lease_until: new Date(Date.now() - 1000).toISOString() }).where('video_id', '=', video.id).execute();
    expect(await runMoves(moveDeps(), video.id)).toBe(3);
    expect(await t.app.db.selectFrom('media_move_locks').selectAll().where('video_id', '=', video.id).execute()).toEqual([]);

    // A holder known to be gone (killed on this host) is not waited for.
    await rotateWithoutMoving(video.id, 'public');
    await rotateWithoutMoving(video.id, 'private');
    await t.app.db.insertInto('media_move_locks').values({ video_id: video.id, owner: 'gone~2~dead#0001', lease_until: new Date(Date.now() + 60_000).toISOString() }).execute();
    expect(await runMoves({ ...moveDeps(), isOwnerGone: (holder) => holder === 'alive~3~beef' }, video.id)).toBe(0);
    expect(await runMoves({ ...moveDeps(), isOwnerGone: (holder) => holder === 'gone~2~dead' }, video.id)).toBe(3);
  });
});

describe('the sweep', () => {
  it('catches a change made without syncMediaGeneration, both ways', async () => {
    const owner = await createTestUser(t.app);
    const video = await readyVideo(owner);
    const publicUrls = (await mediaUrls(video.id))!;
    // Some code path made it private but forgot the rule: the sweep moves it anyway.
    await t.app.db.updateTable('videos').set({ visibility: 'private' }).where('id', '=', video.id).execute();
    const report = await t.app.media.generations.sweep();
    expect(report.resynced).toBeGreaterThanOrEqual(1);
    for (const url of publicUrls) expect((await fetchMedia(url)).status).toBe(404);
    // And made public without recording it: served, but not cacheable until the sweep records it.
    await t.app.db.updateTable('videos').set({ visibility: 'public' }).where('id', '=', video.id).execute();
    const urls = (await mediaUrls(video.id))!;
    expect((await fetchMedia(urls[0]!)).cacheControl).toBe(PRIVATE);
    await t.app.media.generations.sweep();
    expect((await fetchMedia(urls[0]!)).cacheControl).toBe(IMMUTABLE);
  });

  it('removes leftover generations (an interrupted re-rendition), keeps the current one, pending moves and processing videos', async () => {
    const owner = await createTestUser(t.app);
    const video = await readyVideo(owner);
    const leftover = `renditions/${video.id}/${randomBytes(4).toString('hex')}`;
    for (const file of RENDITION_FILES.slice(0, 3)) await put(`${leftover}/${file}`, 'old attempt');

    // A second video whose move is pending: its old generation is a move's source, not a leftover.
    const moving = await readyVideo(owner);
    await t.app.db.updateTable('videos').set({ visibility: 'private' }).where('id', '=', moving.id).execute();
    await syncMediaGenerationNow(t.app.db, moving.id);
    // A processing video: its job writes a generation the row names only at the end.
    // The queue starts when the app is ready (its first request): stopped before then, the
    // upload below would start it, and its job could race what the test does next.
    await t.app.ready();
    await t.app.media.queue.stop();
    const processing = await createTestVideo(t.app, owner.id, { status: 'processing' });
    const inProgress = `renditions/${processing.id}/${randomBytes(4).toString('hex')}`;
    await put(`${inProgress}/master.m3u8`, 'being written');

    const before = await storedKeys();
    expect(await sweepStaleGenerations({ db: t.app.db, storage: t.app.storage, log: t.app.log })).toBe(1);
    const after = await storedKeys();
    expect(before.filter((key) => !after.includes(key))).toEqual(RENDITION_FILES.slice(0, 3).map((file) => `${leftover}/${file}`).sort());
    expect(after).toContain(`${inProgress}/master.m3u8`);
    expect(after).toContain(`${moving.renditions_prefix}/video.mp4`);
    expect(after).toContain(`${video.renditions_prefix}/video.mp4`);
  });
});

describe('MEDIA_PURGE_URL', () => {
  it('is checked like any URL setting', () => {
    expect(loadConfig({ MEDIA_PURGE_URL: 'https://cdn-hook.example/purge' }).media.purgeUrl).toBe('https://cdn-hook.example/purge');
    expect(loadConfig({}).media.purgeUrl).toBeNull();
    expect(() => loadConfig({ MEDIA_PURGE_URL: 'cdn-hook' })).toThrow(/MEDIA_PURGE_URL must be an http/);
  });

  it('is told every old URL once its bytes have moved, and told again until it answers 2xx', async () => {
    const received: Array<{ videoId: string; paths: string[]; urls: string[]; prefix: boolean }> = [];
    let answer = 500;
    const hook = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(JSON.parse(body) as (typeof received)[number]);
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const { port } = hook.address() as AddressInfo;
    const app = await makeTestApp({
      env: { PUBLIC_URL: 'https://video.example' },
      config: { media: { ...DEFAULT_MEDIA_CONFIG, generationSweepMs: 0, purgeUrl: `http://127.0.0.1:${port}/purge` } },
    });
    try {
      const owner = await createTestUser(app.app);
      const cookie = await sessionCookieFor(app.app, owner.id);
      const video = await createTestVideo(app.app, owner.id);
      const res = await app.app.inject({ method: 'PATCH', url: `${API}/videos/selfieVideos/${video.id}`, headers: { cookie }, payload: { title: 'T', visibility: 'private' } });
      expect(res.statusCode).toBe(200);
      await app.app.media.generations.idle();
      // The hook failed: the first record stays, to be sent again.
      expect(received).toHaveLength(1);
      expect(await app.app.db.selectFrom('media_moves').selectAll().execute()).toHaveLength(2);

      answer = 204;
      await app.app.media.generations.sweep();
      expect(await app.app.db.selectFrom('media_moves').selectAll().execute()).toEqual([]);
      const told = received.slice(1).flatMap((call) => call.paths).sort();
      expect(told).toEqual([`/media/${video.thumbnail_key}`, `/media/${video.video_key}`].sort());
      expect(received[0]!.paths).toEqual([expect.stringMatching(/^\/media\/(thumbnails|videos)\//)]);
      expect(received.every((call) => call.videoId === video.id && call.prefix === false)).toBe(true);
      expect(received[1]!.urls).toEqual(received[1]!.paths.map((path) => `https://video.example${path}`));
    } finally {
      await app.close();
      await new Promise<void>((resolve) => hook.close(() => resolve()));
    }
  });
});
