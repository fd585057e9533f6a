/**
 * Storyboards (domains/media/storyboard.ts, docs/playback.md): the layout and WebVTT index, then end to end
 * with the real bundled ffmpeg — made by the pipeline, served by the media route under the
 * video's access rule, and backfilled for ready videos that lack one (also when their rendition
 * is broken: recorded, never retried at each start, nothing thrown).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { Queue } from 'bullmq';

import type { UserRow } from '../../server/infra/db/schema';
import { BULL_PREFIX, TRANSCODE_QUEUE } from '../../server/infra/jobs/bull';
import { DEFAULT_MEDIA_CONFIG } from '../../server/config/media';
import { runFfmpeg } from '../../server/domains/media/ffmpeg';
import { enqueueStoryboardBackfill, needsStoryboard } from '../../server/domains/media/pipeline';
import { MAX_TILES, planStoryboard, storyboardVtt } from '../../server/domains/media/storyboard';
import { renditionManifest } from '../../server/domains/videos/videos';
import { makeH264Mp4 } from '../support/media-fixtures';
import { postUpload, uploadParts, videoPart } from '../support/media';
import { redisUnavailableReason, startRedis, type RedisServer } from '../support/redis';
import { createTestUser, makeTestApp, makeTestDataDir, sessionCookieFor, type TestApp } from '../support/server';

jest.setTimeout(180_000);

describe('planStoryboard', () => {
  it('one tile every 2 s (the keyframe grid) for a short video, on one narrow sheet', () => {
    expect(planStoryboard(40, 1920, 1080)).toEqual({ interval: 2, tiles: 20, tileWidth: 160, tileHeight: 90, columns: 10, rows: 2, sheets: 1 });
    expect(planStoryboard(5, 1280, 720)).toEqual({ interval: 2, tiles: 3, tileWidth: 160, tileHeight: 90, columns: 3, rows: 1, sheets: 1 });
  });

  it(`never more than ${MAX_TILES} tiles, on a 10×10 sheet, the interval a multiple of 2 s`, () => {
    for (const duration of [199, 200, 201, 999, 3600, 36_000]) {
      const plan = planStoryboard(duration, 1280, 720);
      expect(plan.tiles).toBeLessThanOrEqual(MAX_TILES);
      expect(plan.interval % 2).toBe(0);
      expect(plan.tiles * plan.interval).toBeGreaterThanOrEqual(duration);
      expect(plan.columns).toBeLessThanOrEqual(10);
      expect(plan.rows).toBeLessThanOrEqual(10);
    }
    expect(planStoryboard(3600, 1280, 720)).toMatchObject({ interval: 36, tiles: 100, columns: 10, rows: 10, sheets: 1 });
  });

  it('keeps the aspect ratio of portrait videos; survives an unknown size or duration', () => {
    expect(planStoryboard(10, 1080, 1920)).toMatchObject({ tileWidth: 160, tileHeight: 284 });
    expect(planStoryboard(0, 0, 0)).toMatchObject({ tiles: 1, tileHeight: 90 });
    expect(planStoryboard(Number.NaN, 1280, 720)).toMatchObject({ tiles: 1 });
  });
});

describe('storyboardVtt', () => {
  it('has one cue per tile with its xywh fragment, the last ending at the end', () => {
    const plan = planStoryboard(5, 1280, 720);
    expect(storyboardVtt(plan, 5, (i) => `s-${i}.jpg`)).toBe(
      [
        'WEBVTT',
        '',
        '00:00:00.000 --> 00:00:02.000',
        's-0.jpg#xywh=0,0,160,90',
        '',
        '00:00:02.000 --> 00:00:04.000',
        's-0.jpg#xywh=160,0,160,90',
        '',
        '00:00:04.000 --> 00:00:05.000',
        's-0.jpg#xywh=320,0,160,90',
        '',
      ].join('\n'),
    );
  });

  it('wraps rows and formats hours', () => {
    const plan = planStoryboard(3600, 1280, 720);
    const vtt = storyboardVtt(plan, 3600, () => 'a.jpg');
    expect(vtt).toContain('00:06:00.000 --> 00:06:36.000\na.jpg#xywh=0,90,160,90');
    expect(vtt).toContain('00:59:24.000 --> 01:00:00.000\na.jpg#xywh=1440,810,160,90');
  });
});

describe('storyboards end to end', () => {
  let dir: string;
  let clip: string;
  let t: TestApp;
  let owner: UserRow;
  let cookie: string;
  let otherCookie: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'storyboard-fixtures-'));
    clip = await makeH264Mp4(dir, { seconds: 9 });
    t = await makeTestApp({ config: { media: { ...DEFAULT_MEDIA_CONFIG, pollMs: 100, retryBaseMs: 100, leaseMs: 3000 } } });
    owner = await createTestUser(t.app);
    cookie = await sessionCookieFor(t.app, owner.id);
    otherCookie = await sessionCookieFor(t.app, (await createTestUser(t.app)).id);
  });

  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, who?: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who } : {} });

  async function videoOf(id: string) {
    const res = await get(`/v0/api/videos/selfieVideos/${id}`, cookie);
    expect(res.statusCode).toBe(200);
    return (res.json() as { video: { _id: string; status: string; storyboardUrl: string | null } }).video;
  }

  async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 150_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(200);
    }
  }

  async function uploadReady(visibility = 'public') {
    const res = await postUpload(t.app, cookie, uploadParts({ title: 'clip', visibility, video: videoPart(await readFile(clip), 'clip.mp4') }));
    expect(res.statusCode).toBe(200);
    const { video } = res.json() as { video: { _id: string } };
    const ready = await until('ready', async () => {
      const shown = await videoOf(video._id);
      return shown.status === 'processing' ? undefined : shown;
    });
    // The job is marked done just after the video turns ready: wait for it (the backfill skips running jobs).
    await until('the job to finish', async () => {
      const job = await t.app.db.selectFrom('media_jobs').select('state').where('video_id', '=', video._id).executeTakeFirst();
      return job?.state === 'done' ? job : undefined;
    });
    return ready;
  }

  /** The average luma (0–255) of one 160×90 tile of a sheet. */
  async function meanLuma(sheet: string, x: number, y: number): Promise<number> {
    const out = path.join(dir, `luma-${x}-${y}.raw`);
    await runFfmpeg(['-v', 'error', '-i', sheet, '-vf', `crop=160:90:${x}:${y},scale=1:1:flags=area,format=gray`, '-f', 'rawvideo', out], { timeoutMs: 60_000 });
    return (await readFile(out))[0]!;
  }

  function sheetsIn(vtt: string): string[] {
    return [...new Set([...vtt.matchAll(/^([^\s#]+\.jpg)#xywh=\d+,\d+,\d+,\d+$/gm)].map((match) => match[1]!))];
  }

  it('the pipeline makes one; it is served like the renditions (immutable when public, owner only when private)', async () => {
    const video = await uploadReady();
    expect(video.status).toBe('ready');
    expect(video.storyboardUrl).toMatch(/^\/media\/renditions\/[0-9a-f]{24}\/[0-9a-f]{8}\/storyboard-[0-9a-f]{8}\.vtt$/);

    const vtt = await get(video.storyboardUrl!);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(vtt.body.startsWith('WEBVTT\n')).toBe(true);
    // 9 s at one tile every 2 s: 5 cues on one sheet 5 tiles wide.
    expect(vtt.body.match(/-->/g)).toHaveLength(5);
    expect(vtt.body).toContain('#xywh=640,0,160,90');
    const sheets = sheetsIn(vtt.body);
    expect(sheets).toHaveLength(1);

    const base = video.storyboardUrl!.slice(0, video.storyboardUrl!.lastIndexOf('/') + 1);
    const sprite = await get(`${base}${sheets[0]}`);
    expect(sprite.statusCode).toBe(200);
    expect(sprite.headers['content-type']).toBe('image/jpeg');
    expect(sprite.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // Every cue's tile has a picture (the last one included), not the sheet's black filler.
    const sheetFile = path.join(dir, 'sheet.jpg');
    await writeFile(sheetFile, sprite.rawPayload);
    for (const [, x, y] of vtt.body.matchAll(/#xywh=(\d+),(\d+),160,90/g)) {
      expect(await meanLuma(sheetFile, Number(x), Number(y))).toBeGreaterThan(40);
    }

    // Private: the owner still gets both, everyone else the media route's 404.
    await t.app.db.updateTable('videos').set({ visibility: 'private' }).where('id', '=', video._id).execute();
    for (const url of [video.storyboardUrl!, `${base}${sheets[0]}`]) {
      expect((await get(url)).statusCode).toBe(404);
      expect((await get(url, otherCookie)).statusCode).toBe(404);
      const own = await get(url, cookie);
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('the backfill gives a ready video without one a storyboard, once', async () => {
    const video = await uploadReady();
    const row = await t.app.db.selectFrom('videos').selectAll().where('id', '=', video._id).executeTakeFirstOrThrow();
    // As made before storyboards: the manifest has no storyboard entry.
    const manifest = renditionManifest(row)!;
    delete manifest.storyboard;
    await t.app.db.updateTable('videos').set({ renditions: JSON.stringify(manifest) }).where('id', '=', video._id).execute();
    expect((await videoOf(video._id)).storyboardUrl).toBeNull();

    expect(await enqueueStoryboardBackfill(t.app.db, t.app.media.queue)).toBe(1);
    const url = await until('the backfilled storyboard', async () => (await videoOf(video._id)).storyboardUrl ?? undefined);
    expect(url).toMatch(/^\/media\/renditions\/[0-9a-f]{24}\/[0-9a-f]{8}\/storyboard-[0-9a-f]{8}\.vtt$/);
    // Same generation folder as the renditions.
    expect(url.split('/').slice(0, -1).join('/')).toBe(`/media/${row.renditions_prefix}`);
    const vtt = await get(url);
    expect(vtt.statusCode).toBe(200);
    expect((await get(`${url.slice(0, url.lastIndexOf('/') + 1)}${sheetsIn(vtt.body)[0]}`)).statusCode).toBe(200);

    // Done: nothing more to enqueue.
    expect(await enqueueStoryboardBackfill(t.app.db, t.app.media.queue)).toBe(0);
  });

  it('a broken rendition: the backfill records the failure, the video still plays, and it is not retried', async () => {
    const video = await uploadReady();
    const row = await t.app.db.selectFrom('videos').selectAll().where('id', '=', video._id).executeTakeFirstOrThrow();
    const manifest = renditionManifest(row)!;
    delete manifest.storyboard;
    await t.app.db.updateTable('videos').set({ renditions: JSON.stringify(manifest) }).where('id', '=', video._id).execute();
    await t.app.storage.delete(`${row.renditions_prefix}/${manifest.mp4}`);

    expect(await enqueueStoryboardBackfill(t.app.db, t.app.media.queue)).toBe(1);
    await until('the failure to be recorded', async () => {
      const now = await t.app.db.selectFrom('videos').selectAll().where('id', '=', video._id).executeTakeFirstOrThrow();
      return needsStoryboard(now) ? undefined : now;
    });
    const after = await t.app.db.selectFrom('videos').selectAll().where('id', '=', video._id).executeTakeFirstOrThrow();
    expect(renditionManifest(after)!.storyboard).toBeNull();
    const shown = await videoOf(video._id);
    expect(shown).toMatchObject({ status: 'ready', storyboardUrl: null });
    expect(await enqueueStoryboardBackfill(t.app.db, t.app.media.queue)).toBe(0);
  });

  it('a restart runs the backfill by itself (worker start)', async () => {
    const dataDir = await makeTestDataDir();
    const media = { ...DEFAULT_MEDIA_CONFIG, pollMs: 100, retryBaseMs: 100, leaseMs: 3000 };
    try {
      // First life: a ready video as made before storyboards (no storyboard key, no files).
      const first = await makeTestApp({ dataDir, config: { media } });
      let id: string;
      let prefix: string;
      try {
        const user = await createTestUser(first.app);
        const own = await sessionCookieFor(first.app, user.id);
        const res = await postUpload(first.app, own, uploadParts({ title: 'old', video: videoPart(await readFile(clip), 'clip.mp4') }));
        id = (res.json() as { video: { _id: string } }).video._id;
        const done = await until('the first job', async () => {
          const job = await first.app.db.selectFrom('media_jobs').select('state').where('video_id', '=', id).executeTakeFirst();
          return job?.state === 'done' ? job : undefined;
        });
        expect(done.state).toBe('done');
        const row = await first.app.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        const manifest = renditionManifest(row)!;
        for (const file of [manifest.storyboard!.vtt, ...manifest.storyboard!.sprites]) await first.app.storage.delete(`${row.renditions_prefix}/${file}`);
        delete manifest.storyboard;
        await first.app.db.updateTable('videos').set({ renditions: JSON.stringify(manifest) }).where('id', '=', id).execute();
        prefix = row.renditions_prefix!;
      } finally {
        await first.app.close();
      }

      const second = await makeTestApp({ dataDir, config: { media } });
      try {
        await second.app.ready();
        const row = await until('the backfill after the restart', async () => {
          const now = await second.app.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
          return renditionManifest(now)?.storyboard ? now : undefined;
        });
        expect(row.renditions_prefix).toBe(prefix);
        const { vtt } = renditionManifest(row)!.storyboard!;
        expect(await second.app.storage.stat(`${prefix}/${vtt}`)).not.toBeNull();
      } finally {
        await second.app.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

const redisUnavailable = redisUnavailableReason();

(redisUnavailable ? describe.skip : describe)('storyboard backfill on BullMQ (REDIS_URL)', () => {
  let dir: string;
  let clip: string;
  let redis: RedisServer;
  let t: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'storyboard-bull-'));
    clip = await makeH264Mp4(dir, { seconds: 5 });
    redis = await startRedis();
    t = await makeTestApp({ env: { REDIS_URL: redis.url }, config: { media: { ...DEFAULT_MEDIA_CONFIG, retryBaseMs: 100, leaseMs: 3000 } } });
  });

  afterAll(async () => {
    await t?.close();
    await redis?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('a ready video without a storyboard gets one through the Redis queue', async () => {
    expect(t.app.media.queue.kind).toBe('redis');
    const user = await createTestUser(t.app);
    const cookie = await sessionCookieFor(t.app, user.id);
    const res = await postUpload(t.app, cookie, uploadParts({ title: 'bull', video: videoPart(await readFile(clip), 'clip.mp4') }));
    const id = (res.json() as { video: { _id: string } }).video._id;
    const readRow = () => t.app.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const waitFor = async (what: string, test: (row: Awaited<ReturnType<typeof readRow>>) => boolean) => {
      const deadline = Date.now() + 150_000;
      for (;;) {
        const row = await readRow();
        if (test(row)) return row;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await sleep(200);
      }
    };
    const ready = await waitFor('ready', (row) => row.status === 'ready' && renditionManifest(row)?.storyboard != null);
    // The transcode job leaves Redis once completed (removeOnComplete); then strip the storyboard as if old.
    const queue = new Queue(TRANSCODE_QUEUE, { connection: { url: redis.url }, prefix: BULL_PREFIX });
    try {
      const deadline = Date.now() + 60_000;
      while ((await queue.getJob(id)) !== undefined) {
        if (Date.now() > deadline) throw new Error('the transcode job never completed');
        await sleep(100);
      }
    } finally {
      await queue.close();
    }
    const manifest = renditionManifest(ready)!;
    delete manifest.storyboard;
    await t.app.db.updateTable('videos').set({ renditions: JSON.stringify(manifest) }).where('id', '=', id).execute();

    expect(await enqueueStoryboardBackfill(t.app.db, t.app.media.queue)).toBe(1);
    const after = await waitFor('the backfill', (row) => renditionManifest(row)?.storyboard != null);
    expect(after.renditions_prefix).toBe(ready.renditions_prefix);
    expect(after.status).toBe('ready');
  });
});
