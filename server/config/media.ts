/** Media pipeline settings (read by server/config/index.ts loadConfig). */
import { availableParallelism } from 'node:os';

export interface MediaConfig {
  /** TRANSCODE_CONCURRENCY (default 1): jobs this instance runs at once. */
  concurrency: number;
  /**
   * UPLOAD_CHECKS_AT_ONCE (default: the CPU count): finished uploads this instance checks at once
   * (probe, a frame decoded at each end, the poster); the next wait their turn. Twenty uploads
   * finishing together started a hundred ffmpeg runs whose start-ups stalled the event loop.
   */
  uploadChecksAtOnce: number;
  /** WORKER (default on): off makes this instance HTTP-only (it enqueues, another one transcodes). */
  worker: boolean;
  /** KEEP_ORIGINALS (default off): keep the uploaded original once its renditions are made. */
  keepOriginals: boolean;
  /** TRANSCODE_MAX_ATTEMPTS (default 3): tries before a video is marked failed. */
  maxAttempts: number;
  /** First retry after this long, doubling each time (30 s). */
  retryBaseMs: number;
  /** A running job not heard from for this long is taken back (2 min; heartbeats every third). */
  leaseMs: number;
  /** Idle workers look for jobs this often (in-process uploads wake them at once). */
  pollMs: number;
  /** With REDIS_URL: how often a worker gives a job to processing videos that lost theirs (1 min). */
  reconcileMs: number;
  /** Pending media moves, exposure out of step and leftover generations are swept this often (1 min; 0: start-up only). */
  generationSweepMs: number;
  /**
   * MEDIA_PURGE_URL (optional): told of every media URL that stopped working because its video's
   * media moved to new keys — a POST of JSON { videoId, paths, urls, prefix } — so an operator's
   * hook can purge a CDN in front of /media (docs/media-privacy.md). Retried until it answers 2xx.
   */
  purgeUrl: string | null;
  /** The fence around every ffmpeg run on an upload (domains/media/ffmpeg.ts, docs/transcoding.md). */
  limits: MediaLimits;
  /**
   * TRANSCRIBE_URL (+ TRANSCRIBE_API_KEY, TRANSCRIBE_MODEL): an OpenAI-compatible
   * /v1/audio/transcriptions endpoint; each new video then gets automatic captions
   * (domains/captions/transcribe.ts, docs/captions.md). null: nothing is attempted.
   */
  transcribe: TranscribeConfig | null;
}

export interface TranscribeConfig {
  /** The full endpoint (…/v1/audio/transcriptions). */
  url: string;
  apiKey: string | null;
  model: string;
  /** TRANSCRIBE_MAX_ATTEMPTS: tries of a video's transcription before giving up (5). */
  maxAttempts: number;
  /**
   * TRANSCRIBE_CONCURRENCY (default 1): transcriptions each worker runs at once, in their own lane
   * of the job queue beside the TRANSCODE_CONCURRENCY transcodes (infra/jobs/queue.ts).
   */
  concurrency: number;
}

/** `https://host:8000` → `https://host:8000/v1/audio/transcriptions`; a full endpoint stays. */
export function transcriptionEndpoint(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  if (/\/audio\/transcriptions$/.test(trimmed)) return trimmed;
  if (/\/v1$/.test(trimmed)) return `${trimmed}/audio/transcriptions`;
  return `${trimmed}/v1/audio/transcriptions`;
}

export interface MediaLimits {
  /** MAX_VIDEO_SECONDS (default 3 h): longer uploads are refused ("too long"). */
  maxSeconds: number;
  /** MAX_VIDEO_PIXELS (default 4096×4096): larger pictures are refused ("too large"). */
  maxPixels: number;
  /** More streams than this in one file are refused at probe time ("unsupported"). */
  maxStreams: number;
  /** TRANSCODE_MEMORY_MB (default 4096): address-space limit of each ffmpeg/ffprobe process. */
  memoryMb: number;
  /** TRANSCODE_TIME_FACTOR (default 20): a job's ffmpeg is killed after max(60 s, factor × duration). */
  timeFactor: number;
  /** The floor of that wall-time limit (60 s; tests lower it). */
  minWallMs: number;
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = {
  maxSeconds: 3 * 3600,
  maxPixels: 4096 * 4096,
  maxStreams: 16,
  memoryMb: 4096,
  timeFactor: 20,
  minWallMs: 60_000,
};

/** Wall time one ffmpeg run on a video of this duration may take. */
export function wallTimeMs(limits: MediaLimits, durationSeconds: number): number {
  const seconds = Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : 0;
  return Math.max(limits.minWallMs, Math.round(limits.timeFactor * seconds * 1000));
}

export const DEFAULT_MEDIA_CONFIG: MediaConfig = {
  concurrency: 1,
  uploadChecksAtOnce: Math.min(64, availableParallelism()),
  worker: true,
  keepOriginals: false,
  maxAttempts: 3,
  retryBaseMs: 30_000,
  leaseMs: 120_000,
  pollMs: 2000,
  reconcileMs: 60_000,
  generationSweepMs: 60_000,
  purgeUrl: null,
  limits: DEFAULT_MEDIA_LIMITS,
  transcribe: null,
};

type Fail = <T>(message: string, fallback: T) => T;

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

export function parseMediaConfig(read: (name: string) => string | undefined, fail: Fail): MediaConfig {
  const integer = (name: string, min: number, max: number, fallback: number): number => {
    const value = read(name);
    if (value === undefined) return fallback;
    const number = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(number) || number < min || number > max) return fail(`${name} must be an integer ${min}-${max}, got "${value}"`, fallback);
    return number;
  };
  const boolean = (name: string, fallback: boolean): boolean => {
    const value = read(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (TRUE_WORDS.includes(value)) return true;
    if (FALSE_WORDS.includes(value)) return false;
    return fail(`${name} must be true or false (also 1/0, yes/no, on/off), got "${value}"`, fallback);
  };
  const purgeUrl = read('MEDIA_PURGE_URL') || null;
  if (purgeUrl !== null && !/^https?:\/\/[^/\s]+/.test(purgeUrl)) {
    fail(`MEDIA_PURGE_URL must be an http:// or https:// URL, got "${purgeUrl}"`, null);
  }
  const transcribeUrl = read('TRANSCRIBE_URL') || null;
  if (transcribeUrl !== null && !/^https?:\/\/[^/\s]+/.test(transcribeUrl)) {
    fail(`TRANSCRIBE_URL must be an http:// or https:// URL, got "${transcribeUrl}"`, null);
  }
  const transcribe: TranscribeConfig | null =
    transcribeUrl !== null && /^https?:\/\/[^/\s]+/.test(transcribeUrl)
      ? {
          url: transcriptionEndpoint(transcribeUrl),
          apiKey: read('TRANSCRIBE_API_KEY') || null,
          model: read('TRANSCRIBE_MODEL') || 'whisper-1',
          maxAttempts: integer('TRANSCRIBE_MAX_ATTEMPTS', 1, 20, 5),
          concurrency: integer('TRANSCRIBE_CONCURRENCY', 1, 16, 1),
        }
      : null;
  return {
    ...DEFAULT_MEDIA_CONFIG,
    purgeUrl,
    transcribe,
    concurrency: integer('TRANSCODE_CONCURRENCY', 1, 16, DEFAULT_MEDIA_CONFIG.concurrency),
    uploadChecksAtOnce: integer('UPLOAD_CHECKS_AT_ONCE', 1, 64, DEFAULT_MEDIA_CONFIG.uploadChecksAtOnce),
    worker: boolean('WORKER', DEFAULT_MEDIA_CONFIG.worker),
    keepOriginals: boolean('KEEP_ORIGINALS', DEFAULT_MEDIA_CONFIG.keepOriginals),
    maxAttempts: integer('TRANSCODE_MAX_ATTEMPTS', 1, 10, DEFAULT_MEDIA_CONFIG.maxAttempts),
    limits: {
      ...DEFAULT_MEDIA_LIMITS,
      maxSeconds: integer('MAX_VIDEO_SECONDS', 1, 24 * 3600, DEFAULT_MEDIA_LIMITS.maxSeconds),
      // From 320×240 up to 8K×8K.
      maxPixels: integer('MAX_VIDEO_PIXELS', 320 * 240, 8192 * 8192, DEFAULT_MEDIA_LIMITS.maxPixels),
      memoryMb: integer('TRANSCODE_MEMORY_MB', 256, 65_536, DEFAULT_MEDIA_LIMITS.memoryMb),
      timeFactor: integer('TRANSCODE_TIME_FACTOR', 1, 1000, DEFAULT_MEDIA_LIMITS.timeFactor),
    },
  };
}
