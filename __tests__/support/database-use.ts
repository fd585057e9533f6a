/**
 * Setup of the server suites (jest.config.cjs): a suite that opens a database — any Kysely
 * instance over SQLite or PostgreSQL, as makeTestApp, buildApp and createDatabase make — must be
 * listed in postgres-suites.json: under `postgres` (npm run test:pg runs it again on PostgreSQL,
 * jest.postgres.config.cjs) or, with the reason, under `sqliteOnly`. Otherwise the suite fails,
 * so a new suite whose SQL could differ by engine cannot silently skip PostgreSQL.
 */
import path from 'node:path';

import { PostgresDialect, SqliteDialect } from 'kysely';

import postgresSuites from './postgres-suites.json';

const suites: { postgres: string[]; sqliteOnly: Record<string, string> } = postgresSuites;

let opened: string | undefined;
for (const Dialect of [SqliteDialect, PostgresDialect]) {
  const createDriver = Dialect.prototype.createDriver;
  Dialect.prototype.createDriver = function (this: InstanceType<typeof Dialect>) {
    opened ??= Dialect === SqliteDialect ? 'SQLite' : 'PostgreSQL';
    return createDriver.call(this);
  };
}

afterAll(() => {
  if (!opened) return;
  const suite = path.relative(path.join(__dirname, '..', 'server'), expect.getState().testPath ?? '').split(path.sep).join('/');
  if (suites.postgres.includes(suite) || suite in suites.sqliteOnly) return;
  throw new Error(
    `${suite} opens a database (${opened}) but is not listed in __tests__/support/postgres-suites.json: ` +
      'add it to "postgres" (npm run test:pg runs it on PostgreSQL), or to "sqliteOnly" with the reason ' +
      'it never reaches PostgreSQL (docs/development.md#test-projects).',
  );
});
