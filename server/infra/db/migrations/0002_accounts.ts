/**
 * Single-use e-mailed tokens for account verification and password reset. Only SHA-256 hashes
 * are stored, so a leaked database cannot be turned into working links.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint('auth_tokens_purpose_valid', sql`purpose in ('verify', 'reset')`)
    .execute();
  // Issuing a token replaces that user's earlier ones of the same purpose.
  await db.schema.createIndex('auth_tokens_user_purpose').on('auth_tokens').columns(['user_id', 'purpose']).execute();
  await db.schema.createIndex('auth_tokens_expires_at').on('auth_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_tokens').execute();
}
