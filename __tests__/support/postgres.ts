/**
 * PostgreSQL for the server suites. When DATABASE_URL names a PostgreSQL server (npm run test:pg
 * sets it), every test app gets a database of its own, so suites in parallel jest workers never
 * see each other's rows:
 * - the global setup (server-global-setup.ts) creates one template database per run and migrates it;
 * - makeTestApp copies it with CREATE DATABASE … TEMPLATE (much faster than running the
 *   migrations again); when the app is closed the copy goes back to a pool shared by all workers,
 *   and the next app empties it with TRUNCATE (faster still);
 * - the global teardown drops every database of the run.
 * Without DATABASE_URL the suites use a SQLite file in each app's DATA_DIR, as always.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { ClientConfig, Client as PgClient } from 'pg';

/** Test databases are named `${PREFIX}${run}_…`; the template is `${PREFIX}${run}_template`. */
const PREFIX = 'selfie_test_';
/** Set by the global setup; shared by every worker of one jest run. */
export const RUN_ENV = 'SELFIE_PG_TEST_RUN';
/** Remembers, inside a DATA_DIR, which database belongs to it (so a restart reuses it). */
const DATABASE_MARKER = '.pg-test-database';

/** The server URL the run was given, or undefined when the suites run on SQLite. */
export function postgresServerUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env.DATABASE_URL?.trim();
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

/** True when the server suites run against PostgreSQL. */
export const onPostgres = postgresServerUrl() !== undefined;

/** The same server and credentials, another database. */
export function urlForDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function runId(): string {
  let run = process.env[RUN_ENV];
  if (!run) {
    // No global setup (e.g. a custom jest config): this worker is a run of its own.
    run = randomBytes(4).toString('hex');
    process.env[RUN_ENV] = run;
  }
  return run;
}

export function templateName(run: string): string {
  return `${PREFIX}${run}_template`;
}

/** A connected client; pg is loaded only when the suites run on PostgreSQL. */
async function connect(config: ClientConfig): Promise<PgClient> {
  const { Client } = await import('pg');
  const client = new Client(config);
  await client.connect();
  return client;
}

/** Runs statements on the server's maintenance database through one short-lived connection. */
export async function adminQuery<Row extends object = Record<string, unknown>>(
  serverUrl: string,
  ...statements: string[]
): Promise<Row[]> {
  const client = await connect({ connectionString: serverUrl });
  try {
    let rows: Row[] = [];
    for (const statement of statements) rows = (await client.query<Row>(statement)).rows;
    return rows;
  } finally {
    await client.end();
  }
}

async function templateExists(serverUrl: string, template: string): Promise<boolean> {
  const rows = await adminQuery(serverUrl, `select 1 from pg_database where datname = '${template}'`);
  return rows.length > 0;
}

/** Set by the global setup: 'truncate' when the template holds no rows, so databases can be reused. */
export const RESET_ENV = 'SELFIE_PG_TEST_RESET';

/**
 * Databases are shared out through a table in the server's own database (DATABASE_URL), so every
 * jest worker and test file of the run draws from one pool: a closed app's database is marked
 * free, and the next app takes it (`for update skip locked`: never two at once) and empties it
 * with one TRUNCATE (milliseconds) instead of copying the template (a few hundred). Only when the
 * migrated template holds no rows, since then an emptied database is exactly a fresh copy;
 * otherwise every app gets a copy of its own.
 */
export function poolTable(run: string): string {
  return `${PREFIX}${run}_pool`;
}

/** Set by the global setup: the template's schemaFingerprint. */
export const FINGERPRINT_ENV = 'SELFIE_PG_TEST_SCHEMA';

/**
 * A digest of a database's schema (relations, columns, constraints, triggers, functions): a test
 * that changed the schema (say, added a trigger) leaves a database that is dropped, not reused.
 */
export const SCHEMA_FINGERPRINT_SQL = `
  select md5(coalesce(string_agg(item, ',' order by item), '')) as fingerprint from (
    select 'r:' || c.relname || ':' || c.relkind::text as item from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
    union all select 'a:' || c.relname || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod) from pg_attribute a
      join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
    union all select 'c:' || conname from pg_constraint k join pg_namespace n on n.oid = k.connamespace where n.nspname = 'public'
    union all select 't:' || tgname from pg_trigger where not tgisinternal
    union all select 'f:' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
  ) items`;

/** Empties a pooled database for its next app; false when its schema changed (then it is dropped). */
async function emptyDatabase(serverUrl: string, name: string): Promise<boolean> {
  const client = await connect({ connectionString: urlForDatabase(serverUrl, name) });
  try {
    const fingerprint = (await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT_SQL)).rows[0]?.fingerprint;
    if (fingerprint !== process.env[FINGERPRINT_ENV]) return false;
    const { rows } = await client.query<{ name: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema') and tablename not like 'kysely\\_%'`,
    );
    if (rows.length > 0) await client.query(`truncate table ${rows.map((row) => row.name).join(', ')} restart identity cascade`);
    return true;
  } finally {
    await client.end();
  }
}

async function takeFreeDatabase(serverUrl: string, run: string): Promise<string | undefined> {
  if (process.env[RESET_ENV] !== 'truncate') return undefined;
  const pool = poolTable(run);
  const rows = await adminQuery<{ name: string }>(
    serverUrl,
    `update "${pool}" set in_use = true
     where name = (select name from "${pool}" where not in_use limit 1 for update skip locked)
     returning name`,
  );
  return rows[0]?.name;
}

/**
 * The database of the app with this DATA_DIR: the one recorded there by an earlier app, else a
 * free database of the run's pool (emptied), else a new copy of the run's migrated template (an
 * empty database when there is none: the app migrates it).
 */
export async function testDatabaseFor(serverUrl: string, dataDir: string): Promise<{ url: string; name: string }> {
  const marker = path.join(dataDir, DATABASE_MARKER);
  if (existsSync(marker)) {
    const name = (await readFile(marker, 'utf8')).trim();
    return { url: urlForDatabase(serverUrl, name), name };
  }
  const run = runId();
  let name = await takeFreeDatabase(serverUrl, run);
  if (name && !(await emptyDatabase(serverUrl, name))) {
    await dropTestDatabase(serverUrl, name);
    await adminQuery(serverUrl, `delete from "${poolTable(run)}" where name = '${name}'`);
    name = undefined;
  }
  if (!name) {
    name = `${PREFIX}${run}_${randomBytes(6).toString('hex')}`;
    const template = templateName(run);
    const from = (await templateExists(serverUrl, template)) ? ` template "${template}"` : '';
    await adminQuery(serverUrl, `create database "${name}"${from}`);
    if (process.env[RESET_ENV] === 'truncate') {
      await adminQuery(serverUrl, `insert into "${poolTable(run)}" (name, in_use) values ('${name}', true)`);
    }
  }
  await writeFile(marker, name);
  return { url: urlForDatabase(serverUrl, name), name };
}

/** The app using it has closed: back to the pool, or dropped when databases are not reused. */
export async function releaseTestDatabase(serverUrl: string, name: string): Promise<void> {
  if (process.env[RESET_ENV] === 'truncate') {
    await adminQuery(serverUrl, `update "${poolTable(runId())}" set in_use = false where name = '${name}'`);
  } else {
    await dropTestDatabase(serverUrl, name);
  }
}

export async function dropTestDatabase(serverUrl: string, name: string): Promise<void> {
  await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
}

/** Drops every database of this run (the template included). */
export async function dropRunDatabases(serverUrl: string, run: string): Promise<void> {
  const rows = await adminQuery<{ datname: string }>(
    serverUrl,
    `select datname from pg_database where datname like '${PREFIX}${run}\\_%'`,
  );
  for (const { datname } of rows) await dropTestDatabase(serverUrl, datname);
  await adminQuery(serverUrl, `drop table if exists "${poolTable(run)}"`);
}
