/**
 * Resumable uploads (tus 1.0, server/domains/media/uploads/tus-routes.ts) driven by the real tus-js-client against a
 * real listening server on the embedded default (SQLite or PostgreSQL, file store under
 * DATA_DIR/uploads). Raw HTTP requests send the bad inputs a client library would never send.
 */
import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { Upload, type HttpResponse } from 'tus-js-client';

import { DEFAULT_MEDIA_CONFIG } from '../../server/config/media';
import type { UserRow } from '../../server/infra/db/schema';
import { capturedLog } from '../support/captured-log';
import { fixtures, multipart, thumbnailPart } from '../support/media';
import { createTestUser, makeTestApp, makeTestDataDir, sessionCookieFor, type TestApp } from '../support/server';
import { sendRaw, type RawAnswer } from '../support/raw-http';

const FAST_QUEUE = { ...DEFAULT_MEDIA_CONFIG, pollMs: 100, retryBaseMs: 100, leaseMs: 3000 };
const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

describe('resumable uploads (tus)', () => {
  let dataDir: string;
  let t: TestApp;
  let port: number;
  let owner: UserRow;
  let cookie: string;
  let other: UserRow;
  let otherCookie: string;

  async function start(): Promise<void> {
    t = await makeTestApp({ dataDir, config: { media: FAST_QUEUE } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  }

  beforeAll(async () => {
    dataDir = await makeTestDataDir();
    await start();
    owner = await createTestUser(t.app, { username: 'resumer' });
    cookie = await sessionCookieFor(t.app, owner.id);
    other = await createTestUser(t.app, { username: 'other' });
    otherCookie = await sessionCookieFor(t.app, other.id);
  });
  afterAll(async () => {
    await t.close();
    const { rm } = await import('node:fs/promises');
    await rm(dataDir, { recursive: true, force: true });
  });

  const endpoint = () => `http://127.0.0.1:${port}/v0/api/uploads`;
  const uploadsDir = () => path.join(dataDir, 'uploads');
  const storedUploads = async () => (await readdir(uploadsDir()).catch(() => [] as string[])).filter((name) => !name.endsWith('.json'));

  const send = (method: string, url: string, headers: Record<string, string> = {}, body?: Buffer, to = port) => sendRaw(to, method, url, headers, body);

  const tusHeaders = (who: string, extra: Record<string, string> = {}) => ({ cookie: who, 'tus-resumable': '1.0.0', ...extra });

  async function create(who: string, length: number, metadata = `title ${b64('A clip')}`): Promise<RawAnswer> {
    return send('POST', '/v0/api/uploads', tusHeaders(who, { 'upload-length': String(length), 'upload-metadata': metadata }));
  }

  /** Runs a tus-js-client upload to its end; the Video-Id header of the last answer. */
  function clientUpload(data: Buffer, options: { chunkSize?: number; uploadUrl?: string; who?: string; title?: string } = {}): Promise<{ videoId: string | null; url: string }> {
    return new Promise((resolve, reject) => {
      let videoId: string | null = null;
      const upload: Upload = new Upload(data, {
        endpoint: endpoint(),
        uploadUrl: options.uploadUrl,
        chunkSize: options.chunkSize ?? 16 * 1024,
        retryDelays: [0],
        headers: { cookie: options.who ?? cookie },
        metadata: { filename: 'clip.mp4', filetype: 'video/mp4', title: options.title ?? 'Resumed clip', description: 'tus', visibility: 'public' },
        onAfterResponse: (_request, response: HttpResponse) => {
          videoId = response.getHeader('Video-Id') ?? videoId;
        },
        onSuccess: () => resolve({ videoId, url: upload.url ?? '' }),
        onError: reject,
      });
      upload.start();
    });
  }

  async function videoRow(id: string) {
    return t.app.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function waitReady(id: string): Promise<string> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const row = await videoRow(id);
      if (row && row.status !== 'processing') return row.status;
      if (Date.now() > deadline) throw new Error('still processing');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('uploads a video in chunks with tus-js-client: Video-Id answered, video processed, bytes removed', async () => {
    const { videoId } = await clientUpload(fixtures.mp4);
    expect(videoId).toMatch(/^[0-9a-f]{24}$/);
    const row = await videoRow(videoId!);
    expect(row).toMatchObject({ user_id: owner.id, title: 'Resumed clip', description: 'tus', visibility: 'public', video_size: fixtures.mp4.length });
    expect(row!.thumbnail_type).toBe('image/png');
    expect(await waitReady(videoId!)).toBe('ready');
    expect(await storedUploads()).toEqual([]);
  }, 150_000);

  it('PUT …/thumbnail sets a thumbnail later: owner only, images only, the old file removed', async () => {
    const { videoId } = await clientUpload(fixtures.mp4, { title: 'Needs a thumbnail' });
    await waitReady(videoId!);
    const before = (await videoRow(videoId!))!;
    const mediaFile = (key: string) => path.join(t.config.mediaDir, key);
    const { stat } = await import('node:fs/promises');
    await expect(stat(mediaFile(before.thumbnail_key))).resolves.toBeTruthy();
    const put = (who: string, data: Buffer, name = 'thumbnailFile') => {
      const form = multipart([{ ...thumbnailPart(data), name }]);
      return t.app.inject({ method: 'PUT', url: `/v0/api/videos/selfieVideos/${videoId}/thumbnail`, headers: { cookie: who, 'content-type': form.contentType }, payload: form.body });
    };
    expect((await put(otherCookie, fixtures.jpg)).statusCode).toBe(403);
    const notImage = await put(cookie, fixtures.mp4);
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json()).toEqual({ success: false, message: 'The thumbnail must be a JPEG, PNG, WebP or GIF image.' });
    expect((await put(cookie, fixtures.jpg, 'other')).statusCode).toBe(400);
    const res = await put(cookie, fixtures.jpg);
    expect(res.statusCode).toBe(200);
    const after = (await videoRow(videoId!))!;
    expect(after).toMatchObject({ thumbnail_type: 'image/jpeg', thumbnail_size: fixtures.jpg.length });
    expect(res.json().video.thumbnailCdnUrl).toBe(`/media/${after.thumbnail_key}`);
    // The cards came from the old picture: gone from the answer, which falls back to the thumbnail.
    expect(res.json().video.thumbnailSources).toEqual([]);
    await expect(stat(mediaFile(before.thumbnail_key))).rejects.toThrow();
    expect(await readFile(mediaFile(after.thumbnail_key))).toEqual(fixtures.jpg);
    expect(await t.app.db.selectFrom('storage_pending').selectAll().execute()).toEqual([]);
  }, 150_000);

  it('an interrupted upload continues after a server restart (same DATA_DIR)', async () => {
    const half = Math.floor(fixtures.mp4.length / 2);
    const created = await create(cookie, fixtures.mp4.length, `title ${b64('After restart')},filename ${b64('clip.mp4')}`);
    expect(created.status).toBe(201);
    const url = created.headers.location!;
    expect(url).toMatch(new RegExp(`^/v0/api/uploads/${owner.id}-[0-9a-f]{32}$`));
    const first = await send('PATCH', url, tusHeaders(cookie, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), fixtures.mp4.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));

    await t.app.close();
    await start();

    const head = await send('HEAD', url, tusHeaders(cookie));
    expect(head.status).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    // The client resumes from the offset the server reports.
    const { videoId } = await clientUpload(fixtures.mp4, { uploadUrl: `http://127.0.0.1:${port}${url}`, title: 'ignored: metadata was set at creation' });
    expect(videoId).toMatch(/^[0-9a-f]{24}$/);
    expect((await videoRow(videoId!))?.title).toBe('After restart');
    expect(await storedUploads()).toEqual([]);
  }, 150_000);

  it('only the creator may HEAD, PATCH or DELETE an upload: anyone else gets 404, strangers 401, unverified 403', async () => {
    const created = await create(cookie, fixtures.mp4.length);
    const url = created.headers.location!;
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      const res = await send(method, url, tusHeaders(otherCookie, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), method === 'PATCH' ? Buffer.from('xx') : undefined);
      expect(res.status).toBe(404);
    }
    expect((await send('HEAD', url, { 'tus-resumable': '1.0.0' })).status).toBe(401);
    const unverified = await sessionCookieFor(t.app, (await createTestUser(t.app, { verified: 0 })).id);
    const refused = await create(unverified, 100);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ success: false });
    const post = await send('POST', '/v0/api/uploads', { 'tus-resumable': '1.0.0', 'upload-length': '10' });
    expect(post.status).toBe(401);
    expect(JSON.parse(post.body)).toMatchObject({ success: false });
    // The owner still sees it untouched; then terminates it, and later chunks find nothing.
    expect((await send('HEAD', url, tusHeaders(cookie))).headers['upload-offset']).toBe('0');
    expect((await send('DELETE', url, tusHeaders(cookie))).status).toBe(204);
    const late = await send('PATCH', url, tusHeaders(cookie, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), Buffer.from('late'));
    expect(late.status).toBe(404);
    expect(await storedUploads()).toEqual([]);
  });

  it("tus acts only on the upload the route checked: another user's id hidden in the query, an encoded slash, dot segments or upper case finds nothing", async () => {
    const data = fixtures.mp4;
    const half = Math.floor(data.length / 2);
    const created = await create(cookie, data.length, `title ${b64('Private diary')},visibility ${b64('private')}`);
    const victimUrl = created.headers.location!;
    const victim = victimUrl.split('/').pop()!;
    const octet = (offset: number) => ({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' });
    expect((await send('PATCH', victimUrl, tusHeaders(cookie, octet(0)), data.subarray(0, half))).status).toBe(204);
    const victimBytes = await readFile(path.join(uploadsDir(), victim));
    const videosOf = async (userId: string) => (await t.app.db.selectFrom('videos').select('id').where('user_id', '=', userId).execute()).length;
    const attackerVideos = await videosOf(other.id);

    // Ids the route accepts for the attacker (their own prefix), or that carry the victim's id.
    const own = `${other.id}-${'cd'.repeat(16)}`;
    const attacks = [
      `/v0/api/uploads/${own}?x=/${victim}`,
      `/v0/api/uploads/${own}?/${victim}`,
      `/v0/api/uploads/${own}?x=/./${victim}`,
      `/v0/api/uploads/${own}?x=/../uploads/${victim}`,
      `/v0/api/uploads/${own}?x=%2F${victim}`,
      `/v0/api/uploads/${own}%2F..%2F${victim}`,
      `/v0/api/uploads/${own}%2f${victim}`,
      `/v0/api/uploads/${own}/../${victim}`,
      `/v0/api/uploads/${own}/%2e%2e/${victim}`,
      `/v0/api/uploads/${victim}/../${own}`,
      `/v0/api/uploads/${victim.toUpperCase()}`,
      `/v0/api/uploads/${own}?x=/${victim.toUpperCase()}`,
    ];
    for (const url of attacks) {
      // Dot segments in the path match no tus route, and no static file is under /v0/: 404 too.
      const head = await send('HEAD', url, tusHeaders(otherCookie));
      expect([url, head.status, head.headers['upload-metadata']]).toEqual([url, 404, undefined]);
      // The victim's last bytes: completing their upload would make a video owned by the attacker.
      const patch = await send('PATCH', url, tusHeaders(otherCookie, octet(half)), data.subarray(half));
      expect([url, patch.status, patch.headers['video-id']]).toEqual([url, 404, undefined]);
      expect([url, (await send('DELETE', url, tusHeaders(otherCookie))).status]).toEqual([url, 404]);
    }

    // Unchanged, still the victim's alone: same bytes, same offset, no video for the attacker.
    expect(await readFile(path.join(uploadsDir(), victim))).toEqual(victimBytes);
    const head = await send('HEAD', victimUrl, tusHeaders(cookie));
    expect(head.status).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(head.headers['upload-metadata']).toContain(b64('Private diary'));
    expect(await videosOf(other.id)).toBe(attackerVideos);
    const { videoId } = await clientUpload(data, { uploadUrl: `http://127.0.0.1:${port}${victimUrl}` });
    expect(await videoRow(videoId!)).toMatchObject({ user_id: owner.id, title: 'Private diary', visibility: 'private' });
  }, 60_000);

  it('the Location of a new upload is its own address, whatever the creation URL carried', async () => {
    for (const url of ['/v0/api/uploads?x=/elsewhere', '/v0/api/uploads?next=%2Fv0%2Fapi%2Fuploads%2Fabc']) {
      const created = await send('POST', url, tusHeaders(cookie, { 'upload-length': '100', 'upload-metadata': `title ${b64('x')}` }));
      expect(created.status).toBe(201);
      expect(created.headers.location).toMatch(new RegExp(`^/v0/api/uploads/${owner.id}-[0-9a-f]{32}$`));
      expect((await send('DELETE', created.headers.location!, tusHeaders(cookie))).status).toBe(204);
    }
  });

  it('a write from another site is refused like every write', async () => {
    const res = await send('POST', '/v0/api/uploads', tusHeaders(cookie, { origin: 'https://evil.example', 'upload-length': '10', 'upload-metadata': `title ${b64('x')}` }));
    expect(res.status).toBe(403);
    expect(await storedUploads()).toEqual([]);
  });

  it('creation checks the size and the metadata before storing anything', async () => {
    const tooBig = await create(cookie, t.config.maxVideoBytes + 1);
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.body)).toEqual({ success: false, message: expect.stringContaining('too large') });
    const empty = await create(cookie, 0);
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.body).message).toBe('The video file is empty.');
    const noTitle = await create(cookie, 100, `description ${b64('d')}`);
    expect(noTitle.status).toBe(400);
    expect(JSON.parse(noTitle.body).success).toBe(false);
    const badVisibility = await create(cookie, 100, `title ${b64('t')},visibility ${b64('everyone')}`);
    expect(badVisibility.status).toBe(400);
    const notBase64 = await create(cookie, 100, 'title !!!not base64!!!');
    expect(notBase64.status).toBe(400);
    expect(JSON.parse(notBase64.body).message).toMatch(/base64/);
    const zh = await send('POST', '/v0/api/uploads', tusHeaders(cookie, { 'accept-language': 'zh-CN', 'upload-length': '0' }));
    expect(JSON.parse(zh.body).message).toBe('视频文件为空。');
    expect(await storedUploads()).toEqual([]);
  });

  it('filename is at most 255 bytes (400 otherwise); a filetype that is no media type, or a huge one, is not stored', async () => {
    const metadataOf = async (url: string) => {
      const header = String((await send('HEAD', url, tusHeaders(cookie))).headers['upload-metadata'] ?? '');
      return Object.fromEntries(header.split(',').map((pair) => pair.split(' ')).map(([key, value]) => [key, Buffer.from(value ?? '', 'base64').toString('utf8')]));
    };
    // 128 two-byte characters: 256 bytes, though only 128 characters.
    for (const filename of ['é'.repeat(128), 'a'.repeat(9000)]) {
      const refused = await create(cookie, 100, `title ${b64('t')},filename ${b64(filename)}`);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body)).toEqual({ success: false, message: 'The file name is too long: at most 255 bytes.' });
    }
    const replacing = await create(cookie, 100, `replaces ${b64('000000000000000000000000')},filename ${b64('x'.repeat(256))}`);
    expect(replacing.status).toBe(400);
    const zh = await send('POST', '/v0/api/uploads', tusHeaders(cookie, { 'accept-language': 'zh-CN', 'upload-length': '100', 'upload-metadata': `title ${b64('t')},filename ${b64('é'.repeat(128))}` }));
    expect(JSON.parse(zh.body).message).toBe('文件名过长：最多 255 字节。');
    expect(await storedUploads()).toEqual([]);

    const longest = `${'视'.repeat(83)}.mp`; // 83 × 3 + 3 = 252 bytes
    const kept = await create(cookie, 100, `title ${b64('t')},filename ${b64(longest)},filetype ${b64('video/webm;codecs=vp8,opus')}`);
    expect(kept.status).toBe(201);
    expect(await metadataOf(kept.headers.location!)).toMatchObject({ filename: longest, filetype: 'video/webm;codecs=vp8,opus' });
    for (const filetype of ['not a type', 'video/', '/mp4', 'video/mp4\u0000', `video/${'x'.repeat(9000)}`, 'text/html, video/mp4 <script>']) {
      const created = await create(cookie, 100, `title ${b64('t')},filename ${b64('clip.mp4')},filetype ${b64(filetype)}`);
      expect(created.status).toBe(201);
      const stored = await metadataOf(created.headers.location!);
      expect(stored.filename).toBe('clip.mp4');
      expect(stored).not.toHaveProperty('filetype');
      await send('DELETE', created.headers.location!, tusHeaders(cookie));
    }
    await send('DELETE', kept.headers.location!, tusHeaders(cookie));
    expect(await storedUploads()).toEqual([]);
  });

  it('protocol errors: missing Tus-Resumable 412, wrong offset 409, wrong content type 415', async () => {
    expect((await send('POST', '/v0/api/uploads', { cookie, 'upload-length': '10', 'upload-metadata': `title ${b64('x')}` })).status).toBe(412);
    const url = (await create(cookie, fixtures.mp4.length)).headers.location!;
    const octet = { 'content-type': 'application/offset+octet-stream' };
    expect((await send('PATCH', url, tusHeaders(cookie, { 'upload-offset': '5', ...octet }), Buffer.from('abc'))).status).toBe(409);
    expect((await send('PATCH', url, tusHeaders(cookie, { 'upload-offset': '0', 'content-type': 'text/plain' }), Buffer.from('abc'))).status).toBe(415);
    expect((await send('HEAD', url, tusHeaders(cookie))).headers['upload-offset']).toBe('0');
    await send('DELETE', url, tusHeaders(cookie));
  });

  it('parallel PATCHes: the second waits for the lock and gets 409, the upload stays consistent and completes', async () => {
    const data = fixtures.mp4;
    const half = Math.floor(data.length / 2);
    const url = (await create(cookie, data.length, `title ${b64('Parallel')}`)).headers.location!;
    const id = url.split('/').pop()!;
    const octet = (offset: number) => tusHeaders(cookie, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(data.length) });
    // A: sends half its body, then stalls.
    const first = new Promise<number>((resolve) => {
      const request = http.request({ host: '127.0.0.1', port, method: 'PATCH', path: url, headers: octet(0) }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', () => resolve(0));
      request.write(data.subarray(0, half));
    });
    const { stat } = await import('node:fs/promises');
    while ((await stat(path.join(uploadsDir(), id))).size < half) await new Promise((resolve) => setTimeout(resolve, 20));
    // B: the whole file at offset 0 while A holds the lock. A is asked to let go; B then finds
    // the offset moved.
    const second = await send('PATCH', url, octet(0), data);
    expect(second.status).toBe(409);
    expect([0, 204]).toContain(await first);
    const head = await send('HEAD', url, tusHeaders(cookie));
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBe((await stat(path.join(uploadsDir(), id))).size);
    expect(offset).toBe(half);
    const { videoId } = await clientUpload(data, { uploadUrl: `http://127.0.0.1:${port}${url}` });
    expect((await videoRow(videoId!))?.title).toBe('Parallel');
  }, 60_000);

  it('a finished upload that is not a video is refused with the usual message, no video, no bytes', async () => {
    const before = await t.app.db.selectFrom('videos').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const data = fixtures.png;
    const url = (await create(cookie, data.length)).headers.location!;
    const res = await send('PATCH', url, tusHeaders(cookie, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), data);
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toEqual({ success: false, message: 'The video file must be an MP4, MOV, WebM, MKV or Ogg video.' });
    const after = await t.app.db.selectFrom('videos').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await storedUploads()).toEqual([]);
    expect((await send('HEAD', url, tusHeaders(cookie))).status).toBe(404);
  });

  it('incomplete (and stranded complete) uploads expire: the sweep at start removes their bytes', async () => {
    const url = (await create(cookie, fixtures.mp4.length)).headers.location!;
    await send('PATCH', url, tusHeaders(cookie, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), fixtures.mp4.subarray(0, 100));
    const id = url.split('/').pop()!;
    // Backdate its creation past the expiry (no waiting in tests).
    const infoFile = path.join(uploadsDir(), `${id}.json`);
    const info = JSON.parse(await readFile(infoFile, 'utf8')) as { creation_date: string };
    info.creation_date = new Date(Date.now() - t.config.uploadExpiryMs - 60_000).toISOString();
    await writeFile(infoFile, JSON.stringify(info));
    await utimes(path.join(uploadsDir(), id), new Date(0), new Date(0));
    // And a complete upload whose video was never made (the process died after its last byte).
    const stranded = `${owner.id}-${'ab'.repeat(16)}`;
    await writeFile(path.join(uploadsDir(), stranded), fixtures.mp4);
    await writeFile(
      path.join(uploadsDir(), `${stranded}.json`),
      JSON.stringify({ id: stranded, size: fixtures.mp4.length, offset: fixtures.mp4.length, metadata: {}, creation_date: info.creation_date }),
    );
    expect((await storedUploads()).sort()).toEqual([id, stranded].sort());
    // Swept at start (and hourly): a restart is the deterministic way to run it.
    await t.app.close();
    await start();
    expect(await storedUploads()).toEqual([]);
    expect((await send('HEAD', url, tusHeaders(cookie))).status).toBe(404);
  });

  it('a tus failure (a broken store) is a 500 in the API shape, logged with its error and request id', async () => {
    const { lines, logger } = capturedLog();
    const broken = await makeTestApp({ logger });
    try {
      await broken.app.listen({ host: '127.0.0.1', port: 0 });
      // The store's folder becomes a file: creating an upload in it fails.
      const { rm } = await import('node:fs/promises');
      await rm(path.join(broken.dataDir, 'uploads'), { recursive: true, force: true });
      await writeFile(path.join(broken.dataDir, 'uploads'), 'not a folder');
      const user = await createTestUser(broken.app, { username: 'unlucky' });
      const brokenPort = (broken.app.server.address() as AddressInfo).port;
      const headers = tusHeaders(await sessionCookieFor(broken.app, user.id), { 'upload-length': '100', 'upload-metadata': `title ${b64('t')}` });
      const res = await send('POST', '/v0/api/uploads', headers, undefined, brokenPort);
      expect(res.status).toBe(500);
      expect(JSON.parse(res.body)).toEqual({ success: false, message: 'Something went wrong. Please try again later.' });
      const entries = lines.map((line) => JSON.parse(line) as { level: number; reqId?: string; msg: string; err?: { message?: string; stack?: string }; res?: { statusCode: number } });
      const completed = entries.find((entry) => entry.res?.statusCode === 500);
      expect(completed?.reqId).toBeTruthy();
      const failure = entries.find((entry) => entry.level >= 50 && entry.reqId === completed?.reqId);
      expect(failure?.err?.message).toMatch(/EEXIST|ENOTDIR/);
      expect(failure?.err?.stack).toBeTruthy();
    } finally {
      await broken.close();
    }
  });

  it('the sweep at start on a fresh data directory (no uploads folder yet) warns of nothing', async () => {
    const { lines, logger } = capturedLog();
    const fresh = await makeTestApp({ logger });
    try {
      await fresh.app.ready();
      expect(lines.filter((line) => /resumable uploads|ENOENT/.test(line))).toEqual([]);
      expect((await stat(path.join(fresh.dataDir, 'uploads'))).isDirectory()).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
