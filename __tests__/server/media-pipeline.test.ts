/**
 * The media pipeline end to end through the API, with the real bundled ffmpeg and fixtures made
 * at test time (support/media-fixtures.ts): probe at upload, states, renditions and their sizes,
 * serving and permissions, deletion, and a job interrupted by a restart.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import type { UserRow } from '../../server/infra/db/schema';
import { DEFAULT_MEDIA_CONFIG } from '../../server/config/media';
import { processVideo } from '../../server/domains/media/pipeline';
import {
  makeAudioOnlyMp4,
  makeGarbageMp4,
  makeH264Mov,
  makeH264Mp4,
  makeRotatedHevcMov,
  makeTruncated,
  makeVp9Webm,
} from '../support/media-fixtures';
import { listFiles, multipart, postUpload, uploadParts, videoPart } from '../support/media';
import { createTestUser, makeTestApp, makeTestDataDir, sessionCookieFor, type TestApp } from '../support/server';

jest.setTimeout(180_000);

const FAST_QUEUE = { ...DEFAULT_MEDIA_CONFIG, pollMs: 100, retryBaseMs: 100, leaseMs: 3000 };

let dir: string;
const files: Record<string, string> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-fixtures-'));
  const mov = await makeH264Mov(dir, { seconds: 1 });
  const faststart = await makeH264Mp4(dir, { name: 'whole.mp4', seconds: 2 });
  Object.assign(files, {
    h264: await makeH264Mp4(dir, { seconds: 2 }),
    hevc: await makeRotatedHevcMov(dir, { width: 640, height: 360, seconds: 2 }),
    vp9: await makeVp9Webm(dir, { seconds: 2 }),
    silent: await makeH264Mp4(dir, { name: 'silent.mp4', audio: false, seconds: 1 }),
    audioOnly: await makeAudioOnlyMp4(dir, { seconds: 1 }),
    truncatedMov: await makeTruncated(dir, mov, 0.5, 'truncated.mov'),
    truncatedMp4: await makeTruncated(dir, faststart, 0.6, 'truncated.mp4'),
    garbage: await makeGarbageMp4(dir),
    uhd: await makeH264Mp4(dir, { name: 'uhd.mp4', width: 3840, height: 2160, seconds: 0.5, fps: 10 }),
    tiny144: await makeH264Mp4(dir, { name: '144p.mp4', width: 256, height: 144, seconds: 1 }),
  });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface ApiVideo {
  _id: string;
  status: string;
  processingProgress: number;
  processingError: string | null;
  duration: number;
  width: number;
  height: number;
  hlsUrl: string | null;
  posterUrl: string | null;
  cdnUrl: string;
  thumbnailCdnUrl: string;
  thumbnailSources: Array<{ width: number; url: string }>;
  progressiveSources: Array<{ url: string; width: number; height: number }>;
  qualities: number;
}

describe('media pipeline', () => {
  let t: TestApp;
  let owner: UserRow;
  let cookie: string;
  let otherCookie: string;

  beforeAll(async () => {
    t = await makeTestApp({ config: { media: FAST_QUEUE } });
    owner = await createTestUser(t.app, { username: 'filmer' });
    cookie = await sessionCookieFor(t.app, owner.id);
    otherCookie = await sessionCookieFor(t.app, (await createTestUser(t.app, { username: 'someone' })).id);
  });
  afterAll(async () => {
    await t.close();
  });

  async function upload(file: string, name: string, visibility = 'public') {
    const data = await readFile(file);
    return postUpload(t.app, cookie, uploadParts({ title: name, visibility, video: videoPart(data, name, 'application/octet-stream') }));
  }

  async function uploadReady(file: string, name: string, visibility = 'public'): Promise<ApiVideo> {
    const res = await upload(file, name, visibility);
    expect(res.statusCode).toBe(200);
    const { video } = res.json() as { video: ApiVideo };
    expect(video.status).toBe('processing');
    return waitForState(video._id);
  }

  async function waitForState(id: string, timeoutMs = 150_000): Promise<ApiVideo> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await t.app.inject({ method: 'GET', url: `/v0/api/videos/selfieVideos/${id}/processing`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const state = res.json() as { status: string };
      if (state.status !== 'processing') {
        const full = await t.app.inject({ method: 'GET', url: `/v0/api/videos/selfieVideos/${id}`, headers: { cookie } });
        return (full.json() as { video: ApiVideo }).video;
      }
      if (Date.now() > deadline) throw new Error(`video ${id} still processing`);
      await sleep(200);
    }
  }

  const get = (url: string, who?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(who ? { cookie: who } : {}), ...headers } });

  async function variantsOf(video: ApiVideo): Promise<Array<{ width: number; height: number; bandwidth: number; codecs: string; uri: string }>> {
    const res = await get(video.hlsUrl!, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('#EXTM3U');
    const variants = [];
    for (let i = 0; i < lines.length; i += 1) {
      const match = /^#EXT-X-STREAM-INF:.*BANDWIDTH=(\d+).*RESOLUTION=(\d+)x(\d+).*CODECS="([^"]+)"/.exec(lines[i]!);
      if (match) variants.push({ bandwidth: Number(match[1]), width: Number(match[2]), height: Number(match[3]), codecs: match[4]!, uri: lines[i + 1]! });
    }
    return variants;
  }

  it('H.264 + AAC MP4: ready with an HLS ladder, a fast-start MP4 answering Range, poster and WebP cards; original removed', async () => {
    const video = await uploadReady(files.h264!, 'h264.mp4');
    expect(video).toMatchObject({ status: 'ready', processingProgress: 100, processingError: null, width: 320, height: 180 });
    expect(video.duration).toBeCloseTo(2, 1);
    expect(video.hlsUrl).toMatch(/^\/media\/renditions\/[0-9a-f]{24}\/[0-9a-f]{8}\/master\.m3u8$/);
    expect(video.cdnUrl).toMatch(/\/video\.mp4$/);

    // 320×180 is below every rung: one rendition at the source's own size.
    const variants = await variantsOf(video);
    expect(variants).toEqual([{ width: 320, height: 180, bandwidth: expect.any(Number), codecs: expect.stringMatching(/^avc1\.6400[0-9a-f]{2},mp4a\.40\.2$/), uri: '180p.m3u8' }]);
    // The answer says how many qualities the playlist offers (the page reserves the player's toolbar by it).
    expect(video.qualities).toBe(variants.length);
    const base = video.hlsUrl!.replace(/master\.m3u8$/, '');
    const media = await get(`${base}${variants[0]!.uri}`);
    expect(media.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(media.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(media.body).toContain('#EXT-X-ENDLIST');
    const segment = media.body.split('\n').find((line) => line.endsWith('.ts'))!;
    const segmentRes = await get(`${base}${segment}`);
    expect(segmentRes.statusCode).toBe(200);
    expect(segmentRes.headers['content-type']).toBe('video/mp2t');
    expect(segmentRes.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(segmentRes.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte

    // Progressive MP4: moov before mdat (+faststart), Range answered with 206.
    const mp4 = await get(video.cdnUrl);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    const bytes = mp4.rawPayload;
    expect(bytes.indexOf('moov')).toBeGreaterThan(0);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    const ranged = await get(video.cdnUrl, undefined, { range: 'bytes=100-199' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(100);

    // The player's poster is WebP; the JPEG beside it is for link previews.
    expect(video.posterUrl).toMatch(/\/poster\.webp$/);
    const poster = await get(video.posterUrl!);
    expect(poster.headers['content-type']).toBe('image/webp');
    const jpeg = await get(video.posterUrl!.replace(/\.webp$/, '.jpg'));
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    // tiny.png is 160 wide: never upscaled, so one card.
    expect(video.thumbnailSources).toEqual([{ width: 160, url: expect.stringMatching(/\/card-160\.webp$/) }]);
    const card = await get(video.thumbnailSources[0]!.url);
    expect(card.headers['content-type']).toBe('image/webp');
    expect(card.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');

    // KEEP_ORIGINALS is off: the original is gone once the renditions exist.
    const row = await t.app.db.selectFrom('videos').select('video_key').where('id', '=', video._id).executeTakeFirstOrThrow();
    expect(await t.app.storage.stat(row.video_key)).toBeNull();
    // And it is listed and searchable now.
    const list = await get('/v0/api/videos/selfieVideos');
    expect((list.json() as { videos: ApiVideo[] }).videos.map((v) => v._id)).toContain(video._id);
  });

  it('HEVC .mov rotated 90°: ready in portrait (displayed size), every variant portrait and never above the source', async () => {
    const video = await uploadReady(files.hevc!, 'phone.mov');
    expect(video).toMatchObject({ status: 'ready', width: 360, height: 640 });
    const variants = await variantsOf(video);
    expect(variants.map(({ width, height }) => ({ width, height }))).toEqual([
      { width: 240, height: 426 },
      { width: 360, height: 640 },
    ]);
    const row = await t.app.db.selectFrom('videos').select('renditions').where('id', '=', video._id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.renditions!)).toMatchObject({ mp4Width: 360, mp4Height: 640 });

    // Every rung is a progressive MP4 too, smallest first, the largest being cdnUrl's: the
    // server-rendered page plays the one that fits the box before any script (fast start).
    expect(video.progressiveSources).toEqual([
      { url: expect.stringMatching(/\/240p\.mp4$/), width: 240, height: 426 },
      { url: video.cdnUrl, width: 360, height: 640 },
    ]);
    const small = await get(video.progressiveSources[0]!.url);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('video/mp4');
    expect(small.rawPayload.indexOf('moov')).toBeLessThan(small.rawPayload.indexOf('mdat'));
    expect(small.rawPayload.length).toBeLessThan((await get(video.cdnUrl)).rawPayload.length);
  });

  it('VP9 WebM: ready as H.264', async () => {
    const video = await uploadReady(files.vp9!, 'clip.webm');
    expect(video).toMatchObject({ status: 'ready', width: 320, height: 180 });
    expect(video.duration).toBeCloseTo(2, 1);
    expect((await variantsOf(video))[0]!.codecs).toMatch(/^avc1\.64/);
  });

  it('a video without sound: ready, no audio codec announced', async () => {
    const video = await uploadReady(files.silent!, 'silent.mp4');
    expect(video.status).toBe('ready');
    expect((await variantsOf(video))[0]!.codecs).toMatch(/^avc1\.6400[0-9a-f]{2}$/);
  });

  it('a 4K source: the ladder is capped at 1080p, and every rung is made', async () => {
    const video = await uploadReady(files.uhd!, 'uhd.mp4');
    expect(video).toMatchObject({ status: 'ready', width: 3840, height: 2160 });
    const sizes = (await variantsOf(video)).map(({ width, height }) => `${width}x${height}`);
    // Smallest first in the master playlist (the variant players start with).
    expect(sizes).toEqual(['426x240', '640x360', '854x480', '1280x720', '1920x1080']);
  });

  it('a 144p source: one rendition at its own size, nothing upscaled', async () => {
    const video = await uploadReady(files.tiny144!, '144p.mp4');
    const variants = await variantsOf(video);
    expect(variants.map(({ width, height }) => `${width}x${height}`)).toEqual(['256x144']);
  });

  it.each([
    ['audio only', 'audioOnly'],
    ['a truncated .mov', 'truncatedMov'],
    ['a truncated fast-start MP4', 'truncatedMp4'],
    ['random bytes behind an MP4 header', 'garbage'],
  ])('refuses %s with 422 and keeps nothing', async (_label, key) => {
    const before = await listFiles(t.config.mediaDir);
    const rows = await t.app.db.selectFrom('videos').select('id').execute();
    const res = await upload(files[key]!, 'bad.mov');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      message: 'The video file could not be read: it may be damaged, cut short or have no picture.',
    });
    expect(await listFiles(t.config.mediaDir)).toEqual(before);
    expect(await t.app.db.selectFrom('videos').select('id').execute()).toEqual(rows);
    const leftovers = (await listFiles(t.config.tmpDir)).filter((file) => file.endsWith('.part'));
    expect(leftovers).toEqual([]);
  });

  it('answers the refusal in Chinese', async () => {
    const data = await readFile(files.garbage!);
    const { body, contentType } = multipart(uploadParts({ video: videoPart(data) }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/v0/api/movies/upload',
      headers: { 'content-type': contentType, cookie, 'accept-language': 'zh-CN' },
      payload: body,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('无法读取该视频文件：文件可能已损坏、不完整或没有画面。');
  });

  it('while processing: only the owner sees it (profile, processing route, original); lists and others do not', async () => {
    // Workers stopped (for good: this is the last test of the suite's app), so it stays processing.
    // The queue starts when the app is ready (its first request): stopped before then, the
    // upload below would start it, and its job could race what the test does next.
    await t.app.ready();
    await t.app.media.queue.stop();
    const res = await upload(files.silent!, 'pending.mp4');
    const { video } = res.json() as { video: ApiVideo };
    const processing = `/v0/api/videos/selfieVideos/${video._id}/processing`;
    const mine = await get(processing, cookie);
    const { etaSeconds, ...rest } = mine.json();
    expect(rest).toEqual({
      success: true,
      status: 'processing',
      processingProgress: 0,
      processingError: null,
      processingErrorCode: null,
      processingStage: 'queued',
      queuePosition: 1,
      hlsUrl: null,
    });
    // The suite's earlier videos measured this machine's speed (alone, this test has no measurement).
    if (etaSeconds !== null) expect(etaSeconds).toBeGreaterThan(0);
    // Nothing plays yet, and no answer names the original (docs/media-privacy.md#originals).
    expect(video.cdnUrl).toBe('');
    const original = `/media/${(await t.app.db.selectFrom('videos').select('video_key').where('id', '=', video._id).executeTakeFirstOrThrow()).video_key}`;
    for (const who of [undefined, otherCookie]) {
      expect((await get(processing, who)).statusCode).toBe(404);
      expect((await get(`/v0/api/videos/selfieVideos/${video._id}`, who)).statusCode).toBe(404);
      expect((await get(original, who)).statusCode).toBe(404);
      const profile = (await get(`/v0/api/users/${owner.id}`, who)).json() as { videos: ApiVideo[] };
      expect(profile.videos.map((v) => v._id)).not.toContain(video._id);
    }
    expect((await get(original, cookie)).statusCode).toBe(200);
    const profile = (await get(`/v0/api/users/${owner.id}`, cookie)).json() as { videos: ApiVideo[] };
    expect(profile.videos.find((v) => v._id === video._id)).toMatchObject({ status: 'processing' });
    const list = (await get('/v0/api/videos/selfieVideos', cookie)).json() as { videos: ApiVideo[] };
    expect(list.videos.map((v) => v._id)).not.toContain(video._id);
    // Polling counts no view.
    const row = await t.app.db.selectFrom('videos').select('views').where('id', '=', video._id).executeTakeFirstOrThrow();
    expect(Number(row.views)).toBe(0);
  });
});

describe('media pipeline: permissions, deletion, failures and restarts', () => {
  it('private renditions go to the owner only; deleting leaves no file', async () => {
    const t = await makeTestApp({ config: { media: FAST_QUEUE } });
    try {
      const owner = await createTestUser(t.app);
      const cookie = await sessionCookieFor(t.app, owner.id);
      const other = await sessionCookieFor(t.app, (await createTestUser(t.app)).id);
      const data = await readFile(files.silent!);
      const res = await postUpload(t.app, cookie, uploadParts({ visibility: 'private', video: videoPart(data) }));
      const id = (res.json() as { video: ApiVideo }).video._id;
      let video: ApiVideo | undefined;
      for (let i = 0; i < 600 && video?.status !== 'ready'; i += 1) {
        await sleep(200);
        video = ((await t.app.inject({ method: 'GET', url: `/v0/api/videos/selfieVideos/${id}`, headers: { cookie } })).json() as { video: ApiVideo }).video;
      }
      expect(video!.status).toBe('ready');
      const master = await t.app.inject({ method: 'GET', url: video!.hlsUrl!, headers: { cookie } });
      const base = video!.hlsUrl!.replace(/master\.m3u8$/, '');
      const variant = master.body.split('\n').find((line) => line.endsWith('.m3u8'))!;
      const playlist = await t.app.inject({ method: 'GET', url: `${base}${variant}`, headers: { cookie } });
      const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts'))!;
      const urls = [video!.hlsUrl!, `${base}${variant}`, `${base}${segment}`, video!.cdnUrl, video!.posterUrl!, video!.thumbnailSources[0]!.url, video!.thumbnailCdnUrl];
      for (const url of urls) {
        const mine = await t.app.inject({ method: 'GET', url, headers: { cookie } });
        expect({ url, status: mine.statusCode, cache: mine.headers['cache-control'] }).toEqual({ url, status: 200, cache: 'private, no-store' });
        for (const who of [undefined, other]) {
          const theirs = await t.app.inject({ method: 'GET', url, headers: who ? { cookie: who } : {} });
          expect({ url, status: theirs.statusCode }).toEqual({ url, status: 404 });
        }
      }

      const deleted = await t.app.inject({ method: 'DELETE', url: `/v0/api/videos/selfieVideos/${id}`, headers: { cookie } });
      expect(deleted.statusCode).toBe(200);
      expect(await listFiles(t.config.mediaDir)).toEqual([]);
      expect(await t.app.db.selectFrom('media_jobs').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a job interrupted by a restart (its worker killed) completes after the restart; nothing is left behind', async () => {
    const dataDir = await makeTestDataDir();
    try {
      // First life: the upload is acknowledged, then the process "dies" with its job running.
      const first = await makeTestApp({ dataDir, env: { WORKER: 'off' }, config: { media: FAST_QUEUE } });
      const owner = await createTestUser(first.app);
      const cookie = await sessionCookieFor(first.app, owner.id);
      const res = await postUpload(first.app, cookie, uploadParts({ video: videoPart(await readFile(files.h264!)) }));
      const id = (res.json() as { video: ApiVideo }).video._id;
      // As a killed worker leaves it: leased to a process that is gone, a half-made work folder,
      // a rendition folder that no row points at, and a temporary file of an upload in flight.
      const dead = `${hostname().replace(/[^A-Za-z0-9.-]/g, '_')}~999999~deadbeef`;
      await first.app.db
        .updateTable('media_jobs')
        .set({ state: 'running', attempts: 1, lease_owner: dead, lease_until: new Date(Date.now() + 3600_000).toISOString() })
        .execute();
      await mkdir(path.join(first.config.tmpDir, dead, 'job-x'), { recursive: true });
      await writeFile(path.join(first.config.tmpDir, dead, 'job-x', '720p.mp4'), 'half');
      await writeFile(path.join(first.config.tmpDir, dead, 'abcd.mp4.part'), 'half');
      await mkdir(path.join(first.config.mediaDir, 'renditions', id, '0badc0de'), { recursive: true });
      await writeFile(path.join(first.config.mediaDir, 'renditions', id, '0badc0de', 'master.m3u8'), '#EXTM3U');
      await first.app.db.insertInto('storage_pending').values({ key: 'videos/0123456789abcdef01234567.mp4', owner: dead, created_at: new Date().toISOString() }).execute();
      await writeFile(path.join(first.config.mediaDir, 'videos', '0123456789abcdef01234567.mp4'), 'orphan');
      await first.app.close();

      const second = await makeTestApp({ dataDir, config: { media: FAST_QUEUE } });
      try {
        await second.app.ready();
        // The video turns ready first; the job is closed just after (the original is removed in between).
        let jobState = '';
        for (let i = 0; i < 600 && jobState !== 'done' && jobState !== 'failed'; i += 1) {
          await sleep(200);
          const row = await second.app.db.selectFrom('media_jobs').select('state').where('video_id', '=', id).executeTakeFirstOrThrow();
          jobState = row.state;
        }
        const video = await second.app.db.selectFrom('videos').select('status').where('id', '=', id).executeTakeFirstOrThrow();
        expect(video.status).toBe('ready');
        const job = await second.app.db.selectFrom('media_jobs').selectAll().where('video_id', '=', id).executeTakeFirstOrThrow();
        expect(job).toMatchObject({ state: 'done', attempts: 2, progress: 100 });
        const row = await second.app.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        const files = await listFiles(second.config.mediaDir);
        // Only the thumbnail and the current generation's renditions.
        expect(files.every((file) => file === row.thumbnail_key || file.startsWith(`${row.renditions_prefix}/`))).toBe(true);
        expect(await listFiles(second.config.tmpDir)).toEqual([]);
        expect(await second.app.db.selectFrom('storage_pending').selectAll().execute()).toEqual([]);
      } finally {
        await second.app.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a video whose transcode keeps failing ends failed, with a localized reason for its owner', async () => {
    const t = await makeTestApp({ config: { media: { ...FAST_QUEUE, maxAttempts: 2 } } });
    try {
      const owner = await createTestUser(t.app);
      const cookie = await sessionCookieFor(t.app, owner.id);
      // The queue starts when the app is ready (its first request): stopped before then, the
      // upload below would start it, and its job could race what the test does next.
      await t.app.ready();
      await t.app.media.queue.stop();
      const res = await postUpload(t.app, cookie, uploadParts({ video: videoPart(await readFile(files.silent!)) }));
      const id = (res.json() as { video: ApiVideo }).video._id;
      // The original disappears from storage before the worker gets to it.
      const row = await t.app.db.selectFrom('videos').select('video_key').where('id', '=', id).executeTakeFirstOrThrow();
      await t.app.storage.delete(row.video_key);
      await t.app.media.queue.start((job) =>
        processVideo({ db: t.app.db, storage: t.app.storage, spool: t.app.media.spool, log: t.app.log, keepOriginals: false }, job),
      );
      let state = 'processing';
      for (let i = 0; i < 300 && state === 'processing'; i += 1) {
        await sleep(100);
        state = (await t.app.db.selectFrom('videos').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
      }
      expect(state).toBe('failed');
      const en = await t.app.inject({ method: 'GET', url: `/v0/api/videos/selfieVideos/${id}/processing`, headers: { cookie } });
      // The reason says what happened: the original is gone (not retried: no attempt could find it).
      expect(en.json()).toEqual({
        success: true,
        status: 'failed',
        processingProgress: 0,
        processingError: 'The uploaded file is no longer stored: upload it again to replace it.',
        processingErrorCode: 'missingOriginal',
        processingStage: 'failed',
        queuePosition: null,
        etaSeconds: null,
        hlsUrl: null,
      });
      const zh = await t.app.inject({ method: 'GET', url: `/v0/api/videos/selfieVideos/${id}/processing`, headers: { cookie, 'accept-language': 'zh' } });
      expect(zh.json().processingError).toBe('上传的文件已不再保存：请重新上传以替换它。');
      const job = await t.app.db.selectFrom('media_jobs').selectAll().where('video_id', '=', id).executeTakeFirstOrThrow();
      expect(job.state).toBe('failed');
    } finally {
      await t.close();
    }
  });
});
