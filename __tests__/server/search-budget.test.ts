/**
 * The AI search's per-request bounds (domains/search/budget.ts): a capped number of subject
 * words, and a small cache of recent identical requests that an index change voids.
 */
import { MAX_SUBJECT_WORDS, RecentAnswers, aiSearchKey, boundIntent } from '../../server/domains/search/budget';
import type { SearchIntent } from '../../server/domains/search/intent';

const intent = (terms: string[]): SearchIntent => ({ terms, exclude: [], order: 'relevance', parser: 'embedded' }) as SearchIntent;

describe('AI search budget', () => {
  it('keeps at most MAX_SUBJECT_WORDS distinct subject words, the first ones written', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`);
    const bounded = boundIntent(intent(words));
    expect(bounded.terms).toEqual(words.slice(0, MAX_SUBJECT_WORDS));
    // Repeats cost nothing and do not count.
    const repeated = ['cat', 'dog', 'cat', 'cat', 'dog'];
    expect(boundIntent(intent(repeated)).terms).toEqual(repeated);
    const short = intent(['cat', 'piano']);
    expect(boundIntent(short)).toBe(short);
  });

  it('treats requests that differ only in case and white space as the same', () => {
    expect(aiSearchKey('  Funny   CATS\n', 1, 18)).toBe(aiSearchKey('funny cats', 1, 18));
    expect(aiSearchKey('funny cats', 2, 18)).not.toBe(aiSearchKey('funny cats', 1, 18));
    expect(aiSearchKey('funny cats', 1, 50)).not.toBe(aiSearchKey('funny cats', 1, 18));
  });

  it('answers from the cache within one index generation only', () => {
    const cache = new RecentAnswers<{ n: number }>();
    const key = aiSearchKey('cats', 1, 18);
    expect(cache.get(key, 1)).toBeUndefined();
    cache.set(key, 1, { n: 1 });
    expect(cache.get(key, 1)).toEqual({ n: 1 });
    expect(cache.get(key, 2)).toBeUndefined();
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 2 });
  });
});
