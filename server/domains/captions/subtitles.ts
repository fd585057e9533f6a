/**
 * What HLS subtitle renditions need from the media: the MPEG-TS timestamp at which a video's
 * first segment starts (ffmpeg's HLS muxer starts near 1.4 s, not 0), so WebVTT cues can be tied
 * to it with X-TIMESTAMP-MAP (domains/captions).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';

import type { Storage } from '../../infra/storage/storage';
import { runFfprobe } from '../media/ffmpeg';
import { PROTOCOL_WHITELIST } from '../media/probe';

/** ffmpeg's default MPEG-TS start (1.4 s at 90 kHz): the answer when probing fails. */
export const DEFAULT_FIRST_PTS = 126_000;

/**
 * The first segment's start in 90 kHz ticks: read from the first variant playlist of the
 * generation (`prefix` ends with '/'), probed with ffprobe.
 */
export async function firstSegmentPts(storage: Storage, prefix: string, variantPlaylist: string): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'subs-pts-'));
  try {
    const playlist = (await buffer(storage.createReadStream(`${prefix}${variantPlaylist}`))).toString('utf8');
    const first = playlist.split('\n').map((line) => line.trim()).find((line) => line.length > 0 && !line.startsWith('#'));
    if (!first || first.includes('/')) return DEFAULT_FIRST_PTS;
    const key = `${prefix}${first}`;
    let file = storage.localPath?.(key);
    if (!file) {
      file = path.join(dir, 'first.ts');
      await pipeline(storage.createReadStream(key), createWriteStream(file));
    }
    const { stdout } = await runFfprobe(['-v', 'error', ...PROTOCOL_WHITELIST, '-f', 'mpegts', '-show_entries', 'format=start_time', '-of', 'csv=p=0', file], {
      timeoutMs: 20_000,
    });
    const seconds = Number(stdout.trim());
    return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 90_000) : DEFAULT_FIRST_PTS;
  } catch {
    return DEFAULT_FIRST_PTS;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
