/**
 * Following (docs/following.md): subscriptions to uploaders, notifications with per-kind
 * preferences and an hourly e-mail digest, the viewer's history switch, and playlists (each
 * user's "Watch later" among them). Schema builder only,
 * so it runs unchanged on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

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

  await db.schema
    .createTable('playlists')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    // 'public', 'unlisted' (anyone with the link) or 'private'.
    .addColumn('visibility', 'text', (col) => col.notNull().defaultTo('private'))
    // 1 for the user's one "Watch later" list.
    .addColumn('watch_later', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint('playlists_visibility_valid', sql`visibility in ('public', 'unlisted', 'private')`)
    .execute();
  await db.schema.createIndex('playlists_user_updated').on('playlists').columns(['user_id', 'updated_at']).execute();
  await db.schema
    .createIndex('playlists_watch_later_unique')
    .on('playlists')
    .column('user_id')
    .unique()
    .where(sql.ref('watch_later'), '=', 1)
    .execute();

  await db.schema
    .createTable('playlist_videos')
    .addColumn('playlist_id', 'text', (col) => col.notNull().references('playlists.id').onDelete('cascade'))
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('added_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('playlist_videos_pk', ['playlist_id', 'video_id'])
    .execute();
  await db.schema.createIndex('playlist_videos_order').on('playlist_videos').columns(['playlist_id', 'position']).execute();
  await db.schema.createIndex('playlist_videos_video').on('playlist_videos').column('video_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('playlist_videos').execute();
  await db.schema.dropTable('playlists').execute();
  await db.schema.dropTable('following_settings').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('subscriptions').execute();
}
