/**
 * `npm run descriptions -- list | approve ID | reject ID`: the description review queue, on the
 * server's configuration (DATA_DIR / DATABASE_URL). See server/services/search/descriptions-cli.ts.
 */
import { ConfigError, loadConfig } from '../server/config';
import { createDatabase, migrateToLatest } from '../server/db';
import { runDescriptionsCli } from '../server/services/search/descriptions-cli';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await migrateToLatest(database.db);
    return await runDescriptionsCli(process.argv.slice(2), database, {
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
