/** The media pipeline's pieces on their own: ladder planning, rotation, codec strings, the quick path, the runner. */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { MediaToolError, ffmpegPath, runFfmpeg, runFfprobe, runTool } from '../../server/domains/media/ffmpeg';
import { probeMedia, streamRotation } from '../../server/domains/media/probe';
import { LADDER, canCopyVideo, codecsFor, masterPlaylist, planLadder, transcode } from '../../server/domains/media/renditions';

jest.setTimeout(120_000);

describe('planLadder', () => {
  const sizes = (width: number, height: number) => planLadder({ width, height }).map((r) => `${r.width}x${r.height}`);

  it('never goes above the source and keeps the aspect ratio', () => {
    expect(sizes(3840, 2160)).toEqual(['1920x1080', '1280x720', '854x480', '640x360', '426x240']);
    expect(sizes(1920, 1080)).toEqual(['1920x1080', '1280x720', '854x480', '640x360', '426x240']);
    expect(sizes(1280, 720)).toEqual(['1280x720', '854x480', '640x360', '426x240']);
    expect(sizes(1000, 562)).toEqual(['854x480', '640x360', '428x240']);
    expect(sizes(320, 240)).toEqual(['320x240']);
  });

  it('treats portrait like landscape (short side) and stays portrait', () => {
    expect(sizes(720, 1280)).toEqual(['720x1280', '480x854', '360x640', '240x426']);
    expect(sizes(2160, 3840)).toEqual(['1080x1920', '720x1280', '480x854', '360x640', '240x426']);
  });

  it('gives a source below every rung one rendition at its own (even) size', () => {
    expect(sizes(256, 144)).toEqual(['256x144']);
    expect(sizes(161, 91)).toEqual(['160x90']);
    expect(planLadder({ width: 256, height: 144 })[0]!.rung.maxrateKbps).toBeLessThan(LADDER[LADDER.length - 1]!.maxrateKbps);
  });
});

describe('streamRotation', () => {
  it('reads the rotate tag (clockwise) and the display matrix (counter-clockwise)', () => {
    expect(streamRotation({ tags: { rotate: '90' } })).toBe(90);
    expect(streamRotation({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] })).toBe(90);
    expect(streamRotation({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: 90 }] })).toBe(270);
    expect(streamRotation({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: 180 }] })).toBe(180);
    expect(streamRotation({})).toBe(0);
  });
});

describe('playlists', () => {
  it('announces H.264 profile and level and AAC-LC as RFC 6381 codecs', () => {
    expect(codecsFor({ profile: 'High', level: 31, hasAudio: true })).toBe('avc1.64001f,mp4a.40.2');
    expect(codecsFor({ profile: 'High', level: 40, hasAudio: false })).toBe('avc1.640028');
  });

  it('writes a master playlist with RESOLUTION, BANDWIDTH and CODECS', () => {
    const text = masterPlaylist(
      [{ name: '720p', width: 1280, height: 720, bandwidth: 2_600_000, averageBandwidth: 2_400_000, codecs: 'avc1.64001f,mp4a.40.2', playlist: '720p.m3u8', bytes: 1 }],
      25,
    );
    expect(text).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-INDEPENDENT-SEGMENTS\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=2600000,AVERAGE-BANDWIDTH=2400000,RESOLUTION=1280x720,FRAME-RATE=25.000,CODECS="avc1.64001f,mp4a.40.2"\n720p.m3u8\n',
    );
  });
});

async function imageWidth(file: string): Promise<number> {
  const { stdout } = await runFfprobe(['-v', 'error', '-show_entries', 'stream=width', '-of', 'csv=p=0', file], { timeoutMs: 30_000 });
  return Number(stdout.trim());
}

describe('with ffmpeg', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-units-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('copies a source that already is what its top rung would be (the quick path), and only that one', async () => {
    const source = path.join(dir, 'ready-made.mp4');
    await runFfmpeg(
      [
        '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=4', '-f', 'lavfi', '-i', 'sine=duration=4',
        '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-g', '50', '-keyint_min', '50', '-sc_threshold', '0',
        '-c:a', 'aac', '-shortest', source,
      ],
      { timeoutMs: 60_000 },
    );
    const info = await probeMedia(source);
    const [top] = planLadder(info);
    expect(await canCopyVideo(source, info, top!)).toBe(true);
    const work = path.join(dir, 'out');
    await mkdir(work);
    const result = await transcode({ source, thumbnail: null, info, workDir: work });
    expect(result.manifest.quick).toBe(true);
    expect(result.manifest.variants.map((v) => `${v.width}x${v.height}`)).toEqual(['640x360', '426x240']);

    // Keyframes off the 2 s grid: encoded instead.
    const irregular = path.join(dir, 'irregular.mp4');
    await runFfmpeg(
      ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=4', '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-g', '75', irregular],
      { timeoutMs: 60_000 },
    );
    const irregularInfo = await probeMedia(irregular);
    expect(await canCopyVideo(irregular, irregularInfo, planLadder(irregularInfo)[0]!)).toBe(false);
  });

  it('cuts 1 s first segments then 2 s ones on every rung, smallest rung first, and makes a WebP and a JPEG poster', async () => {
    const source = path.join(dir, 'start.mp4');
    // Keyframes off the grid (every 3 s): encoded, not copied.
    await runFfmpeg(
      [
        '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=30:d=7', '-f', 'lavfi', '-i', 'sine=duration=7',
        '-c:v', 'libx264', '-preset', 'veryfast', '-g', '90', '-c:a', 'aac', '-shortest', source,
      ],
      { timeoutMs: 60_000 },
    );
    const info = await probeMedia(source);
    const work = path.join(dir, 'start-out');
    await mkdir(work);
    const result = await transcode({ source, thumbnail: null, info, workDir: work });
    expect(result.manifest.quick).toBe(false);
    const master = await readFile(path.join(work, result.manifest.hls), 'utf8');
    expect(master.indexOf('RESOLUTION=426x240')).toBeLessThan(master.indexOf('RESOLUTION=640x360'));
    for (const variant of result.manifest.variants) {
      const playlist = await readFile(path.join(work, variant.playlist), 'utf8');
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((match) => Math.round(Number(match[1]) * 10) / 10);
      expect(durations).toEqual([1, 1, 2, 2, 1]);
    }
    expect(result.manifest.poster).toBe('poster.jpg');
    expect(result.manifest.posterWebp).toBe('poster.webp');
    expect(await imageWidth(path.join(work, 'poster.webp'))).toBe(640);
    expect(await imageWidth(path.join(work, 'poster.jpg'))).toBe(640);
  });

  it('never makes a poster wider than 1280 px', async () => {
    const source = path.join(dir, 'wide.mp4');
    await runFfmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=1920x1080:r=30:d=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '90', source], {
      timeoutMs: 60_000,
    });
    const info = await probeMedia(source);
    const work = path.join(dir, 'wide-out');
    await mkdir(work);
    // One rung is enough to get the poster from the top MP4.
    await transcode({ source, thumbnail: null, info, workDir: work, ladder: [{ shortSide: 1080, maxrateKbps: 5000, audioKbps: 128 }] });
    expect(await imageWidth(path.join(work, 'poster.jpg'))).toBe(1280);
    expect(await imageWidth(path.join(work, 'poster.webp'))).toBe(1280);
  });

  it('runs tools with a timeout and keeps the end of stderr as the reason', async () => {
    const failure = await runFfmpeg(['-v', 'error', '-i', path.join(dir, 'missing.mp4'), '-f', 'null', '-'], { timeoutMs: 30_000 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MediaToolError);
    expect(failure).toMatchObject({ reason: 'exit', stderrTail: expect.stringContaining('missing.mp4') });

    const slow = await runTool(ffmpegPath(), ['-hide_banner', '-re', '-f', 'lavfi', '-i', 'testsrc2=d=30', '-f', 'null', '-'], { timeoutMs: 300 }).catch(
      (e: unknown) => e,
    );
    expect(slow).toMatchObject({ reason: 'timeout' });

    const controller = new AbortController();
    const running = runTool(ffmpegPath(), ['-hide_banner', '-re', '-f', 'lavfi', '-i', 'testsrc2=d=30', '-f', 'null', '-'], {
      timeoutMs: 30_000,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    controller.abort();
    expect(await running).toMatchObject({ reason: 'aborted' });
  });

  it('reports progress from -progress pipe:1', async () => {
    const seen: number[] = [];
    await runFfmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=160x90:d=2', '-f', 'null', '-progress', 'pipe:1', '-'], {
      timeoutMs: 30_000,
      onProgress: (fields) => seen.push(Number(fields.out_time_ms ?? fields.out_time_us)),
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.max(...seen)).toBeGreaterThan(1_500_000);
  });
});
