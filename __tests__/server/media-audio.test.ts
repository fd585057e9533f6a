/**
 * The audio rendition (listen mode, docs/transcoding.md "The audio group"): the master's audio
 * group, rung segments (with their own sound, for hls.js's light build) on the same timeline as
 * the audio ones, BANDWIDTH counting the group's sound, no group for a source without sound; the API's `audioHlsUrl` and `hasAudio`; and the
 * backfill that cuts one from the stored MP4 of a video made before them.
 */
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import type { UserRow } from '../../server/infra/db/schema';
import { DEFAULT_MEDIA_CONFIG } from '../../server/config/media';
import { AUDIO_KBPS } from '../../server/domains/media/audio';
import { runFfprobe } from '../../server/domains/media/ffmpeg';
import { enqueueStoryboardBackfill, needsAudio } from '../../server/domains/media/pipeline';
import { probeMedia } from '../../server/domains/media/probe';
import { masterPlaylist, transcode } from '../../server/domains/media/renditions';
import { renditionManifest } from '../../server/domains/videos/videos';
import { makeH264Mp4 } from '../support/media-fixtures';
import { postUpload, uploadParts, videoPart } from '../support/media';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';

jest.setTimeout(240_000);

/** Stream kinds in a file, and the first presentation time of each. */
async function streamsOf(file: string): Promise<{ kinds: string[]; firstPts: Record<string, number> }> {
  const { stdout } = await runFfprobe(['-v', 'error', '-show_entries', 'stream=codec_type,start_time', '-of', 'json', file], { timeoutMs: 30_000 });
  const streams = (JSON.parse(stdout) as { streams: Array<{ codec_type: string; start_time?: string }> }).streams;
  return {
    kinds: streams.map((stream) => stream.codec_type).sort(),
    firstPts: Object.fromEntries(streams.map((stream) => [stream.codec_type, Number(stream.start_time)])),
  };
}

const segmentsOf = (playlist: string) => playlist.split('\n').filter((line) => line.endsWith('.ts'));
const durationsOf = (playlist: string) => [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((match) => Math.round(Number(match[1]) * 10) / 10);

describe('masterPlaylist with an audio rendition', () => {
  const variant = { name: '720p', width: 1280, height: 720, bandwidth: 2_700_000, averageBandwidth: 2_500_000, codecs: 'avc1.64001f,mp4a.40.2', playlist: '720p.m3u8', bytes: 1 };

  it('announces the audio group once, and every variant names it', () => {
    const text = masterPlaylist([variant, { ...variant, name: '240p', width: 426, height: 240, bandwidth: 400_000, playlist: '240p.m3u8' }], 25, {
      playlist: 'audio.m3u8',
      bitrateKbps: 96,
    });
    const lines = text.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('#EXT-X-MEDIA:'))).toEqual([
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Audio",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio.m3u8"',
    ]);
    // Before the first variant (a player reads the groups first).
    expect(lines.findIndex((line) => line.startsWith('#EXT-X-MEDIA:'))).toBeLessThan(lines.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:')));
    const variants = lines.filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants).toHaveLength(2);
    for (const line of variants) expect(line).toMatch(/CODECS="avc1\.64001f,mp4a\.40\.2",AUDIO="audio"$/);
  });

  it('without one, it is the muxless master as before', () => {
    expect(masterPlaylist([variant], 25)).not.toContain('AUDIO');
    expect(masterPlaylist([variant], 25, null)).not.toContain('#EXT-X-MEDIA');
  });
});

describe('transcode with ffmpeg', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-audio-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a source with sound: one AAC rendition in its own playlist on the rungs\' timeline, announced as the audio group, BANDWIDTH with its sound', async () => {
    const source = await makeH264Mp4(dir, { name: 'sound.mp4', width: 640, height: 360, seconds: 7, fps: 30 });
    const info = await probeMedia(source);
    const work = path.join(dir, 'sound-out');
    await mkdir(work);
    const result = await transcode({ source, thumbnail: null, info, workDir: work, allowQuick: false });
    expect(result.manifest.audio).toEqual({ playlist: 'audio.m3u8', bitrateKbps: AUDIO_KBPS });

    const master = await readFile(path.join(work, result.manifest.hls), 'utf8');
    expect(master).toContain('#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Audio",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio.m3u8"');
    const streamInfs = master.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(streamInfs).toHaveLength(result.manifest.variants.length);
    for (const line of streamInfs) expect(line).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2",AUDIO="audio"$/);

    // The audio playlist: AAC only, 2 s segments (the last one shorter).
    const audioPlaylist = await readFile(path.join(work, 'audio.m3u8'), 'utf8');
    const audioDurations = durationsOf(audioPlaylist);
    expect(audioDurations.slice(0, -1).every((seconds) => seconds === 2)).toBe(true);
    expect(audioDurations.reduce((sum, seconds) => sum + seconds, 0)).toBeCloseTo(7, 0);
    const audioSegments = segmentsOf(audioPlaylist);
    const audioStreams = await streamsOf(path.join(work, audioSegments[0]!));
    expect(audioStreams.kinds).toEqual(['audio']);
    let audioBytes = 0;
    for (const segment of audioSegments) audioBytes += (await readFile(path.join(work, segment))).length;
    // ~96 kbit/s (TS overhead on top).
    expect((audioBytes * 8) / 7 / 1000).toBeGreaterThan(AUDIO_KBPS * 0.8);
    expect((audioBytes * 8) / 7 / 1000).toBeLessThan(AUDIO_KBPS * 1.5);

    for (const variant of result.manifest.variants) {
      const playlist = await readFile(path.join(work, variant.playlist), 'utf8');
      expect(durationsOf(playlist)).toEqual([1, 1, 2, 2, 1]);
      const first = await streamsOf(path.join(work, segmentsOf(playlist)[0]!));
      // The rung keeps its own sound (hls.js light plays it; the group's is for listen mode and full players).
      expect(first.kinds).toEqual(['audio', 'video']);
      // One timeline: the group's sound starts with the rung's (the same priming), the picture
      // within the B-frame delay.
      expect(Math.abs(first.firstPts.audio! - audioStreams.firstPts.audio!)).toBeLessThan(0.005);
      expect(Math.abs(first.firstPts.video! - audioStreams.firstPts.audio!)).toBeLessThan(0.1);
      // BANDWIDTH is the variant's whole stream: its video segments' peak plus the audio's.
      expect(variant.bandwidth).toBeGreaterThan(variant.bytes > 0 ? AUDIO_KBPS * 1000 : 0);
      expect(variant.averageBandwidth).toBeGreaterThan((variant.bytes * 8) / 7);
    }
    // The progressive MP4 keeps its muxed sound; the audio rendition's own MP4 is gone.
    expect((await streamsOf(path.join(work, result.manifest.mp4))).kinds).toEqual(['audio', 'video']);
    expect(await readdir(work)).not.toContain('audio.mp4');
  });

  it('a source without sound: no audio group, muxless as before', async () => {
    const source = await makeH264Mp4(dir, { name: 'silent.mp4', width: 640, height: 360, seconds: 3, audio: false });
    const info = await probeMedia(source);
    const work = path.join(dir, 'silent-out');
    await mkdir(work);
    const result = await transcode({ source, thumbnail: null, info, workDir: work });
    expect(result.manifest.audio).toBeNull();
    const master = await readFile(path.join(work, result.manifest.hls), 'utf8');
    expect(master).not.toContain('#EXT-X-MEDIA');
    expect(master).not.toContain('AUDIO=');
    expect(master).not.toContain('mp4a');
    expect((await readdir(work)).filter((file) => file.startsWith('audio'))).toEqual([]);
  });
});

describe('the API and the backfill', () => {
  let dir: string;
  let t: TestApp;
  let owner: UserRow;
  let cookie: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-audio-api-'));
    t = await makeTestApp({ config: { media: { ...DEFAULT_MEDIA_CONFIG, pollMs: 100, retryBaseMs: 100, leaseMs: 3000 } } });
    owner = await createTestUser(t.app);
    cookie = await sessionCookieFor(t.app, owner.id);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  interface Shown {
    _id: string;
    status: string;
    hlsUrl: string | null;
    audioHlsUrl: string | null;
    hasAudio: boolean | null;
  }

  async function videoOf(id: string): Promise<Shown> {
    const res = await get(`/v0/api/videos/selfieVideos/${id}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { video: Shown }).video;
  }

  async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 200_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(200);
    }
  }

  async function uploadReady(audio: boolean): Promise<Shown> {
    const clip = await makeH264Mp4(dir, { name: `clip-${audio ? 'sound' : 'silent'}.mp4`, seconds: 5, audio });
    const res = await postUpload(t.app, cookie, uploadParts({ title: 'clip', visibility: 'public', video: videoPart(await readFile(clip), 'clip.mp4') }));
    expect(res.statusCode).toBe(200);
    const { video } = res.json() as { video: { _id: string } };
    const ready = await until('ready', async () => {
      const shown = await videoOf(video._id);
      return shown.status === 'processing' ? undefined : shown;
    });
    // The job is marked done just after the video turns ready (the backfill skips running jobs).
    await until('the job to finish', async () => {
      const job = await t.app.db.selectFrom('media_jobs').select('state').where('video_id', '=', video._id).executeTakeFirst();
      return job?.state === 'done' ? job : undefined;
    });
    return ready;
  }

  it('names the audio playlist of a video with sound (served like the renditions), null without sound', async () => {
    const sound = await uploadReady(true);
    expect(sound.status).toBe('ready');
    expect(sound.hasAudio).toBe(true);
    expect(sound.audioHlsUrl).toMatch(/^\/media\/renditions\/[0-9a-f]{24}\/[0-9a-f]{8}\/audio\.m3u8$/);
    expect(sound.audioHlsUrl!.slice(0, sound.audioHlsUrl!.lastIndexOf('/'))).toBe(sound.hlsUrl!.slice(0, sound.hlsUrl!.lastIndexOf('/')));
    const playlist = await get(sound.audioHlsUrl!);
    expect(playlist.statusCode).toBe(200);
    const base = sound.audioHlsUrl!.slice(0, sound.audioHlsUrl!.lastIndexOf('/') + 1);
    const first = await get(`${base}${segmentsOf(playlist.body)[0]}`);
    expect(first.statusCode).toBe(200);
    expect((await get(sound.hlsUrl!)).body).toContain('URI="audio.m3u8"');

    const silent = await uploadReady(false);
    expect(silent).toMatchObject({ status: 'ready', hasAudio: false, audioHlsUrl: null });
  });

  it('the backfill cuts the audio playlist of a video made before them out of its MP4, once; one without sound is recorded as none', async () => {
    const sound = await uploadReady(true);
    const silent = await uploadReady(false);
    const rows = await t.app.db.selectFrom('videos').selectAll().where('id', 'in', [sound._id, silent._id]).execute();
    for (const row of rows) {
      // As made before audio renditions: no `audio` entry.
      const manifest = renditionManifest(row)!;
      delete manifest.audio;
      await t.app.db.updateTable('videos').set({ renditions: JSON.stringify(manifest) }).where('id', '=', row.id).execute();
    }
    // Not made yet: no playlist, but the video is known to have sound (listen mode still offered).
    expect(await videoOf(sound._id)).toMatchObject({ audioHlsUrl: null, hasAudio: true });

    expect(await enqueueStoryboardBackfill(t.app.db, t.app.media.queue)).toBe(2);
    const url = await until('the backfilled audio playlist', async () => (await videoOf(sound._id)).audioHlsUrl ?? undefined);
    expect(url).toMatch(/^\/media\/renditions\/[0-9a-f]{24}\/[0-9a-f]{8}\/audio-[0-9a-f]{8}\.m3u8$/);
    const row = rows.find((candidate) => candidate.id === sound._id)!;
    expect(url.slice(0, url.lastIndexOf('/'))).toBe(`/media/${row.renditions_prefix}`);
    const playlist = await get(url);
    expect(playlist.statusCode).toBe(200);
    const segment = await get(`${url.slice(0, url.lastIndexOf('/') + 1)}${segmentsOf(playlist.body)[0]}`);
    expect(segment.statusCode).toBe(200);
    // Copied from the MP4's sound, not encoded again.
    const after = renditionManifest(await t.app.db.selectFrom('videos').selectAll().where('id', '=', sound._id).executeTakeFirstOrThrow())!;
    expect(after.audio!.bitrateKbps).toBeGreaterThan(0);

    await until('the silent one recorded', async () => {
      const now = await t.app.db.selectFrom('videos').selectAll().where('id', '=', silent._id).executeTakeFirstOrThrow();
      return needsAudio(now) ? undefined : now;
    });
    const silentAfter = await t.app.db.selectFrom('videos').selectAll().where('id', '=', silent._id).executeTakeFirstOrThrow();
    expect(renditionManifest(silentAfter)!.audio).toBeNull();
    expect(await videoOf(silent._id)).toMatchObject({ audioHlsUrl: null, hasAudio: false });
    // Done: nothing more to enqueue.
    expect(await enqueueStoryboardBackfill(t.app.db, t.app.media.queue)).toBe(0);
  });
});
