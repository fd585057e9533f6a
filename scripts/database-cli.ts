/**
 * Runs a command-line tool against the server's own database (DATA_DIR / DATABASE_URL, migrated
 * first) and exits with its code: the shared frame of `npm run admin` and `npm run descriptions`.
 */
import { ConfigError, loadConfig } from '../server/config/index';
import { createDatabase, migrateToLatest, type AppDatabase } from '../server/infra/db';
import type { CliIo } from '../server/infra/cli-io';

export function runDatabaseCli(cli: (args: string[], database: AppDatabase, io: CliIo) => Promise<number>): void {
  const main = async (): Promise<number> => {
    const database = await createDatabase(loadConfig());
    try {
      await migrateToLatest(database.db);
      return await cli(process.argv.slice(2), database, {
        out: (line) => console.info(line),
        err: (line) => console.error(line),
      });
    } finally {
      await database.close();
    }
  };
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
      process.exitCode = 1;
    },
  );
}
