import { INGEST_PER_PAGE, documentFromApiVideo, httpCatalogueFetch, parseAdded, searchPagePath } from '../../server/domains/search/ingest';
import { SearchService } from '../../server/domains/search/service';
import { makeTestApp, type TestApp } from '../support/server';

import { startFakeProvider, tinyVectors, type CatalogueFields } from './search-helpers';

const ai = (t: TestApp, text: string) =>
  t.app.inject({ method: 'POST', url: '/v0/api/search/ai-search', payload: { chat_history: text } }).then((res) => res.json());

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function providerVideos(count: number, prefix = 'v'): CatalogueFields[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${String(i).padStart(10 - prefix.length, '0')}`,
    title: i % 2 === 0 ? `Tabby cat video ${i}` : `Vintage car video ${i}`,
    keywords: i % 2 === 0 ? 'cat, feline' : 'car, vehicle',
    views: 1000 + i,
    rating: 3.5,
    lengthSec: 60 + i,
    added: '2026-05-04T03:02:01.000Z',
  }));
}

describe('catalogue ingestion through the catalogue API', () => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  let videos: CatalogueFields[];
  let t: TestApp;

  beforeEach(async () => {
    videos = providerVideos(1203);
    provider = await startFakeProvider(() => videos);
    t = await makeTestApp({ env: { CATALOGUE_URL: provider.url } });
    await t.app.searchIndex.useEmbeddings(tinyVectors());
  });
  afterEach(async () => {
    await t.close();
    await provider.server.close();
  });

  const documents = () => t.app.db.selectFrom('search_documents').selectAll().where('source', '=', 'catalogue').orderBy('ref_id').execute();

  it('reads every page of /api/v2/video/search/ and stores the videos', async () => {
    const report = await t.app.searchIndex.refreshCatalogue();
    expect(report).toMatchObject({ pages: 13, documents: 1203, skipped: 0, removed: 0 });
    expect(provider.requests).toEqual(
      Array.from({ length: 13 }, (_, index) => ({ query: 'all', per_page: '100', page: String(index + 1), order: 'latest', format: 'json' })),
    );
    const rows = await documents();
    expect(rows).toHaveLength(1203);
    expect(rows[0]).toMatchObject({
      source: 'catalogue',
      ref_id: 'v000000000',
      title: 'Tabby cat video 0',
      keywords: 'cat, feline',
      description: '',
      extra: '',
      views: 1000,
      rating: 3.5,
      length_sec: 60,
      added_at: '2026-05-04T03:02:01.000Z',
    });
    expect((await t.app.searchIndex.status()).catalogueDocuments).toBe(1203);

    const answer = await ai(t, 'kitten');
    expect(answer.structuredResponse.total).toBe(602);
    expect(answer.structuredResponse.data[0].id).toMatch(/^v/);
  });

  it('removes videos the provider no longer lists, and keeps approved-description text', async () => {
    await t.app.searchIndex.refreshCatalogue();
    await t.app.db.updateTable('search_documents').set({ extra: 'kept text' }).where('ref_id', '=', 'v000000002').execute();
    videos = videos.slice(0, 10);
    const report = await t.app.searchIndex.refreshCatalogue();
    expect(report).toMatchObject({ pages: 1, documents: 10, removed: 1193 });
    const rows = await documents();
    expect(rows).toHaveLength(10);
    expect(rows[2]).toMatchObject({ ref_id: 'v000000002', extra: 'kept text' });
  });

  it('keeps the index when the provider fails part-way', async () => {
    await t.app.searchIndex.refreshCatalogue();
    videos = providerVideos(1203, 'w');
    provider.failPage = 2;
    await expect(t.app.searchIndex.refreshCatalogue()).rejects.toThrow(/HTTP 503/);
    const rows = await documents();
    // Page 1 of the new list arrived; nothing old was removed.
    expect(rows.filter((row) => row.ref_id.startsWith('v'))).toHaveLength(1203);
    expect(rows.filter((row) => row.ref_id.startsWith('w'))).toHaveLength(INGEST_PER_PAGE);
  });

  it('keeps the index when the provider answers an empty catalogue', async () => {
    await t.app.searchIndex.refreshCatalogue();
    videos = [];
    const report = await t.app.searchIndex.refreshCatalogue();
    expect(report).toMatchObject({ documents: 0, removed: 0 });
    expect(await documents()).toHaveLength(1203);
  });

  it('ingests in the background on start when the index is empty, without waiting for it', async () => {
    await t.close();
    await provider.server.close();
    // The provider holds its answer until the app has started: start-up must not wait for it.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    provider = await startFakeProvider(async () => {
      await answered;
      return videos;
    });
    t = await makeTestApp({ env: { CATALOGUE_URL: provider.url, SEARCH_REFRESH_HOURS: '6' } });
    // The real word embeddings are another test's business.
    const embeddings = jest.spyOn(t.app.searchIndex, 'loadPackageEmbeddings').mockImplementation(async () => {
      await t.app.searchIndex.useEmbeddings(tinyVectors());
      return { vectors: tinyVectors(), file: 'none', loadMs: 0 };
    });
    await t.app.ready();
    expect((await t.app.searchIndex.status()).catalogueDocuments).toBe(0);
    answer();
    await waitFor(async () => embeddings.mock.calls.length > 0 && (await t.app.searchIndex.status()).catalogueDocuments === 1203);
    // The index is rebuilt once more with the word vectors that arrive after the first build
    // (kitten finds the cats only through them): wait for that background step too.
    await waitFor(async () => (await ai(t, 'kitten')).structuredResponse.total === 602);
    expect((await ai(t, 'kitten')).structuredResponse.total).toBe(602);
  }, 60_000);
});

describe('instances sharing one database share the catalogue ingestion', () => {
  const SIX_HOURS = 6 * 3600 * 1000;
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  let videos: CatalogueFields[];
  let t: TestApp;
  /** Another instance: its own search service (own index, own lease identity) on the same database. */
  let other: SearchService;

  beforeEach(async () => {
    videos = providerVideos(1203);
    provider = await startFakeProvider(() => videos);
    t = await makeTestApp({ env: { CATALOGUE_URL: provider.url } });
    other = new SearchService({ database: t.app.database, config: t.config, log: t.app.log, catalogueFetch: httpCatalogueFetch(provider.url) });
  });
  afterEach(async () => {
    await other.stop();
    await t.close();
    await provider.server.close();
  });

  const passes = () => provider.requests.filter((query) => query.page === '1').length;
  const lease = () => t.app.db.selectFrom('search_state').select('value').where('key', '=', 'catalogue_ingest_lease').executeTakeFirst();

  it('one of them ingests when it is due; the other reloads what it wrote', async () => {
    const outcomes = await Promise.all([t.app.searchIndex.refreshCatalogueIfDue(SIX_HOURS), other.refreshCatalogueIfDue(SIX_HOURS)]);
    expect(outcomes.filter((outcome) => outcome === 'ingested')).toHaveLength(1);
    // The loser saw the lease taken, or (if it looked late) the fresh catalogue already written.
    expect(outcomes.filter((outcome) => outcome !== 'ingested')).toEqual([expect.stringMatching(/^(elsewhere|reloaded)$/)]);
    expect(passes()).toBe(1);
    expect(await lease()).toBeUndefined();

    const loser = outcomes[0] === 'ingested' ? other : t.app.searchIndex;
    if ((await loser.status()).catalogueDocuments === 0) expect(await loser.refreshCatalogueIfDue(SIX_HOURS)).toBe('reloaded');
    for (const service of [t.app.searchIndex, other]) {
      expect((await service.status()).catalogueDocuments).toBe(1203);
      expect(await service.refreshCatalogueIfDue(SIX_HOURS)).toBe('current');
    }
    expect(passes()).toBe(1);

    // An ingestion by one (here, asked for directly) reaches the other at its next look.
    videos = providerVideos(1100);
    await t.app.searchIndex.refreshCatalogue();
    expect(await other.refreshCatalogueIfDue(SIX_HOURS)).toBe('reloaded');
    expect((await other.status()).catalogueDocuments).toBe(1100);
    expect(await other.refreshCatalogueIfDue(SIX_HOURS)).toBe('current');
  });

  it("waits for a live lease; takes over one that ran out (its holder died), and a failed ingestion gives it back", async () => {
    const hour = 3600 * 1000;
    await t.app.db
      .insertInto('search_state')
      .values({ key: 'catalogue_ingest_lease', value: `${new Date(Date.now() + hour).toISOString()} elsewhere~1~dead`, updated_at: new Date().toISOString() })
      .execute();
    expect(await other.refreshCatalogueIfDue(SIX_HOURS)).toBe('elsewhere');
    expect(passes()).toBe(0);

    await t.app.db
      .updateTable('search_state')
      .set({ value: `${new Date(Date.now() - 1000).toISOString()} elsewhere~1~dead` })
      .where('key', '=', 'catalogue_ingest_lease')
      .execute();
    provider.failPage = 2;
    await expect(other.refreshCatalogueIfDue(SIX_HOURS)).rejects.toThrow(/HTTP 503/);
    expect(await lease()).toBeUndefined();

    provider.failPage = null;
    expect(await t.app.searchIndex.refreshCatalogueIfDue(SIX_HOURS)).toBe('ingested');
    expect((await t.app.searchIndex.status()).catalogueDocuments).toBe(1203);
    expect(await lease()).toBeUndefined();
  });
});

describe('ingesting the built-in stand-in (app.inject)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('indexes all 6,000 catalogue videos through /catalogue/api/v2/video/search/', async () => {
    const report = await t.app.searchIndex.refreshCatalogue();
    expect(report).toMatchObject({ pages: 60, documents: 6000, skipped: 0 });
    const answer = await ai(t, 'golden retriever');
    expect(answer.structuredResponse.total).toBeGreaterThan(0);
    expect(answer.structuredResponse.data[0].title).toMatch(/golden retriever/i);
  }, 60_000);
});

describe('reading the provider shape', () => {
  it('turns an API video into a document', () => {
    expect(
      documentFromApiVideo({ id: 'AbCdEfGhIjK', title: ' Cats ', keywords: 'cat, kitten', views: 12, rate: '4.13', added: '2025-01-02 03:04:05', length_sec: 61 }),
    ).toEqual({
      source: 'catalogue',
      ref_id: 'AbCdEfGhIjK',
      title: 'Cats',
      keywords: 'cat, kitten',
      description: '',
      views: 12,
      rating: 4.13,
      length_sec: 61,
      added_at: '2025-01-02T03:04:05.000Z',
    });
  });

  it('skips videos without an id or title, and tolerates missing fields', () => {
    expect(documentFromApiVideo({ title: 'no id' })).toBeUndefined();
    expect(documentFromApiVideo({ id: 'x' })).toBeUndefined();
    expect(documentFromApiVideo(null)).toBeUndefined();
    expect(documentFromApiVideo({ id: 7, title: 'Seven', keywords: ['a', 'b'] })).toMatchObject({
      ref_id: '7',
      keywords: 'a, b',
      views: 0,
      rating: null,
      length_sec: null,
      added_at: null,
    });
  });

  it('parses dates and builds page paths', () => {
    expect(parseAdded('2026-11-01 00:00:00')).toBe('2026-11-01T00:00:00.000Z');
    expect(parseAdded('2026-11-01T10:00:00+02:00')).toBe('2026-11-01T08:00:00.000Z');
    expect(parseAdded('yesterday')).toBeNull();
    expect(searchPagePath(3)).toBe('/api/v2/video/search/?query=all&per_page=100&page=3&order=latest&format=json');
  });
});
