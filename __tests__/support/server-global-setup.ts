/**
 * Jest global setup of the server suites: one migrated template database for this run, which
 * every test app copies — on PostgreSQL (DATABASE_URL set) a template database (see postgres.ts),
 * otherwise a SQLite file (see makeTestApp in server.ts). Migrating a new SQLite file was a third
 * of what building a test app cost.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sql } from 'kysely';

import { createDatabase, migrateToLatest } from '../../server/infra/db';

import {
  adminQuery,
  FINGERPRINT_ENV,
  poolTable,
  SCHEMA_FINGERPRINT_SQL, postgresServerUrl, RESET_ENV, RUN_ENV, templateName, urlForDatabase } from './postgres';

/** Where the run's migrated SQLite file is, for the workers (makeTestApp copies it). */
export const SQLITE_TEMPLATE_ENV = 'SELFIE_TEST_SQLITE_TEMPLATE';

export default async function globalSetup(): Promise<void> {
  const serverUrl = postgresServerUrl();
  if (!serverUrl) {
    await makeSqliteTemplate();
    return;
  }
  // Workers start after this and inherit the environment: they all use this run's template.
  const run = randomBytes(4).toString('hex');
  process.env[RUN_ENV] = run;
  const template = templateName(run);
  await adminQuery(serverUrl, `create database "${template}"`);
  const database = await createDatabase({ database: { dialect: 'postgres', url: urlForDatabase(serverUrl, template) } });
  try {
    await migrateToLatest(database.db);
    // Databases are reused after a TRUNCATE only when that leaves them as the template is.
    const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables
      where schemaname = 'public' and tablename not like 'kysely\\_%'`.execute(database.db);
    let seeded = false;
    for (const { name } of rows) {
      const found = await sql`select 1 from ${sql.table(name)} limit 1`.execute(database.db);
      seeded ||= found.rows.length > 0;
    }
    process.env[RESET_ENV] = seeded ? 'drop' : 'truncate';
    const schema = await sql<{ fingerprint: string }>`${sql.raw(SCHEMA_FINGERPRINT_SQL)}`.execute(database.db);
    process.env[FINGERPRINT_ENV] = schema.rows[0]?.fingerprint ?? '';
    await adminQuery(serverUrl, `create table "${poolTable(run)}" (name text primary key, in_use boolean not null)`);
  } finally {
    await database.close();
  }
}

/** A migrated SQLite file in a directory of its own (removed by the global teardown). */
async function makeSqliteTemplate(): Promise<void> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'selfie-sqlite-template-')), 'app.db');
  const database = await createDatabase({ database: { dialect: 'sqlite', file } });
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  // Workers start after this and inherit the environment.
  process.env[SQLITE_TEMPLATE_ENV] = file;
}
