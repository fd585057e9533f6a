/**
 * The embed page's script (src/features/videos/embed/embedPlayer.ts, docs/sharing.md) on jsdom,
 * as the server writes the page: the shared engine picks what plays from the `data-*` options,
 * nothing loads hls.js where there are no Media Source Extensions, and when nothing can play the
 * title bar says so with a Retry that works (in the page's language). Chromium's side (hls.js,
 * bytes on the wire, captions) is __tests__/e2e/embed.spec.ts.
 */

async function page(attributes: string, lang = 'en') {
  document.documentElement.lang = lang;
  document.body.innerHTML =
    `<div class="bar" role="banner"><a href="/selfieVideos/v1">Clip</a></div>` +
    `<main><video id="player" controls preload="none" aria-label="Clip" ${attributes}></video></main>`;
  const video = document.getElementById('player') as HTMLVideoElement;
  const load = jest.fn();
  const play = jest.fn(() => Promise.resolve());
  Object.defineProperty(video, 'load', { configurable: true, value: load });
  Object.defineProperty(video, 'play', { configurable: true, value: play });
  // The script starts on import (a fresh module each time).
  await jest.isolateModulesAsync(async () => {
    await import('../../src/features/videos/embed/embedPlayer');
  });
  return { video, load, play };
}

function nativeHls(supported: boolean) {
  jest.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type: string) => (supported && type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
}

beforeEach(() => delete (window as { MediaSource?: unknown }).MediaSource);
afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

it('plays native HLS where there are no Media Source Extensions, fetching nothing before play', async () => {
  nativeHls(true);
  const { video, play } = await page('data-hls="/media/v1/hls/master.m3u8" data-mp4="/media/v1/video.mp4"');
  expect(video).toHaveAttribute('src', '/media/v1/hls/master.m3u8');
  expect(video).toHaveAttribute('preload', 'none');
  expect(play).not.toHaveBeenCalled();
  // Native HLS failing: the MP4.
  video.dispatchEvent(new Event('error'));
  expect(video).toHaveAttribute('src', '/media/v1/video.mp4');
});

it('plays the MP4 of a video without HLS, muted and at once with autoplay', async () => {
  nativeHls(true);
  const { video, play } = await page('data-mp4="/media/v1/video.mp4" data-autoplay="1" data-loop="1"');
  expect(video).toHaveAttribute('src', '/media/v1/video.mp4');
  expect(video.muted).toBe(true);
  expect(video.loop).toBe(true);
  expect(play).toHaveBeenCalledTimes(1);
});

it('says in the title bar when nothing can play, and Retry loads it again, playing', async () => {
  nativeHls(false);
  const { video, load, play } = await page('data-mp4="/media/v1/video.mp4"');
  video.dispatchEvent(new Event('error'));
  const alert = document.querySelector('.bar [role="alert"]');
  expect(alert).toHaveTextContent('The video could not be played.');
  (alert!.querySelector('[role="button"]') as HTMLElement).click();
  expect(document.querySelector('[role="alert"]')).toBeNull();
  expect(load).toHaveBeenCalledTimes(1);
  expect(play).toHaveBeenCalledTimes(1);
});

it('says so in Chinese on a Chinese page, and at once when HLS it cannot play is all there is', async () => {
  nativeHls(false);
  await page('data-hls="/media/v1/hls/master.m3u8"', 'zh-CN');
  const alert = document.querySelector('.bar [role="alert"]');
  expect(alert).toHaveTextContent('视频无法播放。');
  expect(alert).toHaveTextContent('重试');
});

describe('listen mode', () => {
  it('a Listen button in the title bar moves the element to the audio playlist at the same time, and back', async () => {
    nativeHls(true);
    const { video } = await page('data-hls="/media/v1/hls/master.m3u8" data-mp4="/media/v1/video.mp4" data-audio="/media/v1/audio.m3u8"');
    const listen = document.querySelector('.bar button') as HTMLButtonElement;
    expect(listen).toHaveTextContent('Listen');
    expect(listen).toHaveAttribute('aria-pressed', 'false');
    listen.click();
    expect(listen).toHaveAttribute('aria-pressed', 'true');
    expect(video).toHaveAttribute('src', '/media/v1/audio.m3u8');
    listen.click();
    expect(listen).toHaveAttribute('aria-pressed', 'false');
    expect(video).toHaveAttribute('src', '/media/v1/hls/master.m3u8');
  });

  it('a video without sound: the button says why, in the page’s language, and changes nothing', async () => {
    nativeHls(true);
    const { video } = await page('data-hls="/media/v1/hls/master.m3u8" data-mp4="/media/v1/video.mp4" data-no-sound="1"', 'zh-CN');
    const listen = document.querySelector('.bar button') as HTMLButtonElement;
    expect(listen).toHaveTextContent('收听');
    expect(listen).toHaveAttribute('aria-disabled', 'true');
    expect(listen).toHaveAccessibleDescription('此视频没有声音');
    listen.click();
    expect(listen).toHaveAttribute('aria-pressed', 'false');
    expect(video).toHaveAttribute('src', '/media/v1/hls/master.m3u8');
  });
});
