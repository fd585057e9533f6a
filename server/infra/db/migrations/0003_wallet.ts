/**
 * Wallet sign-in (EIP-4361) challenges: each row is one message the server handed out, keyed by
 * its single-use nonce. A login spends the nonce by setting used_at; expired rows are purged.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_challenges')
    .addColumn('nonce', 'text', (col) => col.primaryKey())
    // Lower-case, like users.wallet_address (see ../schema.ts).
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // A login reads "this address's live challenges, newest first".
  await db.schema
    .createIndex('wallet_challenges_address_created')
    .on('wallet_challenges')
    .columns(['address', 'created_at'])
    .execute();
  await db.schema.createIndex('wallet_challenges_expires_at').on('wallet_challenges').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_challenges').execute();
}
