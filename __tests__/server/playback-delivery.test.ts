/**
 * Fast start on the video page (pages/critical-path.ts, docs/playback.md): the HTML preloads the
 * HLS master playlist the way the player fetches it and announces it with the poster in a Link
 * header; nothing of the kind for a video the visitor may not see or one not ready.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { linkHeaderFor } from '../../server/pages/critical-path';
import { createTestUser, makeTestApp, type TestApp } from '../support/server';
import { createTestVideo } from '../support/videos';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const PREFIX = 'renditions/0123456789abcdef01234567/0badc0de';

function manifest() {
  return JSON.stringify({
    version: 1,
    hls: 'master.m3u8',
    mp4: 'video.mp4',
    mp4Bytes: 1000,
    mp4Width: 1280,
    mp4Height: 720,
    poster: 'poster.jpg',
    cards: [],
    variants: [],
    quick: false,
  });
}

describe('video page hints', () => {
  let t: TestApp;
  let spaDir: string;

  beforeEach(async () => {
    spaDir = await mkdtemp(path.join(tmpdir(), 'playback-delivery-'));
    await writeFile(path.join(spaDir, 'index.html'), '<!doctype html><html><head><title>Site</title></head><body><div id="root"></div></body></html>');
    t = await makeTestApp({ config: { spaDir } });
  });

  afterEach(async () => {
    await t.close();
    await rm(spaDir, { recursive: true, force: true });
  });

  it('preloads the master playlist (no credentials mode beyond same-origin) and sends a Link header with it and the poster', async () => {
    const owner = await createTestUser(t.app);
    const video = await createTestVideo(t.app, owner.id, { renditions_prefix: PREFIX, renditions: manifest(), duration: 40 });
    const res = await t.app.inject({ method: 'GET', url: `/selfieVideos/${video.id}`, headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="preload" href="/media/${PREFIX}/master.m3u8" as="fetch" crossorigin="anonymous">`);
    expect(res.body).toContain(`<link rel="preload" href="/media/${PREFIX}/poster.jpg" as="image" fetchpriority="high">`);
    expect(res.headers.link).toBe(
      `</media/${PREFIX}/master.m3u8>; rel=preload; as=fetch; crossorigin=anonymous, </media/${PREFIX}/poster.jpg>; rel=preload; as=image; fetchpriority=high`,
    );
  });

  it('adds neither for a private video seen by a visitor, a video still processing, or a missing one', async () => {
    const owner = await createTestUser(t.app);
    const hidden = await createTestVideo(t.app, owner.id, { visibility: 'private', renditions_prefix: PREFIX, renditions: manifest() });
    const processing = await createTestVideo(t.app, owner.id, { status: 'processing' });
    for (const id of [hidden.id, processing.id, '0123456789abcdef01234567']) {
      const res = await t.app.inject({ method: 'GET', url: `/selfieVideos/${id}`, headers: HTML });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('.m3u8');
      expect(res.headers.link).toBeUndefined();
    }
  });

  it.each(['-5', '99999', 'abc', '1e999', ''])('answers the page with the same hints for ?t=%s (the player clamps it)', async (value) => {
    const owner = await createTestUser(t.app);
    const video = await createTestVideo(t.app, owner.id, { renditions_prefix: PREFIX, renditions: manifest(), duration: 40 });
    const res = await t.app.inject({ method: 'GET', url: `/selfieVideos/${video.id}?t=${encodeURIComponent(value)}`, headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`/media/${PREFIX}/master.m3u8`);
  });

  it('sends no Link header on pages without media', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: HTML });
    expect(res.headers.link).toBeUndefined();
  });
});

describe('linkHeaderFor', () => {
  it('keeps URLs from breaking out of their <…>', () => {
    const header = linkHeaderFor({ fetches: [], bootstrap: {}, images: [], media: ['/media/a b>,c;d.m3u8'] });
    expect(header).toBe('</media/a%20b%3E%2Cc%3Bd.m3u8>; rel=preload; as=fetch; crossorigin=anonymous');
  });
});
