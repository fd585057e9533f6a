import { DEFAULT_MEDIA_CONFIG } from '../../server/config/media';
import { postUpload, uploadParts } from '../support/media';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';

import { tinyVectors } from './search-helpers';

/**
 * Self-shot videos enter and leave the AI index through the real routes: upload, edit (title
 * and visibility) and delete.
 */
describe('self-shot videos in the AI search index', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp({ config: { media: { ...DEFAULT_MEDIA_CONFIG, pollMs: 100 } } });
    await t.app.searchIndex.useEmbeddings(tinyVectors());
  });
  afterEach(async () => {
    await t.close();
  });

  const aiResults = async (query: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/v0/api/search/ai-search', payload: { chat_history: query } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { results: Array<{ _id: string; title: string }> }).results;
  };

  /** Uploads enter the index when their renditions are ready (server/domains/media/pipeline.ts). */
  const waitUntilReady = async (id: string) => {
    for (let i = 0; i < 600; i += 1) {
      const row = await t.app.db.selectFrom('videos').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      if (row.status !== 'processing') return row.status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return 'processing';
  };

  it('finds an upload once it is ready, follows edits and visibility, and forgets it on delete', async () => {
    const owner = await createTestUser(t.app, { email: 'owner@example.com', username: 'owner' });
    const cookie = await sessionCookieFor(t.app, owner.id);
    const uploaded = await postUpload(t.app, cookie, uploadParts({ title: 'Zebra crossing at dawn' }));
    expect(uploaded.statusCode).toBe(200);
    const id = (uploaded.json() as { video: { _id: string } }).video._id;
    // Not while it is processing: only ready videos are searchable.
    expect(await aiResults('zebra')).toEqual([]);
    expect(await waitUntilReady(id)).toBe('ready');

    // The pipeline announces a ready video as a change event (so every instance hears of it); the
    // index takes it in just after the row is committed, not in the same instant.
    let found: string[] = [];
    for (let i = 0; i < 100 && found.length === 0; i += 1) {
      found = (await aiResults('zebra')).map((video) => video._id);
      if (found.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(found).toEqual([id]);

    const patch = (body: object) =>
      t.app.inject({ method: 'PATCH', url: `/v0/api/videos/selfieVideos/${id}`, headers: { cookie }, payload: body });
    expect((await patch({ title: 'Giraffe parade' })).statusCode).toBe(200);
    expect(await aiResults('zebra')).toEqual([]);
    expect((await aiResults('giraffe')).map((video) => video._id)).toEqual([id]);

    expect((await patch({ title: 'Giraffe parade', visibility: 'private' })).statusCode).toBe(200);
    expect(await aiResults('giraffe')).toEqual([]);
    expect((await patch({ title: 'Giraffe parade', visibility: 'public' })).statusCode).toBe(200);
    expect((await aiResults('giraffe')).map((video) => video._id)).toEqual([id]);

    const removed = await t.app.inject({ method: 'DELETE', url: `/v0/api/videos/selfieVideos/${id}`, headers: { cookie } });
    expect(removed.statusCode).toBe(200);
    expect(await aiResults('giraffe')).toEqual([]);
  });
});
