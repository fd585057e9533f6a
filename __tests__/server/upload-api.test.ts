/**
 * POST /v0/api/movies/upload against a real app (temporary SQLite + media directory): success,
 * and every kind of failure leaving neither a file nor a row behind.
 */
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

import { sql } from 'kysely';

import type { UserRow } from '../../server/infra/db/schema';
import { UPLOAD_LIMITS } from '../../server/domains/media/uploads/upload-routes';
import {
  fixtures,
  listFiles,
  multipart,
  postUpload,
  thumbnailPart,
  uploadParts,
  videoPart,
  type Part,
} from '../support/media';
import { SETTLE_TIMEOUT_MS } from '../support/eventually';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp, type TestAppOptions } from '../support/server';

const HEX24 = '[0-9a-f]{24}';

describe('POST /v0/api/movies/upload', () => {
  let t: TestApp;
  let user: UserRow;
  let cookie: string;

  async function start(options: TestAppOptions = {}) {
    // No transcoding here (media-pipeline.test.ts covers it): the stored files stay as uploaded.
    t = await makeTestApp({ ...options, env: { WORKER: 'off', ...options.env } });
    user = await createTestUser(t.app, { username: 'uploader' });
    cookie = await sessionCookieFor(t.app, user.id);
  }

  afterEach(async () => {
    await t.close();
  });

  async function videoCount(): Promise<number> {
    const row = await t.app.db
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Neither a file (committed or temporary) nor a row nor a job. */
  async function expectNothingStored() {
    expect(await listFiles(t.config.mediaDir)).toEqual([]);
    expect(await listFiles(t.config.tmpDir)).toEqual([]);
    expect(await videoCount()).toBe(0);
    expect(await t.app.db.selectFrom('media_jobs').selectAll().execute()).toEqual([]);
    expect(await t.app.db.selectFrom('storage_pending').selectAll().execute()).toEqual([]);
  }

  async function expectRejected(parts: Part[], status: number, message: string) {
    const res = await postUpload(t.app, cookie, parts);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { success: false, message } });
    await expectNothingStored();
  }

  describe('success', () => {
    beforeEach(() => start());

    it('stores both files and the row (processing, with its job), and serves the files back to the owner', async () => {
      const res = await postUpload(
        t.app,
        cookie,
        uploadParts({ title: '  Sunset walk  ', description: ' By the sea. ', visibility: 'public' }),
      );
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        message: 'Video uploaded successfully!',
        video: {
          _id: expect.stringMatching(new RegExp(`^${HEX24}$`)),
          // Nothing plays yet, and the original's key is in no answer (docs/media-privacy.md#originals).
          movieId: '',
          title: 'Sunset walk',
          description: 'By the sea.',
          visibility: 'public',
          views: 0,
          cdnUrl: '',
          thumbnailCdnUrl: expect.stringMatching(new RegExp(`^/media/thumbnails/${HEX24}\\.png$`)),
          user: user.id,
          username: 'uploader',
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          // Probed at upload; renditions come later.
          status: 'processing',
          processingProgress: 0,
          processingError: null,
          processingErrorCode: null,
          processingStage: 'queued',
          // The upload's answer carries no estimate: GET …/processing does.
          queuePosition: null,
          etaSeconds: null,
          duration: 1,
          width: 160,
          height: 90,
          hlsUrl: null,
          posterUrl: null,
          thumbnailSources: [],
          progressiveSources: [],
          // Playback: no storyboard yet, no chapters in the description, nothing to resume.
          storyboardUrl: null,
          // Listen mode: no audio playlist yet, sound not known while processing.
          audioHlsUrl: null,
          hasAudio: null,
          chapters: [],
          resumeAt: null,
          qualities: 0,
          captions: [],
          // The owner's answer: its settings are always there (docs/sharing.md#downloads).
          downloadEnabled: false,
        },
      });
      expect(await t.app.db.selectFrom('media_jobs').select(['video_id', 'state']).execute()).toEqual([
        { video_id: body.video._id, state: 'queued' },
      ]);

      const row = await t.app.db.selectFrom('videos').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        id: body.video._id,
        user_id: user.id,
        video_type: 'video/mp4',
        video_size: fixtures.mp4.length,
        thumbnail_type: 'image/png',
        thumbnail_size: fixtures.png.length,
      });
      expect(await listFiles(t.config.mediaDir)).toEqual([row.thumbnail_key, row.video_key].sort());

      expect(row.video_key).toMatch(new RegExp(`^videos/${HEX24}\\.mp4$`));
      expect(res.body).not.toContain(row.video_key);
      // While processing, the original is the owner's only.
      expect((await t.app.inject({ method: 'GET', url: `/media/${row.video_key}` })).statusCode).toBe(404);
      const video = await t.app.inject({ method: 'GET', url: `/media/${row.video_key}`, headers: { cookie } });
      expect(video.statusCode).toBe(200);
      expect(video.headers['content-type']).toBe('video/mp4');
      expect(video.rawPayload.equals(fixtures.mp4)).toBe(true);
      const thumbnail = await t.app.inject({ method: 'GET', url: body.video.thumbnailCdnUrl, headers: { cookie } });
      expect(thumbnail.headers['content-type']).toBe('image/png');
      expect(thumbnail.rawPayload.equals(fixtures.png)).toBe(true);
    });

    it('takes the types from the content and fields in any order (files first)', async () => {
      const res = await postUpload(t.app, cookie, [
        // Names and declared types say nothing true: the content decides.
        videoPart(fixtures.webm, 'movie.bin', 'application/octet-stream'),
        thumbnailPart(fixtures.jpg, 'picture.gif', 'image/gif'),
        { name: 'visibility', value: 'private' },
        { name: 'title', value: 'Files first' },
      ]);
      expect(res.statusCode).toBe(200);
      const { video } = res.json();
      expect(video.visibility).toBe('private');
      expect(video.thumbnailCdnUrl).toMatch(/\.jpg$/);
      const row = await t.app.db.selectFrom('videos').selectAll().executeTakeFirstOrThrow();
      expect(row.video_key).toMatch(/\.webm$/);
      expect(row).toMatchObject({ video_type: 'video/webm', thumbnail_type: 'image/jpeg', visibility: 'private' });
    });

    it('defaults visibility to public and ignores unknown text fields', async () => {
      const res = await postUpload(t.app, cookie, [{ name: 'userId', value: 'someone-else' }, ...uploadParts({ visibility: '' })]);
      expect(res.statusCode).toBe(200);
      expect(res.json().video).toMatchObject({ visibility: 'public', user: user.id });
    });

    it('accepts a file of exactly the size limit', async () => {
      await t.close();
      await start({ env: { MAX_VIDEO_BYTES: String(fixtures.mp4.length), MAX_THUMBNAIL_BYTES: String(fixtures.png.length) } });
      const res = await postUpload(t.app, cookie, uploadParts());
      expect(res.statusCode).toBe(200);
    });
  });

  describe('refusals leave nothing behind', () => {
    beforeEach(() => start({ env: { MAX_VIDEO_BYTES: '4000', MAX_THUMBNAIL_BYTES: '1000' } }));

    it('401 for a visitor', async () => {
      const res = await postUpload(t.app, undefined, uploadParts());
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Please log in to continue.' });
      await expectNothingStored();
    });

    it('413 for a video over the limit', async () => {
      // tiny.mp4 is 5,884 bytes: over 4000 while streaming.
      await expectRejected(
        uploadParts({ thumbnail: thumbnailPart(fixtures.png.subarray(0, 500)) }),
        413,
        'The video file is too large. The maximum size is 4000 bytes.',
      );
    });

    it('413 for a thumbnail over the limit, after the video was already written', async () => {
      await t.close();
      await start({ env: { MAX_THUMBNAIL_BYTES: '1000' } });
      await expectRejected(uploadParts(), 413, 'The thumbnail is too large. The maximum size is 1000 bytes.');
    });

    it('states limits in MB and GB', async () => {
      await t.close();
      await start({ env: { MAX_THUMBNAIL_BYTES: String(2 * 1024 * 1024) } });
      const big = Buffer.concat([fixtures.png, Buffer.alloc(2 * 1024 * 1024)]);
      await expectRejected(uploadParts({ thumbnail: thumbnailPart(big) }), 413, 'The thumbnail is too large. The maximum size is 2 MB.');
    });

    it('415 for a text file named .mp4 and declared video/mp4', async () => {
      const text = Buffer.from('this is not a video, whatever its name says\n'.repeat(20));
      await expectRejected(
        uploadParts({ video: videoPart(text, 'clip.mp4', 'video/mp4') }),
        415,
        'The video file must be an MP4, MOV, WebM, MKV or Ogg video.',
      );
    });

    it('415 for an image sent as the video and a video sent as the thumbnail', async () => {
      await expectRejected(
        uploadParts({ video: videoPart(fixtures.png, 'clip.mp4', 'video/mp4') }),
        415,
        'The video file must be an MP4, MOV, WebM, MKV or Ogg video.',
      );
      await t.close();
      await start();
      await expectRejected(
        uploadParts({ thumbnail: thumbnailPart(fixtures.mp4, 'thumb.png', 'image/png') }),
        415,
        'The thumbnail must be a JPEG, PNG, WebP or GIF image.',
      );
    });

    const smallFiles = {
      video: videoPart(fixtures.mp4.subarray(0, 3000)),
      thumbnail: thumbnailPart(fixtures.png.subarray(0, 900)),
    };

    it.each([
      ['missing', { title: null }],
      ['blank', { title: '   ' }],
    ])('400 for a %s title', async (_label, form) => {
      await expectRejected(uploadParts({ ...smallFiles, ...form }), 400, 'Title is required.');
    });

    it('400 for a title sent after the files and missing', async () => {
      await expectRejected([smallFiles.video, smallFiles.thumbnail], 400, 'Title is required.');
    });

    it('400 for overlong fields and an unknown visibility', async () => {
      await expectRejected(uploadParts({ title: 'x'.repeat(201) }), 400, 'Title must be at most 200 characters long.');
      await expectRejected(uploadParts({ description: 'x'.repeat(5001) }), 400, 'Description must be at most 5000 characters long.');
      await expectRejected(uploadParts({ visibility: 'friends' }), 400, 'Visibility must be "public", "unlisted" or "private".');
    });

    it('400 for a missing video or thumbnail, also as an empty file input', async () => {
      const small = { thumbnail: thumbnailPart(fixtures.png.subarray(0, 900)) };
      await expectRejected(uploadParts({ ...small, video: null }), 400, 'No video file selected!');
      await expectRejected(uploadParts({ ...small, video: videoPart(Buffer.alloc(0), '') }), 400, 'No video file selected!');
      await t.close();
      await start();
      await expectRejected(uploadParts({ thumbnail: null }), 400, 'No thumbnail file selected!');
      await expectRejected(uploadParts({ thumbnail: thumbnailPart(Buffer.alloc(0), '') }), 400, 'No thumbnail file selected!');
    });

    it('400 for an unexpected or repeated file', async () => {
      await t.close();
      await start();
      const extra = { name: 'extra', filename: 'x.png', contentType: 'image/png', data: fixtures.png };
      await expectRejected(
        [extra, ...uploadParts()],
        400,
        'Unexpected file "extra": send the video as movieFile and the thumbnail as thumbnailFile.',
      );
      await expectRejected([...uploadParts({ thumbnail: null }), videoPart()], 400, 'The field "movieFile" was sent more than once.');
      await expectRejected([...uploadParts(), extra], 400, 'The upload has too many fields or files.');
    });

    it('415 for a body that is not multipart', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v0/api/movies/upload',
        headers: { cookie },
        payload: { title: 'JSON is not a file' },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ success: false, message: 'Uploads must be sent as multipart/form-data.' });
    });

    it('answers in Chinese when asked to', async () => {
      const { body, contentType } = multipart(uploadParts({ video: null, thumbnail: null }));
      const res = await t.app.inject({
        method: 'POST',
        url: '/v0/api/movies/upload',
        headers: { 'content-type': contentType, cookie, 'accept-language': 'zh-CN' },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('未选择视频文件！');
    });
  });

  describe('interrupted uploads', () => {
    beforeEach(() => start());

    it('400 for a body cut short in the middle of the video', async () => {
      const { body, contentType } = multipart(uploadParts());
      const cut = body.indexOf(fixtures.mp4.subarray(0, 64)) + 3000;
      const res = await postUpload(t.app, cookie, { body: body.subarray(0, cut), contentType });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'The upload could not be read completely. Please try again.' });
      await expectNothingStored();
    });

    it('removes the partial file when the client goes away mid-upload', async () => {
      const { body, contentType } = multipart(uploadParts());
      const videoStart = body.indexOf(fixtures.mp4.subarray(0, 64));
      const payload = new Readable({ read() {} });
      payload.push(body.subarray(0, videoStart + 3000));
      const response = t.app.inject({
        method: 'POST',
        url: '/v0/api/movies/upload',
        headers: { 'content-type': contentType, cookie },
        payload,
      });
      const outcome = response.then(
        (res) => `answered ${res.statusCode}`,
        (error: Error) => `failed: ${error.message}`,
      );

      // The video's first bytes are on disk under a temporary name of this process…
      await waitFor(async () => (await listFiles(t.config.tmpDir)).some((file) => /\.mp4\.part$/.test(file)));
      // …when the connection breaks.
      payload.destroy(new Error('client gone'));
      expect(await outcome).toBe('failed: client gone');

      await waitFor(async () => (await listFiles(t.config.tmpDir)).length === 0);
      expect(await listFiles(t.config.mediaDir)).toEqual([]);
      expect(await videoCount()).toBe(0);
    });

    it('removes committed files when the row cannot be inserted', async () => {
      if (t.app.database.dialect === 'sqlite') {
        await sql`create trigger refuse_videos before insert on videos begin select raise(abort, 'refused by test'); end`.execute(t.app.db);
      } else {
        await sql`create function refuse_videos() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`.execute(t.app.db);
        await sql`create trigger refuse_videos before insert on videos for each row execute function refuse_videos()`.execute(t.app.db);
      }
      const res = await postUpload(t.app, cookie, uploadParts());
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: 'Something went wrong. Please try again later.' });
      await expectNothingStored();
    });
  });

  it('limits uploads per user', async () => {
    await start();
    const other = await sessionCookieFor(t.app, (await createTestUser(t.app)).id);
    // Every attempt counts, so cheap refused ones use the allowance up.
    const empty = uploadParts({ video: null, thumbnail: null });
    for (let i = 0; i < UPLOAD_LIMITS.uploadsPerUser.max; i += 1) {
      expect((await postUpload(t.app, cookie, empty)).statusCode).toBe(400);
    }
    const res = await postUpload(t.app, cookie, uploadParts());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ success: false, message: 'Too many uploads. Please wait a while and try again.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await expectNothingStored();
    // Someone else is not affected.
    expect((await postUpload(t.app, other, uploadParts())).statusCode).toBe(200);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = SETTLE_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}
