/** Media pipeline settings (read by server/config.ts loadConfig). */
export interface MediaConfig {
  /** TRANSCODE_CONCURRENCY (default 1): jobs this instance runs at once. */
  concurrency: number;
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
}

export const DEFAULT_MEDIA_CONFIG: MediaConfig = {
  concurrency: 1,
  worker: true,
  keepOriginals: false,
  maxAttempts: 3,
  retryBaseMs: 30_000,
  leaseMs: 120_000,
  pollMs: 2000,
  reconcileMs: 60_000,
  generationSweepMs: 60_000,
  purgeUrl: null,
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
  return {
    ...DEFAULT_MEDIA_CONFIG,
    purgeUrl,
    concurrency: integer('TRANSCODE_CONCURRENCY', 1, 16, DEFAULT_MEDIA_CONFIG.concurrency),
    worker: boolean('WORKER', DEFAULT_MEDIA_CONFIG.worker),
    keepOriginals: boolean('KEEP_ORIGINALS', DEFAULT_MEDIA_CONFIG.keepOriginals),
    maxAttempts: integer('TRANSCODE_MAX_ATTEMPTS', 1, 10, DEFAULT_MEDIA_CONFIG.maxAttempts),
  };
}
