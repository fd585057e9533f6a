/**
 * The audio rendition (listen mode, docs/transcoding.md "The audio group"): one AAC-LC stereo
 * 48 kHz rendition per video with sound, cut into its own HLS media playlist of MPEG-TS segments
 * (ADTS AAC in TS: what hls.js and Safari both play as an alternate audio rendition and alone),
 * announced in the master as the `audio` group every variant names. Listen mode plays this
 * playlist alone: nothing of the picture is fetched or decoded. The rungs' segments keep their
 * muxed sound: the hls.js light build (the page's and the embed's) has no alternate-audio
 * support and plays the variants' own sound; a player that takes the group (hls.js's full build,
 * Safari) plays the group's instead (docs/transcoding.md "The audio group").
 *
 * Timestamps: the MPEG-TS muxer shifts each output so that its earliest timestamp is not
 * negative, and a video stream with B-frames starts earlier (its first DTS is negative) than the
 * audio (its priming): cut separately, the two would be shifted by different amounts (~60 ms at
 * 25 fps, audio early). Every segmenter run moves its timestamps on by TS_OFFSET_SECONDS first,
 * so nothing is negative, nothing is shifted, and the video and audio playlists share one
 * timeline, as the muxed segments did.
 */
import path from 'node:path';

import { runFfmpeg, runFfprobe } from './ffmpeg';
import { fencedInput, PROTOCOL_WHITELIST } from './probe';

/**
 * 96 kbit/s AAC-LC stereo: transparent enough for speech and music from a phone's microphone,
 * 12 KB per second (a 1 s start fragment beside the 240p rung's ~35 KB), 43 MB for an hour of
 * listening on a mobile plan (docs/transcoding.md says why not 128).
 */
export const AUDIO_KBPS = 96;
export const AUDIO_GROUP_ID = 'audio';
/** The audio rendition's MP4 (the segmenter's input; removed once cut) and playlist names. */
export const AUDIO_NAME = 'audio';
/** Seconds every TS timestamp is moved on by (the video's and the audio's alike; see above). */
export const TS_OFFSET_SECONDS = 10;
/** The audio playlist's segments: 2 s, on the video's 2 s grid (AAC frames land within 21 ms). */
export const AUDIO_SEGMENT_SECONDS = 2;
/** The segmenter's own container for the MP4s this code wrote. */
const OWN_MP4 = 'mov';

/** What a generation's manifest records about its audio rendition. */
export interface AudioRendition {
  /** The media playlist, relative to the generation folder. */
  playlist: string;
  bitrateKbps: number;
}

/** ffmpeg output arguments for the audio rendition's MP4 (`input` stream `stream`), in the encode's run. */
export function audioOutputArgs(stream: string | number, out: string): string[] {
  return [
    '-map', `0:${stream}`, '-vn', '-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2', '-ar', '48000',
    '-map_metadata', '-1', '-movflags', '+faststart', '-f', 'mp4', out,
  ];
}

/** The `#EXT-X-MEDIA` line that announces the audio rendition in a master playlist. */
export function audioMediaLine(playlist: string): string {
  return `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="${AUDIO_GROUP_ID}",NAME="Audio",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="${playlist}"`;
}

/**
 * Cuts the first audio stream of `input` (an MP4 this code wrote) into `<name>.m3u8` and
 * `<name>_NNNN.ts` in `outputDir`, copied (`-c:a copy`), 2 s segments, timestamps moved on by
 * TS_OFFSET_SECONDS.
 */
export async function segmentAudio(
  input: string,
  outputDir: string,
  name: string,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<string> {
  const playlist = `${name}.m3u8`;
  await runFfmpeg(
    [
      '-v', 'error', ...fencedInput(input, OWN_MP4), '-map', '0:a:0', '-vn', '-c:a', 'copy',
      '-output_ts_offset', String(TS_OFFSET_SECONDS),
      '-f', 'hls', '-hls_time', String(AUDIO_SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_list_size', '0',
      '-hls_segment_filename', path.join(outputDir, `${name}_%04d.ts`),
      path.join(outputDir, playlist),
    ],
    { timeoutMs: options.timeoutMs, lowPriority: true, signal: options.signal },
  );
  return playlist;
}

/** The bit rate (kbit/s, rounded) of the first audio stream of an MP4 this code wrote; null without one. */
export async function audioStreamKbps(file: string, signal?: AbortSignal): Promise<number | null> {
  const { stdout } = await runFfprobe(
    ['-v', 'error', ...PROTOCOL_WHITELIST, '-f', OWN_MP4, '-select_streams', 'a:0', '-show_entries', 'stream=codec_type,bit_rate', '-of', 'json', file],
    { timeoutMs: 30_000, signal },
  );
  const stream = (JSON.parse(stdout) as { streams?: Array<{ codec_type?: string; bit_rate?: string }> }).streams?.[0];
  if (stream?.codec_type !== 'audio') return null;
  const bitRate = Number(stream.bit_rate);
  return Number.isFinite(bitRate) && bitRate > 0 ? Math.round(bitRate / 1000) : AUDIO_KBPS;
}
