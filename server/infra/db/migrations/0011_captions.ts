/**
 * Captions (docs/captions.md): automatic transcription jobs. Caption tracks themselves live in
 * the video's rendition manifest and generation folder; this table only tracks the optional
 * transcription of each new video (TRANSCRIBE_URL): one row per video, claimed by a worker with a
 * conditional update and a lease, retried with backoff, never in the way of the video's own
 * processing. Schema builder only, so it runs unchanged on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transcription_jobs')
    .addColumn('video_id', 'text', (col) => col.primaryKey().references('videos.id').onDelete('cascade'))
    // queued → running → done | failed (queued again after a failed attempt, until the last).
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('run_after', 'text', (col) => col.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('transcription_jobs_due').on('transcription_jobs').columns(['state', 'run_after']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transcription_jobs').execute();
}
