/**
 * Following at scale (docs/following.md#scale, `npm run bench:social`): the notification counts
 * (the unread badge, the list's total) of a reader with tens of thousands of notifications are
 * answered from one index alone, and the few suspended users are found without reading every
 * user. Schema builder only, so it runs unchanged on SQLite and PostgreSQL.
 *
 * - notifications (user_id, read_at, kind, video_id, actor_id) replaces (user_id, read_at): both
 *   counts filter on exactly these columns, so no table row is read for them.
 * - users (suspended_at) where suspended_at is not null: the read-time filter asks for the
 *   suspended users once per request instead of once per notification.
 * - videos (user_id, status, visibility, created_at): the subscriptions feed reads the public,
 *   ready videos of each uploader followed, instead of walking every public video for the few
 *   whose uploader is followed.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('notifications_user_read_covering')
    .on('notifications')
    .columns(['user_id', 'read_at', 'kind', 'video_id', 'actor_id'])
    .execute();
  await db.schema.dropIndex('notifications_user_read').execute();
  await db.schema.createIndex('users_suspended').on('users').column('suspended_at').where(sql.ref('suspended_at'), 'is not', null).execute();
  await db.schema.createIndex('videos_user_status_visibility_created').on('videos').columns(['user_id', 'status', 'visibility', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('videos_user_status_visibility_created').execute();
  await db.schema.dropIndex('users_suspended').execute();
  await db.schema.createIndex('notifications_user_read').on('notifications').columns(['user_id', 'read_at']).execute();
  await db.schema.dropIndex('notifications_user_read_covering').execute();
}
