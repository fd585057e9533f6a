/**
 * Normal search over public self-shot videos: full-text relevance over title and description,
 * a title match weighing ten times a description match. The SQL differs per dialect, so it sits
 * behind one small interface:
 * - SQLite: the FTS5 table videos_fts of public videos (migration 0005_search), kept in step
 *   with `videos` by triggers, ranked with bm25();
 * - PostgreSQL: to_tsvector/websearch_to_tsquery with ts_rank.
 *   TODO(postgres): this computes the tsvector per row at query time (no index). Add the stored
 *   generated `search_tsv` column and its GIN index in a migration (see 0005_search.ts) and
 *   query `v.search_tsv` instead, so the search stays fast on a large table.
 */
import { sql, type Kysely } from 'kysely';

import type { AppDatabase } from '../../db';
import type { Database, VideoRow } from '../../db/schema';
import { moderatedAwaySql } from '../moderation/visibility';

import { STOP_WORDS, surfaceWords } from './text';

export type VideoWithUsername = VideoRow & { username: string };

export interface FullTextPage {
  rows: VideoWithUsername[];
  total: number;
}

export interface FullTextSearch {
  /** Public videos matching `query`, best first; an empty result when the query has no words. */
  searchPublicVideos(query: string, page: { limit: number; offset: number }): Promise<FullTextPage>;
}

const MAX_QUERY_WORDS = 16;

/** The words of a query worth matching: function words go, unless nothing else is left. */
export function queryWords(query: string): string[] {
  const words = [...new Set(surfaceWords(query))];
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  return (meaningful.length > 0 ? meaningful : words).slice(0, MAX_QUERY_WORDS);
}

/**
 * FTS5 MATCH expressions: every word (AND), and any word (OR, the fallback when no video has
 * them all). Words are quoted, so nothing a visitor types is read as FTS syntax; the last word
 * also matches as a prefix ("kitt" finds "kitten" while typing).
 */
export function fts5Expressions(words: string[]): { all: string; any: string } | undefined {
  if (words.length === 0) return undefined;
  const quoted = words.map((word) => `"${word.replace(/"/g, '""')}"`);
  const last = quoted.length - 1;
  quoted[last] = `(${quoted[last]} OR ${quoted[last]}*)`;
  return { all: quoted.join(' AND '), any: quoted.join(' OR ') };
}

class SqliteFullText implements FullTextSearch {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Ranks inside FTS5 first (ORDER BY rank: bm25 with the title weighted ×10, configured in the
   * migration; newer videos first among equals), then reads just that page's videos. LIMIT and
   * OFFSET are literals (checked integers) and the joins are CROSS JOINs, so SQLite's planner
   * always walks the page's rows outwards; with a bound LIMIT it scanned every public video.
   */
  private async run(match: string, page: { limit: number; offset: number }): Promise<FullTextPage> {
    const [rows, count] = await Promise.all([
      sql<VideoWithUsername>`
        select v.*, u.username
        from (
          select rowid as fts_rowid, rank from videos_fts
          where videos_fts match ${match}
          order by rank, rowid desc
          limit ${sql.lit(Math.floor(page.limit))} offset ${sql.lit(Math.floor(page.offset))}
        ) hits
        cross join videos_fts_map m
        cross join videos v
        cross join users u
        where m.fts_rowid = hits.fts_rowid and v.id = m.video_id and u.id = v.user_id and v.visibility = 'public'
          and not ${moderatedAwaySql('v')}
        order by hits.rank, hits.fts_rowid desc`.execute(this.db),
      sql<{ total: number }>`select count(*) as total from videos_fts where videos_fts match ${match}`.execute(this.db),
    ]);
    return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
  }

  async searchPublicVideos(query: string, page: { limit: number; offset: number }): Promise<FullTextPage> {
    const expressions = fts5Expressions(queryWords(query));
    if (!expressions) return { rows: [], total: 0 };
    const all = await this.run(expressions.all, page);
    if (all.total > 0 || expressions.all === expressions.any) return all;
    return this.run(expressions.any, page);
  }
}

class PostgresFullText implements FullTextSearch {
  constructor(private readonly db: Kysely<Database>) {}

  async searchPublicVideos(query: string, page: { limit: number; offset: number }): Promise<FullTextPage> {
    const words = queryWords(query);
    if (words.length === 0) return { rows: [], total: 0 };
    // OR of the words: ts_rank orders videos with more (and title) matches first.
    const tsquery = words.map((word) => `${word}:*`).join(' | ');
    const document = sql`setweight(to_tsvector('english', v.title), 'A') || setweight(to_tsvector('english', v.description), 'D')`;
    const [rows, count] = await Promise.all([
      sql<VideoWithUsername>`
        select v.*, u.username
        from videos v join users u on u.id = v.user_id
        where v.visibility = 'public' and not ${moderatedAwaySql('v')} and ${document} @@ to_tsquery('english', ${tsquery})
        order by ts_rank('{0.1, 0.2, 0.4, 1.0}', ${document}, to_tsquery('english', ${tsquery})) desc, v.created_at desc, v.id desc
        limit ${page.limit} offset ${page.offset}`.execute(this.db),
      sql<{ total: string }>`
        select count(*) as total from videos v
        where v.visibility = 'public' and not ${moderatedAwaySql('v')} and ${document} @@ to_tsquery('english', ${tsquery})`.execute(this.db),
    ]);
    return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
  }
}

export function createFullTextSearch(database: Pick<AppDatabase, 'db' | 'dialect'>): FullTextSearch {
  return database.dialect === 'sqlite' ? new SqliteFullText(database.db) : new PostgresFullText(database.db);
}
