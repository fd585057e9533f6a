import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import type { SelfieVideo } from '../../src/api/types';
import { VideoPage } from '../../src/features/videos/VideoPage';
import { server } from '../support/msw-server';
import { renderWithProviders, type RenderWithProvidersOptions } from '../support/render';

import { loggedInAs, makeSelfieVideo, owner, serveVideoPage, visitor } from './videos-fixtures';

/**
 * The player on the video page: keyboard shortcuts and their list, resume (server for the
 * signed-in, local storage for visitors), position saving through the API slice and sendBeacon,
 * `t` links, chapters, share a moment, error with Retry, media-chrome in the page's language.
 * jsdom plays nothing: each test's <video> gets a small stand-in for play/pause/time.
 */

const clip = (overrides: Partial<SelfieVideo> = {}) =>
  makeSelfieVideo(1, {
    title: 'Clip',
    status: 'ready',
    width: 1280,
    height: 720,
    duration: 120,
    hlsUrl: null,
    cdnUrl: '/media/videos/v1/video.mp4',
    posterUrl: '/media/videos/v1/poster.jpg',
    ...overrides,
  });

interface MediaStandIn {
  video: HTMLVideoElement;
  play: jest.Mock;
  pause: jest.Mock;
  load: jest.Mock;
  /** Moves playback on to `time` as a playing element would (timeupdate). */
  playTo(time: number): void;
}

/** Gives the player's <video> what jsdom lacks: playing, pausing, seeking, a duration. */
function standIn(video: HTMLVideoElement): MediaStandIn {
  let paused = true;
  let time = 0;
  const define = (name: string, descriptor: PropertyDescriptor) => Object.defineProperty(video, name, { configurable: true, ...descriptor });
  define('paused', { get: () => paused });
  define('duration', { get: () => 120 });
  define('readyState', { get: () => 1 });
  define('currentTime', {
    get: () => time,
    set: (value: number) => {
      time = value;
      video.dispatchEvent(new Event('seeked'));
    },
  });
  const play = jest.fn(() => {
    paused = false;
    video.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = jest.fn(() => {
    paused = true;
    video.dispatchEvent(new Event('pause'));
  });
  const load = jest.fn();
  define('play', { value: play });
  define('pause', { value: pause });
  define('load', { value: load });
  return {
    video,
    play,
    pause,
    load,
    playTo(to: number) {
      time = to;
      video.dispatchEvent(new Event('timeupdate'));
    },
  };
}

function renderAt(route: string, preloadedState: RenderWithProvidersOptions['preloadedState'] = visitor, locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(
    <Routes>
      <Route path="/selfieVideos/:id" element={<VideoPage />} />
    </Routes>,
    { route, preloadedState, locale },
  );
}

/** The page's URL as the player reads it (MemoryRouter leaves window.location alone). */
function atUrl(search: string, hash = '') {
  window.history.replaceState(null, '', `/selfieVideos/v1${search}${hash}`);
}

async function openPlayer(locale: 'en' | 'zh' = 'en', state: RenderWithProvidersOptions['preloadedState'] = visitor) {
  const rendered = renderAt('/selfieVideos/v1', state, locale);
  const video = (await screen.findByLabelText(locale === 'en' ? 'Video player: Clip' : '视频播放器：Clip')) as HTMLVideoElement;
  const media = standIn(video);
  const group = screen.getByRole('region', { name: locale === 'en' ? 'Player: Clip' : '播放器：Clip' });
  return { ...rendered, media, group };
}

function press(target: Element, key: string) {
  fireEvent.keyDown(target, { key });
}

beforeEach(() => atUrl(''));
afterEach(() => window.history.replaceState(null, '', '/'));

describe('keyboard shortcuts', () => {
  it('drives playback from the focused player and lists the shortcuts on ?', async () => {
    serveVideoPage(clip());
    const { media, group, user } = await openPlayer();
    group.focus();
    const status = () => within(group).getAllByRole('status').map((node) => node.textContent).join(' ');

    await user.keyboard('k');
    expect(media.play).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(media.pause).toHaveBeenCalledTimes(1);

    press(group, 'l');
    expect(media.video.currentTime).toBe(10);
    press(group, 'ArrowRight');
    expect(media.video.currentTime).toBe(15);
    press(group, 'ArrowLeft');
    expect(media.video.currentTime).toBe(10);
    press(group, 'j');
    press(group, 'j');
    expect(media.video.currentTime).toBe(0);
    press(group, '5');
    expect(media.video.currentTime).toBe(60);
    press(group, '0');
    expect(media.video.currentTime).toBe(0);

    press(group, 'ArrowDown');
    expect(media.video.volume).toBeCloseTo(0.95);
    expect(status()).toContain('Volume 95%');
    press(group, 'ArrowUp');
    expect(media.video.volume).toBe(1);
    press(group, 'm');
    expect(media.video.muted).toBe(true);
    expect(status()).toContain('Muted');
    press(group, 'm');
    expect(media.video.muted).toBe(false);

    press(group, '>');
    expect(media.video.playbackRate).toBe(1.25);
    expect(status()).toContain('Speed 1.25×');
    press(group, '<');
    press(group, '<');
    expect(media.video.playbackRate).toBe(0.75);

    press(group, 'c');
    expect(status()).toContain('This video has no captions.');

    const requestFullscreen = jest.fn(() => Promise.resolve());
    Object.defineProperty(group, 'requestFullscreen', { configurable: true, value: requestFullscreen });
    press(group, 'f');
    expect(requestFullscreen).toHaveBeenCalledTimes(1);

    press(group, '?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByRole('row', { name: /Back or forward 5 seconds/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: /Jump to 0–90% of the video/ })).toBeInTheDocument();
    // While the list is open, keys are not shortcuts.
    press(group, 'l');
    expect(media.video.currentTime).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves Space to a focused button and keys to the quality menu', async () => {
    serveVideoPage(clip());
    const { media } = await openPlayer();
    const share = screen.getByRole('button', { name: 'Share' });
    press(share, ' ');
    expect(media.play).not.toHaveBeenCalled();
  });

  it('speaks Chinese', async () => {
    serveVideoPage(clip());
    const { media, group, user } = await openPlayer('zh');
    press(group, 'm');
    expect(within(group).getAllByRole('status').map((node) => node.textContent)).toContain('已静音');
    press(group, '>');
    expect(media.video.playbackRate).toBe(1.25);
    press(group, '?');
    const dialog = await screen.findByRole('dialog', { name: '键盘快捷键' });
    expect(within(dialog).getByRole('row', { name: /后退或前进 5 秒/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(screen.getByRole('button', { name: '分享' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '键盘快捷键' })).toBeInTheDocument();
  });
});

describe('media-chrome controls', () => {
  it('replace the native controls once loaded, in the page’s language, with the speed rates 0.25–2×', async () => {
    serveVideoPage(clip());
    const { container } = renderAt('/selfieVideos/v1', visitor, 'zh');
    const video = await screen.findByLabelText('视频播放器：Clip');
    await waitFor(() => expect(container.querySelector('.video-player')).toHaveAttribute('data-controls', 'media-chrome'));
    expect(video).not.toHaveAttribute('controls');
    const controller = container.querySelector('media-controller')!;
    expect(controller).toHaveAttribute('lang', 'zh-CN');
    expect(controller).toHaveAttribute('nohotkeys');
    expect(controller).toHaveAttribute('defaultduration', '120');
    expect(container.querySelector('media-playback-rate-menu')).toHaveAttribute('rates', '0.25 0.5 0.75 1 1.25 1.5 1.75 2');
    // Mounted one per task from the right end inwards, the bar ends in its reading order.
    expect([...container.querySelector('media-control-bar')!.children].map((element) => element.localName)).toEqual([
      'media-play-button',
      'media-time-range',
      'media-time-display',
      'media-mute-button',
      'media-volume-range',
      'media-playback-rate-menu-button',
      'media-captions-menu-button',
      'media-pip-button',
      'media-fullscreen-button',
      // Listen (a real button: docs/player.md "Listen mode"), last from the first stage on.
      'button',
    ]);
    // Nothing but the poster before play.
    expect(video).toHaveAttribute('preload', 'none');
  });

  it('offers the storyboard to the seek preview', async () => {
    serveVideoPage(clip({ storyboardUrl: '/media/videos/v1/storyboard.vtt' }));
    const { container } = renderAt('/selfieVideos/v1');
    await waitFor(() => expect(container.querySelector('track[kind="metadata"]')).not.toBeNull());
    const track = container.querySelector('track[kind="metadata"]')!;
    expect(track).toHaveAttribute('label', 'thumbnails');
    expect(track).toHaveAttribute('src', '/media/videos/v1/storyboard.vtt');
  });
});

describe('resume', () => {
  it('offers a signed-in viewer to resume at resumeAt and saves the position while watching', async () => {
    const saved: number[] = [];
    server.use(
      http.put('*/v0/api/videos/selfieVideos/v1/position', async ({ request }) => {
        saved.push(((await request.json()) as { seconds: number }).seconds);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    serveVideoPage(clip({ resumeAt: 83 }));
    const { media, user } = await openPlayer('en', loggedInAs(owner));

    await user.click(await screen.findByRole('button', { name: 'Resume from 1:23' }));
    expect(media.video.currentTime).toBe(83);
    expect(media.play).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Resume from/ })).not.toBeInTheDocument();

    // 10 s of play, then a pause: two saves.
    for (let time = 83.25; time <= 93.5; time += 0.25) act(() => media.playTo(time));
    await waitFor(() => expect(saved).toContain(93));
    act(() => media.video.pause());
    act(() => media.playTo(95));
    await act(async () => {
      media.video.dispatchEvent(new Event('pause'));
    });
    await waitFor(() => expect(saved).toContain(95));

    // Leaving the page: a beacon (POST, same JSON) carries the last position.
    const beacon = jest.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: beacon });
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(beacon).toHaveBeenCalledWith('/v0/api/videos/selfieVideos/v1/position', expect.any(Blob));
    const body = (beacon.mock.calls[0] as unknown as [string, Blob])[1];
    expect(JSON.parse(await body.text())).toEqual({ seconds: 95 });
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  });

  it('offers the server’s resume point even when the session check ends after the player mounted', async () => {
    serveVideoPage(clip({ resumeAt: 83 }));
    // Rendered as a visitor (the session not known yet): the answer's resumeAt is still the viewer's.
    await openPlayer();
    expect(await screen.findByRole('button', { name: 'Resume from 1:23' })).toBeInTheDocument();
  });

  it('does not offer to resume within 5 s of either end', async () => {
    serveVideoPage(clip({ resumeAt: 117 }));
    await openPlayer('en', loggedInAs(owner));
    expect(screen.queryByRole('button', { name: /Resume from/ })).not.toBeInTheDocument();
  });

  it('resumes a visitor from local storage and saves there, never to the server', async () => {
    window.localStorage.setItem('player.position.v1', '42');
    serveVideoPage(clip({ resumeAt: null }));
    const { media, user } = await openPlayer();
    await user.click(await screen.findByRole('button', { name: 'Start over' }));
    expect(screen.queryByRole('button', { name: /Resume from/ })).not.toBeInTheDocument();
    expect(media.video.currentTime).toBe(0);

    await act(async () => {
      await media.video.play();
    });
    act(() => media.playTo(12));
    act(() => media.video.pause());
    // No PUT handler: a request to the server would fail the test (unhandled requests are errors).
    expect(window.localStorage.getItem('player.position.v1')).toBe('12');
  });

  it('starts a ?t= link at that moment, without a resume offer', async () => {
    atUrl('?t=1m30s');
    serveVideoPage(clip({ resumeAt: 40 }));
    const { media } = await openPlayer('en', loggedInAs(owner));
    expect(screen.queryByRole('button', { name: /Resume from/ })).not.toBeInTheDocument();
    act(() => {
      media.video.dispatchEvent(new Event('loadedmetadata'));
    });
    expect(media.video.currentTime).toBe(90);
  });

  it.each([['?t=9999'], ['?t=-3'], ['?t=soon'], ['#t=%ZZ']])('plays %s from the start without crashing', async (search) => {
    atUrl(search.startsWith('#') ? '' : search, search.startsWith('#') ? search : '');
    serveVideoPage(clip());
    const { media } = await openPlayer();
    act(() => {
      media.video.dispatchEvent(new Event('loadedmetadata'));
    });
    expect(media.video.currentTime).toBe(0);
  });

  it('starts a #t= link too', async () => {
    atUrl('', '#t=30');
    serveVideoPage(clip());
    const { media } = await openPlayer();
    act(() => {
      media.video.dispatchEvent(new Event('loadedmetadata'));
    });
    expect(media.video.currentTime).toBe(30);
  });
});

describe('chapters', () => {
  it('lists the chapters under the video, seeks to one, and marks the one playing', async () => {
    serveVideoPage(
      clip({
        chapters: [
          { start: 0, title: 'Intro' },
          { start: 30, title: 'The trick' },
          { start: 80, title: 'Outtakes' },
        ],
      }),
    );
    const { media, user } = await openPlayer();
    const nav = screen.getByRole('navigation', { name: 'Chapters' });
    const items = within(nav).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual(['0:00Intro', '0:30The trick', '1:20Outtakes']);

    await user.click(within(nav).getByRole('button', { name: /The trick/ }));
    expect(media.video.currentTime).toBe(30);
    act(() => media.playTo(31));
    expect(within(nav).getByRole('button', { name: /The trick/ })).toHaveAttribute('aria-current', 'true');
    expect(within(nav).getByRole('button', { name: /Intro/ })).not.toHaveAttribute('aria-current');
  });
});

describe('share a moment', () => {
  it('copies the link, with the current time when asked', async () => {
    serveVideoPage(clip());
    const { media, user } = await openPlayer();
    // After user-event's setup, which puts its own clipboard in place.
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    act(() => media.playTo(83.6));

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getByRole('button', { name: 'Share' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith('http://localhost/selfieVideos/v1');
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Start at 1:23' }));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith('http://localhost/selfieVideos/v1?t=83');
  });
});

describe('errors', () => {
  it('says the video could not play and retries', async () => {
    serveVideoPage(clip());
    const { media, user } = await openPlayer();
    act(() => {
      media.video.dispatchEvent(new Event('error'));
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The video could not be played.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(media.load).toHaveBeenCalled();
    expect(media.play).toHaveBeenCalled();
  });

  it('says so in Chinese', async () => {
    serveVideoPage(clip());
    const { media } = await openPlayer('zh');
    act(() => {
      media.video.dispatchEvent(new Event('error'));
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('视频无法播放。');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});
