/**
 * Likes on self-shot videos. One row per (video, user) in video_likes; its primary key and
 * single-statement changes make the database, not a read-then-write in our code, decide the
 * outcome of concurrent toggles (on SQLite and on PostgreSQL).
 */
import { SqliteAdapter, type Kysely } from 'kysely';

import { toTimestamp } from '../../infra/db/ids';
import type { Database } from '../../infra/db/schema';

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

/** A toggle that keeps losing races (see toggleLike) gives up after this many rounds. */
const MAX_TOGGLE_ROUNDS = 20;

/**
 * Likes the video when the user has not, unlikes it when they have. Each round is two statements,
 * each atomic on its own under SQLite and under PostgreSQL's default READ COMMITTED isolation:
 * - `delete … returning`: the row was there, and this toggle removed it (now unliked). A
 *   concurrent delete of the same row waits for this one and then finds nothing to delete;
 * - else `insert … on conflict do nothing`: the row was absent, and this toggle added it (now
 *   liked). A concurrent insert of the same row waits and then inserts nothing;
 * - neither (another toggle got in between the two statements): the next round looks again.
 * So every toggle that returns changed the state exactly once, and concurrent toggles by one
 * user leave the state their number says (five from unliked: liked). The count is read after
 * the change, in the same transaction; on PostgreSQL the video's row is locked first (FOR NO KEY
 * UPDATE: it does not block the foreign-key checks of other likes), so toggles of one video take
 * turns and each count includes exactly the toggles before it — SQLite runs one write
 * transaction at a time anyway. Undefined when the video does not exist or the user may not see it.
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
    if (!(trx.getExecutor().adapter instanceof SqliteAdapter)) {
      const locked = await trx.selectFrom('videos').select('id').where('id', '=', video.id).forNoKeyUpdate().executeTakeFirst();
      if (!locked) return undefined; // deleted meanwhile
    }

    for (let round = 0; round < MAX_TOGGLE_ROUNDS; round += 1) {
      const deleted = await trx
        .deleteFrom('video_likes')
        .where('video_id', '=', videoId)
        .where('user_id', '=', userId)
        .returning('video_id')
        .executeTakeFirst();
      if (deleted) return { liked: false, likes: await countLikes(trx, videoId) };

      const inserted = await trx
        .insertInto('video_likes')
        .values({ video_id: videoId, user_id: userId, created_at: toTimestamp() })
        .onConflict((conflict) => conflict.columns(['video_id', 'user_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { liked: true, likes: await countLikes(trx, videoId) };
    }
    throw new Error(`like toggle of video ${videoId} by user ${userId} kept losing races`);
  });
}
