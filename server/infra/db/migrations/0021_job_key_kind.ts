/**
 * Media jobs are keyed by (video, kind), not by video alone (server/infra/jobs/queue.ts): a video may
 * have its transcode or storyboard job and its `transcribe` job at once. Transcription was a queue
 * of its own (`transcription_jobs`, migration 0011); its rows move into media_jobs as kind
 * `transcribe` and the table is dropped:
 *
 * - every row moves (a done or failed one too: a video is transcribed once, and its row is what
 *   says so); a running one comes back queued (its lease belonged to the old loop), with its
 *   attempts kept, its error, and `run_after` as its due time;
 * - the old table had no max_attempts (the loop read TRANSCRIBE_MAX_ATTEMPTS, which a migration
 *   cannot): a moved row gets 5, the setting's default, or one more than it has had.
 *
 * Portable to SQLite and PostgreSQL: a primary key cannot be changed in place on SQLite, so the
 * table is rebuilt (a new table with the composite key, the rows copied, the old one dropped, the
 * new one renamed) with the schema builder and plain insert … select.
 */
import { sql, type Kysely } from 'kysely';

/** TRANSCRIBE_MAX_ATTEMPTS's default (server/config/media.ts). */
const TRANSCRIBE_ATTEMPTS = 5;

const COLUMNS = [
  'video_id',
  'kind',
  'payload',
  'state',
  'attempts',
  'max_attempts',
  'progress',
  'error',
  'run_at',
  'lease_owner',
  'lease_until',
  'created_at',
  'updated_at',
  'started_at',
  'finished_at',
] as const;

async function createJobsTable(db: Kysely<unknown>, name: string, key: 'video' | 'video and kind'): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    // 'transcode' | 'storyboard' | 'transcribe' (JOB_KINDS).
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('transcode'))
    // JSON object: the kind's arguments.
    .addColumn('payload', 'text')
    // 'queued' | 'running' | 'done' | 'failed'
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    // Not before this time (backoff after a failure).
    .addColumn('run_at', 'text', (col) => col.notNull())
    // Who runs it and until when the lease holds without a heartbeat.
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addPrimaryKeyConstraint(`${name}_key`, key === 'video' ? ['video_id'] : ['video_id', 'kind'])
    .execute();
}

/** Replaces media_jobs by `next` (already filled): drop, rename, and the index the queue reads by. */
async function swapIn(db: Kysely<unknown>, next: string): Promise<void> {
  await db.schema.dropTable('media_jobs').execute();
  await db.schema.alterTable(next).renameTo('media_jobs').execute();
  await db.schema.createIndex('media_jobs_state_run_at').on('media_jobs').columns(['state', 'run_at']).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createJobsTable(db, 'media_jobs_by_kind', 'video and kind');
  const columns = sql.join(COLUMNS.map((column) => sql.ref(column)));
  await sql`insert into media_jobs_by_kind (${columns}) select ${columns} from media_jobs`.execute(db);
  await sql`insert into media_jobs_by_kind (${columns})
    select video_id, 'transcribe', null,
      case when state = 'running' then 'queued' else state end,
      attempts,
      case when attempts + 1 > ${sql.lit(TRANSCRIBE_ATTEMPTS)} then attempts + 1 else ${sql.lit(TRANSCRIBE_ATTEMPTS)} end,
      0, error, run_after, null, null, created_at, updated_at, null,
      case when state in ('done', 'failed') then updated_at else null end
    from transcription_jobs`.execute(db);
  await swapIn(db, 'media_jobs_by_kind');
  await db.schema.dropTable('transcription_jobs').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transcription_jobs')
    .addColumn('video_id', 'text', (col) => col.primaryKey().references('videos.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('run_after', 'text', (col) => col.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('transcription_jobs_due').on('transcription_jobs').columns(['state', 'run_after']).execute();
  await sql`insert into transcription_jobs (video_id, state, attempts, run_after, lease_until, error, created_at, updated_at)
    select video_id, state, attempts, run_at, lease_until, error, created_at, updated_at from media_jobs where kind = 'transcribe'`.execute(db);

  // One job per video again: of a video's rendition jobs, the transcode (the one kind a video
  // with both could be waiting for).
  await createJobsTable(db, 'media_jobs_by_video', 'video');
  const columns = sql.join(COLUMNS.map((column) => sql.ref(column)));
  await sql`insert into media_jobs_by_video (${columns})
    select ${columns} from media_jobs where kind = 'transcode'
      or (kind <> 'transcribe' and video_id not in (select video_id from media_jobs where kind = 'transcode'))`.execute(db);
  await swapIn(db, 'media_jobs_by_video');
}
