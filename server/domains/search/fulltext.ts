/**
 * Normal search over public self-shot videos: full-text relevance over title, description and
 * what is said (the caption tracks' text, migration 0016_caption_search), a title match
 * weighing ten times a description match and fifty times a spoken one. The SQL differs per dialect, so it sits
 * behind one small interface:
 * - SQLite: the FTS5 table videos_fts of public videos (migration 0005_search), kept in step
 *   with `videos` by triggers, ranked with bm25();
 * - PostgreSQL: the stored generated tsvector videos.search_tsv and its GIN index over public
 *   videos (migration 0005_search), matched with the same expressions (every word, else any
 *   word; the last word also as a prefix) and ranked with ts_rank, the title weighted ×10.
 * - Chinese (both dialects, portable Kysely): neither FTS5's unicode61 tokenizer nor
 *   PostgreSQL's parsers segment Chinese, so a request with Chinese is segmented here (zh.ts)
 *   and each word is matched as a substring (LIKE) of title and description, in its simplified
 *   and traditional forms: every word first, any word when no video has them all; a title hit
 *   counts ten times a description hit. An English request also finds Chinese titles: its
 *   words' Chinese equivalents (cat → 猫, 猫咪) are matched the same way, after the full-text
 *   matches.
 */
import { sql, type Kysely } from 'kysely';

import type { AppDatabase } from '../../infra/db';
import type { Database, VideoRow } from '../../infra/db/schema';
import { moderatedAwaySql } from '../moderation/visibility';

import { parseIntent } from './intent';
import { STOP_WORDS, surfaceWords } from './text';
import { chineseFor, chineseWords, hasCjk, traditionalVariants } from './zh';

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
        where m.fts_rowid = hits.fts_rowid and v.id = m.video_id and u.id = v.user_id and v.visibility = 'public' and v.status = 'ready' and not ${moderatedAwaySql('v')}
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

/**
 * to_tsquery texts: every word (&), and any word (|). Each word is quoted (words hold only letters
 * and digits anyway), so nothing a visitor types is read as tsquery syntax; the last word is
 * also a prefix (`:*`, which includes the word itself).
 */
export function tsqueryExpressions(words: string[]): { all: string; any: string } | undefined {
  if (words.length === 0) return undefined;
  const quoted = words.map((word) => `'${word.replace(/'/g, "''").replace(/\\/g, '\\\\')}'`);
  const last = quoted.length - 1;
  quoted[last] = `${quoted[last]}:*`;
  return { all: quoted.join(' & '), any: quoted.join(' | ') };
}

/**
 * ts_rank weights for {D, C, B, A}: the title (A) weighs ten times the description (B) and
 * fifty times the captions (C, caption_search).
 */
const TS_RANK_WEIGHTS = '{0, 0.02, 0.1, 1.0}';

class PostgresFullText implements FullTextSearch {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * `tsquery` decides; `anyQuery` (any of the words) first picks the candidates through the two
   * GIN indexes (public videos' title and description; captions), so the combined vector is
   * only built for videos that have one of the words.
   */
  private async run(tsquery: string, anyQuery: string, page: { limit: number; offset: number }): Promise<FullTextPage> {
    const query = sql`to_tsquery('selfie_english', ${tsquery})`;
    const any = sql`to_tsquery('selfie_english', ${anyQuery})`;
    const document = sql`(v.search_tsv || coalesce(c.search_tsv, ''::tsvector))`;
    // `visibility = 'public'` matches the GIN index's predicate, so the planner can use it.
    const candidates = sql`v.id in (
      select id from videos where visibility = 'public' and search_tsv @@ ${any}
      union select video_id from caption_search where search_tsv @@ ${any})`;
    const [rows, count] = await Promise.all([
      sql<VideoWithUsername & { search_tsv?: unknown }>`
        select v.*, u.username
        from videos v join users u on u.id = v.user_id left join caption_search c on c.video_id = v.id
        where v.visibility = 'public' and v.status = 'ready' and not ${moderatedAwaySql('v')} and ${candidates} and ${document} @@ ${query}
        order by ts_rank(${TS_RANK_WEIGHTS}::real[], ${document}, ${query}) desc, v.created_at desc, v.id desc
        limit ${page.limit} offset ${page.offset}`.execute(this.db),
      sql<{ total: string }>`
        select count(*) as total from videos v left join caption_search c on c.video_id = v.id
        where v.visibility = 'public' and v.status = 'ready' and not ${moderatedAwaySql('v')} and ${candidates} and ${document} @@ ${query}`.execute(this.db),
    ]);
    // The tsvector is the index's business, not the caller's.
    const videos = rows.rows.map(({ search_tsv: _tsv, ...video }) => video);
    return { rows: videos, total: Number(count.rows[0]?.total ?? 0) };
  }

  async searchPublicVideos(query: string, page: { limit: number; offset: number }): Promise<FullTextPage> {
    const expressions = tsqueryExpressions(queryWords(query));
    if (!expressions) return { rows: [], total: 0 };
    const all = await this.run(expressions.all, expressions.any, page);
    if (all.total > 0 || expressions.all === expressions.any) return all;
    return this.run(expressions.any, expressions.any, page);
  }
}

/** LIKE pattern for a substring, with the wildcards escaped (ESCAPE '\\' in both dialects). */
function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Substring search for words FTS cannot segment (Chinese). `groups`: each group is one word's
 * spellings (simplified, traditional); `all` asks every group to match, else any.
 */
async function substringSearch(
  db: Kysely<Database>,
  groups: string[][],
  all: boolean,
  page: { limit: number; offset: number },
): Promise<FullTextPage> {
  const hit = (column: 'v.title' | 'v.description' | 'ct.body', spellings: string[]) =>
    sql.join(
      spellings.map((spelling) => sql`lower(${sql.ref(column)}) like ${containsPattern(spelling.toLowerCase())} escape '\\'`),
      sql` or `,
    );
  // What is said: any caption track of the video (caption_texts).
  const spoken = (spellings: string[]) => sql`exists (select 1 from caption_texts ct where ct.video_id = v.id and (${hit('ct.body', spellings)}))`;
  const matches = groups.map((spellings) => sql`(${hit('v.title', spellings)} or ${hit('v.description', spellings)} or ${spoken(spellings)})`);
  const where = sql.join(matches, all ? sql` and ` : sql` or `);
  // A title hit counts ten, a description hit one, a spoken one a fifth.
  const score = sql.join(
    groups.map(
      (spellings) =>
        sql`(case when ${hit('v.title', spellings)} then 10 else 0 end) + (case when ${hit('v.description', spellings)} then 1 else 0 end) + (case when ${spoken(spellings)} then 0.2 else 0 end)`,
    ),
    sql` + `,
  );
  const [rows, count] = await Promise.all([
    sql<VideoWithUsername>`
      select v.*, u.username from videos v join users u on u.id = v.user_id
      where v.visibility = 'public' and v.status = 'ready' and not ${moderatedAwaySql('v')} and (${where})
      order by ${score} desc, v.created_at desc, v.id desc
      limit ${sql.lit(Math.floor(page.limit))} offset ${sql.lit(Math.floor(page.offset))}`.execute(db),
    sql<{ total: number | string }>`select count(*) as total from videos v where v.visibility = 'public' and v.status = 'ready' and not ${moderatedAwaySql('v')} and (${where})`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
}

/** One group of spellings per Chinese word of the request, and per Latin word when mixed. */
function chineseGroups(query: string): string[][] {
  const groups: string[][] = [];
  for (const word of chineseWords(query)) groups.push([...new Set([word, ...traditionalVariants(word)])]);
  for (const word of queryWords(query.replace(/[\u3400-\u9fff\uf900-\ufaff]+/g, ' '))) groups.push([word]);
  return groups.slice(0, MAX_QUERY_WORDS);
}

/**
 * Adds Chinese to a dialect's full-text search: Chinese requests go to the substring search;
 * English requests are followed by videos whose Chinese title or description has the words'
 * Chinese equivalents.
 */
class WithChinese implements FullTextSearch {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly inner: FullTextSearch,
    private readonly mayHaveChinese: () => boolean,
  ) {}

  async searchPublicVideos(query: string, page: { limit: number; offset: number }): Promise<FullTextPage> {
    if (hasCjk(query)) {
      const groups = chineseGroups(query);
      let chinese: FullTextPage = { rows: [], total: 0 };
      if (groups.length > 0) {
        chinese = await substringSearch(this.db, groups, true, page);
        if (chinese.total === 0 && groups.length > 1) chinese = await substringSearch(this.db, groups, false, page);
      }
      // Then what is written in English about the same thing (titles, descriptions, captions).
      const english = englishBridge(query);
      if (english.length === 0) return chinese;
      return appendPage(chinese, page, (window) => this.inner.searchPublicVideos(english.join(' '), window));
    }
    const first = await this.inner.searchPublicVideos(query, page);
    const equivalents = this.mayHaveChinese() ? [...new Set(queryWords(query).flatMap((word) => chineseFor(word)))] : [];
    if (equivalents.length === 0) return first;
    const groups = [equivalents.flatMap((word) => [word, ...traditionalVariants(word)])];
    return appendPage(first, page, (window) => substringSearch(this.db, groups, false, window));
  }
}

/**
 * A Chinese request's subject words in English, read as the AI search reads it (intent.ts with
 * intent-zh.ts: curated domain words, then the dictionary), so 猫 also finds "cat" in English
 * titles and captions. [] when the request has no Chinese or nothing translates.
 */
export function englishBridge(query: string): string[] {
  if (!hasCjk(query)) return [];
  const terms = parseIntent(query).terms.flatMap((term) => surfaceWords(term)).filter((word) => /^[a-z0-9]+$/.test(word) && !STOP_WORDS.has(word));
  return [...new Set(terms)].slice(0, MAX_QUERY_WORDS);
}

/** `first`'s matches, then `second`'s (page by page, without repeating a video of `first`'s page). */
async function appendPage(
  first: FullTextPage,
  page: { limit: number; offset: number },
  second: (window: { limit: number; offset: number }) => Promise<FullTextPage>,
): Promise<FullTextPage> {
  const offset = Math.max(0, page.offset - first.total);
  const limit = page.limit - first.rows.length;
  const more = await second({ offset, limit: Math.max(1, limit) });
  const seen = new Set(first.rows.map((row) => row.id));
  const extra = limit > 0 ? more.rows.filter((row) => !seen.has(row.id)).slice(0, limit) : [];
  return { rows: [...first.rows, ...extra], total: first.total + more.total };
}

/**
 * `mayHaveChinese`: false when no public video has Chinese text (the search service knows from
 * its index), so English requests skip the substring scan for Chinese equivalents.
 */
export function createFullTextSearch(
  database: Pick<AppDatabase, 'db' | 'dialect'>,
  mayHaveChinese: () => boolean = () => true,
): FullTextSearch {
  const inner = database.dialect === 'sqlite' ? new SqliteFullText(database.db) : new PostgresFullText(database.db);
  return new WithChinese(database.db, inner, mayHaveChinese);
}
