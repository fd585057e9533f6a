/** GET/HEAD /media/<key>: Range answers, types, caching, and who may read private files. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { UserRow } from '../../server/infra/db/schema';
import { parseRange } from '../../server/domains/media/media-routes';
import { syncMediaGenerationNow } from '../../server/domains/media/generations/rotate';
import type { VideoWithOwner } from '../../server/domains/media/uploads/uploads';
import { videoMediaUrl } from '../../server/domains/videos/videos';
import { createTestVideo, fixtures } from '../support/media';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';

const NOT_FOUND = { success: false, message: 'Not found.' };

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    ['bytes = 1 - 2', { start: 1, end: 2 }],
  ])('%s of 1000 bytes', (header, range) => {
    expect(parseRange(header, 1000)).toEqual(range);
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('%s of 1000 bytes is unsatisfiable', (header) => {
    expect(parseRange(header, 1000)).toBe('unsatisfiable');
  });

  it.each([undefined, '', 'bytes=', 'bytes=-', 'bytes=5-1', 'items=0-1', 'bytes=0-1,5-6', 'bytes=a-b'])(
    'ignores %p',
    (header) => {
      expect(parseRange(header, 1000)).toBeUndefined();
    },
  );
});

describe('GET /media/<key>', () => {
  let t: TestApp;
  let owner: UserRow;
  let ownerCookie: string;
  let otherCookie: string;
  let video: VideoWithOwner;
  let url: string;
  const size = fixtures.mp4.length;

  beforeAll(async () => {
    t = await makeTestApp();
    owner = await createTestUser(t.app);
    ownerCookie = await sessionCookieFor(t.app, owner.id);
    otherCookie = await sessionCookieFor(t.app, (await createTestUser(t.app)).id);
    video = await createTestVideo(t.app, owner.id);
    url = videoMediaUrl(video.video_key);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (headers: Record<string, string> = {}, target = url, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url: target, headers });

  describe('Range', () => {
    it('answers the whole file without a Range', async () => {
      const res = await get();
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'video/mp4',
        'content-length': String(size),
        'accept-ranges': 'bytes',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
      expect(res.headers['content-range']).toBeUndefined();
      expect(res.rawPayload.equals(fixtures.mp4)).toBe(true);
    });

    it.each([
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, size - 1],
      ['bytes=-100', size - 100, size - 1],
      ['bytes=5000-99999', 5000, size - 1],
    ])('206 for %s', async (range, start, end) => {
      const res = await get({ range });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.rawPayload.equals(fixtures.mp4.subarray(start, end + 1))).toBe(true);
    });

    it('416 for a range beyond the end', async () => {
      const res = await get({ range: `bytes=${size}-` });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${size}`);
      expect(res.json()).toEqual({ success: false, message: 'The requested range cannot be satisfied.' });
    });

    it('the whole file for a multi-range or malformed Range', async () => {
      for (const range of ['bytes=0-1,4-5', 'pages=1-2']) {
        const res = await get({ range });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.length).toBe(size);
      }
    });

    it('honours If-Range: the range only for the current version', async () => {
      const etag = String((await get()).headers.etag);
      expect((await get({ range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
      expect((await get({ range: 'bytes=0-9', 'if-range': '"older"' })).statusCode).toBe(200);
    });
  });

  it('HEAD: the headers without the body', async () => {
    const res = await get({}, url, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(size));
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload.length).toBe(0);
    const partial = await get({ range: 'bytes=0-99' }, url, 'HEAD');
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-length']).toBe('100');
    expect(partial.rawPayload.length).toBe(0);
  });

  it('serves the thumbnail with its own type', async () => {
    const res = await get({}, videoMediaUrl(video.thumbnail_key));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(fixtures.png)).toBe(true);
  });

  it('304 for a client whose copy is current', async () => {
    const first = await get();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await get({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get({ 'if-modified-since': String(first.headers['last-modified']) })).statusCode).toBe(304);
    expect((await get({ 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  describe('private videos', () => {
    let hidden: VideoWithOwner;
    beforeAll(async () => {
      hidden = await createTestVideo(t.app, owner.id, { visibility: 'private' });
    });

    it('are served to their owner, never cached', async () => {
      for (const key of [hidden.video_key, hidden.thumbnail_key]) {
        const res = await get({ cookie: ownerCookie, range: 'bytes=0-9' }, videoMediaUrl(key));
        expect(res.statusCode).toBe(206);
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
    });

    it('are a 404 to visitors and other users, as if they did not exist', async () => {
      for (const key of [hidden.video_key, hidden.thumbnail_key]) {
        for (const headers of [{}, { cookie: otherCookie }] as Array<Record<string, string>>) {
          const res = await get(headers, videoMediaUrl(key));
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual(NOT_FOUND);
          expect(res.headers['cache-control']).toBe('no-store');
        }
      }
    });

    it('become public when the video does', async () => {
      await t.app.db.updateTable('videos').set({ visibility: 'public' }).where('id', '=', hidden.id).execute();
      // Until the keys are recorded as handed to everyone, no cache may keep them.
      expect((await get({}, videoMediaUrl(hidden.video_key))).headers['cache-control']).toBe('private, no-store');
      await syncMediaGenerationNow(t.app.db, hidden.id);
      const res = await get({}, videoMediaUrl(hidden.video_key));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      await t.app.db.updateTable('videos').set({ visibility: 'private' }).where('id', '=', hidden.id).execute();
    });
  });

  describe('404s', () => {
    it('for unknown keys, files without a row, and anything outside the key pattern', async () => {
      // A well-formed file on disk that no video names is not served either.
      const stray = 'videos/0123456789abcdef01234567.mp4';
      await writeFile(path.join(t.config.mediaDir, stray), fixtures.mp4);
      const urls = [
        '/media/videos/ffffffffffffffffffffffff.mp4',
        `/media/${stray}`,
        '/media/clip.mp4',
        '/media/',
        '/media/..%2Fapp.db',
        '/media/videos%2F..%2F..%2Fapp.db',
        `/media/${video.video_key}.part`,
        `/media/${video.video_key.toUpperCase()}`,
      ];
      for (const target of urls) {
        const res = await get({ accept: 'text/html' }, target);
        expect({ target, status: res.statusCode, body: res.json() }).toEqual({ target, status: 404, body: NOT_FOUND });
      }
    });

    it('when the file is missing from storage', async () => {
      const orphan = await createTestVideo(t.app, owner.id);
      await t.app.storage.delete(orphan.video_key);
      const res = await get({}, videoMediaUrl(orphan.video_key));
      expect(res.statusCode).toBe(404);
    });
  });
});
