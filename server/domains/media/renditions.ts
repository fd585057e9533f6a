/**
 * From one source video to what players need, made in a local work folder:
 *
 * - one ffmpeg process decodes the source once (rotation applied by ffmpeg's autorotate, so a
 *   portrait phone clip stays portrait), splits the picture and encodes every rung of the ladder
 *   at once: H.264 High, yuv420p, AAC-LC stereo 48 kHz, keyframes forced every 2 s (aligned
 *   across rungs, so players switch cleanly), x264 `veryfast` with capped CRF;
 * - the quick path (PeerTube's "quick transcode"): a source that is already H.264 High yuv420p
 *   at a ladder size, unrotated, at a sensible bitrate and with keyframes on the 2 s grid is
 *   copied for its rung instead of re-encoded;
 * - a source with sound also gets ONE audio rendition (AAC-LC stereo, AUDIO_KBPS, domains/media/audio.ts)
 *   cut into its own media playlist (`audio.m3u8`) and announced as the master's audio group, which
 *   listen mode plays alone (no picture fetched). The rungs' segments keep their muxed sound: the
 *   hls.js light build the players ship has no alternate-audio support (docs/transcoding.md);
 * - each rung is cut into HLS VOD (MPEG-TS segments of one 2 s GOP each, the first two 1 s) with `-c copy`; the
 *   master playlist is written here with RESOLUTION, BANDWIDTH (peak of the real segments),
 *   AVERAGE-BANDWIDTH, FRAME-RATE and CODECS, smallest rung first (the variant a player starts
 *   with when it has not chosen one: docs/playback.md);
 * - the top rung is also kept as the progressive MP4 (`+faststart`) for download and fallback;
 * - a poster frame from that MP4, fitting a POSTER_MAX_WIDTH square, as JPEG (link previews,
 *   anything without WebP) and as WebP within POSTER_WEBP_BUDGET_BYTES (what the player shows: a
 *   phone that never presses play spends little), and WebP card images (320 and 640 wide, never wider than the uploaded
 *   thumbnail) from the uploaded thumbnail.
 *
 * The ladder is data (LADDER); rungs above the source are never made (short side compared, so
 * portrait and landscape are treated alike); a source smaller than every rung gets one rung at
 * its own size.
 */
import { readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { DEFAULT_MEDIA_LIMITS, type MediaLimits, wallTimeMs } from '../../config/media';

import { AUDIO_GROUP_ID, AUDIO_KBPS, AUDIO_NAME, audioMediaLine, audioOutputArgs, segmentAudio, TS_OFFSET_SECONDS, type AudioRendition } from './audio';
import { hasFilter, MediaToolError, progressSeconds, runFfmpeg, runFfprobe } from './ffmpeg';
import { demuxerFor, fencedInput, PROTOCOL_WHITELIST, type MediaInfo } from './probe';

export interface Rung {
  /** Size of the picture's short side (720 = 1280×720 landscape or 720×1280 portrait). */
  shortSide: number;
  /** Peak video bitrate (kbit/s) the encoder may use (VBV maxrate); CRF decides below it. */
  maxrateKbps: number;
  audioKbps: number;
  /** VBV buffer in seconds of maxrate (default 2): how far a segment may burst above maxrate. */
  vbvSeconds?: number;
}

/** The default ladder, largest first. */
export const LADDER: readonly Rung[] = [
  { shortSide: 1080, maxrateKbps: 5000, audioKbps: 128 },
  { shortSide: 720, maxrateKbps: 2800, audioKbps: 128 },
  { shortSide: 480, maxrateKbps: 1200, audioKbps: 96 },
  { shortSide: 360, maxrateKbps: 700, audioKbps: 96 },
  // What a phone on a slow link starts and seeks on: its segments must stay small whatever the
  // picture (a tight 1 s VBV buffer: even sensor noise gives ~105 KB per 2 s and ~53 KB for the
  // 1 s first segment, which a player can fetch before play; docs/playback.md).
  { shortSide: 240, maxrateKbps: 300, audioKbps: 64, vbvSeconds: 1 },
];

export const GOP_SECONDS = 2;
/**
 * One GOP per segment: the first segment and the one fetched after a seek are half what 4 s
 * segments were, which is what start and seek wait for on a slow link (docs/playback.md).
 */
export const SEGMENT_SECONDS = 2;
/**
 * The first two seconds are two 1 s segments (a keyframe at 1 s too): the first fragment is what
 * a player prefetches before play and what the first frame waits for, half the bytes of a 2 s one.
 * From 2 s on, the 2 s grid, so rungs stay aligned for switching.
 */
export const START_SEGMENT_SECONDS = 1;
/** Forced keyframes at 0 and START_SEGMENT_SECONDS, then every GOP_SECONDS from GOP_SECONDS on. */
export const KEYFRAME_EXPRESSION =
  `expr:if(lt(t,${GOP_SECONDS}),gte(t,n_forced*${START_SEGMENT_SECONDS}),gte(t,${GOP_SECONDS}*(n_forced-${GOP_SECONDS / START_SEGMENT_SECONDS - 1})))`;
export const X264_PRESET = 'veryfast';
export const X264_CRF = 23;
/** Frame rates above this are brought down to it. */
export const MAX_FPS = 60;
/** Renditions' own files (MP4s this module wrote) are opened as MP4, never guessed either. */
const OWN_MP4 = 'mov';
/** Every encoded picture is SDR BT.709 and says so. */
export const BT709_TAGS = ['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709'];

/**
 * HLG/PQ → SDR BT.709: to linear light (100 nits nominal peak), BT.2020 → BT.709 primaries,
 * Möbius tone curve (linear up to near white, so the SDR range keeps its brightness and colour;
 * Hable darkened the picture by a third: docs/transcoding.md), desat=0 (no greying of highlights),
 * back to the BT.709 transfer, limited range 4:2:0. Needs zscale (libzimg); without it only the
 * matrix and the tags are converted.
 */
export function toneMapFilter(info: Pick<MediaInfo, 'hdr'>, zscale = hasFilter('zscale')): string | null {
  if (!info.hdr) return null;
  if (!zscale) return null;
  return 'zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=mobius:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p';
}

export function outputFps(info: Pick<MediaInfo, 'fps'>): number {
  return Math.min(info.fps, MAX_FPS);
}

export interface PlannedRendition {
  name: string;
  width: number;
  height: number;
  rung: Rung;
  /** Copied from the source instead of encoded (quick path). */
  copy: boolean;
}

export interface VariantInfo {
  name: string;
  width: number;
  height: number;
  /** Peak bits per second over the segments. */
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
  playlist: string;
  bytes: number;
}

/** What a video's renditions prefix holds (stored as JSON on the row). */
export interface RenditionManifest {
  version: 1;
  hls: string;
  mp4: string;
  mp4Bytes: number;
  mp4Width: number;
  mp4Height: number;
  /** JPEG poster (link previews). */
  poster: string | null;
  /** The same frame as WebP (the player's poster); absent in manifests made before it. */
  posterWebp?: string | null;
  cards: Array<{ width: number; file: string }>;
  variants: VariantInfo[];
  quick: boolean;
  /**
   * Seek-preview sprite sheets (domains/media/storyboard.ts), in the same generation folder; absent in
   * manifests made before storyboards, null when making one failed (the backfill skips those).
   */
  storyboard?: StoryboardInfo | null;
  /**
   * Caption tracks (domains/captions), files in the same generation folder; absent or [] when
   * none. With tracks, `hls` names a master that lists them and `hlsBase` the one without.
   */
  captions?: CaptionTrackFiles[];
  hlsBase?: string;
  /**
   * The audio rendition (listen mode; the master's audio group when made with the renditions):
   * absent in manifests made before them (the backfill adds one, domains/media/pipeline.ts
   * backfillGeneration), null for a video without sound or when cutting it failed.
   */
  audio?: AudioRendition | null;
  /**
   * Every rung as a progressive MP4 (`mp4` is the largest), smallest first: what the
   * server-rendered player picks from by the phone's box before any script (docs/playback.md).
   * Absent in manifests made before; those have `mp4` only.
   */
  progressive?: ProgressiveFile[];
}

/** One progressive (`+faststart`) MP4 of a rung, in the same generation folder. */
export interface ProgressiveFile {
  file: string;
  width: number;
  height: number;
  bytes: number;
}

/** One caption track's files: the WebVTT and its one-segment HLS media playlist. */
export interface CaptionTrackFiles {
  /** BCP 47, canonical (`zh-Hans`). */
  lang: string;
  label: string;
  source: 'upload' | 'auto';
  vtt: string;
  playlist: string;
  cues: number;
}

export interface StoryboardInfo {
  /** The WebVTT index, whose cues name the sprite files relatively (`storyboard-0.jpg#xywh=…`). */
  vtt: string;
  sprites: string[];
  /** Seconds between tiles. */
  interval: number;
  tileWidth: number;
  tileHeight: number;
  columns: number;
  rows: number;
  tiles: number;
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** The renditions for a source of the given displayed size, largest first. */
export function planLadder(info: Pick<MediaInfo, 'width' | 'height'>, ladder: readonly Rung[] = LADDER): PlannedRendition[] {
  const { width, height } = info;
  const portrait = height > width;
  const sourceShort = Math.min(width, height);
  const sizeFor = (shortSide: number) => {
    const longSide = even((Math.max(width, height) * shortSide) / sourceShort);
    return portrait ? { width: shortSide, height: longSide } : { width: longSide, height: shortSide };
  };
  const rungs = ladder.filter((rung) => rung.shortSide <= sourceShort);
  if (rungs.length === 0) {
    const smallest = ladder[ladder.length - 1] ?? { shortSide: 360, maxrateKbps: 700, audioKbps: 96 };
    const shortSide = even(sourceShort) > sourceShort ? even(sourceShort) - 2 : even(sourceShort);
    const scale = (shortSide * shortSide) / (smallest.shortSide * smallest.shortSide);
    const rung = { shortSide, maxrateKbps: Math.max(150, Math.round(smallest.maxrateKbps * scale)), audioKbps: 64, vbvSeconds: smallest.vbvSeconds };
    return [{ name: `${shortSide}p`, ...sizeFor(shortSide), rung, copy: false }];
  }
  return rungs.map((rung) => ({ name: `${rung.shortSide}p`, ...sizeFor(rung.shortSide), rung, copy: false }));
}

/** Keyframe times of the first video stream (packets only: nothing is decoded). */
async function keyframeTimes(file: string, demuxer: string, stream: number, signal?: AbortSignal): Promise<number[]> {
  const { stdout } = await runFfprobe(
    ['-v', 'error', ...PROTOCOL_WHITELIST, '-f', demuxer, '-select_streams', String(stream), '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', file],
    { timeoutMs: 120_000, signal },
  );
  return stdout
    .split('\n')
    .filter((line) => line.includes('K'))
    .map((line) => Number(line.split(',')[0]))
    .filter((time) => Number.isFinite(time));
}

/**
 * The quick path applies to the top rung when the source already is what that rung would be:
 * H.264 High yuv420p at exactly the rung's size, unrotated, ≤ 60 fps, within 1.5× the rung's
 * bitrate, with a keyframe on every 2 s mark (so its segments line up with the other rungs).
 */
export async function canCopyVideo(file: string, info: MediaInfo, top: PlannedRendition, signal?: AbortSignal): Promise<boolean> {
  if (info.videoCodec !== 'h264' || info.videoProfile !== 'High' || info.pixelFormat !== 'yuv420p') return false;
  if (info.rotation !== 0 || info.fps > MAX_FPS) return false;
  // HDR or non-BT.709 colour is converted, never copied.
  if (info.hdr || (info.colorPrimaries !== '' && info.colorPrimaries !== 'bt709') || (info.colorTransfer !== '' && info.colorTransfer !== 'bt709')) return false;
  if (info.width !== top.width || info.height !== top.height) return false;
  const totalKbps = info.bitRate / 1000;
  if (!(totalKbps > 0) || totalKbps > 1.5 * (top.rung.maxrateKbps + top.rung.audioKbps)) return false;
  const keys = await keyframeTimes(file, info.demuxer, info.videoStream, signal);
  const tolerance = 0.5 / Math.max(1, info.fps) + 0.001;
  for (let mark = 0; mark < info.videoDuration - 0.5; mark += GOP_SECONDS) {
    if (!keys.some((time) => Math.abs(time - mark) <= tolerance)) return false;
  }
  return true;
}

export interface TranscodeOptions {
  source: string;
  /** The uploaded thumbnail (for the WebP card images); null to skip them. */
  thumbnail: string | null;
  info: MediaInfo;
  workDir: string;
  ladder?: readonly Rung[];
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
  /** Called when the encode is done and the HLS packaging (segments, playlists, poster, cards) begins. */
  onPackaging?: () => void;
  /** Off: always encode (the benchmark measures the full ladder). */
  allowQuick?: boolean;
  /** Each ffmpeg process's pid as it starts (the benchmark samples memory). */
  onSpawn?: (pid: number) => void;
  /** Wall time per run (max(60 s, factor × duration)); the defaults otherwise. */
  limits?: MediaLimits;
}

export interface TranscodeResult {
  manifest: RenditionManifest;
  /** Wall time of each step, for logs and the benchmark. */
  timings: Record<string, number>;
  /** The folder whose files are to be committed. */
  outputDir: string;
}

function audioArgs(info: MediaInfo, rung: Rung): string[] {
  if (!info.hasAudio) return ['-an'];
  return ['-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '2', '-ar', '48000'];
}


/** Encodes (or copies) every rendition to `<name>.mp4` in one ffmpeg run. */
async function encodeAll(options: TranscodeOptions, plan: PlannedRendition[]): Promise<void> {
  const { info, source } = options;
  const encoded = plan.filter((rendition) => !rendition.copy);
  const fps = outputFps(info);
  const args: string[] = ['-v', 'error', ...fencedInput(source, info.demuxer)];
  if (encoded.length > 0) {
    const fpsFilter = info.fps > MAX_FPS ? `fps=${fps},` : '';
    const toneMap = toneMapFilter(info);
    const labels = encoded.map((_, i) => `[s${i}]`).join('');
    // SDR sources: BT.601 or untagged matrices are converted to BT.709 as they are scaled.
    const matrix = toneMap ? '' : ':out_color_matrix=bt709';
    const chains = encoded.map(
      (rendition, i) => `[s${i}]scale=${rendition.width}:${rendition.height}:flags=bicubic${matrix},setsar=1,format=yuv420p[v${i}]`,
    );
    args.push('-filter_complex', `[0:${info.videoStream}]${fpsFilter}${toneMap ? `${toneMap},` : ''}split=${encoded.length}${labels};${chains.join(';')}`);
  }
  const gop = String(Math.max(1, Math.round(fps * GOP_SECONDS)));
  let index = 0;
  for (const rendition of plan) {
    const out = path.join(options.workDir, `${rendition.name}.mp4`);
    if (rendition.copy) {
      args.push('-map', `0:${info.videoStream}`, '-c:v', 'copy');
    } else {
      args.push(
        '-map', `[v${index}]`,
        '-c:v', 'libx264', '-preset', X264_PRESET, '-profile:v', 'high', '-pix_fmt', 'yuv420p',
        '-crf', String(X264_CRF), '-maxrate', `${rendition.rung.maxrateKbps}k`, '-bufsize', `${Math.round(rendition.rung.maxrateKbps * (rendition.rung.vbvSeconds ?? 2))}k`,
        '-g', gop, '-keyint_min', gop, '-sc_threshold', '0', '-force_key_frames', KEYFRAME_EXPRESSION,
        ...BT709_TAGS,
      );
      index += 1;
    }
    // One video and one audio stream (the ones the probe chose), whatever else the file carries.
    if (info.hasAudio) args.push('-map', `0:${info.audioStream ?? 'a:0'}`);
    args.push(...audioArgs(info, rendition.rung), '-map_metadata', '-1', '-movflags', '+faststart', '-f', 'mp4', out);
  }
  // The audio rendition, encoded once in the same run (the picture is decoded once already).
  if (info.hasAudio) args.push(...audioOutputArgs(info.audioStream ?? 'a:0', path.join(options.workDir, `${AUDIO_NAME}.mp4`)));
  args.push('-progress', 'pipe:1', '-nostats');
  await runFfmpeg(args, {
    timeoutMs: wallTimeMs(options.limits ?? DEFAULT_MEDIA_LIMITS, info.duration),
    lowPriority: true,
    signal: options.signal,
    onSpawn: options.onSpawn,
    onProgress: (fields) => {
      const seconds = progressSeconds(fields);
      if (seconds !== undefined && info.duration > 0) options.onProgress?.(Math.min(1, seconds / info.duration));
    },
  });
}

/**
 * Cuts one rendition's MP4 into HLS (MPEG-TS segments, picture and sound), without re-encoding.
 * Timestamps are moved on by TS_OFFSET_SECONDS, as the audio rendition's, so both share one
 * timeline (domains/media/audio.ts).
 */
async function segment(workDir: string, name: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  await runFfmpeg(
    [
      '-v', 'error', ...fencedInput(path.join(workDir, `${name}.mp4`), OWN_MP4), '-map', '0', '-c', 'copy',
      '-output_ts_offset', String(TS_OFFSET_SECONDS),
      '-f', 'hls', '-hls_init_time', String(START_SEGMENT_SECONDS), '-hls_time', String(SEGMENT_SECONDS),
      '-hls_playlist_type', 'vod', '-hls_list_size', '0',
      '-hls_segment_filename', path.join(workDir, `${name}_%04d.ts`),
      path.join(workDir, `${name}.m3u8`),
    ],
    { timeoutMs, lowPriority: true, signal },
  );
}

/** Peak and average bits per second of a media playlist's segments. */
async function playlistBandwidth(workDir: string, playlist: string): Promise<{ peak: number; average: number; bytes: number }> {
  const lines = (await readFile(path.join(workDir, playlist), 'utf8')).split('\n').map((line) => line.trim());
  let peak = 0;
  let totalBits = 0;
  let totalSeconds = 0;
  let bytes = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const match = /^#EXTINF:([\d.]+)/.exec(lines[i] ?? '');
    const uri = lines[i + 1];
    if (!match || !uri || uri.startsWith('#')) continue;
    const seconds = Number(match[1]);
    const size = (await stat(path.join(workDir, uri))).size;
    bytes += size;
    totalBits += size * 8;
    totalSeconds += seconds;
    if (seconds > 0) peak = Math.max(peak, (size * 8) / Math.max(seconds, 0.5));
  }
  const average = totalSeconds > 0 ? totalBits / totalSeconds : 0;
  return { peak: Math.ceil(peak || average), average: Math.ceil(average), bytes };
}

interface StreamFacts {
  width: number;
  height: number;
  profile: string;
  level: number;
  hasAudio: boolean;
}

async function streamFacts(file: string, demuxer: string, signal?: AbortSignal): Promise<StreamFacts> {
  const { stdout } = await runFfprobe(['-v', 'error', ...PROTOCOL_WHITELIST, '-f', demuxer, '-print_format', 'json', '-show_streams', file], {
    timeoutMs: 30_000,
    signal,
  });
  const streams = (JSON.parse(stdout) as { streams?: Array<Record<string, unknown>> }).streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video') ?? {};
  return {
    width: Number(video.width) || 0,
    height: Number(video.height) || 0,
    profile: String(video.profile ?? ''),
    level: Number(video.level) || 40,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
  };
}

/** RFC 6381 codec strings (H.264 profile and level; AAC-LC). */
export function codecsFor(facts: Pick<StreamFacts, 'profile' | 'level' | 'hasAudio'>): string {
  const profiles: Record<string, string> = { High: '6400', Main: '4d40', Baseline: '4200', 'Constrained Baseline': '42e0' };
  const video = `avc1.${profiles[facts.profile] ?? '6400'}${facts.level.toString(16).padStart(2, '0')}`;
  return facts.hasAudio ? `${video},mp4a.40.2` : video;
}

/**
 * The master playlist, smallest rung first: players without a start level of their own (Safari's
 * native HLS, hls.js unless told) start with the first variant, and the smallest one starts
 * fastest on a slow link; adaptive switching then climbs within seconds on a fast one.
 */
export function masterPlaylist(variants: VariantInfo[], fps: number, audio: AudioRendition | null = null): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  // The audio group: every variant names it (their BANDWIDTH already counts its bits).
  if (audio) lines.push(audioMediaLine(audio.playlist));
  const group = audio ? `,AUDIO="${AUDIO_GROUP_ID}"` : '';
  const smallestFirst = [...variants].sort((a, b) => a.bandwidth - b.bandwidth || a.width * a.height - b.width * b.height);
  for (const variant of smallestFirst) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${variant.bandwidth},AVERAGE-BANDWIDTH=${variant.averageBandwidth},` +
        `RESOLUTION=${variant.width}x${variant.height},FRAME-RATE=${fps.toFixed(3)},CODECS="${variant.codecs}"${group}`,
      variant.playlist,
    );
  }
  return `${lines.join('\n')}\n`;
}


/** WebP card images from the uploaded thumbnail: 320 and 640 wide, never wider than it. */
async function makeCards(thumbnail: string, outputDir: string, signal?: AbortSignal): Promise<Array<{ width: number; file: string }>> {
  const demuxer = await demuxerFor(thumbnail, 'image');
  if (!demuxer) return [];
  const sourceWidth = (await streamFacts(thumbnail, demuxer, signal)).width;
  if (!(sourceWidth > 0)) return [];
  const widths = [...new Set([320, 640].map((width) => even(Math.min(width, sourceWidth))))];
  const cards = widths.map((width) => ({ width, file: `card-${width}.webp` }));
  const labels = cards.map((_, i) => `[c${i}]`).join('');
  const chains = cards.map((card, i) => `[c${i}]scale=${card.width}:-2:flags=lanczos[o${i}]`);
  const args = ['-v', 'error', ...fencedInput(thumbnail, demuxer), '-filter_complex', `[0:v:0]split=${cards.length}${labels};${chains.join(';')}`];
  cards.forEach((card, i) => {
    args.push('-map', `[o${i}]`, '-frames:v', '1', '-c:v', 'libwebp', '-quality', '78', '-f', 'webp', path.join(outputDir, card.file));
  });
  await runFfmpeg(args, { timeoutMs: 60_000, lowPriority: true, signal });
  return cards;
}

/**
 * A poster larger than this (either side) gains nothing on the page (a phone's 412 px box at 3×
 * device pixels is 1236) and costs a phone on slow 4G a second: the 1080p frame as JPEG was
 * ~95 KB, as 1280-wide WebP it is ~22 KB (docs/playback.md).
 */
export const POSTER_MAX_WIDTH = 1280;
/**
 * The player's poster is what a phone downloads for a video it may never play: it is made smaller
 * (quality, then width) until it fits this. A busy frame (foliage, sensor noise) would otherwise
 * weigh hundreds of kilobytes at 1280 px.
 */
export const POSTER_WEBP_BUDGET_BYTES = 40 * 1024;
/** WebP attempts, best first: [max width, quality]. The last one is kept whatever its size. */
const POSTER_WEBP_ATTEMPTS: ReadonlyArray<readonly [number, number]> = [
  [POSTER_MAX_WIDTH, 75],
  [POSTER_MAX_WIDTH, 55],
  [960, 50],
  [640, 50],
  [640, 30],
  [480, 30],
  [360, 25],
];

/** Fits the picture in a `size`×`size` square (portrait and landscape alike), never upscaled, even sides. */
function fitFilter(size: number): string {
  return `scale='min(${size},iw)':'min(${size},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2:flags=lanczos`;
}

async function makePoster(mp4: string, outputDir: string, duration: number, signal?: AbortSignal): Promise<{ jpeg: string; webp: string | null }> {
  const at = Math.min(1, duration / 3);
  const jpeg = 'poster.jpg';
  const webp = 'poster.webp';
  const frame = path.join(outputDir, 'poster-frame.png');
  try {
    await runFfmpeg(
      [
        '-v', 'error', '-ss', at.toFixed(3), ...fencedInput(mp4, OWN_MP4), '-filter_complex', `[0:v:0]${fitFilter(POSTER_MAX_WIDTH)},split=2[j][p]`,
        '-map', '[j]', '-frames:v', '1', '-q:v', '4', '-f', 'image2', path.join(outputDir, jpeg),
        '-map', '[p]', '-frames:v', '1', '-c:v', 'png', '-f', 'image2', frame,
      ],
      { timeoutMs: 60_000, lowPriority: true, signal },
    );
    let made = false;
    for (const [width, quality] of POSTER_WEBP_ATTEMPTS) {
      await runFfmpeg(
        [
          '-v', 'error', '-y', ...fencedInput(frame, 'png_pipe'), '-vf', fitFilter(width),
          '-frames:v', '1', '-c:v', 'libwebp', '-quality', String(quality), '-f', 'webp', path.join(outputDir, webp),
        ],
        { timeoutMs: 60_000, lowPriority: true, signal },
      );
      const size = await stat(path.join(outputDir, webp)).then((info) => info.size, () => 0);
      made = size > 0;
      if (made && size <= POSTER_WEBP_BUDGET_BYTES) break;
    }
    return { jpeg, webp: made ? webp : null };
  } finally {
    await rm(frame, { force: true });
  }
}

/**
 * Makes every rendition of `source` in options.workDir; progress goes 0→1 over the encode
 * (the other steps are quick). Throws MediaToolError when ffmpeg fails.
 */
export async function transcode(options: TranscodeOptions): Promise<TranscodeResult> {
  const { info, workDir, signal } = options;
  const timings: Record<string, number> = {};
  const time = async <T>(label: string, step: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await step();
    } finally {
      timings[label] = Math.round(performance.now() - started);
    }
  };

  const plan = planLadder(info, options.ladder);
  const top = plan[0];
  if (!top) throw new Error('empty ladder');
  if ((options.allowQuick ?? true) && (await canCopyVideo(options.source, info, top, signal))) top.copy = true;

  await time('encode', () => encodeAll(options, plan));
  options.onPackaging?.();
  const segmentTimeout = wallTimeMs(options.limits ?? DEFAULT_MEDIA_LIMITS, info.duration / 4);
  // The audio rendition first: every variant's BANDWIDTH counts its bits too (HLS: everything a
  // player of the variant with its audio group fetches).
  let audio: AudioRendition | null = null;
  let audioBandwidth = { peak: 0, average: 0 };
  if (info.hasAudio) {
    const audioMp4 = path.join(workDir, `${AUDIO_NAME}.mp4`);
    const playlist = await time('segment audio', () => segmentAudio(audioMp4, workDir, AUDIO_NAME, { timeoutMs: segmentTimeout, signal }));
    audioBandwidth = await playlistBandwidth(workDir, playlist);
    audio = { playlist, bitrateKbps: AUDIO_KBPS };
    await rm(audioMp4, { force: true });
  }
  const variants: VariantInfo[] = [];
  for (const rendition of plan) {
    await time(`segment ${rendition.name}`, () => segment(workDir, rendition.name, segmentTimeout, signal));
    const facts = await streamFacts(path.join(workDir, `${rendition.name}.mp4`), OWN_MP4, signal);
    const playlist = `${rendition.name}.m3u8`;
    const bandwidth = await playlistBandwidth(workDir, playlist);
    variants.push({
      name: rendition.name,
      width: facts.width,
      height: facts.height,
      bandwidth: bandwidth.peak + audioBandwidth.peak,
      averageBandwidth: bandwidth.average + audioBandwidth.average,
      codecs: codecsFor(facts),
      playlist,
      bytes: bandwidth.bytes,
    });
  }
  await writeFile(path.join(workDir, 'master.m3u8'), masterPlaylist(variants, outputFps(info), audio));

  // The top rung is the progressive MP4 (download, fallback). The smaller rungs' MP4s, the
  // segmenter's input, are kept too (`+faststart`, already made): the server-rendered player
  // offers the one that fits the phone's box as its source, so play works before any script
  // and its first frame is a small rung's (docs/playback.md, "Fast start").
  const mp4 = 'video.mp4';
  await rm(path.join(workDir, mp4), { force: true });
  await rename(path.join(workDir, `${top.name}.mp4`), path.join(workDir, mp4));
  const mp4Facts = variants[0] ?? { width: top.width, height: top.height };
  const progressive: ProgressiveFile[] = [];
  for (const [index, rendition] of plan.entries()) {
    const file = index === 0 ? mp4 : `${rendition.name}.mp4`;
    const variant = variants[index];
    progressive.push({
      file,
      width: variant?.width ?? rendition.width,
      height: variant?.height ?? rendition.height,
      bytes: (await stat(path.join(workDir, file))).size,
    });
  }
  progressive.sort((a, b) => a.width * a.height - b.width * b.height);

  const poster = await time('poster', () => makePoster(path.join(workDir, mp4), workDir, info.duration, signal)).catch((error: unknown) => {
    if (error instanceof MediaToolError && error.reason === 'aborted') throw error;
    return null;
  });
  const cards = options.thumbnail
    ? await time('cards', () => makeCards(options.thumbnail as string, workDir, signal)).catch((error: unknown) => {
        if (error instanceof MediaToolError && error.reason === 'aborted') throw error;
        return [];
      })
    : [];

  const manifest: RenditionManifest = {
    version: 1,
    hls: 'master.m3u8',
    mp4,
    mp4Bytes: (await stat(path.join(workDir, mp4))).size,
    mp4Width: mp4Facts.width,
    mp4Height: mp4Facts.height,
    poster: poster?.jpeg ?? null,
    posterWebp: poster?.webp ?? null,
    cards,
    variants,
    quick: top.copy,
    audio,
    progressive,
  };
  return { manifest, timings, outputDir: workDir };
}

/** Files in a folder (for tests and the benchmark). */
export async function listOutputs(dir: string): Promise<string[]> {
  return (await readdir(dir)).sort();
}
