/**
 * `npm run descriptions -- list | approve ID | reject ID`: the description review queue, on the
 * server's configuration (DATA_DIR / DATABASE_URL). See server/domains/search/descriptions-cli.ts.
 */
import { runDescriptionsCli } from '../server/domains/search/descriptions-cli';

import { runDatabaseCli } from './database-cli';

runDatabaseCli((args, database, io) => runDescriptionsCli(args, database, io));
