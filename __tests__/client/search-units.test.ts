import { homeSearchParams, readHomeSearch } from '../../src/features/catalogue/homeSearchParams';
import { normalizeAiSearch, normalizeNormalSearch, searchPageCount } from '../../src/features/search';
import { readSelfieList, selfieListParams } from '../../src/features/videos/selfieListParams';

const params = (search: string) => new URLSearchParams(search);

describe('search answers', () => {
  it('keep the AI items with an id, each once, in order; the total falls back to the item count', () => {
    expect(
      normalizeAiSearch({
        results: [{ _id: 'v1', title: 'one' }, { title: 'no id' }],
        structuredResponse: { data: [{ id: 'a', score: 0.9 }, { id: 7 }, { title: 'x' }, { id: 'a' }, null, { id: '' }] },
      }),
    ).toEqual({
      results: [{ _id: 'v1', title: 'one' }],
      structuredResponse: { data: [{ id: 'a', score: 0.9 }, { id: '7' }], total: 2 },
    });
    expect(normalizeAiSearch({ structuredResponse: { data: [{ id: 'a' }], total: 40 } }).structuredResponse.total).toBe(40);
    expect(normalizeAiSearch(undefined)).toEqual({ results: [], structuredResponse: { data: [], total: 0 } });
  });

  it('read a normal search answer safely', () => {
    expect(normalizeNormalSearch({ results: [{ _id: 'v1' }], total: '25' })).toEqual({ results: [{ _id: 'v1' }], total: 25 });
    expect(normalizeNormalSearch({ results: [{ _id: 'v1' }] }).total).toBe(1);
    expect(normalizeNormalSearch('nonsense')).toEqual({ results: [], total: 0 });
  });

  it('count ceil(total / 18) pages', () => {
    expect([0, 1, 18, 19, 40].map(searchPageCount)).toEqual([0, 1, 1, 2, 3]);
  });
});

describe('search state in the URL', () => {
  it('home: q, page and mode=ai; AI mode needs a query', () => {
    expect(readHomeSearch(params('q=cats&mode=ai&page=2'))).toEqual({ query: 'cats', page: 2, mode: 'ai' });
    expect(readHomeSearch(params('mode=ai'))).toEqual({ query: '', page: 1, mode: 'normal' });
    expect(readHomeSearch(params('q=cats&mode=other'))).toEqual({ query: 'cats', page: 1, mode: 'normal' });
    expect(homeSearchParams({ query: ' cats ', page: 2, mode: 'ai' }).toString()).toBe('q=cats&mode=ai&page=2');
    expect(homeSearchParams({ query: '', page: 1, mode: 'ai' }).toString()).toBe('');
  });

  it('self-shot list: browse without q, normal with q, AI with mode=ai always on page 1', () => {
    expect(readSelfieList(params('page=3'))).toEqual({ query: '', mode: 'browse', page: 3 });
    expect(readSelfieList(params('q=cats&page=2'))).toEqual({ query: 'cats', mode: 'normal', page: 2 });
    expect(readSelfieList(params('q=cats&mode=ai&page=4'))).toEqual({ query: 'cats', mode: 'ai', page: 1 });
    expect(readSelfieList(params('mode=ai'))).toEqual({ query: '', mode: 'browse', page: 1 });
    expect(selfieListParams({ query: 'cats', mode: 'ai', page: 4 }).toString()).toBe('q=cats&mode=ai');
    expect(selfieListParams({ query: 'cats', mode: 'normal', page: 2 }).toString()).toBe('q=cats&page=2');
    expect(selfieListParams({ page: 2 }).toString()).toBe('page=2');
  });
});
