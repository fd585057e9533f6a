/**
 * `npm run admin -- grant EMAIL [--role moderator|admin] | revoke EMAIL | list`: roles, on the
 * server's configuration (DATA_DIR / DATABASE_URL). See server/domains/moderation/admin-cli.ts.
 */
import { runAdminCli } from '../server/domains/moderation/admin-cli';

import { runDatabaseCli } from './database-cli';

runDatabaseCli(runAdminCli);
