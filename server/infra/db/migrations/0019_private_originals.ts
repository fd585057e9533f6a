/**
 * Originals are their owner's only (docs/media-privacy.md#originals). Before, the original kept
 * beside a video's renditions (KEEP_ORIGINALS) was served like the video: to everyone, and for a
 * public video `public, immutable`, so a CDN may hold it under its old URL for a year.
 * domains/media/media-routes.ts now refuses it to anyone but the owner; this moves every such original that was
 * handed beyond its owner and staff (media_exposure ≥ 2: unlisted or public) to a new key, as
 * domains/media/generations does when an audience shrinks: the row names the new key at once,
 * the old one goes to media_moves, and the mover carries the bytes over and tells MEDIA_PURGE_URL
 * of the old URL (a site without KEEP_ORIGINALS has nothing there: the move finds nothing).
 *
 * Data only (no schema change), portable to SQLite and PostgreSQL. Videos made before the
 * pipeline (no renditions) keep their key: their uploaded file is what they play.
 */
import { randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

interface MigrationDatabase {
  videos: { id: string; video_key: string; renditions_prefix: string | null; media_exposure: number };
  media_moves: { id: string; video_id: string; slot: string; from_key: string; created_at: string };
}

/** What infra/storage/storage.ts newStorageKey writes; anything else is not ours to move. */
const ORIGINAL_KEY = /^videos\/[0-9a-f]{24}\.([a-z0-9]+)$/;
/** Rank of "anyone with the link" (domains/media/generations/audience.ts AUDIENCE.LINK). */
const LINK = 2;

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<MigrationDatabase>;
  const rows = await db
    .selectFrom('videos')
    .select(['id', 'video_key'])
    .where('renditions_prefix', 'is not', null)
    .where('media_exposure', '>=', LINK)
    .execute();
  const now = new Date();
  const createdAt = now.toISOString();
  const seconds = Math.floor(now.getTime() / 1000).toString(16).padStart(8, '0').slice(-8);
  for (const row of rows) {
    const ext = ORIGINAL_KEY.exec(row.video_key)?.[1];
    if (!ext) continue;
    const next = `videos/${randomBytes(12).toString('hex')}.${ext}`;
    await db.updateTable('videos').set({ video_key: next }).where('id', '=', row.id).where('video_key', '=', row.video_key).execute();
    await db
      .insertInto('media_moves')
      .values({ id: seconds + randomBytes(8).toString('hex'), video_id: row.id, slot: 'video_key', from_key: row.video_key, created_at: createdAt })
      .execute();
  }
}

export async function down(): Promise<void> {
  // The old keys are retired (and may have been purged from caches): nothing to undo.
}
