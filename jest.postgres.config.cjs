/**
 * `npm run test:pg` (scripts/test-pg.sh, with DATABASE_URL naming a PostgreSQL server): the server
 * suites that open a database, listed under `postgres` in __tests__/support/postgres-suites.json,
 * run again on PostgreSQL — the ones whose SQL can differ by engine. The other server suites open
 * no database, or only SQLite even under test:pg (`sqliteOnly`, with the reasons): a second run
 * would repeat the first. The server project's setup (__tests__/support/database-use.ts) fails a
 * suite that opens a database without being listed, so none escapes this project unnoticed.
 */
const fs = require('node:fs');
const path = require('node:path');

const base = require('./jest.config.cjs');
const suites = require('./__tests__/support/postgres-suites.json');

const serverDir = path.join(__dirname, '__tests__', 'server');
for (const name of [...suites.postgres, ...Object.keys(suites.sqliteOnly)]) {
  if (!fs.existsSync(path.join(serverDir, name))) throw new Error(`__tests__/support/postgres-suites.json lists ${name}, which is not in __tests__/server`);
}
const both = suites.postgres.filter((name) => name in suites.sqliteOnly);
if (both.length > 0) throw new Error(`__tests__/support/postgres-suites.json lists ${both.join(', ')} both under postgres and sqliteOnly`);

const server = base.projects.find((project) => project.displayName === 'server');

module.exports = {
  testTimeout: base.testTimeout,
  maxWorkers: base.maxWorkers,
  projects: [
    {
      ...server,
      displayName: 'postgres',
      testMatch: suites.postgres.map((name) => `<rootDir>/__tests__/server/${name}`),
    },
  ],
};
