/**
 * The media pipeline (server/domains/media): processing state and renditions on `videos`, the durable
 * transcoding jobs (`media_jobs`, the embedded queue's table) and `storage_pending`, the keys an
 * upload is writing before its row commits (swept at start after a crash).
 *
 * Rows that exist already stay `ready`: they keep playing their original as before.
 * Schema builder only (portable to PostgreSQL); the SQLite full-text triggers of 0005 are
 * replaced so only ready public videos are in the full-text index.
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely';

function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const videos = () => db.schema.alterTable('videos');
  // 'processing' | 'ready' | 'failed'
  await videos().addColumn('status', 'text', (col) => col.notNull().defaultTo('ready')).execute();
  await videos().addColumn('processing_progress', 'integer', (col) => col.notNull().defaultTo(100)).execute();
  // A message key of the server catalogue (translated per request), null unless failed.
  await videos().addColumn('processing_error', 'text').execute();
  await videos().addColumn('duration', 'double precision', (col) => col.notNull().defaultTo(0)).execute();
  await videos().addColumn('width', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await videos().addColumn('height', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  // Storage prefix of the renditions (renditions/<video id>/<generation>), null until made.
  await videos().addColumn('renditions_prefix', 'text').execute();
  // JSON: what the prefix holds (see server/domains/media/renditions.ts RenditionManifest).
  await videos().addColumn('renditions', 'text').execute();
  await db.schema.createIndex('videos_status_visibility_created').on('videos').columns(['status', 'visibility', 'created_at']).execute();

  await db.schema
    .createTable('media_jobs')
    .addColumn('video_id', 'text', (col) => col.primaryKey().references('videos.id').onDelete('cascade'))
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
    .execute();
  await db.schema.createIndex('media_jobs_state_run_at').on('media_jobs').columns(['state', 'run_at']).execute();

  await db.schema
    .createTable('storage_pending')
    .addColumn('key', 'text', (col) => col.primaryKey())
    // The instance writing it (server/infra/instance.ts).
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  if (!isSqlite(db)) return;
  await sql`drop trigger if exists videos_fts_after_insert`.execute(db);
  await sql`drop trigger if exists videos_fts_after_update`.execute(db);
  await sql`create trigger videos_fts_after_insert after insert on videos begin
    insert into videos_fts_map (video_id) values (new.id);
    insert into videos_fts (rowid, title, description)
      select fts_rowid, new.title, new.description from videos_fts_map
      where video_id = new.id and new.visibility = 'public' and new.status = 'ready';
  end`.execute(db);
  await sql`create trigger videos_fts_after_update after update of title, description, visibility, status on videos begin
    delete from videos_fts where rowid = (select fts_rowid from videos_fts_map where video_id = old.id);
    insert into videos_fts (rowid, title, description)
      select fts_rowid, new.title, new.description from videos_fts_map
      where video_id = new.id and new.visibility = 'public' and new.status = 'ready';
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    await sql`drop trigger if exists videos_fts_after_insert`.execute(db);
    await sql`drop trigger if exists videos_fts_after_update`.execute(db);
    await sql`create trigger videos_fts_after_insert after insert on videos begin
      insert into videos_fts_map (video_id) values (new.id);
      insert into videos_fts (rowid, title, description)
        select fts_rowid, new.title, new.description from videos_fts_map
        where video_id = new.id and new.visibility = 'public';
    end`.execute(db);
    await sql`create trigger videos_fts_after_update after update of title, description, visibility on videos begin
      delete from videos_fts where rowid = (select fts_rowid from videos_fts_map where video_id = old.id);
      insert into videos_fts (rowid, title, description)
        select fts_rowid, new.title, new.description from videos_fts_map
        where video_id = new.id and new.visibility = 'public';
    end`.execute(db);
  }
  await db.schema.dropTable('storage_pending').execute();
  await db.schema.dropTable('media_jobs').execute();
  await db.schema.dropIndex('videos_status_visibility_created').execute();
  for (const name of ['renditions', 'renditions_prefix', 'height', 'width', 'duration', 'processing_error', 'processing_progress', 'status']) {
    await db.schema.alterTable('videos').dropColumn(name).execute();
  }
}
