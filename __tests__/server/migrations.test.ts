import { rm } from 'node:fs/promises';

import { Migrator, sql, type Kysely } from 'kysely';

import { migrationProvider } from '../../server/infra/db/migrations';
import { createTestUser, makeTestApp, makeTestDataDir } from '../support/server';

/**
 * Matches a database error by message. Not toThrow(): better-sqlite3 builds its errors in the
 * realm of the first test file that loaded it, so `instanceof Error` fails in later suites.
 */
const failure = (pattern: RegExp) => ({ message: expect.stringMatching(pattern) });
/** The same kinds of failure as SQLite and PostgreSQL word them. */
const UNIQUE = /UNIQUE|violates unique constraint/;
const CHECK = /CHECK|violates check constraint/;
const FOREIGN_KEY = /FOREIGN KEY|violates foreign key constraint/;

describe('migrations', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await makeTestDataDir();
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const appliedMigrations = async (t: Awaited<ReturnType<typeof makeTestApp>>) =>
    (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.app.db)).rows.map(
      (row) => row.name,
    );

  it('apply once and are a no-op on the next start with the same DATA_DIR', async () => {
    const first = await makeTestApp({ dataDir });
    const user = await createTestUser(first.app, { username: 'Persistent' });
    const applied = await appliedMigrations(first);
    expect(applied).toEqual(Object.keys(await migrationProvider.getMigrations()).sort());
    expect(applied[0]).toBe('0001_initial');
    await first.close();

    const second = await makeTestApp({ dataDir });
    expect(await appliedMigrations(second)).toEqual(applied);
    const users = await second.app.db.selectFrom('users').select(['id', 'username']).execute();
    expect(users).toEqual([{ id: user.id, username: 'Persistent' }]);
    await second.close();
  });

  it('apply each migration whole or not at all: one that fails half-way leaves nothing behind', async () => {
    const t = await makeTestApp({ dataDir });
    try {
      const halfway = new Migrator({
        db: t.app.db,
        provider: {
          getMigrations: async () => ({
            ...(await migrationProvider.getMigrations()),
            '9999_cut_short': {
              up: async (db: Kysely<unknown>) => {
                await db.schema.createTable('half_made').addColumn('id', 'text').execute();
                await db.schema.alterTable('users').addColumn('half_added', 'text').execute();
                throw new Error('the process was killed here');
              },
            },
          }),
        },
      });
      const { error } = await halfway.migrateToLatest();
      expect(error).toMatchObject({ message: 'the process was killed here' });
      const tables = (await t.app.db.introspection.getTables()).map((table) => table.name);
      expect(tables).not.toContain('half_made');
      const users = (await t.app.db.introspection.getTables()).find((table) => table.name === 'users')!;
      expect(users.columns.map((column) => column.name)).not.toContain('half_added');
      expect(await appliedMigrations(t)).not.toContain('9999_cut_short');
    } finally {
      await t.close();
    }
  });

  it('enable SQLite foreign keys and WAL on every connection', async () => {
    const t = await makeTestApp({ dataDir });
    if (t.app.database.dialect === 'postgres') {
      // PostgreSQL always enforces foreign keys and logs ahead; its counterpart is below.
      await t.close();
      return;
    }
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(t.app.db)).rows[0] as object)[0] as unknown;
    await expect(pragma('foreign_keys')).resolves.toBe(1);
    await expect(pragma('journal_mode')).resolves.toBe('wal');
    await t.close();
  });

  it('enforce the constraints the data model relies on', async () => {
    const t = await makeTestApp({ dataDir });
    await createTestUser(t.app, { username: 'Alice', email: 'alice@example.com' });
    // Usernames are unique regardless of case; e-mail addresses are unique.
    await expect(createTestUser(t.app, { username: 'alice' })).rejects.toMatchObject(failure(UNIQUE));
    await expect(createTestUser(t.app, { email: 'alice@example.com' })).rejects.toMatchObject(failure(UNIQUE));
    // A user needs an e-mail address or a wallet.
    await expect(createTestUser(t.app, { email: null, wallet_address: null })).rejects.toMatchObject(failure(CHECK));
    await expect(createTestUser(t.app, { email: null, wallet_address: '0xabc' })).resolves.toBeTruthy();
    // A submission's status is one of three words.
    await expect(
      t.app.db
        .insertInto('description_submissions')
        .values({
          id: 'x',
          movie_id: 'abc',
          new_context: 'text',
          status: 'maybe' as 'pending',
          created_at: new Date().toISOString(),
        })
        .execute(),
    ).rejects.toMatchObject(failure(CHECK));
    // Sessions must belong to an existing user.
    await expect(t.app.sessions.createSession('no-such-user')).rejects.toMatchObject(failure(FOREIGN_KEY));
    await t.close();
  });

  it('give PostgreSQL the stored full-text column with its GIN index, and the default isolation', async () => {
    const t = await makeTestApp({ dataDir });
    if (t.app.database.dialect === 'sqlite') {
      // SQLite keeps its full-text index in the FTS5 table videos_fts (search-normal tests).
      await t.close();
      return;
    }
    const column = await sql<{ generated: string; type: string }>`
      select is_generated as generated, data_type as type from information_schema.columns
      where table_name = 'videos' and column_name = 'search_tsv'`.execute(t.app.db);
    expect(column.rows).toEqual([{ generated: 'ALWAYS', type: 'tsvector' }]);
    const index = await sql<{ definition: string }>`
      select indexdef as definition from pg_indexes where tablename = 'videos' and indexname = 'videos_search_tsv'`.execute(t.app.db);
    expect(index.rows[0]?.definition).toMatch(/USING gin \(search_tsv\) WHERE \(visibility = 'public'::text\)/);
    const isolation = await sql<{ level: string }>`select current_setting('transaction_isolation') as level`.execute(t.app.db);
    expect(isolation.rows[0]?.level).toBe('read committed');
    await t.close();
  });
});
