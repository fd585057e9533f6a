/**
 * `npm run admin -- …`: roles on the command line, on the server's configuration (DATA_DIR /
 * DATABASE_URL):
 *
 *   grant EMAIL [--role moderator|admin]   make the account a moderator (default) or an admin
 *   revoke EMAIL                           make it a plain user again
 *   list                                   moderators and admins
 *
 * Each change is written to the audit log with the command line as its actor. A signed-in
 * user's new role applies from their next request (roles are read with the session).
 */
import type { AppDatabase } from '../../infra/db';
import type { Role } from '../../infra/db/schema';
import { normalizeEmail } from '../accounts/accounts';
import type { CliIo } from '../../infra/cli-io';

import { recordAction } from './audit';

export const ADMIN_USAGE = [
  'Usage: npm run admin -- <command>',
  '  grant EMAIL [--role moderator|admin]   give the account a role (default: moderator)',
  '  revoke EMAIL                           take its role away (back to user)',
  '  list                                   show moderators and admins',
].join('\n');

const GRANTABLE: readonly Role[] = ['moderator', 'admin'];

/** Runs one command; returns the process exit code (0 ok, 1 refused, 2 usage). */
export async function runAdminCli(args: string[], database: AppDatabase, io: CliIo): Promise<number> {
  const { db } = database;
  const [command, ...rest] = args;

  if (command === 'list' && rest.length === 0) {
    const staff = await db
      .selectFrom('users')
      .select(['id', 'email', 'username', 'role'])
      .where('role', 'in', ['moderator', 'admin'])
      .orderBy('role')
      .orderBy('username')
      .execute();
    if (staff.length === 0) io.out('No moderators or admins.');
    for (const user of staff) io.out(`${user.role.padEnd(9)}  ${user.id}  ${user.email ?? '(no e-mail)'}  ${user.username}`);
    return 0;
  }

  if (command === 'grant' || command === 'revoke') {
    const [rawEmail, ...options] = rest;
    let role: Role = command === 'grant' ? 'moderator' : 'user';
    if (command === 'grant' && options.length > 0) {
      if (options[0] !== '--role' || options.length !== 2 || !GRANTABLE.includes(options[1] as Role)) {
        io.err(ADMIN_USAGE);
        return 2;
      }
      role = options[1] as Role;
    } else if (options.length > 0) {
      io.err(ADMIN_USAGE);
      return 2;
    }
    if (!rawEmail) {
      io.err(ADMIN_USAGE);
      return 2;
    }
    const email = normalizeEmail(rawEmail);
    const user = await db.selectFrom('users').select(['id', 'role', 'username']).where('email', '=', email).executeTakeFirst();
    if (!user) {
      io.err(`No account has the e-mail address "${email}".`);
      return 1;
    }
    if (user.role === role) {
      io.out(`${email} is already ${role === 'user' ? 'a plain user' : `a${role === 'admin' ? 'n' : ''} ${role}`}; nothing changed.`);
      return 0;
    }
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ role, updated_at: new Date().toISOString() }).where('id', '=', user.id).execute();
      await recordAction(trx, null, command === 'grant' ? 'role.grant' : 'role.revoke', { type: 'user', id: user.id }, `${user.role} -> ${role}`);
    });
    io.out(`${email} (${user.username}, ${user.id}): role ${user.role} -> ${role}.`);
    return 0;
  }

  io.err(command ? `Unknown command "${command}".\n${ADMIN_USAGE}` : ADMIN_USAGE);
  return 2;
}
