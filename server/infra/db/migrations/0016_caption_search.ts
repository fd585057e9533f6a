/**
 * Search by what is said (docs/search.md#captions-in-search): the text of every caption track,
 * kept in the database so both searches can find a video by its spoken words.
 *
 * - caption_texts: one row per track (video, language): its cues as JSON `[[start, text], …]`
 *   (start in seconds, plain text) for the matching lines of a result, and `body`, the cues'
 *   text one per line, for the full-text index. Written by the caption service in the same
 *   transaction as the track itself (domains/captions/tracks.ts); gone with the video.
 * - SQLite: the FTS5 table videos_fts gets a third column, `captions` (every track of a public
 *   video), ranked bm25(10, 1, 0.2): a spoken word weighs a fiftieth of a title word. FTS5 cannot
 *   add a column, so the table and its triggers are made again, and filled from the rows.
 *   Triggers on caption_texts keep the column in step.
 * - PostgreSQL: caption_search holds one tsvector per video (every track, weight C) with a GIN
 *   index, kept in step with caption_texts by a PL/pgSQL trigger; the search ranks
 *   `videos.search_tsv || caption_search.search_tsv`.
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely';

function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('caption_texts')
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('cues', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('caption_texts_pk', ['video_id', 'lang'])
    .execute();
  if (isSqlite(db)) await sqliteFullText(db);
  else await postgresFullText(db);
}

/** The video's fts row again (deleted, then inserted when the video is public). */
const SQLITE_REFRESH = (videoId: string) => `
    delete from videos_fts where rowid = (select fts_rowid from videos_fts_map where video_id = ${videoId});
    insert into videos_fts (rowid, title, description, captions)
      select m.fts_rowid, v.title, v.description,
        coalesce((select group_concat(body, char(10)) from caption_texts where video_id = v.id), '')
      from videos_fts_map m join videos v on v.id = m.video_id
      where m.video_id = ${videoId} and v.visibility = 'public';`;

async function sqliteFullText(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists videos_fts_after_insert`.execute(db);
  await sql`drop trigger if exists videos_fts_after_update`.execute(db);
  await sql`drop trigger if exists videos_fts_before_delete`.execute(db);
  await sql`drop table if exists videos_fts`.execute(db);
  await sql`create virtual table videos_fts using fts5(
    title, description, captions, tokenize = 'porter unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger videos_fts_after_insert after insert on videos begin
    insert into videos_fts_map (video_id) values (new.id);
    insert into videos_fts (rowid, title, description, captions)
      select fts_rowid, new.title, new.description, '' from videos_fts_map
      where video_id = new.id and new.visibility = 'public';
  end`.execute(db);
  await sql.raw(`create trigger videos_fts_after_update after update of title, description, visibility on videos begin
    ${SQLITE_REFRESH('new.id')}
  end`).execute(db);
  await sql`create trigger videos_fts_before_delete before delete on videos begin
    delete from videos_fts where rowid = (select fts_rowid from videos_fts_map where video_id = old.id);
  end`.execute(db);
  await sql.raw(`create trigger caption_texts_after_insert after insert on caption_texts begin
    ${SQLITE_REFRESH('new.video_id')}
  end`).execute(db);
  await sql.raw(`create trigger caption_texts_after_update after update on caption_texts begin
    ${SQLITE_REFRESH('new.video_id')}
  end`).execute(db);
  await sql.raw(`create trigger caption_texts_after_delete after delete on caption_texts begin
    ${SQLITE_REFRESH('old.video_id')}
  end`).execute(db);
  // A title match weighs ten times a description match, fifty times a spoken one.
  await sql`insert into videos_fts (videos_fts, rank) values ('rank', 'bm25(10.0, 1.0, 0.2)')`.execute(db);
  await sql`insert into videos_fts (rowid, title, description, captions)
    select m.fts_rowid, v.title, v.description, '' from videos v join videos_fts_map m on m.video_id = v.id
    where v.visibility = 'public'`.execute(db);
}

async function postgresFullText(db: Kysely<unknown>): Promise<void> {
  await sql`create table caption_search (
    video_id text primary key references videos(id) on delete cascade,
    search_tsv tsvector not null
  )`.execute(db);
  await sql`create index caption_search_tsv on caption_search using gin (search_tsv)`.execute(db);
  await sql`create function caption_search_refresh() returns trigger language plpgsql as $$
    declare
      target text := coalesce(new.video_id, old.video_id);
    begin
      if tg_op = 'UPDATE' and old.video_id <> new.video_id then
        perform caption_search_refresh_video(old.video_id);
      end if;
      perform caption_search_refresh_video(target);
      return null;
    end $$`.execute(db);
  await sql`create function caption_search_refresh_video(target text) returns void language plpgsql as $$
    begin
      delete from caption_search where video_id = target;
      insert into caption_search (video_id, search_tsv)
        select video_id, setweight(to_tsvector('selfie_english'::regconfig, string_agg(body, E'\n' order by lang)), 'C')
        from caption_texts where video_id = target group by video_id;
    end $$`.execute(db);
  await sql`create trigger caption_texts_search after insert or update or delete on caption_texts
    for each row execute function caption_search_refresh()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    for (const name of ['caption_texts_after_insert', 'caption_texts_after_update', 'caption_texts_after_delete', 'videos_fts_after_insert', 'videos_fts_after_update', 'videos_fts_before_delete']) {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
    await sql`drop table if exists videos_fts`.execute(db);
    // 0005's two-column table and triggers again.
    await sql`create virtual table videos_fts using fts5(title, description, tokenize = 'porter unicode61 remove_diacritics 2')`.execute(db);
    await sql`create trigger videos_fts_after_insert after insert on videos begin
      insert into videos_fts_map (video_id) values (new.id);
      insert into videos_fts (rowid, title, description)
        select fts_rowid, new.title, new.description from videos_fts_map where video_id = new.id and new.visibility = 'public';
    end`.execute(db);
    await sql`create trigger videos_fts_after_update after update of title, description, visibility on videos begin
      delete from videos_fts where rowid = (select fts_rowid from videos_fts_map where video_id = old.id);
      insert into videos_fts (rowid, title, description)
        select fts_rowid, new.title, new.description from videos_fts_map where video_id = new.id and new.visibility = 'public';
    end`.execute(db);
    await sql`create trigger videos_fts_before_delete before delete on videos begin
      delete from videos_fts where rowid = (select fts_rowid from videos_fts_map where video_id = old.id);
    end`.execute(db);
    await sql`insert into videos_fts (videos_fts, rank) values ('rank', 'bm25(10.0, 1.0)')`.execute(db);
    await sql`insert into videos_fts (rowid, title, description)
      select m.fts_rowid, v.title, v.description from videos v join videos_fts_map m on m.video_id = v.id where v.visibility = 'public'`.execute(db);
  } else {
    await sql`drop trigger if exists caption_texts_search on caption_texts`.execute(db);
    await sql`drop function if exists caption_search_refresh()`.execute(db);
    await sql`drop function if exists caption_search_refresh_video(text)`.execute(db);
    await sql`drop table if exists caption_search`.execute(db);
  }
  await db.schema.dropTable('caption_texts').execute();
}
