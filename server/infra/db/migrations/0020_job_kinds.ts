/**
 * Media jobs get a kind and a payload (server/infra/jobs/queue.ts). Before, a job was only a video id
 * and its handler guessed what to do from the video: a `ready` video meant a storyboard backfill,
 * anything else a transcode. Existing rows take the kind they meant: a job still to run (queued,
 * running) or that failed on a ready video is its storyboard backfill (a failed transcode leaves
 * its video failed, not ready); every other row is a transcode. The payload starts empty.
 *
 * Portable to SQLite and PostgreSQL: added columns with a constant default (no table rebuild on
 * SQLite) and an update with a subquery.
 */
import type { Kysely } from 'kysely';

interface MigrationDatabase {
  videos: { id: string; status: string };
  media_jobs: { video_id: string; state: string; kind: string };
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<MigrationDatabase>;
  // 'transcode' | 'storyboard' (JOB_KINDS).
  await untyped.schema.alterTable('media_jobs').addColumn('kind', 'text', (col) => col.notNull().defaultTo('transcode')).execute();
  // JSON object: the kind's arguments.
  await untyped.schema.alterTable('media_jobs').addColumn('payload', 'text').execute();
  await db
    .updateTable('media_jobs')
    .set({ kind: 'storyboard' })
    .where('state', 'in', ['queued', 'running', 'failed'])
    .where('video_id', 'in', (eb) => eb.selectFrom('videos').select('id').where('status', '=', 'ready'))
    .execute();
}

export async function down(untyped: Kysely<unknown>): Promise<void> {
  await untyped.schema.alterTable('media_jobs').dropColumn('payload').execute();
  await untyped.schema.alterTable('media_jobs').dropColumn('kind').execute();
}
