/**
 * Resumable uploads across instances: two listening apps sharing one database, one DATA_DIR (the
 * tus file store on a shared volume) and one real redis-server (locks:
 * domains/media/uploads/redis-locker.ts). An upload begun on A is continued on B with the real
 * tus-js-client, and a chunk on B while A still writes is refused (409) once A let go of the lock
 * through Redis. Skipped without redis-server.
 *
 * The same again with the bytes in S3 (s3rver, @tus/s3-store; support/s3.ts adds the ListParts
 * and AbortMultipartUpload that s3rver lacks), and on s3rver as published, without them (the
 * store keeps its own list of parts then: domains/media/uploads/tus-routes.ts).
 */
import http from 'node:http';
import { readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { Upload } from 'tus-js-client';

import { DEFAULT_MEDIA_CONFIG } from '../../server/config/media';
import { runFfmpeg } from '../../server/domains/media/ffmpeg';
import type { UserRow } from '../../server/infra/db/schema';
import { fixtures } from '../support/media';
import { redisUnavailableReason, startRedis, type RedisServer } from '../support/redis';
import { startS3, useS3Env, type S3TestServer } from '../support/s3';
import { createTestUser, makeTestApp, makeTestDataDir, sessionCookieFor, type TestApp } from '../support/server';
import { sendRaw } from '../support/raw-http';

const FAST_QUEUE = { ...DEFAULT_MEDIA_CONFIG, pollMs: 100, retryBaseMs: 100, leaseMs: 3000 };
const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');
const skip = redisUnavailableReason();
const maybe = skip ? describe.skip : describe;

const STORES = [
  { store: 'shared file store', s3: undefined },
  { store: 'S3 store (s3rver)', s3: { multipartParts: true } },
  { store: 'S3 store on a server without ListParts (s3rver as published)', s3: { multipartParts: false } },
];

maybe.each(STORES)('resumable uploads on two instances (Redis locks, $store)', ({ s3: s3Options }) => {
  const onS3 = s3Options !== undefined;
  let s3: S3TestServer | undefined;
  let restoreEnv: (() => void) | undefined;
  let redis: RedisServer;
  let dataDir: string;
  let a: TestApp;
  let b: TestApp;
  let portA: number;
  let portB: number;
  let owner: UserRow;
  let cookie: string;

  beforeAll(async () => {
    redis = await startRedis();
    dataDir = await makeTestDataDir();
    if (onS3) {
      s3 = await startS3(undefined, s3Options);
      restoreEnv = useS3Env(s3);
    }
    const env = { REDIS_URL: redis.url, ...(s3 ? s3.appEnv : {}) };
    // One DATA_DIR: the same database (SQLite file or PostgreSQL database) and tus folder.
    a = await makeTestApp({ dataDir, env, config: { media: FAST_QUEUE } });
    b = await makeTestApp({ dataDir, env, config: { media: FAST_QUEUE } });
    await a.app.listen({ host: '127.0.0.1', port: 0 });
    await b.app.listen({ host: '127.0.0.1', port: 0 });
    portA = (a.app.server.address() as AddressInfo).port;
    portB = (b.app.server.address() as AddressInfo).port;
    owner = await createTestUser(a.app, { username: 'roamer' });
    cookie = await sessionCookieFor(a.app, owner.id);
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    const { rm } = await import('node:fs/promises');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    restoreEnv?.();
    await s3?.stop();
    await redis?.stop();
  }, 60_000);

  const send = sendRaw;
  const tus = (extra: Record<string, string> = {}) => ({ cookie, 'tus-resumable': '1.0.0', ...extra });
  const octet = (offset: number, length?: number) =>
    tus({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...(length ? { 'content-length': String(length) } : {}) });

  /** Bytes and info files of the tus store (files, or the bucket's objects outside the media folders). */
  const tusFiles = async () => {
    if (s3) return (await s3.listKeys()).filter((key) => !/^(videos|thumbnails|renditions)\//.test(key));
    return (await readdir(path.join(dataDir, 'uploads')).catch(() => [] as string[])).sort();
  };

  it('begun on A, continued on B with tus-js-client: one video, no tus files left', async () => {
    const data = fixtures.mp4;
    const half = Math.floor(data.length / 2);
    const created = await send(portA, 'POST', '/v0/api/uploads', tus({ 'upload-length': String(data.length), 'upload-metadata': `title ${b64('Roaming clip')}` }));
    expect([created.status, created.body]).toEqual([201, '']);
    const url = created.headers.location!;
    expect((await send(portA, 'PATCH', url, octet(0), data.subarray(0, half))).status).toBe(204);
    // The bytes and the info: two files, or the info object and the pending part (< 5 MiB) on S3.
    expect(await tusFiles()).toHaveLength(2);
    if (s3) expect(await readdir(dataDir)).not.toContain('uploads');

    const head = await send(portB, 'HEAD', url, tus());
    expect(head.status).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));

    const videoId = await new Promise<string | null>((resolve, reject) => {
      let id: string | null = null;
      const upload = new Upload(data, {
        uploadUrl: `http://127.0.0.1:${portB}${url}`,
        chunkSize: 4096,
        retryDelays: [0],
        headers: { cookie },
        onAfterResponse: (_request, response) => {
          id = response.getHeader('Video-Id') ?? id;
        },
        onSuccess: () => resolve(id),
        onError: reject,
      });
      upload.start();
    });
    expect(videoId).toMatch(/^[0-9a-f]{24}$/);
    const row = await a.app.db.selectFrom('videos').selectAll().where('id', '=', videoId!).executeTakeFirst();
    expect(row).toMatchObject({ title: 'Roaming clip', user_id: owner.id, video_size: data.length });
    expect(await tusFiles()).toEqual([]);
  }, 120_000);

  it('a video of several 8 MiB parts, half sent to A and finished on B: stored whole, byte for byte', async () => {
    // Lossless noise: 15 MB in 5 s of 320×240, i.e. a full part, then a pending tail handed over.
    const dir = await makeTestDataDir();
    const file = path.join(dir, 'noise.mp4');
    await runFfmpeg(
      ['-v', 'error', '-f', 'lavfi', '-i', 'nullsrc=s=320x240:r=25:d=5,geq=random(1)*255:128:128', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
      { timeoutMs: 60_000 },
    );
    const data = await readFile(file);
    await rm(dir, { recursive: true, force: true });
    expect(data.length).toBeGreaterThan(12 * 1024 * 1024);
    const first = 10 * 1024 * 1024;
    const created = await send(portA, 'POST', '/v0/api/uploads', tus({ 'upload-length': String(data.length), 'upload-metadata': `title ${b64('Noise')}` }));
    expect(created.status).toBe(201);
    const url = created.headers.location!;
    expect((await send(portA, 'PATCH', url, octet(0), data.subarray(0, first))).headers['upload-offset']).toBe(String(first));
    expect((await send(portB, 'HEAD', url, tus())).headers['upload-offset']).toBe(String(first));
    const last = await send(portB, 'PATCH', url, octet(first), data.subarray(first));
    expect([last.status, last.body]).toEqual([204, '']);
    const videoId = last.headers['video-id'] as string;
    const row = await b.app.db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirstOrThrow();
    expect(row.video_size).toBe(data.length);
    const chunks: Buffer[] = [];
    for await (const chunk of a.app.storage.createReadStream(row.video_key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    expect(await tusFiles()).toEqual([]);
  }, 120_000);

  it('a chunk on B while A writes: A is asked to let go through Redis, B gets 409', async () => {
    const data = fixtures.mp4;
    const half = Math.floor(data.length / 2);
    const url = (await send(portA, 'POST', '/v0/api/uploads', tus({ 'upload-length': String(data.length), 'upload-metadata': `title ${b64('Contended')}` })))
      .headers.location!;
    // A: half the body, then it stalls holding the lock.
    const first = new Promise<number>((resolve) => {
      const request = http.request({ host: '127.0.0.1', port: portA, method: 'PATCH', path: url, headers: octet(0, data.length) }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', () => resolve(0));
      request.write(data.subarray(0, half));
    });
    const key = `selfie:tus:lock:${url.split('/').pop()}`;
    const { Redis } = await import('ioredis');
    const probe = new Redis(redis.url);
    try {
      while ((await probe.exists(key)) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      probe.disconnect();
    }
    const second = await send(portB, 'PATCH', url, octet(0), data);
    expect(second.status).toBe(409);
    expect([0, 204]).toContain(await first);
    const head = await send(portB, 'HEAD', url, tus());
    expect(Number(head.headers['upload-offset'])).toBeLessThanOrEqual(half);
    expect((await send(portB, 'DELETE', url, tus())).status).toBe(204);
    expect(await tusFiles()).toEqual([]);
  }, 120_000);
});
