/**
 * Likes on self-shot videos. One row per (video, user) in video_likes; its primary key makes the
 * database, not a read-then-write in our code, decide the outcome of concurrent toggles.
 */
import type { Kysely } from 'kysely';

import { toTimestamp } from '../db/ids';
import type { Database } from '../db/schema';

import { findViewableVideo } from './video-access';

export interface LikeInfo {
  likes: number;
  likedByUser: boolean;
}

export interface ToggleLikeResult {
  liked: boolean;
  /** The count after this toggle, read in the same transaction. */
  likes: number;
}

export async function countLikes(db: Kysely<Database>, videoId: string): Promise<number> {
  const row = await db
    .selectFrom('video_likes')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('video_id', '=', videoId)
    .executeTakeFirst();
  // SQLite answers a number, PostgreSQL a bigint as a string.
  return Number(row?.count ?? 0);
}

export async function isLikedBy(db: Kysely<Database>, videoId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('video_likes')
    .select('video_id')
    .where('video_id', '=', videoId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function likeInfo(db: Kysely<Database>, videoId: string, viewerId: string | null): Promise<LikeInfo> {
  const [likes, likedByUser] = await Promise.all([
    countLikes(db, videoId),
    viewerId ? isLikedBy(db, videoId, viewerId) : Promise.resolve(false),
  ]);
  return { likes, likedByUser };
}

/**
 * Likes the video when the user has not, unlikes it when they have, in one transaction:
 * `insert … on conflict do nothing` either adds the row (now liked) or finds it there, and then
 * the row is deleted (now unliked). Concurrent toggles by one user therefore each flip the state
 * exactly once, in whatever order the database runs them, and the count is read after the change.
 * Undefined when the video does not exist or the user may not see it.
 */
export async function toggleLike(
  db: Kysely<Database>,
  videoId: string,
  userId: string,
): Promise<ToggleLikeResult | undefined> {
  return db.transaction().execute(async (trx) => {
    // Inside the transaction, so a video deleted meanwhile is not liked (no foreign-key failure).
    const video = await findViewableVideo(trx, videoId, userId);
    if (!video) return undefined;

    const inserted = await trx
      .insertInto('video_likes')
      .values({ video_id: videoId, user_id: userId, created_at: toTimestamp() })
      .onConflict((conflict) => conflict.columns(['video_id', 'user_id']).doNothing())
      .executeTakeFirst();
    const liked = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    if (!liked) {
      await trx.deleteFrom('video_likes').where('video_id', '=', videoId).where('user_id', '=', userId).execute();
    }
    return { liked, likes: await countLikes(trx, videoId) };
  });
}
