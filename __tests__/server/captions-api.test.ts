/**
 * Caption tracks over HTTP (domains/captions/caption-routes.ts, docs/captions.md): upload SubRip and WebVTT to a
 * really transcoded video, read `captions` and the WebVTT served, the HLS master's subtitle
 * renditions, permissions, privacy, and bad input leaving nothing stored.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import type { UserRow } from '../../server/infra/db/schema';
import { DEFAULT_MEDIA_CONFIG } from '../../server/config/media';
import { CAPTION_LIMITS } from '../../server/domains/captions/caption-routes';
import { parseCaptionFile } from '../../server/domains/captions/parse';
import { CAPTION_MAX_TRACKS, putCaptionTrack, type CaptionDeps } from '../../server/domains/captions/tracks';
import { listFiles, multipart, postUpload, uploadParts, type Part } from '../support/media';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';

jest.setTimeout(180_000);

const fixture = (name: string) => readFileSync(path.join(__dirname, '..', 'fixtures', 'captions', name));

interface Track {
  lang: string;
  label: string;
  url: string;
  source: string;
}
interface Video {
  _id: string;
  status: string;
  hlsUrl: string | null;
  captions: Track[];
}

describe('caption tracks', () => {
  let t: TestApp;
  let owner: UserRow;
  let cookie: string;
  let otherCookie: string;

  beforeAll(async () => {
    t = await makeTestApp({ config: { media: { ...DEFAULT_MEDIA_CONFIG, pollMs: 100, retryBaseMs: 100, leaseMs: 3000 } } });
    owner = await createTestUser(t.app);
    cookie = await sessionCookieFor(t.app, owner.id);
    otherCookie = await sessionCookieFor(t.app, (await createTestUser(t.app)).id);
  });
  afterAll(() => t.close());

  const get = (url: string, who?: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who } : {} });
  const api = (id: string, lang: string) => `/v0/api/videos/selfieVideos/${id}/captions/${lang}`;

  function put(id: string, lang: string, parts: Part[], who: string | null = cookie, language = 'en') {
    const { body, contentType } = multipart(parts);
    return t.app.inject({ method: 'PUT', url: api(id, lang), headers: { 'content-type': contentType, 'accept-language': language, ...(who ? { cookie: who } : {}) }, payload: body });
  }
  const captionPart = (data: Buffer, filename = 'subs.srt'): Part => ({ name: 'captionFile', filename, contentType: 'application/x-subrip', data });

  async function videoOf(id: string): Promise<Video> {
    const res = await get(`/v0/api/videos/selfieVideos/${id}`, cookie);
    expect(res.statusCode).toBe(200);
    return (res.json() as { video: Video }).video;
  }

  async function uploadReady(visibility = 'public'): Promise<Video> {
    const res = await postUpload(t.app, cookie, uploadParts({ title: 'clip', visibility }));
    expect(res.statusCode).toBe(200);
    const { video } = res.json() as { video: Video };
    for (let i = 0; i < 600; i += 1) {
      const shown = await videoOf(video._id);
      if (shown.status !== 'processing') return shown;
      await sleep(200);
    }
    throw new Error('never ready');
  }

  let video: Video;
  beforeAll(async () => {
    video = await uploadReady();
    expect(video.status).toBe('ready');
    expect(video.captions).toEqual([]);
  });

  it('stores SubRip (BOM, CRLF) and GBK SubRip as WebVTT, listed on the video and in the HLS master', async () => {
    const en = await put(video._id, 'en', [captionPart(fixture('bom-crlf.srt'))]);
    expect(en.statusCode).toBe(200);
    const zh = await put(video._id, 'zh-hans', [{ name: 'label', value: '中文' }, captionPart(fixture('gbk.srt'))], cookie, 'zh');
    expect(zh.statusCode).toBe(200);
    expect((zh.json() as { message: string }).message).toBe('字幕已保存。');
    const shown = await videoOf(video._id);
    expect(shown.captions.map(({ lang, label, source }) => ({ lang, label, source }))).toEqual([
      { lang: 'en', label: 'English', source: 'upload' },
      { lang: 'zh-Hans', label: '中文', source: 'upload' },
    ]);
    const vtt = await get(shown.captions[0]!.url);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(vtt.body).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00.000\n\n00:00:00.500 --> 00:00:02.000\n<i>Hello<\/i> there, friends\n/);
    expect((await get(shown.captions[1]!.url)).body).toContain('今天我们做番茄炒蛋');

    // The master playlist lists both tracks; each variant names the group.
    const master = await get(shown.hlsUrl!);
    expect(master.statusCode).toBe(200);
    const media = master.body.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES'));
    expect(media).toHaveLength(2);
    expect(media[1]).toContain('GROUP-ID="subs",NAME="中文",LANGUAGE="zh-Hans"');
    const streams = master.body.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF'));
    expect(streams.length).toBeGreaterThan(0);
    for (const line of streams) expect(line).toContain('SUBTITLES="subs"');
    const base = shown.hlsUrl!.slice(0, shown.hlsUrl!.lastIndexOf('/') + 1);
    const playlistName = /URI="([^"]+)"/.exec(media[0]!)![1]!;
    const playlist = await get(`${base}${playlistName}`);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain(shown.captions[0]!.url.split('/').pop());
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
  });

  it('replacing a track writes new files and removes the old ones; delete removes it from the master', async () => {
    const before = await videoOf(video._id);
    const oldUrl = before.captions.find((track) => track.lang === 'en')!.url;
    const res = await put(video._id, 'en', [{ name: 'label', value: 'English (CC)' }, captionPart(fixture('settings-tags.vtt'), 'subs.vtt')]);
    expect(res.statusCode).toBe(200);
    const after = await videoOf(video._id);
    const track = after.captions.find((item) => item.lang === 'en')!;
    expect(track.label).toBe('English (CC)');
    expect(track.url).not.toBe(oldUrl);
    expect((await get(oldUrl)).statusCode).toBe(404);
    expect((await get(before.hlsUrl!)).statusCode).toBe(404);
    expect((await get(track.url)).body).toContain('line:0 position:10% size:50% align:start');

    const del = await t.app.inject({ method: 'DELETE', url: api(video._id, 'en'), headers: { cookie } });
    expect(del.statusCode).toBe(200);
    const final = (del.json() as { video: Video }).video;
    expect(final.captions.map((item) => item.lang)).toEqual(['zh-Hans']);
    expect((await get(track.url)).statusCode).toBe(404);
    const master = (await get(final.hlsUrl!)).body;
    expect(master.match(/TYPE=SUBTITLES/g)).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: api(video._id, 'en'), headers: { cookie } })).statusCode).toBe(404);

    // The last track gone: the plain master again, no subtitle renditions.
    expect((await t.app.inject({ method: 'DELETE', url: api(video._id, 'zh-Hans'), headers: { cookie } })).statusCode).toBe(200);
    const plain = await videoOf(video._id);
    expect(plain.captions).toEqual([]);
    expect((await get(plain.hlsUrl!)).body).not.toContain('SUBTITLES');
  });

  it('refuses bad input (400, localized) and stores nothing', async () => {
    const files = async () => (await listFiles(path.join(t.dataDir, 'media'))).filter((file) => file.includes('subs-') || file.includes('master-'));
    const before = await files();
    const cases: Array<[string, Part[], string]> = [
      ['en', [captionPart(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))], 'This is not a subtitle file'],
      ['en', [captionPart(Buffer.from('1\n00:00:01,000 --> 00:00:02,000\n<script>alert(1)</script>\n'))], 'may not contain HTML'],
      ['en', [captionPart(Buffer.from('1\n99:99:99,999 --> 99:99:99,999\nx\n'))], 'invalid timestamp'],
      ['en', [captionPart(Buffer.from('1\n00:00:01,000 --> 00:05:00,000\nlate\n'))], 'past the end of the video'],
      ['en', [captionPart(Buffer.alloc(10 * 1024 * 1024, 'a'))], 'too large'],
      ['not a tag!', [captionPart(fixture('bom-crlf.srt'))], 'BCP 47'],
      ['en', [{ name: 'label', value: 'x' }], 'captionFile'],
    ];
    for (const [lang, parts, message] of cases) {
      const res = await put(video._id, encodeURIComponent(lang), parts);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { success: boolean; message: string }).message).toContain(message);
    }
    const zh = await put(video._id, 'en', [captionPart(Buffer.from('1\n99:99:99,999 --> 99:99:99,999\nx\n'))], cookie, 'zh');
    expect((zh.json() as { message: string }).message).toContain('无效的时间戳');
    expect(await files()).toEqual(before);
    expect((await videoOf(video._id)).captions).toEqual([]);
  });

  it(`keeps at most ${CAPTION_MAX_TRACKS} tracks a video: another language is refused (409, localized), replacing one still works`, async () => {
    const full = await uploadReady();
    // The timestamp map plays no part here: no ffprobe for each track.
    const deps: CaptionDeps = { db: t.app.db, storage: t.app.storage, firstPts: async () => 0 };
    const parsed = await parseCaptionFile(fixture('bom-crlf.srt'), { duration: 0 });
    // Filled through the service: through the route, the upload limit would stop this test first.
    const langs = Array.from({ length: CAPTION_MAX_TRACKS }, (_, i) => `en-1${String(i).padStart(3, '0')}`);
    for (const lang of langs) await putCaptionTrack(deps, full._id, { lang, label: lang, source: 'upload', parsed });
    expect((await videoOf(full._id)).captions).toHaveLength(CAPTION_MAX_TRACKS);

    const refused = await put(full._id, 'fr', [captionPart(fixture('bom-crlf.srt'))]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      message: `This video already has ${CAPTION_MAX_TRACKS} caption tracks, the most it can have. Replace or remove one first.`,
    });
    const zh = await put(full._id, 'fr', [captionPart(fixture('bom-crlf.srt'))], cookie, 'zh');
    expect((zh.json() as { message: string }).message).toBe(`此视频已有 ${CAPTION_MAX_TRACKS} 条字幕轨道，已达上限。请先替换或删除其中一条。`);
    expect((await videoOf(full._id)).captions.map((track) => track.lang)).toEqual(langs);

    // At the cap, a language it has is replaced as usual; after a removal there is room again.
    const replaced = await put(full._id, langs[3]!, [{ name: 'label', value: 'Replaced' }, captionPart(fixture('bom-crlf.srt'))]);
    expect(replaced.statusCode).toBe(200);
    expect((replaced.json() as { video: Video }).video.captions.find((track) => track.lang === langs[3])?.label).toBe('Replaced');
    expect((await t.app.inject({ method: 'DELETE', url: api(full._id, langs[0]!), headers: { cookie } })).statusCode).toBe(200);
    expect((await put(full._id, 'fr', [captionPart(fixture('bom-crlf.srt'))])).statusCode).toBe(200);
    expect((await videoOf(full._id)).captions).toHaveLength(CAPTION_MAX_TRACKS);
  });

  it(`limits caption uploads to ${CAPTION_LIMITS.uploadsPerUser.max} per ${CAPTION_LIMITS.uploadsPerUser.timeWindow / 60_000} minutes per user (429 with Retry-After)`, async () => {
    const hasty = await sessionCookieFor(t.app, (await createTestUser(t.app)).id);
    // Every attempt counts, refused ones too (someone else's video: 404).
    for (let i = 0; i < CAPTION_LIMITS.uploadsPerUser.max; i += 1) {
      expect((await put(video._id, 'en', [captionPart(fixture('bom-crlf.srt'))], hasty)).statusCode).toBe(404);
    }
    const limited = await put(video._id, 'en', [captionPart(fixture('bom-crlf.srt'))], hasty);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: 'Too many caption uploads. Please wait a while and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await put(video._id, 'en', [captionPart(fixture('bom-crlf.srt'))], hasty, 'zh')).json()).toEqual({ success: false, message: '字幕上传过于频繁，请稍后再试。' });
    // Another user is not affected.
    expect((await put(video._id, 'en', [captionPart(Buffer.from('not subtitles'))])).statusCode).toBe(400);
  });

  it("someone else's video, a private one, a deleted one, no session: nothing stored", async () => {
    expect((await put(video._id, 'en', [captionPart(fixture('bom-crlf.srt'))], otherCookie)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: api(video._id, 'en'), headers: { cookie: otherCookie } })).statusCode).toBe(404);
    expect((await put(video._id, 'en', [captionPart(fixture('bom-crlf.srt'))], null)).statusCode).toBe(401);
    expect((await put('0123456789abcdef01234567', 'en', [captionPart(fixture('bom-crlf.srt'))])).statusCode).toBe(404);
    expect((await videoOf(video._id)).captions).toEqual([]);
  });

  it("a private video's captions are the owner's only; they move with its media", async () => {
    const secret = await uploadReady('private');
    expect((await put(secret._id, 'en', [captionPart(fixture('bom-crlf.srt'))])).statusCode).toBe(200);
    const url = (await videoOf(secret._id)).captions[0]!.url;
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, otherCookie)).statusCode).toBe(404);
    const own = await get(url, cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');

    // Public, then private again: new URLs, the old ones answer 404 to everyone.
    const patch = (visibility: string) =>
      t.app.inject({ method: 'PATCH', url: `/v0/api/videos/selfieVideos/${secret._id}`, headers: { cookie }, payload: { title: 'clip', visibility } });
    expect((await patch('public')).statusCode).toBe(200);
    const publicUrl = (await videoOf(secret._id)).captions[0]!.url;
    expect((await get(publicUrl)).statusCode).toBe(200);
    expect((await patch('private')).statusCode).toBe(200);
    const movedUrl = (await videoOf(secret._id)).captions[0]!.url;
    expect(movedUrl).not.toBe(publicUrl);
    expect((await get(publicUrl, cookie)).statusCode).toBe(404);
    for (let i = 0; i < 50 && (await get(movedUrl, cookie)).statusCode !== 200; i += 1) await sleep(100);
    expect((await get(movedUrl, cookie)).body).toContain('Hello');
    expect((await get(movedUrl)).statusCode).toBe(404);

    // Deleted: 404, nothing stored.
    expect((await t.app.inject({ method: 'DELETE', url: `/v0/api/videos/selfieVideos/${secret._id}`, headers: { cookie } })).statusCode).toBe(200);
    expect((await put(secret._id, 'en', [captionPart(fixture('bom-crlf.srt'))])).statusCode).toBe(404);
  });
});
