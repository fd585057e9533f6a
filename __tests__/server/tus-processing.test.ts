/**
 * Processing the viewer can trust, with the real tus-js-client against a real listening server
 * (embedded queue, file store): stage, queue position and ETA while several videos wait; a real
 * job failure (the original gone) with its reason code in both languages; retry; replacing the
 * file of an own video (id, likes and the rest kept); and the bad inputs (retry of a ready or
 * processing video 409, someone else's 404, replace of someone else's or an unknown video 404
 * before any byte is stored).
 *
 * The server runs with its worker off while videos must wait (WORKER=off: it only enqueues), and
 * is restarted on the same DATA_DIR with its worker on to process them.
 */
import { readdir, rename, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { Upload, type HttpResponse } from 'tus-js-client';

import { DEFAULT_MEDIA_CONFIG } from '../../server/config/media';
import { estimateSeconds, readStageSpeeds } from '../../server/domains/media/progress';
import type { UserRow } from '../../server/infra/db/schema';
import { fixtures } from '../support/media';
import { createTestUser, makeTestApp, makeTestDataDir, sessionCookieFor, type TestApp } from '../support/server';

const FAST_QUEUE = { ...DEFAULT_MEDIA_CONFIG, pollMs: 100, retryBaseMs: 100, leaseMs: 3000, concurrency: 1 };

interface Processing {
  status: string;
  processingStage: string;
  processingErrorCode: string | null;
  processingError: string | null;
  queuePosition: number | null;
  etaSeconds: number | null;
}

describe('processing stage, queue position, ETA, retry and replace (tus)', () => {
  let dataDir: string;
  let t: TestApp;
  let port: number;
  let owner: UserRow;
  let cookie: string;
  let otherCookie: string;

  async function start(worker: boolean): Promise<void> {
    t = await makeTestApp({ dataDir, config: { media: { ...FAST_QUEUE, worker } } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  }
  async function restart(worker: boolean): Promise<void> {
    await t.app.close();
    await start(worker);
  }

  beforeAll(async () => {
    dataDir = await makeTestDataDir();
    await start(false);
    owner = await createTestUser(t.app, { username: 'waiter' });
    cookie = await sessionCookieFor(t.app, owner.id);
    otherCookie = await sessionCookieFor(t.app, (await createTestUser(t.app, { username: 'stranger' })).id);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const endpoint = () => `http://127.0.0.1:${port}/v0/api/uploads`;
  const storedUploads = async () => (await readdir(path.join(dataDir, 'uploads')).catch(() => [] as string[])).filter((name) => !name.endsWith('.json'));
  const mediaFile = (key: string) => path.join(t.config.mediaDir, key);

  function clientUpload(data: Buffer, metadata: Record<string, string>, who = cookie): Promise<string | null> {
    return new Promise((resolve, reject) => {
      let videoId: string | null = null;
      const upload = new Upload(data, {
        endpoint: endpoint(),
        chunkSize: 32 * 1024,
        retryDelays: [0],
        headers: { cookie: who },
        metadata: { filename: 'clip', filetype: 'video/mp4', ...metadata },
        onAfterResponse: (_request, response: HttpResponse) => {
          videoId = response.getHeader('Video-Id') ?? videoId;
        },
        onSuccess: () => resolve(videoId),
        onError: reject,
      });
      upload.start();
    });
  }

  async function processing(id: string, who = cookie, language = 'en'): Promise<{ status: number; body: Processing }> {
    const res = await t.app.inject({ url: `/v0/api/videos/selfieVideos/${id}/processing`, headers: { cookie: who, 'accept-language': language } });
    return { status: res.statusCode, body: res.json() };
  }
  const retry = (id: string, who = cookie, language = 'en') =>
    t.app.inject({ method: 'POST', url: `/v0/api/videos/selfieVideos/${id}/retry`, headers: { cookie: who, 'accept-language': language } });
  const row = (id: string) => t.app.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function waitSettled(id: string): Promise<string> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { status } = await row(id);
      if (status !== 'processing') return status;
      if (Date.now() > deadline) throw new Error('still processing');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const waiting: string[] = [];
  let failing = '';
  let failingOriginal = '';

  it('several videos waiting: each is queued with its 1-based place; no ETA before anything was measured', async () => {
    for (const title of ['First', 'Second', 'Third']) waiting.push((await clientUpload(fixtures.mp4, { title }))!);
    failing = (await clientUpload(fixtures.mp4, { title: 'Will fail' }))!;
    expect(new Set([...waiting, failing]).size).toBe(4);

    for (const [index, id] of waiting.entries()) {
      const { status, body } = await processing(id);
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: 'processing', processingStage: 'queued', queuePosition: index + 1, etaSeconds: null, processingErrorCode: null });
    }
    // The single-video answer carries the same for its owner.
    const single = await t.app.inject({ url: `/v0/api/videos/selfieVideos/${waiting[1]}`, headers: { cookie } });
    expect(single.json().video).toMatchObject({ processingStage: 'queued', queuePosition: 2, etaSeconds: null });
    // Nobody else sees a processing video at all.
    expect((await processing(waiting[0]!, otherCookie)).status).toBe(404);
    expect(await storedUploads()).toEqual([]);
  }, 120_000);

  it('bad inputs: retry of a processing video 409; retry or replace of someone else\'s or an unknown video 404, nothing stored', async () => {
    const notFailed = await retry(waiting[0]!);
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json()).toEqual({ success: false, message: 'Only a video whose processing failed can be retried: this one is not failed.' });
    expect((await retry(waiting[0]!, otherCookie)).statusCode).toBe(404);
    expect((await retry('000000000000000000000000')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/v0/api/videos/selfieVideos/${waiting[0]}/retry` })).statusCode).toBe(401);
    // Another site's page cannot make the owner's browser retry (the origin check of every write).
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/v0/api/videos/selfieVideos/${waiting[0]}/retry`,
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);

    // Replacing someone else's video, or one that does not exist: 404 at creation.
    await expect(clientUpload(fixtures.mp4, { replaces: waiting[0]! }, otherCookie)).rejects.toThrow(/response code: 404/);
    await expect(clientUpload(fixtures.mp4, { replaces: 'nope' })).rejects.toThrow(/response code: 404/);
    expect(await storedUploads()).toEqual([]);
    expect((await row(waiting[0]!)).video_size).toBe(fixtures.mp4.length);
  }, 60_000);

  it('with the worker on, the queue drains: stages end at done, the throughput is measured; a job whose original is gone fails with its reason', async () => {
    failingOriginal = (await row(failing)).video_key;
    await rename(mediaFile(failingOriginal), `${mediaFile(failingOriginal)}.aside`);
    await restart(true);
    for (const id of waiting) expect(await waitSettled(id)).toBe('ready');
    expect(await waitSettled(failing)).toBe('failed');

    const ready = await processing(waiting[0]!);
    expect(ready.body).toMatchObject({ status: 'ready', processingStage: 'done', queuePosition: null, etaSeconds: null });
    // Every part of a job measured (the encode overall and for this input kind), none negative.
    const speeds = await readStageSpeeds(t.app.db);
    expect([...speeds.keys()]).toEqual(expect.arrayContaining(['probe', 'encode', 'encode:h264', 'package:fixed', 'package:perSecond', 'finish:perSecond']));
    expect(speeds.get('encode')).toBeGreaterThan(0);
    expect([...speeds.values()].every((value) => value >= 0)).toBe(true);
    // The upload recorded the input kind and frame rate.
    expect(await row(waiting[0]!)).toMatchObject({ source_kind: 'h264', source_fps: expect.any(Number) });

    const failed = await processing(failing);
    expect(failed.body).toMatchObject({ status: 'failed', processingStage: 'failed', processingErrorCode: 'missingOriginal', queuePosition: null, etaSeconds: null });
    expect(failed.body.processingError).toBe('The uploaded file is no longer stored: upload it again to replace it.');
    expect((await processing(failing, cookie, 'zh-CN')).body.processingError).toBe('上传的文件已不再保存：请重新上传以替换它。');
  }, 180_000);

  it('retry: 409 while the original is missing or for a ready video, then runs a failed video again to ready', async () => {
    const missing = await retry(failing, cookie, 'zh-CN');
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe('此视频上传的文件已不再保存：请上传新文件来替换它。');
    expect((await retry(waiting[0]!)).statusCode).toBe(409);
    expect((await retry(failing, otherCookie)).statusCode).toBe(404);

    await rename(`${mediaFile(failingOriginal)}.aside`, mediaFile(failingOriginal));
    const res = await t.app.inject({
      method: 'POST',
      url: `/v0/api/videos/selfieVideos/${failing}/retry`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Processing started again.' });
    expect(body.video).toMatchObject({ _id: failing, status: 'processing', processingError: null, processingErrorCode: null });
    expect(['queued', 'probing', 'transcoding', 'packaging', 'storyboard']).toContain(body.video.processingStage);
    expect(await waitSettled(failing)).toBe('ready');
    // A second retry of the now ready video is refused.
    expect((await retry(failing)).statusCode).toBe(409);
  }, 180_000);

  it('replace: a tus upload with `replaces` gives an own video a new file; id, title, likes kept; old original and renditions gone', async () => {
    const id = waiting[0]!;
    const like = await t.app.inject({ method: 'POST', url: `/v0/api/videos/selfieVideos/${id}/toggle-like`, headers: { cookie: otherCookie } });
    expect(like.statusCode).toBe(200);
    const before = await row(id);
    const answered = await clientUpload(fixtures.webm, { replaces: id, title: 'ignored' });
    expect(answered).toBe(id);
    const during = await row(id);
    expect(during).toMatchObject({ id, title: 'First', video_type: 'video/webm', video_size: fixtures.webm.length, renditions_prefix: null });
    expect(during.video_key).not.toBe(before.video_key);
    await expect(stat(mediaFile(before.video_key))).rejects.toThrow();
    expect(await waitSettled(id)).toBe('ready');
    const after = await row(id);
    expect(after.renditions_prefix).not.toBe(before.renditions_prefix);
    await expect(stat(mediaFile(before.renditions_prefix!))).rejects.toThrow();
    const likes = await t.app.db.selectFrom('video_likes').selectAll().where('video_id', '=', id).execute();
    expect(likes).toHaveLength(1);
    expect(await storedUploads()).toEqual([]);
  }, 180_000);

  it('ETA once measured: the waiting videos get increasing estimates from the measured stage speeds', async () => {
    await restart(false);
    const ids: string[] = [];
    for (const title of ['Later 1', 'Later 2', 'Later 3']) ids.push((await clientUpload(fixtures.mp4, { title }))!);
    const speeds = await readStageSpeeds(t.app.db);
    const first = await row(ids[0]!);
    const own = estimateSeconds(speeds, { width: first.width, height: first.height, duration: first.duration, fps: first.source_fps, kind: first.source_kind })!;
    const answers = await Promise.all(ids.map((id) => processing(id)));
    expect(answers.map((answer) => answer.body.queuePosition)).toEqual([1, 2, 3]);
    const etas = answers.map((answer) => answer.body.etaSeconds);
    // Each waits for the ones ahead (the same clip, one at a time) and then its own run; whole
    // seconds, rounded up (sub-second clips can round two neighbours to the same second).
    expect(etas).toEqual([1, 2, 3].map((jobs) => Math.ceil(jobs * own)));
    expect(etas[2]!).toBeGreaterThanOrEqual(etas[1]!);
    expect(etas[1]!).toBeGreaterThanOrEqual(etas[0]!);
  }, 120_000);
});
