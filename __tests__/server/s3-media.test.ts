/**
 * The whole app with S3_BUCKET set, against a real S3-protocol server (s3rver, started here:
 * __tests__/support/s3.ts): upload → probe → transcode (the original downloaded for ffmpeg) →
 * renditions in the bucket → /media served from the bucket with Range → private files refused
 * to others → deletion leaves nothing in the bucket; the start-up sweep and the configuration
 * errors. Nothing touches DATA_DIR/media.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';

import { ConfigError, loadConfig } from '../../server/config/index';
import type { UserRow } from '../../server/infra/db/schema';
import { DEFAULT_MEDIA_CONFIG } from '../../server/config/media';
import { processVideo } from '../../server/domains/media/pipeline';
import { eventually } from '../support/eventually';
import { makeH264Mp4 } from '../support/media-fixtures';
import { listFiles, postUpload, uploadParts, videoPart } from '../support/media';
import { startS3, useS3Env, type S3TestServer } from '../support/s3';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';

jest.setTimeout(180_000);

const FAST_QUEUE = { ...DEFAULT_MEDIA_CONFIG, pollMs: 100, retryBaseMs: 100, leaseMs: 3000 };

interface ApiVideo {
  _id: string;
  movieId: string;
  status: string;
  cdnUrl: string;
  thumbnailCdnUrl: string;
  hlsUrl: string | null;
  posterUrl: string | null;
}

let s3: S3TestServer;
let restoreEnv: () => void;
let fixturesDir: string;
let clip: Buffer;

beforeAll(async () => {
  s3 = await startS3();
  restoreEnv = useS3Env(s3);
  fixturesDir = await mkdtemp(path.join(tmpdir(), 's3-media-fixtures-'));
  clip = await readFile(await makeH264Mp4(fixturesDir, { seconds: 2 }));
});

afterAll(async () => {
  restoreEnv?.();
  await s3?.stop();
  if (fixturesDir) await rm(fixturesDir, { recursive: true, force: true });
});

async function objectBytes(key: string): Promise<Buffer> {
  const result = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await result.Body!.transformToByteArray());
}

describe('media on S3 (S3_BUCKET) through the app', () => {
  let t: TestApp;
  let owner: UserRow;
  let cookie: string;
  let otherCookie: string;

  beforeAll(async () => {
    t = await makeTestApp({ env: s3.appEnv, config: { media: FAST_QUEUE } });
    owner = await createTestUser(t.app, { username: 's3filmer' });
    cookie = await sessionCookieFor(t.app, owner.id);
    otherCookie = await sessionCookieFor(t.app, (await createTestUser(t.app, { username: 's3someone' })).id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, who?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(who ? { cookie: who } : {}), ...headers } });

  async function upload(visibility: string, title: string): Promise<ApiVideo> {
    const res = await postUpload(t.app, cookie, uploadParts({ title, visibility, video: videoPart(clip, 'clip.mp4') }));
    expect(res.statusCode).toBe(200);
    return (res.json() as { video: ApiVideo }).video;
  }

  async function waitForReady(id: string): Promise<ApiVideo> {
    const deadline = Date.now() + 150_000;
    for (;;) {
      const res = await get(`/v0/api/videos/selfieVideos/${id}/processing`, cookie);
      const state = res.json() as { status: string };
      if (state.status !== 'processing') {
        expect(state.status).toBe('ready');
        return ((await get(`/v0/api/videos/selfieVideos/${id}`, cookie)).json() as { video: ApiVideo }).video;
      }
      if (Date.now() > deadline) throw new Error(`video ${id} still processing`);
      await sleep(200);
    }
  }

  it('is the storage the app uses', () => {
    expect(t.config.s3).toEqual({ bucket: s3.bucket, forcePathStyle: true });
    expect('bucket' in t.app.storage && t.app.storage.bucket).toBe(s3.bucket);
    expect(t.app.storage.localPath).toBeUndefined();
  });

  it('upload → bucket → transcode → renditions in the bucket, served with Range; delete leaves no object', async () => {
    // The queue starts when the app is ready (its first request): stopped before then, the
    // upload below would start it, and its job could race what the test does next.
    await t.app.ready();
    await t.app.media.queue.stop();
    const uploaded = await upload('public', 'On S3');
    expect(uploaded.status).toBe('processing');
    const row = await t.app.db.selectFrom('videos').selectAll().where('id', '=', uploaded._id).executeTakeFirstOrThrow();
    // Both files are objects in the bucket; nothing went to the local media folder.
    expect(await s3.listKeys('videos/')).toContain(row.video_key);
    expect(await s3.listKeys('thumbnails/')).toContain(row.thumbnail_key);
    expect((await objectBytes(row.video_key)).equals(clip)).toBe(true);
    expect(await listFiles(t.config.mediaDir)).toEqual([]);

    // While processing, the original streams from the bucket to its owner only, with Range; no
    // answer names it (docs/media-privacy.md#originals).
    expect(uploaded.cdnUrl).toBe('');
    expect((await get(`/media/${row.video_key}`)).statusCode).toBe(404);
    expect((await get(`/media/${row.video_key}`, otherCookie)).statusCode).toBe(404);
    const original = await get(`/media/${row.video_key}`, cookie, { range: 'bytes=0-0' });
    expect(original.statusCode).toBe(206);
    expect(original.headers['content-range']).toBe(`bytes 0-0/${clip.length}`);
    expect(original.rawPayload.equals(clip.subarray(0, 1))).toBe(true);
    expect(original.headers['cache-control']).toBe('private, no-store');

    await t.app.media.queue.start((job) =>
      processVideo({ db: t.app.db, storage: t.app.storage, spool: t.app.media.spool, log: t.app.log, keepOriginals: false }, job),
    );
    const video = await waitForReady(uploaded._id);
    const prefix = video.hlsUrl!.replace(/^\/media\//, '').replace(/master\.m3u8$/, '');
    expect(prefix).toMatch(new RegExp(`^renditions/${video._id}/[0-9a-f]{8}/$`));
    const renditions = await s3.listKeys(prefix);
    expect(renditions.map((key) => key.slice(prefix.length))).toEqual(
      expect.arrayContaining(['master.m3u8', '180p.m3u8', 'video.mp4', 'poster.jpg', 'card-160.webp']),
    );
    expect(renditions.some((key) => key.endsWith('.ts'))).toBe(true);
    // KEEP_ORIGINALS is off: the original object is gone; the job's local copy too (removed
    // when the job ends, a moment after the row says ready).
    expect(await s3.listKeys('videos/')).not.toContain(row.video_key);
    await eventually(async () => expect(await listFiles(t.config.tmpDir)).toEqual([]), 10_000);
    expect(await listFiles(t.config.mediaDir)).toEqual([]);

    // Playlists and segments from the bucket, public and immutable.
    const master = await get(video.hlsUrl!);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(master.body.startsWith('#EXTM3U')).toBe(true);
    const media = await get(`/media/${prefix}180p.m3u8`);
    const segment = media.body.split('\n').find((line) => line.endsWith('.ts'))!;
    const segmentRes = await get(`/media/${prefix}${segment}`);
    expect(segmentRes.headers['content-type']).toBe('video/mp2t');
    expect(segmentRes.rawPayload[0]).toBe(0x47);

    // The MP4: whole, a Range (206 with the bucket's bytes), a suffix, 416 past the end, HEAD, 304.
    const mp4Key = `${prefix}video.mp4`;
    const stored = await objectBytes(mp4Key);
    const whole = await get(video.cdnUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(stored.length);
    expect(whole.rawPayload.equals(stored)).toBe(true);
    const ranged = await get(video.cdnUrl, undefined, { range: 'bytes=100-1123' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-1123/${stored.length}`);
    expect(ranged.headers['content-length']).toBe('1024');
    expect(ranged.rawPayload.equals(stored.subarray(100, 1124))).toBe(true);
    const suffix = await get(video.cdnUrl, undefined, { range: 'bytes=-10' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(stored.subarray(stored.length - 10))).toBe(true);
    const beyond = await get(video.cdnUrl, undefined, { range: `bytes=${stored.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${stored.length}`);
    expect(beyond.json()).toEqual({ success: false, message: expect.any(String) });
    const head = await t.app.inject({ method: 'HEAD', url: video.cdnUrl });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(stored.length));
    expect(head.rawPayload.length).toBe(0);
    const again = await get(video.cdnUrl, undefined, { 'if-none-match': String(whole.headers.etag) });
    expect(again.statusCode).toBe(304);

    // Deleting the video removes every object it had: thumbnail and every rendition.
    const removed = await t.app.inject({ method: 'DELETE', url: `/v0/api/videos/selfieVideos/${video._id}`, headers: { cookie } });
    expect(removed.statusCode).toBe(200);
    expect(await s3.listKeys(`renditions/${video._id}/`)).toEqual([]);
    const remaining = await s3.listKeys();
    expect(remaining).not.toContain(row.thumbnail_key);
    expect(remaining).not.toContain(row.video_key);
    expect((await get(video.cdnUrl)).statusCode).toBe(404);
  });

  it('a private video: its objects go to the owner only, never cached; deleted with it', async () => {
    const uploaded = await upload('private', 'Secret on S3');
    const video = await waitForReady(uploaded._id);
    const row = await t.app.db.selectFrom('videos').selectAll().where('id', '=', video._id).executeTakeFirstOrThrow();
    for (const url of [video.hlsUrl!, video.cdnUrl, video.posterUrl!, video.thumbnailCdnUrl]) {
      const mine = await get(url, cookie, { range: 'bytes=0-9' });
      expect(mine.statusCode).toBe(206);
      expect(mine.rawPayload.length).toBe(10);
      expect(mine.headers['cache-control']).toBe('private, no-store');
      for (const other of [undefined, otherCookie]) {
        const refused = await get(url, other);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual({ success: false, message: expect.any(String) });
      }
    }
    // Made public, the same objects serve everyone.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/v0/api/videos/selfieVideos/${video._id}`,
      headers: { cookie },
      payload: { title: 'Secret on S3', visibility: 'public' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await get(video.hlsUrl!)).statusCode).toBe(200);

    await t.app.inject({ method: 'DELETE', url: `/v0/api/videos/selfieVideos/${video._id}`, headers: { cookie } });
    expect((await s3.listKeys()).filter((key) => key === row.thumbnail_key || key.startsWith(`renditions/${video._id}/`))).toEqual([]);
  });

  it('public → private → public: the objects move to new keys (server-side copy), the old ones are gone and 404; leftovers swept', async () => {
    const uploaded = await upload('public', 'Moving on S3');
    const video = await waitForReady(uploaded._id);
    const row = await t.app.db.selectFrom('videos').selectAll().where('id', '=', video._id).executeTakeFirstOrThrow();
    const urls = (v: ApiVideo) => [v.hlsUrl!, v.cdnUrl, v.posterUrl!, v.thumbnailCdnUrl];
    for (const url of urls(video)) expect((await get(url)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const before = await s3.listKeys(`${row.renditions_prefix}/`);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/v0/api/videos/selfieVideos/${video._id}`,
      headers: { cookie },
      payload: { title: 'Moving on S3', visibility: 'private' },
    });
    expect(patched.statusCode).toBe(200);
    const moved = (patched.json() as { video: ApiVideo }).video;
    await t.app.media.generations.idle();
    for (const url of urls(video)) {
      for (const who of [undefined, cookie]) expect((await get(url, who)).statusCode).toBe(404);
    }
    for (const url of urls(moved)) {
      expect(urls(video)).not.toContain(url);
      const mine = await get(url, cookie, { range: 'bytes=0-9' });
      expect(mine.statusCode).toBe(206);
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect((await get(url)).statusCode).toBe(404);
    }
    const after = await t.app.db.selectFrom('videos').selectAll().where('id', '=', video._id).executeTakeFirstOrThrow();
    // Every object under the new generation, none left under the old; the thumbnail too.
    expect(await s3.listKeys(`renditions/${video._id}/`)).toEqual(before.map((key) => key.replace(`${row.renditions_prefix}/`, `${after.renditions_prefix}/`)).sort());
    const keys = await s3.listKeys();
    expect(keys).toContain(after.thumbnail_key);
    expect(keys).not.toContain(row.thumbnail_key);
    expect(await t.app.db.selectFrom('media_moves').selectAll().where('video_id', '=', video._id).execute()).toEqual([]);

    const republished = await t.app.inject({
      method: 'PATCH',
      url: `/v0/api/videos/selfieVideos/${video._id}`,
      headers: { cookie },
      payload: { title: 'Moving on S3', visibility: 'public' },
    });
    expect(republished.statusCode).toBe(200);
    for (const url of urls(moved)) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }

    // A generation an interrupted attempt left behind is swept from the bucket; the current one stays.
    const leftover = `renditions/${video._id}/0badc0de/master.m3u8`;
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: leftover, Body: '#EXTM3U' }));
    expect((await t.app.media.generations.sweep()).staleGenerations).toBe(1);
    expect(await s3.listKeys(`renditions/${video._id}/`)).toEqual(
      before.map((key) => key.replace(`${row.renditions_prefix}/`, `${after.renditions_prefix}/`)).sort(),
    );
  });

  it('a job whose original vanished from the bucket fails cleanly: no local copy, no renditions left', async () => {
    // The queue starts when the app is ready (its first request): stopped before then, the
    // upload below would start it, and its job could race what the test does next.
    await t.app.ready();
    await t.app.media.queue.stop();
    const uploaded = await upload('public', 'Gone');
    const row = await t.app.db.selectFrom('videos').selectAll().where('id', '=', uploaded._id).executeTakeFirstOrThrow();
    await t.app.storage.delete(row.video_key);
    await t.app.db.updateTable('media_jobs').set({ max_attempts: 1 }).where('video_id', '=', uploaded._id).execute();
    await t.app.media.queue.start((job) =>
      processVideo({ db: t.app.db, storage: t.app.storage, spool: t.app.media.spool, log: t.app.log, keepOriginals: false }, job),
    );
    let status = 'processing';
    for (let i = 0; i < 600 && status === 'processing'; i += 1) {
      await sleep(100);
      status = (await t.app.db.selectFrom('videos').select('status').where('id', '=', uploaded._id).executeTakeFirstOrThrow()).status;
    }
    expect(status).toBe('failed');
    expect(await s3.listKeys(`renditions/${uploaded._id}/`)).toEqual([]);
    // The job removes its work folder in its finally, a moment after the row says failed.
    await eventually(async () => expect(await listFiles(t.config.tmpDir)).toEqual([]), 10_000);
  });
});

describe('start-up on S3', () => {
  it('removes rendition folders in the bucket that no video owns', async () => {
    const orphan = `renditions/${'ab'.repeat(12)}/0badc0de/master.m3u8`;
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: orphan, Body: '#EXTM3U' }));
    const t = await makeTestApp({ env: { ...s3.appEnv, WORKER: 'off' } });
    try {
      await t.app.ready();
      expect(await s3.listKeys('renditions/abababababababababababab/')).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('stops with a clear message when the bucket cannot be used', async () => {
    await expect(makeTestApp({ env: { S3_BUCKET: 'no-such-bucket', S3_FORCE_PATH_STYLE: 'true' } })).rejects.toThrow(
      /S3_BUCKET "no-such-bucket" cannot be used: it does not exist/,
    );
  });
});

describe('S3 configuration', () => {
  function problems(env: Record<string, string>): string[] {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  }

  it('is off by default, on with S3_BUCKET', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: 'media.example-1' }).s3).toEqual({ bucket: 'media.example-1', forcePathStyle: false });
    expect(loadConfig({ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'true' }).s3).toEqual({ bucket: 'media', forcePathStyle: true });
    expect(loadConfig({ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: '0', AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000' }).s3?.forcePathStyle).toBe(false);
  });

  it('names the variable for every bad value', () => {
    expect(problems({ S3_BUCKET: 'My_Bucket' })).toEqual([expect.stringMatching(/^S3_BUCKET must be an S3 bucket name .*"My_Bucket"/)]);
    expect(problems({ S3_BUCKET: 'ab' })).toEqual([expect.stringMatching(/^S3_BUCKET must be/)]);
    expect(problems({ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'maybe' })).toEqual([expect.stringMatching(/^S3_FORCE_PATH_STYLE must be true or false/)]);
    expect(problems({ S3_FORCE_PATH_STYLE: 'true' })).toEqual([expect.stringMatching(/^S3_FORCE_PATH_STYLE is set but S3_BUCKET is not/)]);
    expect(problems({ S3_BUCKET: 'media', AWS_ENDPOINT_URL_S3: 'minio:9000' })).toEqual([expect.stringMatching(/^AWS_ENDPOINT_URL_S3 must be an http/)]);
    expect(problems({ S3_BUCKET: 'media', AWS_ACCESS_KEY_ID: 'key' })).toEqual([expect.stringMatching(/must be set together/)]);
  });
});
