/**
 * What an uploaded video really is, decided by ffprobe (never by its name): the first decodable
 * video stream (cover art does not count), duration, displayed size after rotation (the `rotate`
 * tag and display-matrix side data alike), frame rate and whether it has sound; then one frame is
 * decoded at the start and one near the end, so truncated files and garbage behind a valid
 * header are refused before anything is stored.
 */
import { open } from 'node:fs/promises';

import { SNIFF_BYTES, sniffMediaType } from '../../infra/storage/media-types';
import { DEFAULT_MEDIA_LIMITS, type MediaLimits } from '../../config/media';

import { MediaToolError, progressSeconds, runFfmpeg, runFfprobe } from './ffmpeg';

/** The demuxer for each type the sniffer accepts: ffmpeg never guesses the format of an upload. */
const DEMUXERS: Record<string, string> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/webm': 'matroska',
  'video/x-matroska': 'matroska',
  'video/ogg': 'ogg',
  'image/jpeg': 'jpeg_pipe',
  'image/png': 'png_pipe',
  'image/webp': 'webp_pipe',
  'image/gif': 'gif',
};

/** Local files only: no network, no concat, no playlists that name other files. */
export const PROTOCOL_WHITELIST = ['-protocol_whitelist', 'file,pipe'];

/** The demuxer for a file, from its first bytes; null when the sniffer does not accept it. */
export async function demuxerFor(file: string, kind: 'video' | 'image' = 'video'): Promise<string | null> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    const type = sniffMediaType(head.subarray(0, bytesRead));
    return type && type.kind === kind ? (DEMUXERS[type.mime] ?? null) : null;
  } finally {
    await handle.close();
  }
}

/** `-protocol_whitelist file,pipe -f <demuxer> -i <file>`: how every upload is opened. */
export function fencedInput(file: string, demuxer: string): string[] {
  return [...PROTOCOL_WHITELIST, '-f', demuxer, '-i', file];
}

export interface MediaInfo {
  /** Seconds. */
  duration: number;
  /** The video stream's own duration (seconds); the whole duration when unknown. */
  videoDuration: number;
  /** Displayed size: coded size with rotation applied. */
  width: number;
  height: number;
  codedWidth: number;
  codedHeight: number;
  /** Clockwise degrees the picture is turned for display: 0, 90, 180 or 270. */
  rotation: number;
  fps: number;
  videoCodec: string;
  /** e.g. "High", "Main" (H.264); empty when unknown. */
  videoProfile: string;
  pixelFormat: string;
  hasAudio: boolean;
  audioCodec: string | null;
  audioChannels: number;
  /** Whole-file bits per second (0 when unknown). */
  bitRate: number;
  formatName: string;
  /** Absolute stream indexes of the video and audio streams used (cover art is skipped). */
  videoStream: number;
  audioStream: number | null;
  /** The demuxer it is opened with (`-f`). */
  demuxer: string;
  /** ffprobe's color_transfer / color_primaries of the video stream ('' when untagged). */
  colorTransfer: string;
  colorPrimaries: string;
  /** HLG (arib-std-b67) or PQ (smpte2084) transfer: tone-mapped to SDR BT.709. */
  hdr: 'hlg' | 'pq' | null;
}

/** Why a file is refused: the failure reason shown (localized) to its owner. */
export type RefusalKind = 'unsupported' | 'tooLong' | 'tooLarge' | 'corrupt';

/** The file is not a playable video; `reason` is for logs, never shown as is. */
export class UndecodableMediaError extends Error {
  constructor(
    readonly reason: string,
    readonly kind: RefusalKind = 'corrupt',
  ) {
    super(`not a decodable video: ${reason}`);
    this.name = 'UndecodableMediaError';
  }
}

const PROBE_TIMEOUT_MS = 30_000;
const DECODE_TIMEOUT_MS = 60_000;

interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  duration?: string;
  channels?: number;
  color_transfer?: string;
  color_primaries?: string;
  tags?: Record<string, string>;
  disposition?: Record<string, number>;
  side_data_list?: Array<{ side_data_type?: string; rotation?: number | string }>;
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { duration?: string; bit_rate?: string; format_name?: string };
}

function parseRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [num, den] = rate.split('/').map(Number);
  if (!num || !Number.isFinite(num)) return 0;
  const value = den ? num / den : num;
  return Number.isFinite(value) && value > 0 && value < 1000 ? value : 0;
}

/** Clockwise display rotation from the `rotate` tag or the display matrix (counter-clockwise there). */
export function streamRotation(stream: Pick<ProbeStream, 'tags' | 'side_data_list'>): number {
  let degrees = 0;
  const tag = stream.tags?.rotate;
  const matrix = stream.side_data_list?.find((side) => side.side_data_type === 'Display Matrix' && side.rotation !== undefined);
  if (tag !== undefined && Number.isFinite(Number(tag))) degrees = Number(tag);
  else if (matrix) degrees = -Number(matrix.rotation);
  if (!Number.isFinite(degrees)) return 0;
  const normal = ((Math.round(degrees / 90) * 90) % 360 + 360) % 360;
  return normal;
}

/** Reads the file's streams; throws UndecodableMediaError when there is no usable video stream. */
export async function probeMedia(file: string, signal?: AbortSignal, limits: MediaLimits = DEFAULT_MEDIA_LIMITS): Promise<MediaInfo> {
  let demuxer: string | null;
  try {
    demuxer = await demuxerFor(file);
  } catch (error) {
    // Unreadable (gone from storage, cut off): not a format question.
    throw new UndecodableMediaError(error instanceof Error ? error.message : String(error), 'corrupt');
  }
  if (!demuxer) throw new UndecodableMediaError('not a container the sniffer accepts', 'unsupported');
  let output: ProbeOutput;
  try {
    const { stdout } = await runFfprobe(
      ['-v', 'error', ...PROTOCOL_WHITELIST, '-f', demuxer, '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeoutMs: PROBE_TIMEOUT_MS, signal, lowPriority: true },
    );
    output = JSON.parse(stdout) as ProbeOutput;
  } catch (error) {
    if (error instanceof MediaToolError && error.reason === 'aborted') throw error;
    throw new UndecodableMediaError(error instanceof Error ? error.message : String(error));
  }
  const streams = output.streams ?? [];
  if (streams.length > limits.maxStreams) throw new UndecodableMediaError(`${streams.length} streams (at most ${limits.maxStreams})`, 'unsupported');
  const video = streams.find(
    (stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic && (stream.width ?? 0) > 0 && (stream.height ?? 0) > 0,
  );
  if (!video) throw new UndecodableMediaError('no video stream');
  const audio = streams.find((stream) => stream.codec_type === 'audio' && (stream.channels ?? 0) > 0);

  const rotation = streamRotation(video);
  const codedWidth = video.width ?? 0;
  const codedHeight = video.height ?? 0;
  const turned = rotation === 90 || rotation === 270;
  if (codedWidth * codedHeight > limits.maxPixels) {
    throw new UndecodableMediaError(`${codedWidth}×${codedHeight} is above ${limits.maxPixels} pixels`, 'tooLarge');
  }
  let duration = Number(output.format?.duration ?? video.duration);
  if (!Number.isFinite(duration) || duration <= 0) duration = await measureDuration(file, demuxer, video.index, limits, signal);
  if (!(duration > 0)) throw new UndecodableMediaError('no duration');
  if (duration > limits.maxSeconds) throw new UndecodableMediaError(`${Math.round(duration)} s is above ${limits.maxSeconds} s`, 'tooLong');
  const colorTransfer = video.color_transfer ?? '';

  const info: MediaInfo = {
    duration,
    videoDuration: Number(video.duration) > 0 ? Math.min(Number(video.duration), duration) : duration,
    width: turned ? codedHeight : codedWidth,
    height: turned ? codedWidth : codedHeight,
    codedWidth,
    codedHeight,
    rotation,
    fps: parseRate(video.avg_frame_rate) || parseRate(video.r_frame_rate) || 30,
    videoCodec: video.codec_name ?? 'unknown',
    videoProfile: video.profile ?? '',
    pixelFormat: video.pix_fmt ?? '',
    hasAudio: audio !== undefined,
    audioCodec: audio?.codec_name ?? null,
    audioChannels: audio?.channels ?? 0,
    bitRate: Number(output.format?.bit_rate) || 0,
    formatName: output.format?.format_name ?? '',
    videoStream: video.index,
    audioStream: audio?.index ?? null,
    demuxer,
    colorTransfer,
    colorPrimaries: video.color_primaries ?? '',
    hdr: colorTransfer === 'arib-std-b67' ? 'hlg' : colorTransfer === 'smpte2084' ? 'pq' : null,
  };
  return info;
}

/** Files without a duration in their header (e.g. recorded WebM): read packets to the end. */
async function measureDuration(file: string, demuxer: string, stream: number, limits: MediaLimits, signal?: AbortSignal): Promise<number> {
  let seconds = 0;
  try {
    // Stopped once past the limit (`-t`): an endless stream is "too long", not a stuck probe.
    await runFfmpeg(
      ['-v', 'error', ...fencedInput(file, demuxer), '-map', `0:${stream}`, '-c', 'copy', '-t', String(limits.maxSeconds + 1), '-f', 'null', '-progress', 'pipe:1', '-'],
      {
        timeoutMs: DECODE_TIMEOUT_MS,
        signal,
        lowPriority: true,
        onProgress: (fields) => {
          seconds = progressSeconds(fields) ?? seconds;
        },
      },
    );
  } catch (error) {
    if (error instanceof MediaToolError && error.reason === 'aborted') throw error;
    throw new UndecodableMediaError(error instanceof Error ? error.message : String(error));
  }
  return seconds;
}

/** Decodes one video frame from `at` seconds; true when a frame came out. */
async function decodesFrameAt(info: MediaInfo, file: string, at: number, limits: MediaLimits, signal?: AbortSignal): Promise<boolean> {
  let frames = 0;
  try {
    await runFfmpeg(
      [
        '-v', 'error', ...(at > 0 ? ['-ss', at.toFixed(3)] : []), '-max_pixels', String(limits.maxPixels),
        ...fencedInput(file, info.demuxer), '-map', `0:${info.videoStream}`, '-frames:v', '1', '-f', 'null', '-progress', 'pipe:1', '-',
      ],
      {
        timeoutMs: DECODE_TIMEOUT_MS,
        signal,
        lowPriority: true,
        onProgress: (fields) => {
          frames = Number(fields.frame) || frames;
        },
      },
    );
  } catch (error) {
    if (error instanceof MediaToolError && error.reason === 'aborted') throw error;
    return false;
  }
  return frames > 0;
}

/**
 * probeMedia plus proof that the picture decodes: a frame at the start and one in the last
 * second. Throws UndecodableMediaError otherwise.
 */
export async function inspectUpload(file: string, signal?: AbortSignal, limits: MediaLimits = DEFAULT_MEDIA_LIMITS): Promise<MediaInfo> {
  const info = await probeMedia(file, signal, limits);
  if (!(await decodesFrameAt(info, file, 0, limits, signal))) throw new UndecodableMediaError('first frame does not decode');
  // The last frames: a file cut short (its index still whole) has none there.
  const nearEnd = Math.max(0, info.videoDuration - Math.max(2 / info.fps, 0.1));
  if (nearEnd > 0 && !(await decodesFrameAt(info, file, nearEnd, limits, signal))) throw new UndecodableMediaError('the end does not decode (truncated?)');
  return info;
}
