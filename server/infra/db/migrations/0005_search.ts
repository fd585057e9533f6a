/**
 * Search: the AI index's documents (catalogue videos ingested through the catalogue API, and
 * public self-shot videos), a little state (when the catalogue was last ingested), when an
 * approved description was applied to the index, and the full-text index of self-shot videos
 * for the normal search.
 *
 * The full-text part differs per dialect. SQLite: an FTS5 table of the public videos, kept in
 * step with `videos` by triggers. Its rowids come from videos_fts_map (an INTEGER PRIMARY KEY, so VACUUM never
 * renumbers them, unlike the implicit rowid of `videos`), which also makes the trigger's delete
 * an indexed lookup.
 * PostgreSQL: a stored generated column videos.search_tsv (title weighted A, description B) with a
 * GIN index over the public videos. It uses the text search configuration `selfie_english`: the
 * English Snowball stemmer without a stop-word list (FTS5 indexes every word too) behind the
 * unaccent filter (a trusted extension shipped with PostgreSQL), so "crepes" finds "crêpes".
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely';

function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_documents')
    // 'catalogue' (ref_id = the provider's video id) or 'selfie' (ref_id = videos.id).
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('ref_id', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    // Comma-separated keyword phrases, as the catalogue API writes them.
    .addColumn('keywords', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    // Text of approved description submissions (catalogue videos), joined by newlines.
    .addColumn('extra', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('views', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('rating', 'real')
    .addColumn('length_sec', 'integer')
    .addColumn('added_at', 'text')
    // When this row was last written by an ingestion or a sync; rows an ingestion did not see are removed.
    .addColumn('seen_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('search_documents_pk', ['source', 'ref_id'])
    .addCheckConstraint('search_documents_source_valid', sql`source in ('catalogue', 'selfie')`)
    .execute();
  await db.schema.createIndex('search_documents_source_seen').on('search_documents').columns(['source', 'seen_at']).execute();

  await db.schema
    .createTable('search_state')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  // Set when the server has copied an approved description into search_documents.extra.
  await db.schema.alterTable('description_submissions').addColumn('applied_at', 'text').execute();

  if (!isSqlite(db)) {
    await postgresFullText(db);
    return;
  }

  await sql`create table videos_fts_map (
    fts_rowid integer primary key,
    video_id text not null unique references videos(id) on delete cascade
  )`.execute(db);
  // Porter stemming: "cats" finds "cat", "cooking" finds "cook".
  await sql`create virtual table videos_fts using fts5(
    title, description, tokenize = 'porter unicode61 remove_diacritics 2'
  )`.execute(db);
  // Only public videos are in the full-text index: the ranking query never needs to look at
  // `videos` for visibility (the page it returns is still checked).
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
  // Runs before the row goes, so the map row (removed with it by the foreign key) is still there.
  await sql`create trigger videos_fts_before_delete before delete on videos begin
    delete from videos_fts where rowid = (select fts_rowid from videos_fts_map where video_id = old.id);
  end`.execute(db);
  // ORDER BY rank uses this: a title match weighs ten times a description match.
  await sql`insert into videos_fts (videos_fts, rank) values ('rank', 'bm25(10.0, 1.0)')`.execute(db);
  // Videos that exist already.
  await sql`insert into videos_fts_map (video_id) select id from videos order by created_at, id`.execute(db);
  await sql`insert into videos_fts (rowid, title, description)
    select m.fts_rowid, v.title, v.description from videos v join videos_fts_map m on m.video_id = v.id
    where v.visibility = 'public'`.execute(db);
}

async function postgresFullText(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create text search dictionary selfie_english_stem (template = snowball, language = english)`.execute(db);
  await sql`create text search configuration selfie_english (copy = english)`.execute(db);
  await sql`alter text search configuration selfie_english
    alter mapping for asciiword, asciihword, hword_asciipart, word, hword, hword_part with unaccent, selfie_english_stem`.execute(db);
  // to_tsvector with a named configuration is immutable, as a generated column requires.
  await sql`alter table videos add column search_tsv tsvector generated always as (
    setweight(to_tsvector('selfie_english'::regconfig, title), 'A') ||
    setweight(to_tsvector('selfie_english'::regconfig, description), 'B')
  ) stored`.execute(db);
  await sql`create index videos_search_tsv on videos using gin (search_tsv) where visibility = 'public'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) {
    await sql`drop index if exists videos_search_tsv`.execute(db);
    await sql`alter table videos drop column if exists search_tsv`.execute(db);
    await sql`drop text search configuration if exists selfie_english`.execute(db);
    await sql`drop text search dictionary if exists selfie_english_stem`.execute(db);
  }
  if (isSqlite(db)) {
    await sql`drop trigger if exists videos_fts_before_delete`.execute(db);
    await sql`drop trigger if exists videos_fts_after_update`.execute(db);
    await sql`drop trigger if exists videos_fts_after_insert`.execute(db);
    await sql`drop table if exists videos_fts`.execute(db);
    await sql`drop table if exists videos_fts_map`.execute(db);
  }
  await db.schema.alterTable('description_submissions').dropColumn('applied_at').execute();
  await db.schema.dropTable('search_state').execute();
  await db.schema.dropTable('search_documents').execute();
}
