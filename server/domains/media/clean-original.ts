/**
 * A copy of an uploaded original without its personal metadata, for the viewers its owner lets
 * download it (docs/sharing.md#downloads): the camera's location (ISO 6709 `location`, QuickTime
 * `com.apple.quicktime.location.*`, MP4 `©xyz` in `udta`), comments, make, model, serial numbers,
 * software and encoder tags, creation times, chapters, and any stream that is neither picture nor
 * sound (timed GPS tracks such as GoPro's `gpmd` or Apple's `mebx`, subtitles, attachments, cover
 * art). Not re-encoded: the picture and sound packets are copied as they are (`-c copy`), and the
 * display matrix (rotation) is side data of the stream, which a copy keeps.
 *
 * Through the fenced runner (ffmpeg.ts: process group, timeout, memory limit, low priority), the
 * input opened as every upload is (probe.ts fencedInput: local files only, the sniffed demuxer).
 */
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

import type { Storage } from '../../infra/storage/storage';

import { MediaToolError, runFfmpeg } from './ffmpeg';
import { demuxerFor, fencedInput } from './probe';
import type { Spool } from './spool';

/**
 * The muxers to write each stored type with, in order: WebM's muxer refuses codecs some
 * recorders put in `.webm` (H.264 from browsers), MP4's some QuickTime ones; the wider
 * container of the same family takes them.
 */
const MUXERS: Record<string, { demuxer: string; muxers: string[] }> = {
  'video/mp4': { demuxer: 'mov', muxers: ['mp4', 'mov'] },
  'video/quicktime': { demuxer: 'mov', muxers: ['mov'] },
  'video/webm': { demuxer: 'matroska', muxers: ['webm', 'matroska'] },
  'video/x-matroska': { demuxer: 'matroska', muxers: ['matroska'] },
  'video/ogg': { demuxer: 'ogg', muxers: ['ogg'] },
};

/** The file cannot be cleaned (not a type this knows, or ffmpeg could not remux it). */
export class UncleanableOriginalError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'UncleanableOriginalError';
  }
}

/** The ffmpeg arguments that copy `input` to `output` without metadata (exported for tests). */
export function cleanOriginalArgs(input: string, demuxer: string, output: string, muxer: string): string[] {
  const isMov = muxer === 'mp4' || muxer === 'mov';
  return [
    '-v', 'error',
    ...fencedInput(input, demuxer),
    // Picture (not cover art) and sound only.
    '-map', '0:V', '-map', '0:a?',
    // No global, stream or chapter metadata is carried over (-1: none of the input's).
    '-map_metadata', '-1', '-map_chapters', '-1',
    '-c', 'copy',
    // No "Lavf…" encoder tag of our own either, and no creation time.
    '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact',
    // MP4/QuickTime: only the muxer's own empty `udta` (never use_metadata_tags, which would
    // write arbitrary keys); the index in front, like the site's MP4.
    ...(isMov ? ['-movflags', '+faststart'] : []),
    '-f', muxer,
    output,
  ];
}

export interface CleanOriginalOptions {
  input: string;
  output: string;
  /** The type stored with the video (videos.video_type). */
  type: string;
  signal?: AbortSignal;
  timeoutMs: number;
}

/** Writes the cleaned copy of `input` to `output`; throws UncleanableOriginalError when it cannot. */
export async function cleanOriginal(options: CleanOriginalOptions): Promise<void> {
  const format = MUXERS[options.type];
  if (!format) throw new UncleanableOriginalError(`no muxer for ${options.type}`);
  const sniffed = await demuxerFor(options.input);
  if (sniffed !== format.demuxer) throw new UncleanableOriginalError(`stored as ${options.type} but sniffed as ${sniffed ?? 'nothing known'}`);
  let last: unknown;
  for (const muxer of format.muxers) {
    try {
      await runFfmpeg(cleanOriginalArgs(options.input, format.demuxer, options.output, muxer), {
        timeoutMs: options.timeoutMs,
        signal: options.signal,
        lowPriority: true,
      });
      return;
    } catch (error) {
      if (error instanceof MediaToolError && error.reason !== 'exit') throw error;
      last = error;
    }
  }
  throw new UncleanableOriginalError('ffmpeg could not copy it without its metadata', { cause: last });
}

export interface CleanedCopy {
  /** The local file (in this process's spool). */
  file: string;
  size: number;
  /** Removes it (and the input copied from object storage); safe to call more than once. */
  dispose(): Promise<void>;
}

/**
 * The cleaned copy of the stored object `key`, made in a work folder of the spool: read in place
 * from a local disk, downloaded first from object storage. Nothing is left behind on failure.
 */
export async function cleanedCopyOf(
  deps: { storage: Storage; spool: Spool },
  key: string,
  type: string,
  options: { signal?: AbortSignal; timeoutMs: number },
): Promise<CleanedCopy> {
  const dir = await deps.spool.makeWorkDir('download');
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const ext = path.extname(key);
    let input = deps.storage.localPath?.(key);
    if (!input) {
      input = path.join(dir, `input${ext}`);
      await pipeline(deps.storage.createReadStream(key), createWriteStream(input, { flags: 'wx' }), { signal: options.signal });
    }
    const output = path.join(dir, `clean${ext}`);
    await cleanOriginal({ input, output, type, signal: options.signal, timeoutMs: options.timeoutMs });
    return { file: output, size: (await stat(output)).size, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
