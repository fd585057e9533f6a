/**
 * `npm run admin -- grant EMAIL [--role moderator|admin] | revoke EMAIL | list`: roles, on the
 * server's configuration (DATA_DIR / DATABASE_URL). See server/services/moderation/admin-cli.ts.
 */
import { ConfigError, loadConfig } from '../server/config';
import { createDatabase, migrateToLatest } from '../server/db';
import { runAdminCli } from '../server/services/moderation/admin-cli';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await migrateToLatest(database.db);
    return await runAdminCli(process.argv.slice(2), database, {
      out: (line) => console.info(line),
      err: (line) => console.error(line),
    });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
    process.exitCode = 1;
  },
);
