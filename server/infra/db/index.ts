/**
 * Opens the database named by the configuration (SQLite by default, PostgreSQL when DATABASE_URL
 * says so) behind one typed Kysely instance, and brings its schema up to date.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { Kysely, Migrator, PostgresDialect, SqliteAdapter, SqliteDialect, sql, type DialectAdapter, type Dialect } from 'kysely';

import type { AppConfig, DatabaseConfig } from '../../config/index';

import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type DialectName = DatabaseConfig['dialect'];

export interface AppDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

/** How long a SQLite writer waits for another writer's lock before failing (ms). */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

export async function createDatabase(config: Pick<AppConfig, 'database'>): Promise<AppDatabase> {
  const settings = config.database;
  const dialect = settings.dialect === 'sqlite' ? await sqliteDialect(settings.file) : await postgresDialect(settings.url);
  const db = new Kysely<Database>({ dialect });
  let closed = false;
  return {
    db,
    dialect: settings.dialect,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/** Applies every pending migration; a no-op when the schema is current. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  // SQLite: foreign keys are off while migrating, so a migration may rebuild a table the way SQLite
  // documents it (0012_sharing), and every foreign key is checked before they are on again. The
  // pragma is a no-op inside a transaction, hence here and not in the migration.
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) await sql`pragma foreign_keys = off`.execute(db);
  let outcome: Awaited<ReturnType<Migrator['migrateToLatest']>>;
  try {
    outcome = await migrator.migrateToLatest();
    if (sqlite && !outcome.error) {
      const broken = await sql<{ table: string }>`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`Database migration broke foreign keys in ${broken.rows.map((row) => row.table).join(', ')}`);
    }
  } finally {
    if (sqlite) await sql`pragma foreign_keys = on`.execute(db);
  }
  const { error, results } = outcome;
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${describe(error)}`, { cause: error });
  }
}

/** A trivial round trip, for health checks. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

// Drivers load lazily: a PostgreSQL deployment never loads the native SQLite module, and the
// default SQLite set-up never loads pg.

async function sqliteDialect(file: string): Promise<Dialect> {
  const { default: SqliteDatabase } = await import('better-sqlite3');
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SqliteDatabase(file);
  // WAL lets readers proceed while one writer writes; NORMAL sync is safe with WAL.
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  return new TransactionalDdlSqliteDialect({ database: connection });
}

/**
 * SQLite's DDL is transactional, but Kysely's adapter says otherwise, so its migrator would run
 * each migration statement by statement: a process killed half-way through one (a first start
 * cut short) left half a schema that the next start could not migrate ("duplicate column").
 * Declared transactional, each migration commits whole or not at all, as on PostgreSQL.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

async function postgresDialect(connectionString: string): Promise<Dialect> {
  const { Pool, types } = await import('pg');
  // bigint columns and count(*) come back as numbers, as SQLite answers them (pg's default is a
  // string). Every bigint here (views, byte sizes, counts) stays far below 2^53.
  const getTypeParser = ((oid: number, format?: 'text' | 'binary') =>
    oid === types.builtins.INT8 && format !== 'binary' ? (value: string) => Number(value) : types.getTypeParser(oid, format)) as typeof types.getTypeParser;
  return new PostgresDialect({ pool: new Pool({ connectionString, max: 10, types: { getTypeParser } }) });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
