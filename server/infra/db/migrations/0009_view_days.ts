/**
 * Fair view counts and signed cursors (issue: view inflation, unbounded answers).
 *
 * - video_views: one row per (video, viewer, UTC day) instead of per hour; an anonymous viewer
 *   is its address (IPv6 by /64), keyed with a secret, whatever its browser says. The old rows
 *   are only the current hour's de-duplication, so the table is made anew rather than converted.
 * - app_keys: secrets every instance sharing the database shares (HMAC of cursors and of
 *   anonymous viewer keys), made on first use (infra/app-keys.ts).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_views').execute();
  await db.schema
    .createTable('video_views')
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('viewer_key', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('video_views_pk', ['video_id', 'viewer_key', 'day'])
    .execute();
  await db.schema.createIndex('video_views_day').on('video_views').column('day').execute();

  await db.schema
    .createTable('app_keys')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_keys').execute();
  await db.schema.dropTable('video_views').execute();
  await db.schema
    .createTable('video_views')
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('viewer_key', 'text', (col) => col.notNull())
    .addColumn('hour', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('video_views_pk', ['video_id', 'viewer_key', 'hour'])
    .execute();
  await db.schema.createIndex('video_views_hour').on('video_views').column('hour').execute();
}
