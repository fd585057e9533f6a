/**
 * Self-shot videos and what people do with them: likes, threaded comments and view counting.
 * Schema builder only, so the same migration runs on SQLite and PostgreSQL (see ../schema.ts).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('videos')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('visibility', 'text', (col) => col.notNull().defaultTo('public'))
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    // Storage keys (see infra/storage/storage.ts), never file-system paths or URLs.
    .addColumn('video_key', 'text', (col) => col.notNull().unique())
    .addColumn('video_type', 'text', (col) => col.notNull())
    .addColumn('video_size', 'bigint', (col) => col.notNull())
    .addColumn('thumbnail_key', 'text', (col) => col.notNull().unique())
    .addColumn('thumbnail_type', 'text', (col) => col.notNull())
    .addColumn('thumbnail_size', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint('videos_visibility_valid', sql`visibility in ('public', 'private')`)
    .execute();
  // The public list reads "public, newest first"; profiles read "this user's, newest first".
  await db.schema.createIndex('videos_visibility_created').on('videos').columns(['visibility', 'created_at']).execute();
  await db.schema.createIndex('videos_user_created').on('videos').columns(['user_id', 'created_at']).execute();

  // One row per (video, user): the primary key makes a like idempotent under concurrent toggles.
  await db.schema
    .createTable('video_likes')
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('video_likes_pk', ['video_id', 'user_id'])
    .execute();
  await db.schema.createIndex('video_likes_user_created').on('video_likes').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Replies go with their parent.
    .addColumn('parent_id', 'text', (col) => col.references('comments.id').onDelete('cascade'))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('comments_video_created').on('comments').columns(['video_id', 'created_at']).execute();
  await db.schema.createIndex('comments_parent').on('comments').column('parent_id').execute();
  await db.schema.createIndex('comments_user').on('comments').column('user_id').execute();

  // A view counts once per viewer per video per hour: the primary key refuses the repeat.
  await db.schema
    .createTable('video_views')
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('viewer_key', 'text', (col) => col.notNull())
    .addColumn('hour', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('video_views_pk', ['video_id', 'viewer_key', 'hour'])
    .execute();
  await db.schema.createIndex('video_views_hour').on('video_views').column('hour').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_views').execute();
  await db.schema.dropTable('comments').execute();
  await db.schema.dropTable('video_likes').execute();
  await db.schema.dropTable('videos').execute();
}
