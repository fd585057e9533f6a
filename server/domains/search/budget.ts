/**
 * Bounds on what one AI search may cost (issue: overload):
 * - at most MAX_SUBJECT_WORDS distinct subject words are scored — each one costs a walk over the
 *   embedding neighbours and the postings, so a 500-character wall of distinct words would
 *   otherwise cost many times a normal request (the rest of the words still filter nothing away;
 *   they are simply not ranked on);
 * - the optional parser endpoint has its own time budget (AI_SEARCH_TIMEOUT_MS, then the embedded
 *   parser);
 * - a small LRU cache answers recent identical requests (normalized text + page + per_page) for a
 *   short while without any work, dropped whenever the index changes.
 */
import { LRUCache } from 'lru-cache';

import type { SearchIntent } from './intent';

export const MAX_SUBJECT_WORDS = 24;
export const AI_CACHE_ENTRIES = 500;
/** Long enough to absorb a burst of the same request, short enough that view counts stay fresh. */
export const AI_CACHE_TTL_MS = 30_000;

/** The intent with at most MAX_SUBJECT_WORDS distinct subject words (the first ones written). */
export function boundIntent(intent: SearchIntent): SearchIntent {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const term of intent.terms) {
    const words = term.split(/\s+/).filter(Boolean);
    const fresh = words.filter((word) => !seen.has(word));
    if (seen.size + fresh.length > MAX_SUBJECT_WORDS) break;
    for (const word of fresh) seen.add(word);
    terms.push(term);
  }
  return terms.length === intent.terms.length ? intent : { ...intent, terms };
}

/** Same request, same key: case and runs of white space do not matter; the options do. */
export function aiSearchKey(text: string, page: number, perPage: number, literal = false, remove: readonly string[] = []): string {
  const options = `${literal ? 'L' : ''}${[...remove].sort().join('\u0001')}`;
  return `${page}:${perPage}:${options}\u0002${text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()}`;
}

/** Recent answers, valid for one index generation. */
export class RecentAnswers<T extends object> {
  private readonly cache = new LRUCache<string, { generation: number; value: T }>({ max: AI_CACHE_ENTRIES, ttl: AI_CACHE_TTL_MS });
  hits = 0;
  misses = 0;

  get(key: string, generation: number): T | undefined {
    const entry = this.cache.get(key);
    if (entry && entry.generation === generation) {
      this.hits += 1;
      return entry.value;
    }
    this.misses += 1;
    return undefined;
  }

  set(key: string, generation: number, value: T): void {
    this.cache.set(key, { generation, value });
  }

  clear(): void {
    this.cache.clear();
  }
}
