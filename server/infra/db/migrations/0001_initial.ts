/**
 * Users, sessions and the description review queue. Written with the schema builder only, so the
 * same migration runs on SQLite and PostgreSQL (conventions in ../schema.ts).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.unique())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('verified', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('wallet_address', 'text', (col) => col.unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint('users_verified_is_boolean', sql`verified in (0, 1)`)
    // A user signs in with an e-mail address or a wallet, never with neither.
    .addCheckConstraint('users_has_identity', sql`email is not null or wallet_address is not null`)
    .execute();

  // "Alice" and "alice" are the same name to people, so they must be the same name here.
  await db.schema
    .createIndex('users_username_lower_unique')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('description_submissions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('movie_id', 'text', (col) => col.notNull())
    .addColumn('new_context', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('reviewed_at', 'text')
    .addCheckConstraint(
      'description_submissions_status_valid',
      sql`status in ('pending', 'approved', 'rejected')`,
    )
    .execute();
  // The review queue reads "pending, oldest first"; the AI index reads "approved, per movie".
  await db.schema
    .createIndex('description_submissions_status_created')
    .on('description_submissions')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('description_submissions_movie_status')
    .on('description_submissions')
    .columns(['movie_id', 'status'])
    .execute();
  await db.schema
    .createIndex('description_submissions_user_id')
    .on('description_submissions')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('description_submissions').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
