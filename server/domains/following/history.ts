/**
 * Watch history (docs/following.md): the playback positions a signed-in viewer's player saves
 * (video_positions, one row per video kept current) read newest first, with the position to
 * resume at. Clearing or removing deletes those rows (the resume position goes with them); a
 * paused history records nothing new (the playback route asks historyPaused first).
 */
import type { Kysely } from 'kysely';

import { toTimestamp } from '../../infra/db/ids';
import type { Database } from '../../infra/db/schema';
import { DEFAULT_LANGUAGE, type Language } from '../../i18n';
import { videoVisibleTo } from '../videos/video-access';
import { toPublicVideo, type PublicVideo } from '../videos/videos';

export interface HistoryEntry {
  watchedAt: string;
  video: PublicVideo;
}

/** The viewer's history, newest first: only videos they may still see, each with `resumeAt`. */
export async function listHistory(
  db: Kysely<Database>,
  userId: string,
  page: number,
  perPage: number,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ entries: HistoryEntry[]; total: number }> {
  const base = db
    .selectFrom('video_positions')
    .innerJoin('videos', 'videos.id', 'video_positions.video_id')
    .where('video_positions.user_id', '=', userId)
    .where((eb) => videoVisibleTo(eb, userId));
  const [rows, count] = await Promise.all([
    base
      .innerJoin('users', 'users.id', 'videos.user_id')
      .selectAll('videos')
      .select(['users.username', 'video_positions.seconds', 'video_positions.updated_at as watched_at'])
      .orderBy('video_positions.updated_at', 'desc')
      .orderBy('videos.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string | bigint>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    entries: rows.map(({ seconds, watched_at: watchedAt, ...video }) => ({
      watchedAt,
      video: toPublicVideo(video, language, { resumeAt: Number(seconds) }),
    })),
    total: Number(count.total),
  };
}

/** Forgets the whole history, or one video of it; returns how many entries went. */
export async function clearHistory(db: Kysely<Database>, userId: string, videoId?: string): Promise<number> {
  const result = await db
    .deleteFrom('video_positions')
    .where('user_id', '=', userId)
    .$if(videoId !== undefined, (query) => query.where('video_id', '=', videoId!))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function historyPaused(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('following_settings').select('history_paused').where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.history_paused ?? 0) === 1;
}

export async function setHistoryPaused(db: Kysely<Database>, userId: string, paused: boolean): Promise<void> {
  const now = toTimestamp();
  const value = paused ? 1 : 0;
  await db
    .insertInto('following_settings')
    .values({ user_id: userId, history_paused: value, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ history_paused: value, updated_at: now }))
    .execute();
}
