/**
 * `npm run test:cluster` (scripts/test-cluster.sh): the suites under __tests__/cluster, which start
 * real processes (two instances, a worker) on PostgreSQL, Redis and an S3 server. Kept out of
 * `npm test`, which needs nothing installed.
 */
const base = require('./jest.config.cjs');

const server = base.projects.find((project) => project.displayName === 'server');

module.exports = {
  testTimeout: 120_000,
  projects: [
    {
      ...server,
      displayName: 'cluster',
      testMatch: ['<rootDir>/__tests__/cluster/**/*.test.ts'],
      globalSetup: undefined,
      globalTeardown: undefined,
      // The check that a server suite opening a database is listed for PostgreSQL is the server
      // suites' own (jest.postgres.config.cjs): this one always runs on PostgreSQL.
      setupFilesAfterEnv: undefined,
    },
  ],
};
