/**
 * Originals are private by default (docs/media-privacy.md#originals, docs/sharing.md#downloads):
 * with KEEP_ORIGINALS the uploaded file is kept beside the renditions, and
 *
 * - no answer names its key (API JSON, server-rendered pages, oEmbed, JSON-LD, the sitemap,
 *   playlists), `movieId` being the MP4 rendition's key;
 * - `/media/<original key>` goes to its owner only, never cacheable;
 * - anyone else the owner lets download it gets a copy without the phone's location, comment,
 *   make, model, serial or software tags, not re-encoded (the same picture packets) and with the
 *   same rotation — a QuickTime `.mov` as iPhones write it and an `.mp4` with `©xyz` in `udta`;
 * - with DOWNLOADS=off nobody but the owner gets it;
 * - an original kept by the code before this change (a row as it left it) is not served publicly,
 *   and migration 0019 moves its key (the old URL is retired for every cache, the bytes follow).
 *
 * The phone clips are made at test time with ffmpeg (support/media-fixtures.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import type { UserRow, VideoRow } from '../../server/infra/db/schema';
import { migrationProvider } from '../../server/infra/db/migrations';
import { DEFAULT_MEDIA_CONFIG } from '../../server/config/media';
import { runFfmpeg, runFfprobe } from '../../server/domains/media/ffmpeg';
import { streamRotation } from '../../server/domains/media/probe';
import type { RenditionManifest } from '../../server/domains/media/renditions';
import { AUDIENCE } from '../../server/domains/media/generations/audience';
import { newStorageKey } from '../../server/infra/storage/storage';
import { PERSONAL_TAGS, makeTaggedPhoneClip } from '../support/media-fixtures';
import { createTestVideo as createStoredVideo, fixtures, listFiles, postUpload, uploadParts, videoPart } from '../support/media';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { createTestVideo } from '../support/videos';

jest.setTimeout(180_000);

const API = '/v0/api';
const FAST_QUEUE = { ...DEFAULT_MEDIA_CONFIG, pollMs: 100, retryBaseMs: 100, leaseMs: 3000, keepOriginals: true, generationSweepMs: 0 };
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

let dir: string;
let spaDir: string;
let movClip: Buffer;
let mp4Clip: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'private-originals-'));
  movClip = await readFile(await makeTaggedPhoneClip(dir, { container: 'mov', seconds: 1 }));
  mp4Clip = await readFile(await makeTaggedPhoneClip(dir, { container: 'mp4', seconds: 1 }));
  spaDir = path.join(dir, 'spa');
  await mkdir(spaDir);
  await writeFile(
    path.join(spaDir, 'index.html'),
    '<!doctype html><html lang=en><head><meta charset=utf-8><title>ClipNest</title></head><body><div id=root></div></body></html>',
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Probed {
  format: { tags?: Record<string, string> };
  streams: Array<{ codec_type: string; tags?: Record<string, string>; side_data_list?: Array<{ side_data_type?: string; rotation?: number }> }>;
}

async function probe(data: Buffer): Promise<Probed> {
  const file = path.join(dir, `probe-${randomBytes(4).toString('hex')}`);
  await writeFile(file, data);
  try {
    const { stdout } = await runFfprobe(['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { timeoutMs: 30_000 });
    return JSON.parse(stdout) as Probed;
  } finally {
    await rm(file, { force: true });
  }
}

/** The MD5 of the first video stream's packets, copied: equal only when not re-encoded. */
async function picturePackets(data: Buffer): Promise<string> {
  const file = path.join(dir, `packets-${randomBytes(4).toString('hex')}`);
  await writeFile(file, data);
  try {
    const { stdout } = await runFfmpeg(['-v', 'error', '-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'md5', '-'], { timeoutMs: 30_000, captureStdout: true });
    return stdout.trim();
  } finally {
    await rm(file, { force: true });
  }
}

const rotationOf = (probed: Probed) => streamRotation(probed.streams.find((stream) => stream.codec_type === 'video')!);

/** Every tag of the file, `key=value`, format and streams alike. */
const tagsOf = (probed: Probed) =>
  [probed.format.tags ?? {}, ...probed.streams.map((stream) => stream.tags ?? {})].flatMap((tags) => Object.entries(tags).map(([key, value]) => `${key}=${value}`));

/** What a downloader got is a clean copy of `source`: no personal tag or byte, same pictures and rotation. */
async function expectCleanCopyOf(copy: Buffer, source: Buffer): Promise<void> {
  const before = await probe(source);
  const after = await probe(copy);
  // The clip really carried them (else this proves nothing).
  expect(tagsOf(before).join('\n')).toContain('+48.8584+002.2945');
  expect(tagsOf(before).join('\n')).toContain(PERSONAL_TAGS.comment);
  expect(rotationOf(before)).not.toBe(0);
  for (const tag of tagsOf(after)) expect(tag).not.toMatch(/location|xyz|comment|make|model|software|serial|creation_time|encoder=(?!Lavf$)/i);
  for (const value of Object.values(PERSONAL_TAGS)) expect(copy.includes(Buffer.from(value))).toBe(false);
  expect(copy.includes(Buffer.from('+48.8584'))).toBe(false);
  expect(rotationOf(after)).toBe(rotationOf(before));
  expect(after.streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video']);
  expect(await picturePackets(copy)).toBe(await picturePackets(source));
}

/**
 * A video as the pipeline leaves it with KEEP_ORIGINALS (made by hand: fast): ready, a generation
 * of renditions, the original kept in storage, its keys recorded as handed to everyone.
 */
async function keptOriginalVideo(t: TestApp, owner: UserRow, original: Buffer, type: 'video/quicktime' | 'video/mp4', fields: Partial<VideoRow> = {}) {
  const key = newStorageKey('videos', type === 'video/mp4' ? 'mp4' : 'mov');
  const put = async (storageKey: string, data: Buffer) => {
    const file = path.join(dir, `put-${randomBytes(4).toString('hex')}`);
    await writeFile(file, data);
    await t.app.storage.putFile(storageKey, file);
  };
  await put(key, original);
  const thumbnail = newStorageKey('thumbnails', 'png');
  await put(thumbnail, fixtures.png);
  const video = await createTestVideo(t.app, owner.id, { video_key: key, video_type: type, video_size: original.length, thumbnail_key: thumbnail, thumbnail_type: 'image/png' });
  const prefix = `renditions/${video.id}/${randomBytes(4).toString('hex')}`;
  await put(`${prefix}/video.mp4`, fixtures.mp4);
  await put(`${prefix}/master.m3u8`, Buffer.from('#EXTM3U\n'));
  const manifest: RenditionManifest = {
    version: 1, hls: 'master.m3u8', mp4: 'video.mp4', mp4Bytes: fixtures.mp4.length, mp4Width: 160, mp4Height: 90, poster: 'poster.jpg', cards: [], variants: [], quick: false,
  };
  await t.app.db
    .updateTable('videos')
    .set({ renditions_prefix: prefix, renditions: JSON.stringify(manifest), media_exposure: AUDIENCE.EVERYONE, ...fields })
    .where('id', '=', video.id)
    .execute();
  return { id: video.id, key, prefix };
}

describe('a kept original, uploaded and transcoded with KEEP_ORIGINALS=true', () => {
  let t: TestApp;
  let owner: UserRow;
  let ownerCookie: string;
  let otherCookie: string;
  let moderatorCookie: string;
  let videoId: string;
  let originalKey: string;
  /** Every answer the site gave about the video, as text. */
  const answers: Array<{ what: string; body: string }> = [];

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const record = <R extends { body: string }>(what: string, res: R): R => {
    answers.push({ what, body: res.body });
    return res;
  };

  beforeAll(async () => {
    t = await makeTestApp({ config: { spaDir, media: FAST_QUEUE } });
    owner = await createTestUser(t.app, { username: 'phone' });
    ownerCookie = await sessionCookieFor(t.app, owner.id);
    otherCookie = await sessionCookieFor(t.app, (await createTestUser(t.app, { username: 'other' })).id);
    moderatorCookie = await sessionCookieFor(t.app, (await createTestUser(t.app, { username: 'mod', role: 'moderator' })).id);
    const upload = record(
      'upload',
      await postUpload(t.app, ownerCookie, uploadParts({ title: 'Eiffel evening', visibility: 'public', video: videoPart(movClip, 'IMG_0001.MOV', 'video/quicktime') })),
    );
    expect(JSON.parse(upload.body)).toMatchObject({ success: true });
    videoId = JSON.parse(upload.body).video._id as string;
    originalKey = (await t.app.db.selectFrom('videos').select('video_key').where('id', '=', videoId).executeTakeFirstOrThrow()).video_key;
    record('processing', await get(`${API}/videos/selfieVideos/${videoId}/processing`, { cookie: ownerCookie }));
    record('while processing', await get(`${API}/videos/selfieVideos/${videoId}`, { cookie: ownerCookie }));
    for (let i = 0; i < 600; i += 1) {
      const res = await get(`${API}/videos/selfieVideos/${videoId}/processing`, { cookie: ownerCookie });
      if (res.json().status !== 'processing') break;
      await sleep(200);
    }
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${API}/videos/selfieVideos/${videoId}`,
      headers: { cookie: ownerCookie },
      payload: { title: 'Eiffel evening', downloadEnabled: true },
    });
    expect(patched.statusCode).toBe(200);
    record('PATCH', patched);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is kept, and named in no answer: API, pages, share previews, oEmbed, JSON-LD, sitemap, playlists', async () => {
    expect(await t.app.storage.stat(originalKey)).not.toBeNull();
    for (const cookie of [undefined, ownerCookie, otherCookie]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const one = record('GET video', await get(`${API}/videos/selfieVideos/${videoId}`, headers));
      const video = one.json().video as { status: string; movieId: string; cdnUrl: string; hlsUrl: string };
      expect(video.status).toBe('ready');
      // movieId names the MP4 the video plays, cdnUrl serves it.
      expect(video.movieId).toMatch(new RegExp(`^renditions/${videoId}/[0-9a-f]{8}/`));
      expect(video.cdnUrl).toBe(`/media/${video.movieId}`);
      record('list', await get(`${API}/videos/selfieVideos`, headers));
      record('profile', await get(`${API}/users/${owner.id}`, headers));
      record('profile videos', await get(`${API}/users/${owner.id}/videos`, headers));
      record('related', await get(`${API}/videos/selfieVideos/${videoId}/related`, headers));
      record('search', await t.app.inject({ method: 'POST', url: `${API}/search/normal-search`, headers, payload: { query: 'Eiffel' } }));
      record('page', await get(`/selfieVideos/${videoId}`, { ...HTML, ...headers }));
      record('embed', await get(`/embed/selfieVideos/${videoId}`, { ...HTML, ...headers }));
      const master = record('master playlist', await get(video.hlsUrl, headers));
      const base = video.hlsUrl.slice(0, video.hlsUrl.lastIndexOf('/') + 1);
      for (const line of master.body.split('\n').filter((entry) => entry.endsWith('.m3u8'))) record('variant playlist', await get(`${base}${line}`, headers));
    }
    const page = answers.find((answer) => answer.what === 'page')!.body;
    expect(page).toContain('application/ld+json');
    expect(page).toContain('og:video');
    record('oEmbed', await get(`/oembed?url=${encodeURIComponent(`http://localhost:3000/selfieVideos/${videoId}`)}`));
    record('sitemap', await get('/sitemap.xml'));
    const sitemap = record('sitemap page', await get('/sitemap-videos.xml?page=1'));
    expect(sitemap.body).toContain(videoId);

    const keyId = /[0-9a-f]{24}/.exec(originalKey)![0];
    expect(answers.length).toBeGreaterThan(30);
    for (const answer of answers) expect({ what: answer.what, named: answer.body.includes(keyId) }).toEqual({ what: answer.what, named: false });
  });

  it('/media/<original key> goes to its owner only, never to a visitor, another user or a moderator, never cacheable', async () => {
    for (const cookie of [undefined, otherCookie, moderatorCookie]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url: `/media/${originalKey}`, headers: cookie ? { cookie } : {} });
        expect({ status: res.statusCode, cache: res.headers['cache-control'] }).toEqual({ status: 404, cache: 'no-store' });
      }
    }
    const mine = await get(`/media/${originalKey}`, { cookie: ownerCookie });
    expect({ status: mine.statusCode, cache: mine.headers['cache-control'] }).toEqual({ status: 200, cache: 'private, no-store' });
    expect(mine.rawPayload.equals(movClip)).toBe(true);
  });

  it('downloads: the owner gets the file as uploaded; anyone else a copy without personal metadata, not re-encoded, same rotation', async () => {
    const url = `${API}/videos/selfieVideos/${videoId}/download?file=original`;
    const mine = await get(url, { cookie: ownerCookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(movClip)).toBe(true);
    for (const cookie of [undefined, otherCookie]) {
      const res = await get(url, cookie ? { cookie } : {});
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('video/quicktime');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Eiffel evening\.mov"/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      await expectCleanCopyOf(res.rawPayload, movClip);
    }
    // Nothing left in the process's temporary folder.
    expect((await listFiles(t.config.tmpDir)).filter((file) => file.includes('download'))).toEqual([]);
  });
});

describe('kept originals made by hand as the pipeline leaves them', () => {
  let t: TestApp;
  let owner: UserRow;
  let ownerCookie: string;
  let otherCookie: string;

  beforeEach(async () => {
    t = await makeTestApp({ config: { media: { ...DEFAULT_MEDIA_CONFIG, generationSweepMs: 0 } } });
    owner = await createTestUser(t.app);
    ownerCookie = await sessionCookieFor(t.app, owner.id);
    otherCookie = await sessionCookieFor(t.app, (await createTestUser(t.app)).id);
  });
  afterEach(async () => {
    await t.close();
  });

  it('an .mp4 original (location in udta ©xyz) reaches other downloaders cleaned too; 403 until its owner allows it', async () => {
    const video = await keptOriginalVideo(t, owner, mp4Clip, 'video/mp4');
    const url = `${API}/videos/selfieVideos/${video.id}/download?file=original`;
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: otherCookie } })).statusCode).toBe(403);
    await t.app.db.updateTable('videos').set({ download_enabled: 1 }).where('id', '=', video.id).execute();
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: otherCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    await expectCleanCopyOf(res.rawPayload, mp4Clip);
    // The MP4 rendition is what it was.
    const mp4 = await t.app.inject({ method: 'GET', url: `${API}/videos/selfieVideos/${video.id}/download?file=mp4`, headers: { cookie: otherCookie } });
    expect(mp4.rawPayload.equals(fixtures.mp4)).toBe(true);
  });

  it('an original ffmpeg cannot copy is a 500 to others (en, zh), never the untouched file; nothing left behind', async () => {
    // A valid MP4 header with nothing decodable behind it: passes the sniffer, not the remux.
    const garbage = Buffer.concat([mp4Clip.subarray(0, 32), randomBytes(4096)]);
    const video = await keptOriginalVideo(t, owner, garbage, 'video/mp4', { download_enabled: 1 });
    const url = `${API}/videos/selfieVideos/${video.id}/download?file=original`;
    for (const [language, message] of [['en', 'This file could not be prepared for download.'], ['zh', '无法准备此文件的下载。']]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: otherCookie, 'accept-language': language! } });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 500, body: { success: false, message } });
      expect(res.headers['content-disposition']).toBeUndefined();
    }
    expect((await listFiles(t.config.tmpDir)).filter((file) => file.includes('download'))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: ownerCookie } })).rawPayload.equals(garbage)).toBe(true);
  });

  it('with DOWNLOADS=off nobody but the owner gets the original', async () => {
    const off = await makeTestApp({ env: { DOWNLOADS: 'off' }, config: { media: { ...DEFAULT_MEDIA_CONFIG, generationSweepMs: 0 } } });
    try {
      const me = await createTestUser(off.app);
      const myCookie = await sessionCookieFor(off.app, me.id);
      const theirCookie = await sessionCookieFor(off.app, (await createTestUser(off.app)).id);
      const video = await keptOriginalVideo(off, me, movClip, 'video/quicktime', { download_enabled: 1 });
      const download = `${API}/videos/selfieVideos/${video.id}/download?file=original`;
      for (const cookie of [undefined, theirCookie]) {
        const headers = cookie ? { cookie } : {};
        const res = await off.app.inject({ method: 'GET', url: download, headers });
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 403, body: { success: false, message: 'Downloads are not allowed for this video.' } });
        expect((await off.app.inject({ method: 'GET', url: `/media/${video.key}`, headers })).statusCode).toBe(404);
      }
      const mine = await off.app.inject({ method: 'GET', url: download, headers: { cookie: myCookie } });
      expect(mine.statusCode).toBe(200);
      expect(mine.rawPayload.equals(movClip)).toBe(true);
      expect((await off.app.inject({ method: 'GET', url: `/media/${video.key}`, headers: { cookie: myCookie } })).rawPayload.equals(movClip)).toBe(true);
      // The MP4 stays off for the owner too.
      expect((await off.app.inject({ method: 'GET', url: `${API}/videos/selfieVideos/${video.id}/download?file=mp4`, headers: { cookie: myCookie } })).statusCode).toBe(403);
    } finally {
      await off.close();
    }
  });

  it('an original kept before this change (a row as the old code left it) is not served publicly; migration 0019 moves its key', async () => {
    const old = await keptOriginalVideo(t, owner, movClip, 'video/quicktime');
    const unlisted = await keptOriginalVideo(t, owner, movClip, 'video/quicktime', { visibility: 'unlisted', media_exposure: AUDIENCE.LINK });
    // Not moved: never handed beyond its owner; made before the pipeline (its file is what it plays).
    const ownerOnly = await keptOriginalVideo(t, owner, movClip, 'video/quicktime', { visibility: 'private', media_exposure: AUDIENCE.OWNER });
    const legacy = await createStoredVideo(t.app, owner.id);
    for (const cookie of [undefined, otherCookie]) {
      for (const video of [old, unlisted]) {
        const res = await t.app.inject({ method: 'GET', url: `/media/${video.key}`, headers: cookie ? { cookie } : {} });
        expect({ status: res.statusCode, cache: res.headers['cache-control'] }).toEqual({ status: 404, cache: 'no-store' });
      }
    }

    const migration = (await migrationProvider.getMigrations())['0019_private_originals'];
    expect(migration).toBeDefined();
    await migration!.up(t.app.db);
    const rows = await t.app.db.selectFrom('videos').select(['id', 'video_key']).execute();
    const keyOf = (id: string) => rows.find((row) => row.id === id)!.video_key;
    for (const video of [old, unlisted]) {
      expect(keyOf(video.id)).not.toBe(video.key);
      expect(keyOf(video.id)).toMatch(/^videos\/[0-9a-f]{24}\.mov$/);
    }
    expect(keyOf(ownerOnly.id)).toBe(ownerOnly.key);
    expect(keyOf(legacy.id)).toBe(legacy.video_key);
    const moves = await t.app.db.selectFrom('media_moves').select(['video_id', 'slot', 'from_key']).orderBy('from_key').execute();
    expect(moves).toEqual(
      [
        { video_id: old.id, slot: 'video_key', from_key: old.key },
        { video_id: unlisted.id, slot: 'video_key', from_key: unlisted.key },
      ].sort((a, b) => a.from_key.localeCompare(b.from_key)),
    );

    // The old URL: 404 to everyone, its owner included; the new one: the owner's only, served from
    // the old location until the bytes have moved, then from the new.
    for (const cookie of [undefined, otherCookie, ownerCookie]) {
      expect((await t.app.inject({ method: 'GET', url: `/media/${old.key}`, headers: cookie ? { cookie } : {} })).statusCode).toBe(404);
    }
    const pending = await t.app.inject({ method: 'GET', url: `/media/${keyOf(old.id)}`, headers: { cookie: ownerCookie } });
    expect(pending.rawPayload.equals(movClip)).toBe(true);
    await t.app.media.generations.sweep();
    await t.app.media.generations.idle();
    expect(await t.app.storage.stat(old.key)).toBeNull();
    expect(await t.app.db.selectFrom('media_moves').selectAll().execute()).toEqual([]);
    const moved = await t.app.inject({ method: 'GET', url: `/media/${keyOf(old.id)}`, headers: { cookie: ownerCookie } });
    expect({ status: moved.statusCode, cache: moved.headers['cache-control'] }).toEqual({ status: 200, cache: 'private, no-store' });
    expect(moved.rawPayload.equals(movClip)).toBe(true);
    for (const cookie of [undefined, otherCookie]) {
      expect((await t.app.inject({ method: 'GET', url: `/media/${keyOf(old.id)}`, headers: cookie ? { cookie } : {} })).statusCode).toBe(404);
    }
    // A video made before the pipeline still plays its file, as before.
    expect((await t.app.inject({ method: 'GET', url: `/media/${legacy.video_key}` })).statusCode).toBe(200);
  });
});
