/**
 * Following (docs/following.md): subscriptions to uploaders, notifications with per-kind
 * preferences and an hourly e-mail digest, and the viewer's history switch. Schema builder only,
 * so it runs unchanged on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('subscriber_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('subscriptions_pk', ['subscriber_id', 'channel_id'])
    .execute();
  // Subscriber counts and the fan-out of a new upload read by channel.
  await db.schema.createIndex('subscriptions_channel').on('subscriptions').columns(['channel_id', 'subscriber_id']).execute();
  // The viewer's list, newest first.
  await db.schema.createIndex('subscriptions_subscriber_created').on('subscriptions').columns(['subscriber_id', 'created_at']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    // Deleting the video or comment deletes what was said about it.
    .addColumn('video_id', 'text', (col) => col.references('videos.id').onDelete('cascade'))
    .addColumn('comment_id', 'text', (col) => col.references('comments.id').onDelete('cascade'))
    .addColumn('text', 'text')
    // One notification per recipient and event, however many instances or retries produce it.
    .addColumn('dedupe_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('read_at', 'text')
    // Set when the e-mail digest has taken it (or decided not to mail it).
    .addColumn('mailed_at', 'text')
    .execute();
  await db.schema.createIndex('notifications_dedupe').on('notifications').columns(['user_id', 'dedupe_key']).unique().execute();
  await db.schema.createIndex('notifications_user_created').on('notifications').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('notifications_user_read').on('notifications').columns(['user_id', 'read_at']).execute();
  await db.schema.createIndex('notifications_mailed').on('notifications').columns(['mailed_at', 'user_id']).execute();
  await db.schema.createIndex('notifications_video').on('notifications').column('video_id').execute();
  await db.schema.createIndex('notifications_comment').on('notifications').column('comment_id').execute();
  await db.schema.createIndex('notifications_actor').on('notifications').column('actor_id').execute();

  await db.schema
    .createTable('following_settings')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    // JSON: { [kind]: { inApp: boolean, email: boolean } }; absent kinds take the defaults.
    .addColumn('notifications', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('history_paused', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_digest_at', 'text')
    // The language the user last used the site in ('en', 'zh'): the digest's language.
    .addColumn('language', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('following_settings').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('subscriptions').execute();
}
