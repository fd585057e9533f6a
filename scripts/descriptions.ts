/**
 * `npm run descriptions -- list | approve ID | reject ID`: the description review queue, on the
 * server's configuration (DATA_DIR / DATABASE_URL). See server/services/search/descriptions-cli.ts.
 */
import { runDescriptionsCli } from '../server/services/search/descriptions-cli';

import { runDatabaseCli } from './database-cli';

runDatabaseCli((args, database, io) => runDescriptionsCli(args, database, io));
