/**
 * The fence around ffmpeg (docs/transcoding.md), crafted uploads: each refused with its own
 * localized reason and nothing left behind, by the probe and through the API, and a transcode past
 * its wall time. Runs on PostgreSQL too (npm run test:pg). The binary, the limits of every run,
 * streams and HDR open no database and are in media-fence-encoding.test.ts.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { DEFAULT_MEDIA_CONFIG, DEFAULT_MEDIA_LIMITS } from '../../server/config/media';
import { MediaToolError, runFfprobe } from '../../server/domains/media/ffmpeg';
import { failureReason } from '../../server/domains/media/pipeline';
import { inspectUpload, probeMedia, UndecodableMediaError, type RefusalKind } from '../../server/domains/media/probe';
import { makeH264Mov, makeH264Mp4, makeLongSilent, makeManyStreams, makePlaylistFiles, makeTruncated } from '../support/media-fixtures';
import { listFiles, multipart, postUpload, uploadParts, videoPart } from '../support/media';
import { createTestUser, makeTestApp, sessionCookieFor } from '../support/server';

jest.setTimeout(180_000);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-fence-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('crafted uploads', () => {
  const crafted: Record<'hls' | 'concat' | 'huge' | 'many' | 'long' | 'cut', string> = { hls: '', concat: '', huge: '', many: '', long: '', cut: '' };
  beforeAll(async () => {
    const target = await makeH264Mp4(dir, { name: 'target.mp4', seconds: 0.5 });
    Object.assign(crafted, await makePlaylistFiles(dir, target));
    crafted.huge = await makeH264Mp4(dir, { name: 'huge.mp4', width: 4160, height: 4160, seconds: 0.04, fps: 25, audio: false });
    crafted.many = await makeManyStreams(dir, 200);
    crafted.long = await makeLongSilent(dir, 3600);
    crafted.cut = await makeTruncated(dir, await makeH264Mov(dir, { name: 'for-truncation.mov', seconds: 1 }), 0.5, 'cut.mov');
  });

  const refusal = async (file: string, limits = DEFAULT_MEDIA_LIMITS): Promise<RefusalKind | 'accepted'> => {
    try {
      await inspectUpload(file, undefined, limits);
      return 'accepted';
    } catch (error) {
      if (error instanceof UndecodableMediaError) return error.kind;
      throw error;
    }
  };

  it('an HLS playlist or a concat list named .mp4/.mov is an unsupported format (never followed)', async () => {
    expect(await refusal(crafted.hls)).toBe('unsupported');
    expect(await refusal(crafted.concat)).toBe('unsupported');
  });

  it('a picture above MAX_VIDEO_PIXELS is too large, before a frame is decoded', async () => {
    expect(await refusal(crafted.huge)).toBe('tooLarge');
    expect(await refusal(crafted.huge, { ...DEFAULT_MEDIA_LIMITS, maxPixels: 4160 * 4160 })).toBe('accepted');
  });

  it('more than 16 streams is refused at probe time', async () => {
    const { stdout } = await runFfprobe(['-v', 'error', '-show_entries', 'stream=index', '-of', 'csv=p=0', crafted.many], { timeoutMs: 60_000 });
    expect(stdout.trim().split('\n')).toHaveLength(200);
    expect(await refusal(crafted.many)).toBe('unsupported');
  });

  it('an hour of 1 fps silent video: accepted under the default 3 h, too long under MAX_VIDEO_SECONDS=1800', async () => {
    const info = await probeMedia(crafted.long);
    expect(info.duration).toBeCloseTo(3600, 0);
    expect(await refusal(crafted.long)).toBe('accepted');
    expect(await refusal(crafted.long, { ...DEFAULT_MEDIA_LIMITS, maxSeconds: 1800 })).toBe('tooLong');
  });

  it('a truncated moov is a corrupt file', async () => {
    expect(await refusal(crafted.cut)).toBe('corrupt');
  });

  it('each reason maps to its own failure message on a video', () => {
    expect(failureReason(new UndecodableMediaError('x', 'unsupported'))).toBe('media.failedUnsupported');
    expect(failureReason(new UndecodableMediaError('x', 'tooLong'))).toBe('media.failedTooLong');
    expect(failureReason(new UndecodableMediaError('x', 'tooLarge'))).toBe('media.failedTooLarge');
    expect(failureReason(new UndecodableMediaError('x'))).toBe('media.failedUndecodable');
    expect(failureReason(new MediaToolError('ffmpeg timed out', '', null, 'timeout'))).toBe('media.failedTimeout');
  });

  it('through the API: 422 with the reason in the request language, nothing stored', async () => {
    const t = await makeTestApp({ env: { MAX_VIDEO_SECONDS: '1800' } });
    try {
      const cookie = await sessionCookieFor(t.app, (await createTestUser(t.app)).id);
      const cases: Array<[string, string, number, string, string]> = [
        // A playlist never gets past the upload's own sniffer (415); the probe refuses it too (above).
        [crafted.hls, 'en', 415, 'The video file must be an MP4, MOV, WebM, MKV or Ogg video.', 'x.mp4'],
        [crafted.long, 'en', 422, 'The video is too long: at most 30 minutes.', 'long.mp4'],
        [crafted.long, 'zh-CN', 422, '视频太长：最长 30 分钟。', 'long.mp4'],
        [crafted.huge, 'en', 422, 'The video picture is too large: at most 16.8 megapixels.', 'huge.mp4'],
        [crafted.cut, 'en', 422, 'The video file could not be read: it may be damaged, cut short or have no picture.', 'cut.mov'],
        [crafted.many, 'zh-CN', 422, '不支持该视频格式：请上传只有一路画面的 MP4、MOV、WebM、MKV 或 Ogg 视频。', 'many.mkv'],
      ];
      for (const [file, language, status, message, name] of cases) {
        const { body, contentType } = multipart(uploadParts({ video: videoPart(await readFile(file), name, 'application/octet-stream') }));
        const res = await t.app.inject({
          method: 'POST',
          url: '/v0/api/movies/upload',
          headers: { 'content-type': contentType, cookie, 'accept-language': language },
          payload: body,
        });
        expect({ name, status: res.statusCode, body: res.json() }).toEqual({ name, status, body: { success: false, message } });
      }
      expect(await listFiles(t.config.mediaDir)).toEqual([]);
      expect((await listFiles(t.config.tmpDir)).filter((file) => !file.endsWith('.lock'))).toEqual([]);
      expect(await t.app.db.selectFrom('videos').select('id').execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a transcode past its wall time: failed "took too long", no renditions, no work files', async () => {
    const limits = { ...DEFAULT_MEDIA_LIMITS, minWallMs: 1, timeFactor: 0.0001 };
    const t = await makeTestApp({ config: { media: { ...DEFAULT_MEDIA_CONFIG, pollMs: 100, maxAttempts: 1, limits } } });
    try {
      const cookie = await sessionCookieFor(t.app, (await createTestUser(t.app)).id);
      const clip = await makeH264Mp4(dir, { name: 'slow.mp4', seconds: 2 });
      const res = await postUpload(t.app, cookie, uploadParts({ video: videoPart(await readFile(clip)) }));
      expect(res.statusCode).toBe(200);
      const id = (res.json() as { video: { _id: string } }).video._id;
      let status = 'processing';
      for (let i = 0; i < 600 && status === 'processing'; i += 1) {
        await sleep(100);
        status = (await t.app.db.selectFrom('videos').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
      }
      expect(status).toBe('failed');
      const state = await t.app.inject({ method: 'GET', url: `/v0/api/videos/selfieVideos/${id}/processing`, headers: { cookie } });
      expect(state.json()).toMatchObject({ status: 'failed', processingError: 'Processing took too long and was stopped.' });
      const zh = await t.app.inject({ method: 'GET', url: `/v0/api/videos/selfieVideos/${id}/processing`, headers: { cookie, 'accept-language': 'zh' } });
      expect(zh.json().processingError).toBe('处理时间过长，已停止。');
      expect((await listFiles(t.config.mediaDir)).filter((file) => file.startsWith('renditions/'))).toEqual([]);
      expect((await listFiles(t.config.tmpDir)).filter((file) => !file.endsWith('.lock'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

