/**
 * The catalogue stand-in mounted in the whole app (where the SPA's static files own GET /*): its
 * pages without the trailing slash still redirect to it, as the plugin declares.
 */
import { makeTestApp, type TestApp } from '../support/server';

/** Building an app (the catalogue stand-in included) takes seconds on a busy machine. */
const HOOK_TIMEOUT_MS = 30_000;

describe('catalogue stand-in inside the app', () => {
  let t: TestApp;
  let id: string;

  beforeAll(async () => {
    t = await makeTestApp();
    const search = await t.app.inject({ url: '/catalogue/api/v2/video/search/?per_page=1' });
    id = (search.json() as { videos: Array<{ id: string }> }).videos[0]!.id;
  }, HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await t.close();
  }, HOOK_TIMEOUT_MS);

  it.each([
    ['the embed page', () => `/catalogue/embed/${id}`],
    ['the video page', () => `/catalogue/video/${id}`],
    ['an unknown embed id (the slash page answers 404)', () => '/catalogue/embed/AAAAAAAAAAA'],
    ['the search endpoint, keeping the query', () => '/catalogue/api/v2/video/search?query=dog&page=2'],
    ['the by-id endpoint', () => `/catalogue/api/v2/video/id?id=${id}`],
  ])('redirects %s without its trailing slash (308)', async (_label, url) => {
    const path = url();
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: path, headers: { accept: 'text/html' } });
      expect({ method, status: res.statusCode, location: res.headers.location }).toEqual({
        method,
        status: 308,
        location: path.replace(/(\?|$)/, '/$1'),
      });
    }
  });

  it('follows through: the video page leads to the player', async () => {
    const video = await t.app.inject({ url: `/catalogue/video/${id}/` });
    expect(video.statusCode).toBe(302);
    const player = await t.app.inject({ url: video.headers.location as string });
    expect(player.statusCode).toBe(200);
    expect(player.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
