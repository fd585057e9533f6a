/**
 * Where a signed-in viewer is in a video (table video_positions, 0008_playback): saved while they
 * watch, read back as the video's `resumeAt`. One row per (user, video), overwritten on every save
 * (an upsert, so concurrent saves from two tabs simply leave the later one).
 */
import type { Kysely } from 'kysely';

import { toTimestamp } from '../../infra/db/ids';
import type { Database } from '../../infra/db/schema';

/**
 * The position to store: `seconds` clamped to the video's duration when that is known (a player
 * may report a little past the end; a script may send anything). The caller has refused negative
 * and non-finite values already.
 */
export function clampPosition(seconds: number, duration: number): number {
  const known = Number.isFinite(duration) && duration > 0;
  const clamped = known ? Math.min(seconds, duration) : seconds;
  // Millisecond precision is all a player can use; keeps stored values tidy.
  return Math.max(0, Math.round(clamped * 1000) / 1000);
}

export async function savePosition(
  db: Kysely<Database>,
  userId: string,
  videoId: string,
  seconds: number,
  now: Date = new Date(),
): Promise<void> {
  const updatedAt = toTimestamp(now);
  await db
    .insertInto('video_positions')
    .values({ user_id: userId, video_id: videoId, seconds, updated_at: updatedAt })
    .onConflict((conflict) => conflict.columns(['user_id', 'video_id']).doUpdateSet({ seconds, updated_at: updatedAt }))
    .execute();
}

/** The viewer's saved position in the video, or null (a visitor, or nothing saved). */
export async function positionOf(db: Kysely<Database>, userId: string | null | undefined, videoId: string): Promise<number | null> {
  if (!userId) return null;
  const row = await db
    .selectFrom('video_positions')
    .select('seconds')
    .where('user_id', '=', userId)
    .where('video_id', '=', videoId)
    .executeTakeFirst();
  return row ? Number(row.seconds) : null;
}
