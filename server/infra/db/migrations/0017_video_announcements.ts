/**
 * The new-video fan-out claims its video (docs/following.md): `videos.announced_at` is set, in the
 * same transaction as the subscribers' notifications, by the one process that announces it. Every
 * instance hears the video's change events, but only the first to claim it writes the
 * notifications; the others find it claimed and do nothing, and a later edit of the video does
 * not run the fan-out's query again. Null until the video is announced (or for videos never
 * news: private, older than the window).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('announced_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('announced_at').execute();
}
