/**
 * Every migration, in order. A static list (not a folder scan) so migrations work the same under
 * tsx, jest and any bundler. Add a new file and a new entry; never edit an applied migration.
 */
import type { Migration, MigrationProvider } from 'kysely';

import * as initial from './0001_initial';
import * as accounts from './0002_accounts';

const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_accounts': accounts,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
