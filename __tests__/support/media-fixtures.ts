/**
 * Media fixtures made at test time with the bundled ffmpeg from its own lavfi sources (testsrc2
 * picture, sine tone): nothing large is committed. Each function writes one file into `dir` and
 * returns its path. Used by the server media suites, the transcode benchmark and the browser
 * end-to-end test (rotated HEVC .mov, as phones record).
 */
import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { runFfmpeg } from '../../server/domains/media/ffmpeg';

const TIMEOUT_MS = 120_000;

export interface ClipOptions {
  width?: number;
  height?: number;
  seconds?: number;
  fps?: number;
  audio?: boolean;
  /** File name inside dir. */
  name?: string;
}

function sources(options: ClipOptions, defaults: { width: number; height: number }): string[] {
  const width = options.width ?? defaults.width;
  const height = options.height ?? defaults.height;
  const seconds = options.seconds ?? 2;
  const fps = options.fps ?? 25;
  const args = ['-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=${fps}:d=${seconds}`];
  if (options.audio ?? true) args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`);
  return args;
}

async function make(dir: string, name: string, args: string[]): Promise<string> {
  const file = path.join(dir, name);
  await runFfmpeg(['-v', 'error', ...args, file], { timeoutMs: TIMEOUT_MS });
  return file;
}

/** H.264 High + AAC in MP4 (fast start), 320×180 by default. */
export function makeH264Mp4(dir: string, options: ClipOptions = {}): Promise<string> {
  const audio = options.audio ?? true;
  return make(dir, options.name ?? 'h264.mp4', [
    ...sources(options, { width: 320, height: 180 }),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-g', String((options.fps ?? 25) * 2),
    ...(audio ? ['-c:a', 'aac', '-b:a', '64k', '-shortest'] : ['-an']),
    '-movflags', '+faststart',
  ]);
}

/**
 * An iPhone-style clip: HEVC (hvc1) + AAC in a QuickTime .mov, coded 1280×720 by default and
 * rotated 90° for display (so it shows 720×1280, portrait).
 */
export async function makeRotatedHevcMov(dir: string, options: ClipOptions = {}): Promise<string> {
  const audio = options.audio ?? true;
  const name = options.name ?? 'rotated-hevc.mov';
  // Encoded first, then remuxed with the rotation: this ffmpeg writes the display matrix only
  // when the stream is copied.
  const plain = await make(dir, `unrotated-${name}`, [
    ...sources(options, { width: 1280, height: 720 }),
    '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p',
    ...(audio ? ['-c:a', 'aac', '-b:a', '64k', '-shortest'] : ['-an']),
    '-f', 'mov',
  ]);
  const file = await make(dir, name, ['-i', plain, '-map', '0', '-c', 'copy', '-tag:v', 'hvc1', '-metadata:s:v:0', 'rotate=90', '-f', 'mov']);
  await rm(plain, { force: true });
  return file;
}

/** VP9 + Opus in WebM, 320×180 by default. */
export function makeVp9Webm(dir: string, options: ClipOptions = {}): Promise<string> {
  const audio = options.audio ?? true;
  return make(dir, options.name ?? 'vp9.webm', [
    ...sources(options, { width: 320, height: 180 }),
    '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', '-pix_fmt', 'yuv420p',
    ...(audio ? ['-c:a', 'libopus', '-b:a', '48k', '-shortest'] : ['-an']),
  ]);
}

/** Sound only, in an MP4 container whose header looks like any video's (brand isom). */
export function makeAudioOnlyMp4(dir: string, options: { seconds?: number; name?: string } = {}): Promise<string> {
  const seconds = options.seconds ?? 2;
  return make(dir, options.name ?? 'audio-only.mp4', [
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    '-c:a', 'aac', '-b:a', '64k', '-f', 'mp4',
  ]);
}

/**
 * The first `fraction` of a video file (an upload cut short and sent as if complete). With the
 * index at the end (no fast start, the default for QuickTime) the file has no index at all.
 */
export async function makeTruncated(dir: string, source: string, fraction = 0.5, name = 'truncated.mov'): Promise<string> {
  const data = await readFile(source);
  const file = path.join(dir, name);
  await writeFile(file, data.subarray(0, Math.floor(data.length * fraction)));
  return file;
}

/** A plain H.264 .mov without fast start (index at the end), for makeTruncated. */
export function makeH264Mov(dir: string, options: ClipOptions = {}): Promise<string> {
  return make(dir, options.name ?? 'h264.mov', [
    ...sources(options, { width: 320, height: 180 }),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-f', 'mov',
  ]);
}

/** Random bytes behind a valid MP4 `ftyp` box: passes a magic-number check, decodes to nothing. */
export async function makeGarbageMp4(dir: string, bytes = 64 * 1024, name = 'garbage.mp4'): Promise<string> {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1')]);
  const file = path.join(dir, name);
  await writeFile(file, Buffer.concat([ftyp, randomBytes(bytes)]));
  return file;
}

/**
 * An HDR clip as phones record it: HEVC Main 10 (yuv420p10le), BT.2020 primaries and matrix, HLG
 * (arib-std-b67, iPhone's default) or PQ (smpte2084) transfer, from the same testsrc2 picture
 * (zscale converts it; sdrReference makes the SDR one to compare with).
 */
export function makeHdrClip(dir: string, transfer: 'hlg' | 'pq', options: ClipOptions = {}): Promise<string> {
  const trc = transfer === 'hlg' ? 'arib-std-b67' : 'smpte2084';
  const audio = options.audio ?? true;
  return make(dir, options.name ?? `${transfer}.mov`, [
    ...sources(options, { width: 640, height: 360 }),
    '-vf', `zscale=tin=bt709:pin=bt709:min=bt709:rin=full:t=${trc}:p=bt2020:m=bt2020nc:r=tv,format=yuv420p10le`,
    '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1',
    '-color_primaries', 'bt2020', '-color_trc', trc, '-colorspace', 'bt2020nc',
    ...(audio ? ['-c:a', 'aac', '-b:a', '64k', '-shortest'] : ['-an']),
    '-f', 'mov',
  ]);
}

/** Mean luma and saturation (signalstats YAVG, SATAVG; 8-bit scale) of the frame at `at` s. */
export async function frameStats(file: string, at = 0.5, filter = 'format=yuv420p'): Promise<{ luma: number; saturation: number }> {
  const { stdout } = await runFfmpeg(
    ['-v', 'error', '-ss', String(at), '-i', file, '-frames:v', '1', '-vf', `${filter},signalstats,metadata=print:file=-`, '-f', 'null', '-'],
    { timeoutMs: TIMEOUT_MS, captureStdout: true },
  );
  const value = (key: string) => Number(new RegExp(`signalstats\\.${key}=([\\d.]+)`).exec(stdout)?.[1] ?? NaN);
  return { luma: value('YAVG'), saturation: value('SATAVG') };
}

/** Text files that are not videos but that a permissive ffmpeg would follow: HLS, concat. */
export async function makePlaylistFiles(dir: string, target: string): Promise<{ hls: string; concat: string }> {
  const hls = path.join(dir, 'playlist.mp4');
  await writeFile(hls, `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile://${target}\n#EXTINF:10,\nhttp://127.0.0.1:9/x.ts\n#EXT-X-ENDLIST\n`);
  const concat = path.join(dir, 'concat.mov');
  await writeFile(concat, `ffconcat version 1.0\nfile '${target}'\nfile '/etc/passwd'\n`);
  return { hls, concat };
}

/** One video stream copied `count` times into a Matroska file. */
export async function makeManyStreams(dir: string, count: number): Promise<string> {
  const one = await makeH264Mp4(dir, { name: 'one-stream.mp4', width: 64, height: 64, seconds: 0.2, audio: false });
  const maps = Array.from({ length: count }, () => ['-map', '0:v:0']).flat();
  const file = await make(dir, 'many-streams.mkv', ['-i', one, ...maps, '-c', 'copy', '-f', 'matroska']);
  await rm(one, { force: true });
  return file;
}

/** A long, cheap video: a tiny 1 fps picture without sound (an hour encodes in about a second). */
export function makeLongSilent(dir: string, seconds: number): Promise<string> {
  return make(dir, 'long-silent.mp4', [
    '-f', 'lavfi', '-i', `color=c=blue:s=64x64:r=1:d=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-an', '-movflags', '+faststart',
  ]);
}

/** What a phone writes about its owner into a clip (makeTaggedPhoneClip); none of it may leave with a download. */
export const PERSONAL_TAGS = {
  location: '+48.8584+002.2945+035.000/',
  comment: 'Recorded at home, ring 555-0142',
  make: 'Apple',
  model: 'iPhone 15 Pro',
  software: '17.4.1',
  serial: 'F2LXK0Q9N7RT',
} as const;

/**
 * A phone clip with personal metadata: H.264 + AAC, 320×180 coded and rotated 90° for display
 * (display matrix), tagged with PERSONAL_TAGS. `.mov` as iPhones write it (QuickTime `mdta` keys:
 * com.apple.quicktime.location.ISO6709, make, model, software), `.mp4` as most Android phones do
 * (`©xyz` location and `©cmt` comment in `udta`).
 */
export async function makeTaggedPhoneClip(dir: string, options: ClipOptions & { container?: 'mov' | 'mp4' } = {}): Promise<string> {
  const container = options.container ?? 'mov';
  const name = options.name ?? `tagged.${container}`;
  const plain = await make(dir, `untagged-${name}`, [
    ...sources(options, { width: 320, height: 180 }),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-g', String((options.fps ?? 25) * 2),
    '-c:a', 'aac', '-b:a', '64k', '-shortest', '-f', container,
  ]);
  const tags = container === 'mov'
    ? [
        '-movflags', 'use_metadata_tags',
        '-metadata', `com.apple.quicktime.location.ISO6709=${PERSONAL_TAGS.location}`,
        '-metadata', `com.apple.quicktime.make=${PERSONAL_TAGS.make}`,
        '-metadata', `com.apple.quicktime.model=${PERSONAL_TAGS.model}`,
        '-metadata', `com.apple.quicktime.software=${PERSONAL_TAGS.software}`,
        '-metadata', `serial_number=${PERSONAL_TAGS.serial}`,
      ]
    : [];
  // Tagged and rotated in a copy: this ffmpeg writes the display matrix only when the stream is copied.
  const file = await make(dir, name, [
    '-i', plain, '-map', '0', '-c', 'copy', ...tags,
    '-metadata', `location=${PERSONAL_TAGS.location}`, '-metadata', `comment=${PERSONAL_TAGS.comment}`,
    '-metadata:s:v:0', 'rotate=90', '-f', container,
  ]);
  await rm(plain, { force: true });
  return file;
}
