/**
 * Playback (docs/playback.md): where each signed-in viewer is in each video, so the player can
 * resume there. One row per (user, video), kept current by PUT/POST …/position; the next issue
 * (watch history) reads the same table newest first, hence the (user_id, updated_at) index.
 * Schema builder only, so it runs unchanged on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_positions')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    // Seconds from the start (fractional), never negative, never beyond the video's duration.
    .addColumn('seconds', 'double precision', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('video_positions_pk', ['user_id', 'video_id'])
    .execute();
  await db.schema.createIndex('video_positions_user_updated').on('video_positions').columns(['user_id', 'updated_at']).execute();
  // A deleted video's rows go by the cascade; this keeps that delete cheap.
  await db.schema.createIndex('video_positions_video').on('video_positions').column('video_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_positions').execute();
}
