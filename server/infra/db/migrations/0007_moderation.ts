/**
 * Moderation: roles and suspensions on users, hiding on videos, abuse reports, and the
 * audit log of every moderator action. Schema builder only, so it runs on SQLite and PostgreSQL.
 * Hiding and suspending only set columns: nothing is ever deleted by them.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('role', 'text', (col) => col.notNull().defaultTo('user')).execute();
  await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspension_reason', 'text').execute();

  await db.schema.alterTable('videos').addColumn('hidden_at', 'text').execute();
  await db.schema.alterTable('videos').addColumn('hidden_reason', 'text').execute();
  await db.schema.alterTable('videos').addColumn('hidden_by', 'text').execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('details', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('reporter_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'text')
    .addCheckConstraint('reports_target_type_valid', sql`target_type in ('video', 'comment', 'user')`)
    .addCheckConstraint('reports_status_valid', sql`status in ('open', 'resolved')`)
    .execute();
  await db.schema.createIndex('reports_status_created').on('reports').columns(['status', 'created_at']).execute();
  // One open report per reporter and target; resolved ones may repeat.
  await db.schema
    .createIndex('reports_open_unique')
    .on('reports')
    .columns(['reporter_id', 'target_type', 'target_id'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();

  await db.schema
    .createTable('moderation_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // null: the command line (npm run admin / npm run descriptions).
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('moderation_log_created').on('moderation_log').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('moderation_log').execute();
  await db.schema.dropTable('reports').execute();
  for (const column of ['hidden_by', 'hidden_reason', 'hidden_at']) {
    await db.schema.alterTable('videos').dropColumn(column).execute();
  }
  for (const column of ['suspension_reason', 'suspended_at', 'role']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
