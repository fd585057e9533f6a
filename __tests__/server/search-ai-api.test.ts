import { makeTestApp, type TestApp } from '../support/server';

import { insertVideo, seedCatalogue, tinyVectors, type CatalogueFields } from './search-helpers';

const URL = '/v0/api/search/ai-search';

/** 12 cat videos (none says "kitten"), 9 car videos, 6 cooking videos. */
function catalogue(): CatalogueFields[] {
  const docs: CatalogueFields[] = [];
  for (let i = 0; i < 12; i += 1) {
    docs.push({
      id: `cat${String(i).padStart(8, '0')}`,
      title: `Tabby cat adventure number ${i}`,
      keywords: 'cat, feline, pets',
      views: 1000 + i * 10,
      lengthSec: i < 6 ? 120 : 1500,
      added: i < 4 ? '2026-11-10T00:00:00.000Z' : '2024-03-01T00:00:00.000Z',
    });
  }
  for (let i = 0; i < 9; i += 1) {
    docs.push({ id: `car${String(i).padStart(8, '0')}`, title: `Vintage car restoration part ${i}`, keywords: 'car, vehicle, engine', views: 5000 + i });
  }
  for (let i = 0; i < 6; i += 1) {
    docs.push({ id: `cook${String(i).padStart(7, '0')}`, title: `Easy pasta recipe ${i}`, keywords: 'cooking, recipe, dinner', views: 300 + i });
  }
  return docs;
}

/** A test app with the catalogue above, indexed with the tiny word vectors. */
async function catalogueApp(): Promise<TestApp> {
  const t = await makeTestApp();
  await t.app.searchIndex.useEmbeddings(tinyVectors());
  await seedCatalogue(t.app, catalogue());
  return t;
}

describe('POST /v0/api/search/ai-search', () => {
  let t: TestApp;
  const ask = (payload: unknown) => t.app.inject({ method: 'POST', url: URL, payload: payload as object });

  // These tests only read: one app for all of them.
  describe('on the catalogue', () => {
    beforeAll(async () => {
      t = await catalogueApp();
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers catalogue ids in relevance order, with total and paging, using per_page 18 and page 1 by default', async () => {
      const res = await ask({ chat_history: 'cat videos' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        results: [],
        total: 0,
        structuredResponse: { total: 12, page: 1, per_page: 18, total_pages: 1, relaxed: false },
      });
      const data = body.structuredResponse.data as Array<Record<string, unknown>>;
      expect(data).toHaveLength(12);
      expect(data.every((item) => String(item.id).startsWith('cat'))).toBe(true);
      expect(data[0]).toEqual({
        id: expect.any(String),
        title: expect.stringContaining('Tabby cat'),
        score: expect.any(Number),
        keyword_score: expect.any(Number),
        semantic_score: expect.any(Number),
        views: expect.any(Number),
        rating: 4,
        length_sec: expect.any(Number),
        added: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      const scores = data.map((item) => item.score as number);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    });

    it('pages with per_page and page; pages do not overlap', async () => {
      const first = (await ask({ chat_history: 'cat videos', per_page: 5, page: 1 })).json();
      const third = (await ask({ chat_history: 'cat videos', per_page: 5, page: 3 })).json();
      const beyond = (await ask({ chat_history: 'cat videos', per_page: 5, page: 9 })).json();
      expect(first.structuredResponse).toMatchObject({ total: 12, page: 1, per_page: 5, total_pages: 3 });
      expect(first.structuredResponse.data).toHaveLength(5);
      expect(third.structuredResponse.data).toHaveLength(2);
      const ids = (body: { structuredResponse: { data: Array<{ id: string }> } }) => body.structuredResponse.data.map((item) => item.id);
      expect(ids(first).filter((id) => ids(third).includes(id))).toEqual([]);
      expect(beyond.structuredResponse).toMatchObject({ data: [], total: 12 });
    });

    it('understands meaning: "kitten" finds the cat videos, "automobile" the car videos', async () => {
      const kitten = (await ask({ chat_history: 'kitten clips please' })).json();
      expect(kitten.structuredResponse.data.length).toBeGreaterThan(0);
      expect(kitten.structuredResponse.data.every((item: { id: string }) => item.id.startsWith('cat'))).toBe(true);
      expect(kitten.structuredResponse.intent).toMatchObject({ terms: ['kitten'], order: 'relevance', parser: 'embedded' });

      const automobile = (await ask({ chat_history: 'show me automobile videos' })).json();
      expect(automobile.structuredResponse.data.map((item: { id: string }) => item.id.slice(0, 3))).toEqual(Array(9).fill('car'));
    });

    it('applies the parsed intent: duration, recency and ordering', async () => {
      const res = (await ask({ chat_history: 'short cat videos, most viewed first' })).json();
      expect(res.structuredResponse.intent).toMatchObject({ terms: ['cat'], max_length_sec: 300, order: 'views' });
      const data = res.structuredResponse.data as Array<{ length_sec: number; views: number }>;
      expect(data).toHaveLength(6);
      expect(data.every((item) => item.length_sec <= 300)).toBe(true);
      expect(data.map((item) => item.views)).toEqual([...data.map((item) => item.views)].sort((a, b) => b - a));

      const recent = (await ask({ chat_history: 'cat videos from 2026' })).json();
      expect(recent.structuredResponse.total).toBe(4);
    });

    it('hooks never throw, even for unknown ids', async () => {
      await expect(t.app.searchIndex.upsertSelfieVideo('no-such-video')).resolves.toBeUndefined();
      await expect(t.app.searchIndex.removeSelfieVideo('no-such-video')).resolves.toBeUndefined();
    });

    it.each<[string, unknown, string]>([
      ['no chat_history', { per_page: 18 }, 'chat_history is required.'],
      ['a blank chat_history', { chat_history: '   ' }, 'chat_history must not be blank.'],
      ['a non-string chat_history', { chat_history: ['cats'] }, 'chat_history must be a string.'],
      ['a chat_history over 500 characters', { chat_history: 'x'.repeat(501) }, 'chat_history must be at most 500 characters long.'],
      ['per_page 0', { chat_history: 'cats', per_page: 0 }, 'per_page must be at least 1.'],
      ['per_page over 100', { chat_history: 'cats', per_page: 101 }, 'per_page must be at most 100.'],
      ['a fractional page', { chat_history: 'cats', page: 1.5 }, 'page must be a whole number.'],
      ['an unknown field', { chat_history: 'cats', query: 'dogs' }, 'query is not an accepted field.'],
    ])('rejects %s with 400 and an error field', async (_case, payload, message) => {
      const res = await ask(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, error: 'invalid_request', message });
    });

    it('answers 500 with an error field when the search fails', async () => {
      jest.spyOn(t.app.searchIndex, 'aiSearch').mockRejectedValueOnce(new Error('boom'));
      const res = await ask({ chat_history: 'cats' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, error: 'search_failed', message: 'Failed to perform AI search.' });
    });
  });

  // These change the index or the videos: an app per test.
  describe('with videos added, changed or removed', () => {
    beforeEach(async () => {
      t = await catalogueApp();
    });
    afterEach(async () => {
      await t.close();
    });

    it('returns matching public self-shot videos in results, never private ones', async () => {
      const publicCat = await insertVideo(t.app, { title: 'My cat sleeps all day', description: 'A lazy tabby' });
      const privateCat = await insertVideo(t.app, { title: 'My secret cat', visibility: 'private' });
      await insertVideo(t.app, { title: 'Fixing the car engine' });
      await t.app.searchIndex.syncSelfieVideos();

      const body = (await ask({ chat_history: 'kitten' })).json();
      expect(body.total).toBe(1);
      expect(body.results).toEqual([
        expect.objectContaining({ _id: publicCat.id, title: 'My cat sleeps all day', visibility: 'public', username: expect.any(String) }),
      ]);
      expect(JSON.stringify(body)).not.toContain(privateCat.id);
    });

    it('keeps self-shot videos in step through upsertSelfieVideo / removeSelfieVideo', async () => {
      const video = await insertVideo(t.app, { title: 'Guitar song for my dog' });
      const selfieTitles = async (text: string) =>
        ((await ask({ chat_history: text })).json().results as Array<{ title: string }>).map((item) => item.title);

      expect(await selfieTitles('guitar')).toEqual([]); // not indexed yet: no hook, no re-sync
      await t.app.searchIndex.upsertSelfieVideo(video.id);
      expect(await selfieTitles('guitar')).toEqual(['Guitar song for my dog']);

      await t.app.db.updateTable('videos').set({ title: 'Pasta recipe for dinner' }).where('id', '=', video.id).execute();
      await t.app.searchIndex.upsertSelfieVideo(video.id);
      expect(await selfieTitles('guitar')).toEqual([]);
      expect(await selfieTitles('cooking')).toEqual(['Pasta recipe for dinner']);

      await t.app.db.updateTable('videos').set({ visibility: 'private' }).where('id', '=', video.id).execute();
      await t.app.searchIndex.upsertSelfieVideo(video.id);
      expect(await selfieTitles('cooking')).toEqual([]);

      await t.app.db.updateTable('videos').set({ visibility: 'public' }).where('id', '=', video.id).execute();
      await t.app.searchIndex.upsertSelfieVideo(video.id);
      expect(await selfieTitles('cooking')).toEqual(['Pasta recipe for dinner']);

      await t.app.db.deleteFrom('videos').where('id', '=', video.id).execute();
      await t.app.searchIndex.removeSelfieVideo(video.id);
      expect(await selfieTitles('cooking')).toEqual([]);
      expect(await t.app.db.selectFrom('search_documents').where('source', '=', 'selfie').selectAll().execute()).toEqual([]);
    });

    it('never shows a video made private even before its hook runs', async () => {
      const video = await insertVideo(t.app, { title: 'Cat on the piano' });
      await t.app.searchIndex.upsertSelfieVideo(video.id);
      await t.app.db.updateTable('videos').set({ visibility: 'private' }).where('id', '=', video.id).execute();
      expect((await ask({ chat_history: 'cat' })).json().results).toEqual([]);
    });

    it('answers from what it has while the index is empty', async () => {
      await t.app.db.deleteFrom('search_documents').execute();
      await t.app.searchIndex.reloadCatalogue();
      const res = await ask({ chat_history: 'cat videos' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, results: [], total: 0, structuredResponse: { data: [], total: 0, total_pages: 0 } });
    });
  });
});
