/**
 * Jest global setup of the server suites: on PostgreSQL (DATABASE_URL set), one migrated template
 * database for this run, which every test app copies (see postgres.ts). A no-op on SQLite.
 */
import { randomBytes } from 'node:crypto';

import { sql } from 'kysely';

import { createDatabase, migrateToLatest } from '../../server/db';


import {
  adminQuery,
  FINGERPRINT_ENV,
  poolTable,
  SCHEMA_FINGERPRINT_SQL, postgresServerUrl, RESET_ENV, RUN_ENV, templateName, urlForDatabase } from './postgres';

export default async function globalSetup(): Promise<void> {
  const serverUrl = postgresServerUrl();
  if (!serverUrl) return;
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
