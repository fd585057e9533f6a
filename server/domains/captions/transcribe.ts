/**
 * Automatic captions (docs/captions.md), only when TRANSCRIBE_URL names an OpenAI-compatible
 * `/v1/audio/transcriptions` endpoint (OpenAI, faster-whisper-server / speaches, whisper.cpp's
 * server): after a video is transcoded, a separate job — never in the way of the video becoming
 * ready — extracts its sound with ffmpeg (mono 16 kHz MP3, in pieces of at most 10 minutes),
 * sends each piece, and stores the segments it gets back as an `auto` caption track in the spoken
 * language (domains/captions: the same checks and storage as an uploaded file). A track the owner
 * uploaded for that language is never replaced.
 *
 * A transcription is a `transcribe` job of the one media job queue (infra/jobs/queue.ts; its handler is
 * domains/media/handlers/transcribe.ts), in a lane of its own (TRANSCRIBE_CONCURRENCY runners per worker),
 * so it never holds up a transcode and is not in the queue positions and ETAs users see. The
 * queue's lease, retries with exponential backoff and giving up (TRANSCRIBE_MAX_ATTEMPTS) apply as
 * to any kind; each piece is also retried a few times at once. A video is transcribed once.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { Database } from '../../infra/db/schema';
import type { Storage } from '../../infra/storage/storage';
import { renditionManifest } from '../videos/videos';
import type { TranscribeConfig } from '../../config/media';
import { runFfmpeg, runFfprobe } from '../media/ffmpeg';
import type { JobQueue } from '../../infra/jobs/queue';
import { PROTOCOL_WHITELIST } from '../media/probe';

import { captionTracksOf, cleanLabel, putCaptionTrack, type CaptionDeps } from './tracks';
import { CaptionRejection, canonicalLanguage, parseCaptionFile, vttTimestamp } from './parse';

/** At most this long per request (OpenAI takes 25 MB: 10 minutes of 32 kbit/s MP3 is 2.4 MB). */
export const PIECE_SECONDS = 600;
const PIECE_TRIES = 3;
const REQUEST_TIMEOUT_MS = 5 * 60 * 1000;

/** Whisper's language names (verbose_json) → BCP 47; codes pass through. */
const WHISPER_LANGUAGES: Record<string, string> = {
  english: 'en', chinese: 'zh', german: 'de', spanish: 'es', russian: 'ru', korean: 'ko', french: 'fr', japanese: 'ja',
  portuguese: 'pt', turkish: 'tr', polish: 'pl', catalan: 'ca', dutch: 'nl', arabic: 'ar', swedish: 'sv', italian: 'it',
  indonesian: 'id', hindi: 'hi', finnish: 'fi', vietnamese: 'vi', hebrew: 'he', ukrainian: 'uk', greek: 'el', malay: 'ms',
  czech: 'cs', romanian: 'ro', danish: 'da', hungarian: 'hu', tamil: 'ta', norwegian: 'no', thai: 'th', urdu: 'ur',
  croatian: 'hr', bulgarian: 'bg', lithuanian: 'lt', persian: 'fa', cantonese: 'yue', tagalog: 'tl', bengali: 'bn',
  serbian: 'sr', slovak: 'sk', slovenian: 'sl', latvian: 'lv', estonian: 'et', welsh: 'cy', icelandic: 'is',
};

export function languageOf(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) return 'und';
  const name = value.trim().toLowerCase();
  return canonicalLanguage(WHISPER_LANGUAGES[name] ?? name) ?? 'und';
}

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
}

/** Segments as WebVTT (text escaped; domains/captions then checks it like any upload). */
export function segmentsToVtt(segments: TranscriptSegment[]): string {
  const blocks = ['WEBVTT', ''];
  for (const segment of segments) {
    const text = segment.text.replace(/\s+/g, ' ').trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    if (!text || !(segment.end > segment.start)) continue;
    blocks.push(`${vttTimestamp(segment.start)} --> ${vttTimestamp(segment.end)}`, text, '');
  }
  return blocks.join('\n');
}

export interface TranscriberDeps {
  db: Kysely<Database>;
  storage: Storage;
  log: FastifyBaseLogger;
  config: TranscribeConfig;
  captions: CaptionDeps;
  /** Told when a video got automatic captions (search, caches). */
  onCaptioned?(videoId: string): Promise<void>;
}

/** Queues the transcription of a video (once: a second call does nothing; ONCE_KINDS in infra/jobs/queue.ts). */
export async function enqueueTranscription(queue: Pick<JobQueue, 'enqueue' | 'notify'>, videoId: string): Promise<void> {
  await queue.enqueue({ kind: 'transcribe', videoId });
  queue.notify();
}

/** One piece to the endpoint; its segments shifted by `offset`, and the language it heard. */
async function transcribePiece(config: TranscribeConfig, file: string, offset: number, signal: AbortSignal): Promise<{ segments: TranscriptSegment[]; language: string }> {
  const form = new FormData();
  form.append('file', new Blob([await readFile(file)], { type: 'audio/mpeg' }), path.basename(file));
  form.append('model', config.model);
  form.append('response_format', 'verbose_json');
  form.append('timestamp_granularities[]', 'segment');
  const response = await fetch(config.url, {
    method: 'POST',
    body: form,
    headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
    signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
  });
  if (!response.ok) throw new Error(`transcription endpoint answered ${response.status}`);
  const body = (await response.json()) as { text?: unknown; language?: unknown; duration?: unknown; segments?: unknown };
  const raw = Array.isArray(body.segments) ? (body.segments as Array<{ start?: unknown; end?: unknown; text?: unknown }>) : [];
  let segments = raw
    .map((segment) => ({ start: Number(segment.start) + offset, end: Number(segment.end) + offset, text: typeof segment.text === 'string' ? segment.text : '' }))
    .filter((segment) => Number.isFinite(segment.start) && Number.isFinite(segment.end) && segment.text.trim());
  // Servers that ignore verbose_json answer only the text: one cue for the piece.
  if (segments.length === 0 && typeof body.text === 'string' && body.text.trim()) {
    const length = Number(body.duration) > 0 ? Number(body.duration) : PIECE_SECONDS;
    segments = [{ start: offset, end: offset + length, text: body.text }];
  }
  return { segments, language: languageOf(body.language) };
}

/** The sound of `input` in pieces of at most PIECE_SECONDS (mono 16 kHz MP3), with their starts; [] without sound. */
async function extractAudio(input: string, dir: string, signal: AbortSignal): Promise<Array<{ file: string; start: number }>> {
  const { stdout } = await runFfprobe(['-v', 'error', ...PROTOCOL_WHITELIST, '-select_streams', 'a', '-show_entries', 'stream=index', '-of', 'csv=p=0', input], {
    timeoutMs: 30_000,
    signal,
  });
  if (!stdout.trim()) return [];
  const list = path.join(dir, 'pieces.csv');
  await runFfmpeg(
    [
      '-v', 'error', ...PROTOCOL_WHITELIST, '-i', input, '-map', '0:a:0', '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame', '-b:a', '32k',
      '-f', 'segment', '-segment_time', String(PIECE_SECONDS), '-reset_timestamps', '1', '-segment_list', list, '-segment_list_type', 'csv',
      path.join(dir, 'piece-%03d.mp3'),
    ],
    { timeoutMs: 30 * 60 * 1000, lowPriority: true, signal },
  );
  return (await readFile(list, 'utf8'))
    .split('\n')
    .map((line) => line.trim().split(','))
    .filter((fields) => fields.length >= 2 && fields[0])
    .map((fields) => ({ file: path.join(dir, fields[0] as string), start: Number(fields[1]) || 0 }));
}

/** Transcribes one ready video into an `auto` track; false when there was nothing to do. */
export async function transcribeVideo(deps: TranscriberDeps, videoId: string, signal: AbortSignal): Promise<boolean> {
  const video = await deps.db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirst();
  const manifest = video?.status === 'ready' ? renditionManifest(video) : null;
  if (!video || !manifest || !video.renditions_prefix) return false;
  const dir = await mkdtemp(path.join(tmpdir(), 'transcribe-'));
  try {
    const key = `${video.renditions_prefix}/${manifest.mp4}`;
    let input = deps.storage.localPath?.(key);
    if (!input) {
      input = path.join(dir, 'input.mp4');
      await pipeline(deps.storage.createReadStream(key), createWriteStream(input), { signal });
    }
    const pieces = await extractAudio(input, dir, signal);
    const segments: TranscriptSegment[] = [];
    const languages: string[] = [];
    for (const piece of pieces) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const result = await transcribePiece(deps.config, piece.file, piece.start, signal);
          segments.push(...result.segments);
          languages.push(result.language);
          break;
        } catch (error) {
          if (attempt >= PIECE_TRIES || signal.aborted) throw error;
          await sleep(1000 * 2 ** (attempt - 1), undefined, { signal });
        }
      }
    }
    if (segments.length === 0) return false;
    const lang = languages.find((language) => language !== 'und') ?? 'und';
    let parsed;
    try {
      parsed = await parseCaptionFile(Buffer.from(segmentsToVtt(segments)), { duration: 0 });
    } catch (error) {
      if (error instanceof CaptionRejection) return false;
      throw error;
    }
    // The owner's own file for that language wins.
    const current = await deps.db.selectFrom('videos').select(['renditions', 'renditions_prefix']).where('id', '=', videoId).executeTakeFirst();
    if (captionTracksOf(current ? renditionManifest(current) : null).some((track) => track.lang === lang && track.source === 'upload')) return false;
    await putCaptionTrack(deps.captions, videoId, { lang, label: cleanLabel(undefined, lang), source: 'auto', parsed });
    return true;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
