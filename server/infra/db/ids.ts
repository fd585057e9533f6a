import { randomBytes } from 'node:crypto';

/**
 * A 24-hex-character id shaped like a MongoDB ObjectId (the SPA's `_id`): 4 bytes of seconds
 * since the epoch, so ids created together sit together in indexes, then 8 random bytes.
 */
export function newId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000);
  return seconds.toString(16).padStart(8, '0').slice(-8) + randomBytes(8).toString('hex');
}

/** Timestamps are ISO-8601 UTC text everywhere (see schema.ts). */
export function toTimestamp(date: Date = new Date()): string {
  return date.toISOString();
}
