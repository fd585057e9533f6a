import { sql } from 'kysely';

import { fts5Expressions, queryWords, tsqueryExpressions } from '../../server/domains/search/fulltext';
import { createTestUser, makeTestApp, type TestApp } from '../support/server';
import { READY_WITHOUT_RENDITIONS } from '../support/videos';

import { insertVideo } from './search-helpers';

const URL = '/v0/api/search/normal-search';

describe('POST /v0/api/search/normal-search', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const search = (payload: unknown) => t.app.inject({ method: 'POST', url: URL, payload: payload as object });
  const titles = async (payload: unknown) => ((await search(payload)).json().results as Array<{ title: string }>).map((video) => video.title);

  it('ranks a title match above a description match, as SelfieVideo JSON with the username', async () => {
    const owner = await createTestUser(t.app, { username: 'Maker' });
    await insertVideo(t.app, { title: 'Morning walk', description: 'We saw a heron by the river', userId: owner.id });
    const titled = await insertVideo(t.app, { title: 'Heron fishing at dawn', description: 'Slow motion', userId: owner.id });
    await insertVideo(t.app, { title: 'Unrelated', description: 'Nothing to see' });

    const res = await search({ query: 'heron' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, total: 2, page: 1, perPage: 18 });
    expect(body.results.map((video: { title: string }) => video.title)).toEqual(['Heron fishing at dawn', 'Morning walk']);
    expect(body.results[0]).toEqual({
      _id: titled.id,
      movieId: titled.video_key,
      title: 'Heron fishing at dawn',
      description: 'Slow motion',
      visibility: 'public',
      views: 0,
      cdnUrl: `/media/${titled.video_key}`,
      thumbnailCdnUrl: `/media/${titled.thumbnail_key}`,
      user: owner.id,
      username: 'Maker',
      createdAt: titled.created_at,
      updatedAt: titled.updated_at,
      ...READY_WITHOUT_RENDITIONS,
    });
  });

  it('never returns private videos', async () => {
    await insertVideo(t.app, { title: 'Secret heron', visibility: 'private' });
    await insertVideo(t.app, { title: 'Public heron' });
    const body = (await search({ query: 'heron' })).json();
    expect(body.total).toBe(1);
    expect(body.results.map((video: { title: string }) => video.title)).toEqual(['Public heron']);
  });

  it('pages 18 at a time', async () => {
    const owner = await createTestUser(t.app);
    for (let i = 0; i < 40; i += 1) await insertVideo(t.app, { title: `Surfing lesson ${i}`, userId: owner.id });
    const page1 = (await search({ query: 'surfing' })).json();
    const page2 = (await search({ query: 'surfing', page: 2 })).json();
    const page3 = (await search({ query: 'surfing', page: 3 })).json();
    expect([page1.results.length, page2.results.length, page3.results.length]).toEqual([18, 18, 4]);
    expect(page1.total).toBe(40);
    const ids = [...page1.results, ...page2.results, ...page3.results].map((video: { _id: string }) => video._id);
    expect(new Set(ids).size).toBe(40);
    expect((await search({ query: 'surfing', page: 4 })).json()).toMatchObject({ results: [], total: 40, page: 4 });
  });

  it('matches word forms (stemming) and accents, and a prefix of the last word', async () => {
    await insertVideo(t.app, { title: 'Two cats cooking crêpes' });
    expect(await titles({ query: 'cat' })).toEqual(['Two cats cooking crêpes']);
    expect(await titles({ query: 'cook' })).toEqual(['Two cats cooking crêpes']);
    expect(await titles({ query: 'crepes' })).toEqual(['Two cats cooking crêpes']);
    expect(await titles({ query: 'cats cre' })).toEqual(['Two cats cooking crêpes']);
  });

  it('prefers videos with every word, and falls back to any word', async () => {
    await insertVideo(t.app, { title: 'Red kite in flight' });
    await insertVideo(t.app, { title: 'Red sunset' });
    await insertVideo(t.app, { title: 'Flying a kite on the beach' });
    expect(await titles({ query: 'red kite' })).toEqual(['Red kite in flight']);
    expect((await titles({ query: 'red balloon' })).sort()).toEqual(['Red kite in flight', 'Red sunset']);
  });

  it('treats FTS syntax in the query as plain words', async () => {
    await insertVideo(t.app, { title: 'NEAR the OR gate: AND logic' });
    for (const query of ['"', 'NEAR(', 'title:x', '* OR -', 'a AND', '(((', "it's"]) {
      const res = await search({ query });
      expect(res.statusCode).toBe(200);
    }
    expect(await titles({ query: 'gate AND' })).toEqual(['NEAR the OR gate: AND logic']);
  });

  it('answers nothing for a query without words', async () => {
    await insertVideo(t.app, { title: 'Anything' });
    expect((await search({ query: '  ?! ' })).json()).toMatchObject({ success: true, results: [], total: 0 });
  });

  it('stays in step with edits and deletions (the FTS table follows the videos table)', async () => {
    const video = await insertVideo(t.app, { title: 'Old title', description: 'plain' });
    await t.app.db.updateTable('videos').set({ title: 'Brand new heading', description: 'with a walrus' }).where('id', '=', video.id).execute();
    expect(await titles({ query: 'old' })).toEqual([]);
    expect(await titles({ query: 'walrus' })).toEqual(['Brand new heading']);
    await t.app.db.deleteFrom('videos').where('id', '=', video.id).execute();
    expect(await titles({ query: 'walrus' })).toEqual([]);
    // SQLite's FTS5 table is kept by triggers (PostgreSQL's tsvector is a column of the row itself).
    if (t.app.database.dialect === 'sqlite') {
      const leftovers = await sql<{ n: number }>`select count(*) as n from videos_fts`.execute(t.app.db);
      expect(Number(leftovers.rows[0]?.n)).toBe(0);
    }
  });

  it("follows a user's deletion (videos cascade)", async () => {
    const owner = await createTestUser(t.app);
    await insertVideo(t.app, { title: 'Walrus party', userId: owner.id });
    await t.app.db.deleteFrom('users').where('id', '=', owner.id).execute();
    expect(await titles({ query: 'walrus' })).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    ['no query', {}, 'query is required.'],
    ['a non-string query', { query: 42 }, 'query must be a string.'],
    ['a query over 500 characters', { query: 'x'.repeat(501) }, 'query must be at most 500 characters long.'],
    ['page 0', { query: 'x', page: 0 }, 'page must be at least 1.'],
    ['an unknown field', { query: 'x', perPage: 50 }, 'perPage is not an accepted field.'],
  ])('rejects %s with 400', async (_case, payload, message) => {
    const res = await search(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });
});

describe('normal-search query building', () => {
  it('drops function words unless nothing else is left', () => {
    expect(queryWords('the best of the cats')).toEqual(['best', 'cats']);
    expect(queryWords('the')).toEqual(['the']);
  });

  it('quotes every word for PostgreSQL too, the last one also a prefix', () => {
    expect(tsqueryExpressions(['red', 'kite'])).toEqual({ all: "'red' & 'kite':*", any: "'red' | 'kite':*" });
    expect(tsqueryExpressions([])).toBeUndefined();
  });

  it('quotes every word and lets the last one be a prefix', () => {
    expect(fts5Expressions(['red', 'kite'])).toEqual({
      all: '"red" AND ("kite" OR "kite"*)',
      any: '"red" OR ("kite" OR "kite"*)',
    });
    expect(fts5Expressions([])).toBeUndefined();
  });
});
