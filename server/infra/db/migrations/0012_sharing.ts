/**
 * Sharing (docs/sharing.md):
 *
 * - `videos.visibility` also takes `unlisted` (anyone with the link; never listed). The check
 *   constraint of 0004 is replaced. PostgreSQL drops and re-adds it. SQLite cannot alter a
 *   constraint, so the table is rebuilt as SQLite documents it (foreign keys off, a new table with
 *   the new constraint, the rows copied, the old table dropped, the new one renamed, its indexes
 *   and triggers created again from their own stored SQL; foreign keys checked afterwards).
 * - `videos.download_enabled` (0/1, default 0): the owner lets viewers download the video.
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely';

const OLD_CHECK = "visibility in ('public', 'private')";
const NEW_CHECK = "visibility in ('public', 'unlisted', 'private')";

function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

async function rebuildSqliteVideos(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  // SQLite's documented way to change a constraint (a new table, the rows copied, the old one
  // dropped) needs foreign keys off, or dropping `videos` would cascade to every like and comment:
  // migrateToLatest (../index.ts) runs migrations so, then checks every foreign key.
  const enforced = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  if (Number(enforced.rows[0]?.foreign_keys) !== 0) throw new Error('0012_sharing must run through migrateToLatest (foreign keys off)');
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'videos'`.execute(db);
  const createSql = table.rows[0]?.sql;
  if (!createSql || !createSql.includes(from)) throw new Error('videos: visibility constraint not found');
  const dependents = await sql<{ sql: string }>`
    select sql from sqlite_master where tbl_name = 'videos' and type in ('index', 'trigger') and sql is not null order by type, name`.execute(db);
  const newTable = createSql.replace(from, to).replace(/^CREATE TABLE\s+("videos"|videos)/i, 'CREATE TABLE "videos_0012"');
  if (!newTable.includes('"videos_0012"')) throw new Error('videos: unexpected table definition');
  await sql.raw(newTable).execute(db);
  await sql`insert into videos_0012 select * from videos`.execute(db);
  await sql`drop table videos`.execute(db);
  // Legacy rename: no trigger or view of other tables is re-parsed or rewritten meanwhile.
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await sql`alter table videos_0012 rename to videos`.execute(db);
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
  }
  for (const { sql: statement } of dependents.rows) await sql.raw(statement).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    await rebuildSqliteVideos(db, OLD_CHECK, NEW_CHECK);
  } else {
    await sql`alter table videos drop constraint videos_visibility_valid`.execute(db);
    await sql.raw(`alter table videos add constraint videos_visibility_valid check (${NEW_CHECK})`).execute(db);
  }
  await db.schema.alterTable('videos').addColumn('download_enabled', 'integer', (col) => col.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('download_enabled').execute();
  await sql`update videos set visibility = 'private' where visibility = 'unlisted'`.execute(db);
  if (isSqlite(db)) {
    await rebuildSqliteVideos(db, NEW_CHECK, OLD_CHECK);
  } else {
    await sql`alter table videos drop constraint videos_visibility_valid`.execute(db);
    await sql.raw(`alter table videos add constraint videos_visibility_valid check (${OLD_CHECK})`).execute(db);
  }
}
