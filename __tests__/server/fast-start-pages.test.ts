/**
 * The embed page carries the fast-start source picker (server/http/fast-start.ts) when its video
 * has rungs to choose from, and its own Content-Security-Policy allows exactly that script.
 */
import { FAST_START_HASH, FAST_START_TAG, progressiveAttribute } from '../../server/http/fast-start';
import { EMBED_CSP, embedPlayerPage } from '../../server/pages/embed-page';

const base = {
  htmlLang: 'en',
  title: 'Clip',
  pageUrl: 'http://localhost/selfieVideos/v1',
  watchUrl: 'http://localhost/selfieVideos/v1',
  watchOn: 'Watch on ClipNest',
  tracks: [],
  scripts: ['/assets/embed.1.js'],
};

describe('fast start on the embed page', () => {
  it('adds the picker after the video when it has rungs, and only then', () => {
    const rungs = progressiveAttribute([
      { url: '/media/r/240p.mp4', width: 426, height: 240 },
      { url: '/media/r/video.mp4', width: 1280, height: 720 },
    ]);
    const withRungs = embedPlayerPage({ ...base, attributes: { id: 'player', src: '/media/r/video.mp4', 'data-progressive': rungs } });
    expect(withRungs).toContain(`</video></main>${FAST_START_TAG}</body>`);
    expect(withRungs).toContain('data-progressive="[[&quot;/media/r/240p.mp4&quot;,426,240],[&quot;/media/r/video.mp4&quot;,1280,720]]"');
    const without = embedPlayerPage({ ...base, attributes: { id: 'player', src: '/media/r/video.mp4' } });
    expect(without).not.toContain(FAST_START_TAG);
  });

  it('allows the picker, and no other inline script, by its hash', () => {
    const scriptSrc = /script-src ([^;]*)/.exec(EMBED_CSP)?.[1];
    expect(scriptSrc).toBe(`'self' ${FAST_START_HASH}`);
  });
});
