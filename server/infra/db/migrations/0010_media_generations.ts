/**
 * Media generations (docs/media-privacy.md): every medium a video names moves to new keys when
 * fewer people may see it, so no cache keeps serving its old URLs under the site's name.
 *
 * - videos.media_exposure: the widest audience the current keys were handed to (0 owner,
 *   1 owner and staff, 3 everyone; server/domains/media/generations/audience.ts). Rows that
 *   exist already may have been public at some point: they start at 3, so the first sweep moves
 *   the media of those that are not public now.
 * - media_moves: old locations whose bytes still have to move to the row's current ones (or be
 *   deleted when the video is gone), written in the transaction that changes the row; a crash
 *   mid-move leaves the record, and the move is simply run again. No foreign key: a video deleted
 *   meanwhile still needs its old locations cleared.
 * - media_move_locks: one mover per video at a time (a lease, taken back when it runs out).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('media_exposure', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await sql`update videos set media_exposure = 3`.execute(db);

  await db.schema
    .createTable('media_moves')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('video_id', 'text', (col) => col.notNull())
    // The videos column whose old value this is (renditions_prefix, thumbnail_key, video_key…).
    .addColumn('slot', 'text', (col) => col.notNull())
    .addColumn('from_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('media_moves_video').on('media_moves').columns(['video_id', 'created_at']).execute();

  await db.schema
    .createTable('media_move_locks')
    .addColumn('video_id', 'text', (col) => col.primaryKey())
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('lease_until', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_move_locks').execute();
  await db.schema.dropTable('media_moves').execute();
  await db.schema.alterTable('videos').dropColumn('media_exposure').execute();
}
