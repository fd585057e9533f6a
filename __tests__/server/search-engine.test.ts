import { kthSmallest, Segment, topByKey, type IndexDocument } from '../../server/domains/search/engine';
import { parseIntent, type SearchIntent } from '../../server/domains/search/intent';

import { tinyVectors } from './search-helpers';

const NOW = new Date('2026-11-21T00:00:00.000Z');

function doc(ref: string, title: string, keywords = '', extra: Partial<IndexDocument> = {}): IndexDocument {
  return {
    source: 'catalogue',
    ref,
    title,
    keywords,
    description: '',
    extra: '',
    views: 100,
    rating: 4,
    lengthSec: 200,
    addedAt: Date.UTC(2026, 5, 1),
    ...extra,
  };
}

const DOCS: IndexDocument[] = [
  doc('tabby', 'Tabby naps in the sun', 'feline, pets'),
  doc('kitty', 'Kitty plays with a ball of wool', 'pets'),
  doc('ginger', 'Ginger cat chases a laser', 'cat, funny', { views: 9000, lengthSec: 100 }),
  doc('puppy', 'Puppy learns to fetch', 'dog, canine, pets', { views: 50_000 }),
  doc('truck', 'Monster truck rally', 'vehicle, engine', { lengthSec: 2000, addedAt: Date.UTC(2024, 1, 1) }),
  doc('sedan', 'Family car road test', 'car, driving', { views: 700, lengthSec: 90 }),
  doc('pasta', 'Fresh pasta from scratch', 'recipe, kitchen'),
  doc('guitar', 'Guitar solo in the rain', 'music, song'),
];

const search = (segment: Segment, text: string | SearchIntent, limit = 10) =>
  segment.search(typeof text === 'string' ? parseIntent(text, NOW) : text, { offset: 0, limit });
const refs = (result: ReturnType<typeof search>) => result.hits.map((hit) => hit.doc.ref);

describe('Segment (AI search engine) with a tiny embeddings table', () => {
  const segment = Segment.build(DOCS, tinyVectors());

  it('finds cat videos for "kitten" although no document says kitten', () => {
    const result = search(segment, 'kitten videos');
    expect(result.total).toBeGreaterThanOrEqual(3);
    expect(refs(result).slice(0, 3).sort()).toEqual(['ginger', 'kitty', 'tabby']);
    expect(refs(result)).not.toContain('pasta');
    expect(refs(result)).not.toContain('truck');
  });

  it('finds vehicles for "automobile" and food for "cooking"', () => {
    expect(refs(search(segment, 'automobile')).slice(0, 2).sort()).toEqual(['sedan', 'truck']);
    expect(refs(search(segment, 'cooking'))[0]).toBe('pasta');
  });

  it('gives every hit a score with its keyword and semantic parts, best first', () => {
    const { hits } = search(segment, 'cat');
    expect(hits[0]).toMatchObject({ doc: { ref: 'ginger' }, score: expect.any(Number), keyword: 1, semantic: expect.any(Number) });
    const scores = hits.map((hit) => hit.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('filters by length and date, and orders by views', () => {
    expect(refs(search(segment, 'short automobile videos'))).toEqual(['sedan']);
    expect(refs(search(segment, 'long automobile videos'))).toEqual(['truck']);
    expect(refs(search(segment, 'automobile videos from 2024'))).toEqual(['truck']);
    expect(refs(search(segment, 'most viewed cat videos'))[0]).toBe('ginger');
  });

  it('drops the constraints, and says so, when nothing fits them', () => {
    const result = search(segment, 'pasta from 2019');
    expect(result).toMatchObject({ relaxed: true, total: 1 });
    expect(refs(result)).toEqual(['pasta']);
  });

  it('leaves out excluded words', () => {
    expect(refs(search(segment, 'pets without dogs'))).not.toContain('puppy');
    expect(refs(search(segment, 'pets'))).toContain('puppy');
  });

  it('orders everything by the request when it has no subject', () => {
    expect(refs(search(segment, 'most viewed videos')).slice(0, 3)).toEqual(['puppy', 'ginger', 'sedan']);
    expect(search(segment, 'longest videos').hits[0]?.doc.ref).toBe('truck');
  });

  it('finds nothing for words it knows nothing about', () => {
    expect(search(segment, 'zyxwvut')).toMatchObject({ total: 0, hits: [] });
  });

  it('pages without overlap', () => {
    const intent = parseIntent('pets', NOW);
    const first = segment.search(intent, { offset: 0, limit: 2 });
    const second = segment.search(intent, { offset: 2, limit: 2 });
    expect(first.total).toBe(second.total);
    expect(refs(first).filter((ref) => refs(second).includes(ref))).toEqual([]);
  });

  it('works without embeddings (keyword only)', () => {
    const plain = Segment.build(DOCS, null);
    expect(refs(search(plain, 'cat'))).toEqual(['ginger']);
    expect(search(plain, 'kitten').total).toBe(0);
  });

  it('builds the same index step by step (buildAsync) as in one go', async () => {
    const stepwise = await Segment.buildAsync(DOCS, tinyVectors(), undefined, 3);
    for (const text of ['kitten videos', 'automobile', 'most viewed pets', 'short cooking']) {
      expect(search(stepwise, text)).toEqual(search(segment, text));
    }
  });

  it('handles an empty segment', () => {
    expect(search(Segment.build([], tinyVectors()), 'cat')).toEqual({ total: 0, hits: [], relaxed: false });
  });

  it('rewards a matching word pair ("big cat" over "big" and "cat" apart)', () => {
    const pairs = Segment.build(
      [doc('lion', 'Lion on the savannah', 'big cat, safari'), doc('house', 'Big dog meets a cat', 'dog, cat')],
      tinyVectors(),
    );
    expect(refs(search(pairs, 'big cats'))[0]).toBe('lion');
  });
});

describe('topByKey', () => {
  it('returns the best candidates in order, ties by smaller index', () => {
    const keys = [5, 9, 1, 9, 7, 3];
    const top = topByKey(Uint32Array.from([0, 1, 2, 3, 4, 5]), (i) => keys[i] as number, 4);
    expect([...top]).toEqual([1, 3, 4, 0]);
    expect([...topByKey(Uint32Array.from([2, 0]), (i) => keys[i] as number, 5)]).toEqual([0, 2]);
    expect([...topByKey(new Uint32Array(0), () => 0, 3)]).toEqual([]);
  });
});

describe('kthSmallest', () => {
  it('finds the value an ascending sort puts at each index, with ties, runs and one element', () => {
    // A fixed pseudo-random sequence (no Math.random: the same case on every run).
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const cases = [
      Float32Array.from({ length: 257 }, () => next()),
      Float32Array.from({ length: 100 }, () => Math.floor(next() * 3)),
      Float32Array.from({ length: 64 }, (_, i) => i),
      Float32Array.from({ length: 64 }, (_, i) => 64 - i),
      Float32Array.from([0.5]),
    ];
    for (const values of cases) {
      const sorted = Float32Array.from(values).sort();
      for (let k = 0; k < values.length; k += 1) expect(kthSmallest(Float32Array.from(values), k)).toBe(sorted[k]);
    }
  });
});
