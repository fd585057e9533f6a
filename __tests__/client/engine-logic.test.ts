/**
 * The engine choice the video page and the embed share (src/features/player/engineLogic.ts,
 * docs/player.md): hls.js where Media Source Extensions exist, native HLS without them, the MP4
 * last and after failures; and the embed's own (embedLogic.ts, docs/sharing.md): the track the
 * `c` key turns on.
 */
import { engineFor, fallbackAfter } from '../../src/features/player/engineLogic';
import { captionsToToggle } from '../../src/features/videos/embed/embedLogic';

describe('embed engine choice', () => {
  it('plays HLS with hls.js where MSE exists, natively without MSE, the MP4 last', () => {
    expect(engineFor({ hls: true, mediaSource: true, nativeHls: true })).toBe('hlsjs');
    expect(engineFor({ hls: true, mediaSource: true, nativeHls: false })).toBe('hlsjs');
    expect(engineFor({ hls: true, mediaSource: false, nativeHls: true })).toBe('native');
    expect(engineFor({ hls: true, mediaSource: false, nativeHls: false })).toBe('mp4');
    expect(engineFor({ hls: false, mediaSource: true, nativeHls: true })).toBe('mp4');
  });

  it('falls back from hls.js to native HLS (when there) and then to the MP4, then gives up', () => {
    expect(fallbackAfter('hlsjs', { hls: true, mediaSource: true, nativeHls: true })).toBe('native');
    expect(fallbackAfter('hlsjs', { hls: true, mediaSource: true, nativeHls: false })).toBe('mp4');
    expect(fallbackAfter('native', { hls: true, mediaSource: false, nativeHls: true })).toBe('mp4');
    expect(fallbackAfter('mp4', { hls: true, mediaSource: false, nativeHls: true })).toBeNull();
  });

  it('plays HLS when the MP4 is missing, the MP4 when HLS is missing, nothing when neither can play', () => {
    expect(engineFor({ hls: true, mp4: false, mediaSource: false, nativeHls: false })).toBeNull();
    expect(engineFor({ hls: true, mp4: false, mediaSource: true, nativeHls: false })).toBe('hlsjs');
    expect(engineFor({ hls: false, mp4: true, mediaSource: true, nativeHls: true })).toBe('mp4');
    expect(engineFor({ hls: false, mp4: false, mediaSource: true, nativeHls: true })).toBeNull();
    // No MP4 to fall back on: native HLS when there, else nothing (the player says so).
    expect(fallbackAfter('hlsjs', { hls: true, mp4: false, mediaSource: true, nativeHls: true })).toBe('native');
    expect(fallbackAfter('hlsjs', { hls: true, mp4: false, mediaSource: true, nativeHls: false })).toBeNull();
    expect(fallbackAfter('native', { hls: true, mp4: false, mediaSource: false, nativeHls: true })).toBeNull();
  });
});

describe('the captions toggle', () => {
  it('turns on the asked-for track, else the page language, else the first', () => {
    expect(captionsToToggle(['en', 'zh-Hans'], 'zh-Hans', 'en')).toBe(1);
    expect(captionsToToggle(['en', 'zh-Hans'], '', 'zh-CN')).toBe(1);
    expect(captionsToToggle(['fr', 'de'], '', 'en')).toBe(0);
    expect(captionsToToggle([], 'en', 'en')).toBe(-1);
  });
});
