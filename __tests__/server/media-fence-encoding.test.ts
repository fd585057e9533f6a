/**
 * The fence around ffmpeg (docs/transcoding.md), the part that opens no database: which binary
 * runs, the limits of every run (memory, priority, wall time), streams and frame rate, and HDR
 * (HLG, PQ) tone-mapped to SDR BT.709 that does not look grey. Crafted uploads refused through
 * the API, and a transcode past its wall time, are in media-fence.test.ts, which also runs on
 * PostgreSQL (npm run test:pg); nothing here reaches SQL, so it runs once, in npm test.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { DEFAULT_MEDIA_LIMITS, parseMediaConfig, wallTimeMs } from '../../server/config/media';
import {
  describeMediaTools,
  fencedCommand,
  ffmpegTool,
  majorVersion,
  MediaToolError,
  resetBinaryPaths,
  runFfmpeg,
  runFfprobe,
  runTool,
  setMemoryLimit,
} from '../../server/domains/media/ffmpeg';
import { probeMedia } from '../../server/domains/media/probe';
import { transcode } from '../../server/domains/media/renditions';
import { frameStats, makeH264Mp4, makeHdrClip } from '../support/media-fixtures';
import { eventually } from '../support/eventually';
import { listFiles } from '../support/media';

jest.setTimeout(180_000);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-fence-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the binary', () => {
  const given = process.env.FFMPEG_PATH;
  beforeEach(() => {
    delete process.env.FFMPEG_PATH;
    resetBinaryPaths();
  });
  afterEach(() => {
    if (given === undefined) delete process.env.FFMPEG_PATH;
    else process.env.FFMPEG_PATH = given;
    resetBinaryPaths();
  });

  it('reads major versions (git snapshots have none)', () => {
    expect(majorVersion('5.1.9-0+deb12u1')).toBe(5);
    expect(majorVersion('n7.1')).toBe(7);
    expect(majorVersion('N-47683-g0e8eb07980-static')).toBeNull();
    expect(majorVersion(null)).toBeNull();
  });

  it('takes a system ffmpeg >= 5 over the bundled 2018 build, FFMPEG_PATH over both, and warns about the bundled one', () => {
    const system = ffmpegTool();
    // CI and the development machines install Debian's ffmpeg (.ci/run).
    expect(system.source).toBe('system');
    expect(majorVersion(system.version)).toBeGreaterThanOrEqual(5);
    expect(describeMediaTools().warning).toBeNull();

    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bundled = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    process.env.FFMPEG_PATH = bundled;
    resetBinaryPaths();
    expect(ffmpegTool()).toMatchObject({ path: bundled, source: 'env' });
    expect(describeMediaTools().warning).toMatch(/old ffmpeg .*install a current ffmpeg/);
  });
});

describe('limits of every run', () => {
  afterEach(() => setMemoryLimit(DEFAULT_MEDIA_LIMITS.memoryMb * 1024 * 1024));

  it('runs under prlimit --as, encoders under nice and ionice', () => {
    const plain = fencedCommand('/usr/bin/ffmpeg', ['-version'], false);
    expect([plain.command, ...plain.args]).toEqual(['/usr/bin/prlimit', `--as=${DEFAULT_MEDIA_LIMITS.memoryMb * 1024 * 1024}`, '--', '/usr/bin/ffmpeg', '-version']);
    const low = fencedCommand('/usr/bin/ffmpeg', ['-version'], true);
    expect(low.args).toEqual(expect.arrayContaining(['/usr/bin/nice', '-n', '10', '/usr/bin/ionice', '-t', '-c', '2', '-n', '7']));
  });

  it('gives a low-priority run’s own session the encoder’s niceness too (autogroup), so nice counts against the server', async () => {
    // Where the kernel groups sessions for scheduling (this machine's Debian kernel), a detached
    // tool leads its own group: without this, `nice` would rank nothing against the server.
    const autogroups = existsSync('/proc/self/autogroup');
    let pid = 0;
    const run = runTool('/bin/sleep', ['2'], { timeoutMs: 10_000, lowPriority: true, onSpawn: (spawned) => (pid = spawned) });
    try {
      // Both settle within moments of the start: the fence's `nice` runs before the tool is exec'd.
      await eventually(async () => {
        const group = await readFile(`/proc/${pid}/autogroup`, 'utf8').catch(() => null);
        if (autogroups) expect(group).toMatch(/ nice 10\n$/);
        else expect(group).toBeNull();
        const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
        // The 19th field of stat: the process's own nice value (from `nice -n 10`).
        expect(fields[16]).toBe('10');
      });
    } finally {
      process.kill(pid, 'SIGKILL');
      await run.catch(() => undefined);
    }
  });

  it('an encode that needs more memory than the limit fails instead of growing', async () => {
    setMemoryLimit(64 * 1024 * 1024);
    const failure = await runFfmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=1920x1080:d=1', '-c:v', 'libx264', '-f', 'null', '-'], {
      timeoutMs: 60_000,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MediaToolError);
    expect(failure).toMatchObject({ reason: 'exit' });
    setMemoryLimit(DEFAULT_MEDIA_LIMITS.memoryMb * 1024 * 1024);
    await runFfmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=1920x1080:d=0.2', '-c:v', 'libx264', '-f', 'null', '-'], { timeoutMs: 60_000 });
  });

  it('wall time is max(60 s, factor × duration); the settings are validated', () => {
    expect(wallTimeMs(DEFAULT_MEDIA_LIMITS, 1)).toBe(60_000);
    expect(wallTimeMs(DEFAULT_MEDIA_LIMITS, 600)).toBe(600 * 20 * 1000);
    const env = { MAX_VIDEO_SECONDS: '600', MAX_VIDEO_PIXELS: '2073600', TRANSCODE_MEMORY_MB: '2048', TRANSCODE_TIME_FACTOR: '5' };
    const fail = (message: string): never => {
      throw new Error(message);
    };
    expect(parseMediaConfig((name) => env[name as keyof typeof env], fail).limits).toMatchObject({
      maxSeconds: 600,
      maxPixels: 1920 * 1080,
      memoryMb: 2048,
      timeFactor: 5,
    });
    expect(() => parseMediaConfig((name) => (name === 'MAX_VIDEO_SECONDS' ? '0' : undefined), fail)).toThrow(/MAX_VIDEO_SECONDS must be an integer/);
    expect(() => parseMediaConfig((name) => (name === 'MAX_VIDEO_PIXELS' ? 'huge' : undefined), fail)).toThrow(/MAX_VIDEO_PIXELS/);
  });
});


describe('streams and frame rate', () => {
  it('uses one video and one audio stream of a file with two, and brings 120 fps down to 60', async () => {
    const source = path.join(dir, 'fast-two-audio.mkv');
    await runFfmpeg(
      [
        '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=120:d=1', '-f', 'lavfi', '-i', 'sine=f=440:d=1', '-f', 'lavfi', '-i', 'sine=f=880:d=1',
        '-map', '0:v', '-map', '1:a', '-map', '2:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'matroska', source,
      ],
      { timeoutMs: 60_000 },
    );
    const info = await probeMedia(source);
    expect(info.fps).toBe(120);
    const work = path.join(dir, 'fast-out');
    await mkdir(work);
    const result = await transcode({ source, thumbnail: null, info, workDir: work });
    const { stdout } = await runFfprobe(['-v', 'error', '-show_entries', 'stream=codec_type,avg_frame_rate', '-of', 'json', path.join(work, result.manifest.mp4)], {
      timeoutMs: 30_000,
    });
    const streams = (JSON.parse(stdout) as { streams: Array<{ codec_type: string; avg_frame_rate: string }> }).streams;
    expect(streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video']);
    expect(streams.find((stream) => stream.codec_type === 'video')?.avg_frame_rate).toBe('60/1');
  });
});

describe('HDR', () => {
  const tags = async (file: string) => {
    const { stdout } = await runFfprobe(
      ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=color_primaries,color_transfer,color_space,pix_fmt', '-of', 'json', file],
      { timeoutMs: 30_000 },
    );
    return (JSON.parse(stdout) as { streams: Array<Record<string, string>> }).streams[0];
  };

  it.each([
    ['HLG', 'hlg' as const, 'arib-std-b67'],
    ['PQ', 'pq' as const, 'smpte2084'],
  ])('%s is tone-mapped to SDR BT.709 that keeps its brightness and colour', async (_label, transfer, trc) => {
    const source = await makeHdrClip(dir, transfer, { seconds: 2, name: `${transfer}-source.mov` });
    const info = await probeMedia(source);
    expect(info).toMatchObject({ hdr: transfer, colorTransfer: trc, colorPrimaries: 'bt2020', pixelFormat: 'yuv420p10le' });
    const work = path.join(dir, `${transfer}-out`);
    await mkdir(work);
    const result = await transcode({ source, thumbnail: null, info, workDir: work });
    const mp4 = path.join(work, result.manifest.mp4);
    expect(await tags(mp4)).toEqual({ pix_fmt: 'yuv420p', color_space: 'bt709', color_transfer: 'bt709', color_primaries: 'bt709' });
    const segment = (await listFiles(work)).find((file) => file.endsWith('.ts'))!;
    expect(await tags(path.join(work, segment))).toMatchObject({ color_transfer: 'bt709', color_primaries: 'bt709' });

    // The same testsrc2 picture straight to SDR, and the HDR file merely reformatted (grey, flat).
    const reference = await frameStats(await makeH264Mp4(dir, { name: `${transfer}-sdr.mp4`, width: 640, height: 360, seconds: 2 }));
    const naive = await frameStats(source);
    const mapped = await frameStats(mp4);
    expect(mapped.saturation).toBeGreaterThan(0.65 * reference.saturation);
    expect(mapped.saturation).toBeGreaterThan(1.8 * naive.saturation);
    expect(mapped.luma).toBeGreaterThan(0.75 * reference.luma);
    expect(mapped.luma).toBeLessThan(1.1 * reference.luma);
  });

  it('SDR outputs are tagged BT.709 too', async () => {
    const source = await makeH264Mp4(dir, { name: 'sdr-tags.mp4', width: 640, height: 360, seconds: 1 });
    const info = await probeMedia(source);
    expect(info.hdr).toBeNull();
    const work = path.join(dir, 'sdr-out');
    await mkdir(work);
    const result = await transcode({ source, thumbnail: null, info, workDir: work, allowQuick: false });
    expect(await tags(path.join(work, result.manifest.mp4))).toEqual({ pix_fmt: 'yuv420p', color_space: 'bt709', color_transfer: 'bt709', color_primaries: 'bt709' });
  });
});
