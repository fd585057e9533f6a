/**
 * The moderator's review queue on the command line (`npm run descriptions -- …`), on the same
 * configuration and database as the server:
 *
 *   list [--limit N]   pending submissions, oldest first: id, movie id, date, text preview
 *   approve ID         approve a pending submission
 *   reject ID          reject a pending submission
 *
 * The running server applies an approved text to the AI index within a minute (it polls), and
 * on its next start or catalogue refresh in any case.
 */
import type { AppDatabase } from '../../infra/db';
import { recordAction } from '../moderation/audit';
import type { CliIo } from '../../infra/cli-io';

import { listPending, reviewSubmission, ReviewError } from './descriptions';

export const USAGE = [
  'Usage: npm run descriptions -- <command>',
  '  list [--limit N]   show pending description submissions (oldest first)',
  '  approve ID         approve a pending submission (the AI index picks it up within a minute)',
  '  reject ID          reject a pending submission',
].join('\n');

const PREVIEW_LENGTH = 72;

export function preview(text: string, length = PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1)}…`;
}

/** Runs one command; returns the process exit code (0 ok, 1 refused, 2 usage). */
export async function runDescriptionsCli(args: string[], database: AppDatabase, io: CliIo, now: Date = new Date()): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'list') {
    let limit = 50;
    if (rest[0] === '--limit') {
      const value = Number(rest[1]);
      if (!Number.isInteger(value) || value < 1 || value > 10_000) {
        io.err('--limit must be a whole number from 1 to 10000');
        return 2;
      }
      limit = value;
    } else if (rest.length > 0) {
      io.err(USAGE);
      return 2;
    }
    const { rows, total } = await listPending(database.db, limit);
    if (total === 0) {
      io.out('No pending description submissions.');
      return 0;
    }
    io.out(`${total} pending submission${total === 1 ? '' : 's'}${total > rows.length ? ` (showing the oldest ${rows.length})` : ''}:`);
    io.out(`${'ID'.padEnd(24)}  ${'MOVIE'.padEnd(12)}  ${'SUBMITTED'.padEnd(20)}  TEXT`);
    for (const row of rows) {
      io.out(`${row.id.padEnd(24)}  ${row.movieId.padEnd(12)}  ${row.createdAt.slice(0, 19).replace('T', ' ').padEnd(20)}  ${preview(row.text)}`);
    }
    return 0;
  }
  if (command === 'approve' || command === 'reject') {
    const id = rest[0];
    if (!id || rest.length > 1) {
      io.err(`Usage: npm run descriptions -- ${command} ID`);
      return 2;
    }
    try {
      const result = await reviewSubmission(database.db, id, command === 'approve' ? 'approved' : 'rejected', now);
      await recordAction(database.db, null, command === 'approve' ? 'description.approve' : 'description.reject', {
        type: 'description',
        id: result.id,
      });
      io.out(`Submission ${result.id} for movie ${result.movieId} ${result.status}.`);
      if (result.status === 'approved') io.out('The running server adds it to the AI search index within a minute.');
      return 0;
    } catch (error) {
      if (error instanceof ReviewError) {
        io.err(error.message);
        return 1;
      }
      throw error;
    }
  }
  io.err(command ? `Unknown command "${command}".\n${USAGE}` : USAGE);
  return 2;
}
