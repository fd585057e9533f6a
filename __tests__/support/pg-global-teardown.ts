/** Jest global teardown of the server suites: drops this run's PostgreSQL databases (see postgres.ts). */
import { dropRunDatabases, postgresServerUrl, RUN_ENV } from './postgres';

export default async function globalTeardown(): Promise<void> {
  const serverUrl = postgresServerUrl();
  const run = process.env[RUN_ENV];
  if (serverUrl && run) await dropRunDatabases(serverUrl, run);
}
