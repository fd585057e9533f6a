import { act, screen, waitFor } from '@testing-library/react';

import { VideoPlayer } from '../../src/features/videos/VideoPlayer';
import { renderWithProviders } from '../support/render';

/**
 * The player's Listen toggle (docs/player.md "Listen mode"): a real button in the control bar
 * with aria-pressed, named in en and zh; on, the poster and "Listening" take the picture's place
 * and the element keeps playing (jsdom has no Media Source Extensions nor native HLS: the MP4
 * plays on, the picture hidden; the engine's source switching is player-listen.test.ts's);
 * a video without sound says why instead of a dead button.
 */

/** What jsdom's <video> lacks: playing, pausing, a time. */
function standIn(video: HTMLVideoElement) {
  let paused = true;
  let time = 0;
  const define = (name: string, descriptor: PropertyDescriptor) => Object.defineProperty(video, name, { configurable: true, ...descriptor });
  define('paused', { get: () => paused });
  define('duration', { get: () => 120 });
  define('readyState', { get: () => 1 });
  define('currentTime', { get: () => time, set: (value: number) => (time = value) });
  const play = jest.fn(() => {
    paused = false;
    video.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const load = jest.fn();
  define('play', { value: play });
  define('pause', { value: jest.fn() });
  define('load', { value: load });
  return { play, load, at: (seconds: number) => (time = seconds) };
}

function renderPlayer(props: { hasAudio?: boolean | null; audioUrl?: string | null; qualities?: number }, locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(
    <VideoPlayer
      src="/media/v1/video.mp4"
      hlsUrl="/media/v1/master.m3u8"
      poster="/media/v1/poster.webp"
      title="Clip"
      width={1280}
      height={720}
      duration={120}
      {...props}
    />,
    { locale },
  );
}

describe('the Listen toggle', () => {
  it('is a button with aria-pressed in the control bar; on, the poster and "Listening" show and playback goes on', async () => {
    const { container, user } = renderPlayer({ hasAudio: true, audioUrl: '/media/v1/audio.m3u8', qualities: 3 });
    const video = container.querySelector('video')!;
    expect(screen.getByRole('combobox', { name: 'Quality' })).toBeInTheDocument();
    const media = standIn(video);
    const listen = await screen.findByRole('button', { name: 'Listen' });
    expect(listen.closest('media-control-bar')).not.toBeNull();
    expect(listen).toHaveAttribute('aria-pressed', 'false');
    expect(listen).not.toHaveAttribute('aria-disabled');

    await user.click(screen.getByRole('region', { name: 'Player: Clip' }));
    act(() => {
      void video.play();
      video.dispatchEvent(new Event('playing'));
    });
    media.at(42);
    // Playing: the poster layer is gone.
    await waitFor(() => expect(container.querySelector('img.video-player__poster')).toBeNull());

    await user.click(listen);
    expect(listen).toHaveAttribute('aria-pressed', 'true');
    expect(container.querySelector('.video-player')).toHaveAttribute('data-listening', 'on');
    expect(container.querySelector('.video-player__listening')).toHaveTextContent('Listening');
    expect(container.querySelector('img.video-player__poster')).toHaveAttribute('src', '/media/v1/poster.webp');
    expect(screen.getByRole('status')).toHaveTextContent('Listen mode on');
    // Sound only: no picture quality to choose.
    expect(screen.queryByRole('combobox', { name: 'Quality' })).toBeNull();
    // The element plays on from where it was (here the MP4, all jsdom can play).
    expect(video.currentTime).toBe(42);
    expect(video.paused).toBe(false);

    await user.click(listen);
    expect(listen).toHaveAttribute('aria-pressed', 'false');
    expect(container.querySelector('.video-player__listening')).toBeNull();
    expect(container.querySelector('img.video-player__poster')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Listen mode off');
    expect(screen.getByRole('combobox', { name: 'Quality' })).toBeInTheDocument();
  });

  it('is there for a video whose audio playlist is not made yet (it keeps its source, picture hidden)', async () => {
    const { container, user } = renderPlayer({ hasAudio: true, audioUrl: null });
    standIn(container.querySelector('video')!);
    const listen = await screen.findByRole('button', { name: 'Listen' });
    await user.click(listen);
    expect(listen).toHaveAttribute('aria-pressed', 'true');
    expect(container.querySelector('.video-player__listening')).toHaveTextContent('Listening');
  });

  it('speaks Chinese', async () => {
    const { container, user } = renderPlayer({ hasAudio: true, audioUrl: '/media/v1/audio.m3u8' }, 'zh');
    standIn(container.querySelector('video')!);
    const listen = await screen.findByRole('button', { name: '收听' });
    await user.click(listen);
    expect(container.querySelector('.video-player__listening')).toHaveTextContent('正在收听');
    expect(screen.getByRole('status')).toHaveTextContent('收听模式已开启');
  });

  it('a video without sound: the button says why (visibly and when pressed) and changes nothing', async () => {
    const { container, user } = renderPlayer({ hasAudio: false, audioUrl: null });
    standIn(container.querySelector('video')!);
    const listen = await screen.findByRole('button', { name: 'Listen' });
    expect(listen).toHaveAttribute('aria-disabled', 'true');
    expect(listen).toHaveAccessibleDescription('This video has no sound');
    expect(screen.getByText('This video has no sound')).toBeVisible();
    await user.click(listen);
    expect(listen).toHaveAttribute('aria-pressed', 'false');
    expect(container.querySelector('.video-player__listening')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('This video has no sound');
  });

  it('says it in Chinese', async () => {
    const { container } = renderPlayer({ hasAudio: false }, 'zh');
    standIn(container.querySelector('video')!);
    const listen = await screen.findByRole('button', { name: '收听' });
    expect(listen).toHaveAccessibleDescription('此视频没有声音');
  });
});
