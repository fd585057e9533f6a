/**
 * The matching lines of a search result found through what is said (docs/search.md#captions-in-search):
 * up to three cues of the video's caption tracks that contain the request's words, each with
 * its start in seconds, so the result card can link to that moment.
 *
 * A cue matches a word when one of its words has the same Porter stem (`stemmer`, the stemmer
 * the full-text index uses too: "cooking" matches "cook"); a Chinese cue's words carry their
 * English translations (text.ts), so an English request finds its lines; a Chinese word of the
 * request matches as a substring, in simplified and traditional spellings. The cues with most
 * of the request's words win (earliest first among equals); they are returned in time order.
 */
import type { Kysely } from 'kysely';
import { stemmer } from 'stemmer';

import type { Database } from '../../infra/db/schema';

import { STOP_WORDS, surfaceWords } from './text';
import { chineseWords, hasCjk, toSimplified, traditionalVariants } from './zh';

export const MAX_MATCHES = 3;
/** A matching line is cut to this many characters (cues are a line or two anyway). */
const MAX_MATCH_CHARS = 200;

export interface CaptionMatch {
  /** Seconds from the start of the video. */
  start: number;
  /** Plain text of the cue. */
  text: string;
}

/** What a cue has to contain: word stems (any language's words after translation) and Chinese words. */
export interface MatchTerms {
  stems: string[];
  chinese: string[];
}

function stemOf(word: string): string {
  return /^[a-z]+$/.test(word) ? stemmer(word) : word;
}

/**
 * The terms of a request: its words (function words dropped unless nothing else is left) and,
 * for Chinese, its words' spellings. `english` adds words the request was understood as (the
 * AI search's terms, translated from Chinese).
 */
export function matchTerms(request: string, english: readonly string[] = []): MatchTerms {
  const latin = hasCjk(request) ? request.replace(/[\u3400-\u9fff\uf900-\ufaff]+/g, ' ') : request;
  const words = [...surfaceWords(latin), ...english.flatMap((term) => surfaceWords(term))];
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  const stems = [...new Set((meaningful.length > 0 ? meaningful : words).map(stemOf))];
  const chinese = hasCjk(request)
    ? [...new Set(chineseWords(request).flatMap((word) => [word, ...traditionalVariants(word)]))].filter((word) => word.length > 0)
    : [];
  return { stems, chinese };
}

/** How many of the terms a cue's text has (0: not a match). */
export function cueScore(text: string, terms: MatchTerms): number {
  let score = 0;
  if (terms.stems.length > 0) {
    const cueStems = new Set(surfaceWords(text).map(stemOf));
    for (const stem of terms.stems) if (cueStems.has(stem)) score += 1;
  }
  if (terms.chinese.length > 0 && hasCjk(text)) {
    const simplified = toSimplified(text);
    const found = new Set<string>();
    for (const word of terms.chinese) {
      const base = toSimplified(word);
      if ((text.includes(word) || simplified.includes(base)) && !found.has(base)) {
        found.add(base);
        score += 1;
      }
    }
  }
  return score;
}

/**
 * A cue's text without anything tag-like (`<script …>`, `</b>`, `<!-- …`, an unclosed `<img …`):
 * matches are plain text, also for rows stored before entity-decoded markup was refused
 * (captions/parse.ts). A `<` not followed by a letter, `/`, `!` or `?` (`1 < 2`, `<3`) stays.
 */
export function withoutMarkup(text: string): string {
  if (!text.includes('<')) return text;
  return text.replace(/<[a-z/!?][^<>]*>?/gi, '').replace(/\s+/g, ' ').trim();
}

/** The best cues of one video's tracks (cues: [[start, text], …] per track). */
export function bestCues(tracks: ReadonlyArray<ReadonlyArray<readonly [number, string]>>, terms: MatchTerms, max = MAX_MATCHES): CaptionMatch[] {
  if (terms.stems.length === 0 && terms.chinese.length === 0) return [];
  const scored: Array<{ start: number; text: string; score: number }> = [];
  const seen = new Set<string>();
  for (const cues of tracks) {
    for (const [start, stored] of cues) {
      // Scored without the markup too: a line found only through a tag's name is no match.
      const text = withoutMarkup(stored);
      const score = cueScore(text, terms);
      const key = `${start}\n${text}`;
      if (score === 0 || seen.has(key)) continue;
      seen.add(key);
      scored.push({ start, text, score });
    }
  }
  scored.sort((a, b) => b.score - a.score || a.start - b.start);
  return scored
    .slice(0, max)
    .sort((a, b) => a.start - b.start)
    .map(({ start, text }) => ({ start: Math.max(0, Math.floor(start * 1000) / 1000), text: text.length > MAX_MATCH_CHARS ? `${text.slice(0, MAX_MATCH_CHARS - 1)}…` : text }));
}

function parseCues(json: string): Array<[number, string]> {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.filter((cue): cue is [number, string] => Array.isArray(cue) && typeof cue[0] === 'number' && typeof cue[1] === 'string');
  } catch {
    return [];
  }
}

/**
 * The matching lines of each video (only videos with some), read from caption_texts. The caller
 * passes only videos it may show (public results): the rows of others are never read.
 */
export async function captionMatches(db: Kysely<Database>, videoIds: readonly string[], terms: MatchTerms): Promise<Map<string, CaptionMatch[]>> {
  const found = new Map<string, CaptionMatch[]>();
  if (videoIds.length === 0 || (terms.stems.length === 0 && terms.chinese.length === 0)) return found;
  const rows = await db.selectFrom('caption_texts').select(['video_id', 'cues']).where('video_id', 'in', [...videoIds]).orderBy('lang').execute();
  const byVideo = new Map<string, Array<Array<[number, string]>>>();
  for (const row of rows) {
    const tracks = byVideo.get(row.video_id) ?? [];
    tracks.push(parseCues(row.cues));
    byVideo.set(row.video_id, tracks);
  }
  for (const [videoId, tracks] of byVideo) {
    const matches = bestCues(tracks, terms);
    if (matches.length > 0) found.set(videoId, matches);
  }
  return found;
}
