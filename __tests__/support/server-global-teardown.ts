/**
 * Jest global teardown of the server suites: drops this run's PostgreSQL databases (see
 * postgres.ts), or removes its SQLite template.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';

import { dropRunDatabases, postgresServerUrl, RUN_ENV } from './postgres';
import { SQLITE_TEMPLATE_ENV } from './server-global-setup';

export default async function globalTeardown(): Promise<void> {
  const template = process.env[SQLITE_TEMPLATE_ENV];
  if (template) await rm(path.dirname(template), { recursive: true, force: true });
  const serverUrl = postgresServerUrl();
  const run = process.env[RUN_ENV];
  if (serverUrl && run) await dropRunDatabases(serverUrl, run);
}
