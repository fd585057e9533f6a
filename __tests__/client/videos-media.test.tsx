import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import type { SelfieVideo, VideoProcessingResponse } from '../../src/api/types';
import { ProfilePage } from '../../src/features/profile/ProfilePage';
import { EditVideoPage } from '../../src/features/videos/EditVideoPage';
import { SelfieVideosPage } from '../../src/features/videos/SelfieVideosPage';
import { VideoPage } from '../../src/features/videos/VideoPage';
import { server } from '../support/msw-server';
import { renderWithProviders, type RenderWithProvidersOptions } from '../support/render';

import {
  currentLocation,
  LocationProbe,
  loggedInAs,
  makeSelfieVideo,
  otherUser,
  owner,
  pause,
  recordRequests,
  serveNoPlaylists,
  serveVideoPage,
  visitor,
} from './videos-fixtures';

/**
 * The media pipeline in the SPA: processing and failed states (polled through the API slice),
 * the HLS player (hls.js mocked at its module boundary: jsdom has no Media Source Extensions)
 * with its quality menu and MP4 fallback, and the cards' responsive images.
 */
jest.mock('hls.js/light', () => {
  type Handler = (event: string, data: unknown) => void;
  class FakeHls {
    static instances: FakeHls[] = [];
    static supported = true;
    static isSupported() {
      return FakeHls.supported;
    }
    static Events = { MANIFEST_PARSED: 'hlsManifestParsed', LEVEL_LOADED: 'hlsLevelLoaded', ERROR: 'hlsError' };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    config: Record<string, unknown>;
    levels: Array<{ width: number; height: number; bitrate: number }> = [];
    currentLevel = -1;
    nextLevel = -1;
    startLevel = -1;
    autoLevelCapping = -1;
    bandwidthEstimate = 0;
    /** Where startLoad was called (undefined: not yet). */
    loadingFrom: number | undefined;
    source: string | undefined;
    media: HTMLMediaElement | undefined;
    destroyed = false;
    recoveries = 0;
    handlers = new Map<string, Handler[]>();
    constructor(config: Record<string, unknown>) {
      this.config = { ...config };
      FakeHls.instances.push(this);
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    }
    emit(event: string, data: unknown) {
      for (const handler of this.handlers.get(event) ?? []) handler(event, data);
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media;
    }
    startLoad(position: number) {
      this.loadingFrom = position;
    }
    recoverMediaError() {
      this.recoveries += 1;
    }
    destroy() {
      this.destroyed = true;
    }
  }
  return { __esModule: true, default: FakeHls };
});

interface FakeHlsInstance {
  config: Record<string, unknown>;
  levels: Array<{ width: number; height: number; bitrate: number }>;
  currentLevel: number;
  nextLevel: number;
  startLevel: number;
  autoLevelCapping: number;
  loadingFrom: number | undefined;
  source: string | undefined;
  media: HTMLMediaElement | undefined;
  destroyed: boolean;
  recoveries: number;
  emit(event: string, data: unknown): void;
}
const FakeHls = (jest.requireMock('hls.js/light') as { default: { instances: FakeHlsInstance[]; supported: boolean } }).default;

const LADDER = [
  { width: 360, height: 640, bitrate: 800_000 },
  { width: 720, height: 1280, bitrate: 2_800_000 },
  { width: 480, height: 854, bitrate: 1_400_000 },
];

const portraitReady = makeSelfieVideo(1, {
  title: 'Portrait clip',
  status: 'ready',
  width: 720,
  height: 1280,
  duration: 4.04,
  hlsUrl: '/media/videos/v1/hls/master.m3u8',
  cdnUrl: '/media/videos/v1/video.mp4',
  posterUrl: '/media/videos/v1/poster.jpg',
});

const processing = (overrides: Partial<SelfieVideo> = {}) =>
  makeSelfieVideo(1, {
    title: 'Portrait clip',
    status: 'processing',
    processingProgress: 10,
    width: 720,
    height: 1280,
    hlsUrl: null,
    posterUrl: null,
    cdnUrl: '/media/videos/v1.mov',
    ...overrides,
  });

function renderAt(
  route: string,
  preloadedState: RenderWithProvidersOptions['preloadedState'] = loggedInAs(owner),
  locale: 'en' | 'zh' = 'en',
) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/selfieVideos" element={<SelfieVideosPage />} />
        <Route path="/selfieVideos/:id" element={<VideoPage />} />
        <Route path="/selfieVideos/edit/:id" element={<EditVideoPage />} />
        <Route path="/profile/:id" element={<ProfilePage />} />
      </Routes>
      <LocationProbe />
    </>,
    { route, preloadedState, locale },
  );
}

/** Answers the processing route with the given answers in turn (the last one repeats); counts the polls. */
function serveProcessing(id: string, answers: Array<Partial<VideoProcessingResponse>>) {
  const log = { polls: 0 };
  server.use(
    http.get(`*/v0/api/videos/selfieVideos/${id}/processing`, () => {
      const answer = answers[Math.min(log.polls, answers.length - 1)]!;
      log.polls += 1;
      return HttpResponse.json({ success: true, processingError: null, hlsUrl: null, ...answer });
    }),
  );
  return log;
}

/** Makes the browser claim (or not) native HLS playback. */
function nativeHls(supported: boolean) {
  jest
    .spyOn(HTMLMediaElement.prototype, 'canPlayType')
    .mockImplementation((type: string) => (supported && type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
}

/** The master playlist of v1 (720p and 360p), which native HLS playback reads for its quality menu. */
function serveMasterPlaylist() {
  server.use(
    http.get(
      '*/media/videos/v1/hls/master.m3u8',
      () =>
        new HttpResponse(
          [
            '#EXTM3U',
            '#EXT-X-VERSION:7',
            '#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=720x1280,CODECS="avc1.640028,mp4a.40.2"',
            '720/index.m3u8',
            '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=360x640,CODECS="avc1.64001e,mp4a.40.2"',
            '360/index.m3u8',
          ].join('\n'),
          { headers: { 'Content-Type': 'application/vnd.apple.mpegurl' } },
        ),
    ),
  );
}

/** jsdom has no Media Source Extensions; hls.js needs them. */
function mediaSource(available: boolean) {
  if (available) Object.defineProperty(window, 'MediaSource', { value: class {}, configurable: true, writable: true });
  else delete (window as { MediaSource?: unknown }).MediaSource;
}

beforeEach(() => {
  FakeHls.instances.length = 0;
  FakeHls.supported = true;
  serveNoPlaylists();
});
afterEach(() => mediaSource(false));

describe('processing states', () => {
  it('shows "Processing… 42%" with a live bar, then switches to the player once ready, and stops polling', async () => {
    let ready = false;
    serveVideoPage(processing(), {
      answer: () => HttpResponse.json({ success: true, video: ready ? portraitReady : processing() }),
    });
    const polls = serveProcessing('v1', [
      { status: 'processing', processingProgress: 42 },
      { status: 'processing', processingProgress: 77 },
      { status: 'ready', processingProgress: 100, hlsUrl: portraitReady.hlsUrl },
    ]);
    const requests = recordRequests();
    renderAt('/selfieVideos/v1');

    expect(await screen.findByText('Processing… 42%')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Processing progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.queryByLabelText('Video player: Portrait clip')).not.toBeInTheDocument();

    expect(await screen.findByText('Processing… 77%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Processing progress' })).toHaveAttribute('aria-valuenow', '77');

    ready = true;
    const player = await screen.findByLabelText('Video player: Portrait clip');
    expect(player.tagName).toBe('VIDEO');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(player).toHaveAttribute('poster', '/media/videos/v1/poster.jpg');
    // Screen readers hear that it is ready.
    expect(screen.getByText('Your video is ready to play.')).toHaveAttribute('role', 'status');

    // The ready answer ended the polling; the video was fetched again once, not on every poll.
    const pollsWhenReady = polls.polls;
    expect(pollsWhenReady).toBe(3);
    await pause(2000);
    expect(polls.polls).toBe(pollsWhenReady);
    expect(requests.filter((line) => line === 'GET /v0/api/videos/selfieVideos/v1')).toHaveLength(2);
  }, 30_000);

  it('shows the failed state with the reason and a Delete action', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    serveVideoPage(processing());
    serveProcessing('v1', [{ status: 'failed', processingProgress: 30, processingError: 'The file has no video stream.' }]);
    const requests = recordRequests();
    server.use(
      http.delete('*/v0/api/videos/selfieVideos/v1', () => HttpResponse.json({ success: true, message: 'Video deleted.' })),
      http.get('*/v0/api/users/:id', () =>
        HttpResponse.json({ success: true, user: { _id: owner._id, username: owner.username }, videos: [], likedVideos: [] }),
      ),
    );
    const { user } = renderAt('/selfieVideos/v1');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This video could not be processed.');
    expect(alert).toHaveTextContent('Reason: The file has no video stream.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete this video' }));
    await waitFor(() => expect(currentLocation()).toBe('/profile/u42'));
    expect(requests).toContain('DELETE /v0/api/videos/selfieVideos/v1');
  });

  it('shows a video that failed before the page opened, without polling', async () => {
    const failed = processing({ status: 'failed', processingError: 'The video stream cannot be decoded.' });
    serveVideoPage(failed);
    const polls = serveProcessing('v1', [{ status: 'failed' }]);
    renderAt('/selfieVideos/v1');

    expect(await screen.findByText('Reason: The video stream cannot be decoded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete this video' })).toBeInTheDocument();
    await pause(200);
    expect(polls.polls).toBe(0);
  });

  it('offers the failed state no Delete to someone who is not the owner', async () => {
    serveVideoPage(processing({ status: 'failed', processingError: 'Broken file.' }));
    renderAt('/selfieVideos/v1', loggedInAs(otherUser));
    expect(await screen.findByText('Reason: Broken file.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('shows the live percent on the owner’s profile cards and the reason on a failed one', async () => {
    const failed = makeSelfieVideo(2, { title: 'Broken upload', status: 'failed', processingError: 'No video stream.' });
    server.use(
      http.get('*/v0/api/users/:id', () =>
        HttpResponse.json({
          success: true,
          user: { _id: owner._id, username: owner.username, email: owner.email },
          videos: [processing({ processingProgress: 5 }), failed, makeSelfieVideo(3, { title: 'Ready one' })],
          likedVideos: [],
        }),
      ),
    );
    serveProcessing('v1', [{ status: 'processing', processingProgress: 42 }]);
    renderAt('/profile/u42');

    expect(await screen.findByText('Processing… 42%')).toBeInTheDocument();
    const uploaded = screen.getByRole('region', { name: 'Uploaded Videos' });
    expect(within(uploaded).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
    expect(within(uploaded).getByText('Processing failed')).toBeInTheDocument();
    expect(within(uploaded).getByText('Reason: No video stream.')).toBeInTheDocument();
    expect(within(uploaded).getByRole('button', { name: 'Delete Broken upload' })).toBeInTheDocument();
    // Only the processing video is polled; the ready one shows its duration.
    expect(within(uploaded).getAllByRole('progressbar')).toHaveLength(1);
    expect(within(uploaded).getAllByText('1:05').length).toBeGreaterThan(0);
  });

  it('shows the processing state above the edit form', async () => {
    serveVideoPage(processing());
    serveProcessing('v1', [{ status: 'processing', processingProgress: 63 }]);
    renderAt('/selfieVideos/edit/v1');

    expect(await screen.findByText('Processing… 63%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Processing progress' })).toHaveAttribute('aria-valuenow', '63');
    expect(screen.getByLabelText('Title')).toHaveValue('Portrait clip');
  });

  it('speaks Chinese', async () => {
    serveVideoPage(processing());
    serveProcessing('v1', [
      { status: 'processing', processingProgress: 42 },
      { status: 'failed', processingError: '文件中没有视频流。' },
    ]);
    renderAt('/selfieVideos/v1', loggedInAs(owner), 'zh');

    expect(await screen.findByText('处理中… 42%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '处理进度' })).toBeInTheDocument();
    expect(await screen.findByText('此视频无法处理。')).toBeInTheDocument();
    expect(screen.getByText('原因：文件中没有视频流。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '删除此视频' })).toBeInTheDocument();
  });
});

describe('player', () => {
  it('reserves the video’s own aspect ratio and has an accessible name', async () => {
    nativeHls(false);
    mediaSource(false);
    serveVideoPage(portraitReady);
    const { container } = renderAt('/selfieVideos/v1', visitor);
    const player = await screen.findByLabelText('Video player: Portrait clip');
    const box = container.querySelector<HTMLElement>('.video-player')!;
    expect(box.style.getPropertyValue('--video-w')).toBe('720');
    expect(box.style.getPropertyValue('--video-h')).toBe('1280');
    expect(player).toHaveAttribute('width', '720');
    expect(player).toHaveAttribute('height', '1280');
  });

  it('plays HLS through hls.js (loaded only then) with Auto plus every rendition, best first', async () => {
    nativeHls(false);
    mediaSource(true);
    serveVideoPage(portraitReady);
    const { user } = renderAt('/selfieVideos/v1', visitor);
    const player = await screen.findByLabelText('Video player: Portrait clip');

    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const hls = FakeHls.instances[0]!;
    expect(hls.source).toBe('/media/videos/v1/hls/master.m3u8');
    expect(hls.media).toBe(player);
    expect(player).not.toHaveAttribute('src');

    hls.levels = LADDER;
    act(() => hls.emit('hlsManifestParsed', { levels: LADDER }));
    const quality = await screen.findByRole('combobox', { name: 'Quality' });
    expect(within(quality).getAllByRole('option').map((option) => option.textContent)).toEqual(['Auto', '720p', '480p', '360p']);
    expect(quality).toHaveDisplayValue('Auto');

    await user.selectOptions(quality, '480p');
    expect(hls.currentLevel).toBe(2);
    await user.selectOptions(quality, '720p');
    expect(hls.currentLevel).toBe(1);
    await user.selectOptions(quality, 'Auto');
    expect(hls.nextLevel).toBe(-1);
  });

  it('falls back to the MP4 when hls.js fails for good', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    nativeHls(false);
    mediaSource(true);
    serveVideoPage(portraitReady);
    renderAt('/selfieVideos/v1', visitor);
    const player = await screen.findByLabelText('Video player: Portrait clip');
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const hls = FakeHls.instances[0]!;
    hls.levels = LADDER;
    act(() => hls.emit('hlsManifestParsed', { levels: LADDER }));
    await screen.findByRole('combobox', { name: 'Quality' });

    // A media error is recovered once; a second one, or a network failure, ends hls.js.
    act(() => hls.emit('hlsError', { fatal: true, type: 'mediaError', details: 'bufferAppendError' }));
    expect(hls.recoveries).toBe(1);
    expect(hls.destroyed).toBe(false);
    act(() => hls.emit('hlsError', { fatal: true, type: 'networkError', details: 'manifestLoadError' }));

    await waitFor(() => expect(player).toHaveAttribute('src', '/media/videos/v1/video.mp4'));
    expect(hls.destroyed).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Quality' })).not.toBeInTheDocument();
  });

  it('plays the MP4 where neither native HLS nor Media Source Extensions exist, without loading hls.js', async () => {
    nativeHls(false);
    mediaSource(false);
    serveVideoPage(portraitReady);
    renderAt('/selfieVideos/v1', visitor);
    const player = await screen.findByLabelText('Video player: Portrait clip');
    await waitFor(() => expect(player).toHaveAttribute('src', '/media/videos/v1/video.mp4'));
    expect(FakeHls.instances).toHaveLength(0);
  });

  it('plays native HLS without hls.js where there are no Media Source Extensions, its quality menu read from the master playlist', async () => {
    nativeHls(true);
    mediaSource(false);
    serveVideoPage(portraitReady);
    serveMasterPlaylist();
    const { user } = renderAt('/selfieVideos/v1', visitor);
    const player = await screen.findByLabelText('Video player: Portrait clip');
    await waitFor(() => expect(player).toHaveAttribute('src', '/media/videos/v1/hls/master.m3u8'));

    const quality = await screen.findByRole('combobox', { name: 'Quality' });
    expect(within(quality).getAllByRole('option').map((option) => option.textContent)).toEqual(['Auto', '720p', '360p']);
    await user.selectOptions(quality, '360p');
    expect(player).toHaveAttribute('src', 'http://localhost/media/videos/v1/hls/360/index.m3u8');
    await user.selectOptions(quality, 'Auto');
    expect(player).toHaveAttribute('src', '/media/videos/v1/hls/master.m3u8');
    expect(FakeHls.instances).toHaveLength(0);
  });

  it('prefers hls.js to native HLS where Media Source Extensions exist (it alone caps and prefetches)', async () => {
    nativeHls(true);
    mediaSource(true);
    serveVideoPage(portraitReady);
    const { container } = renderAt('/selfieVideos/v1', visitor);
    const player = await screen.findByLabelText('Video player: Portrait clip');
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    expect(player).not.toHaveAttribute('src');
    await waitFor(() => expect(container.querySelector('.video-player')).toHaveAttribute('data-engine', 'hlsjs'));
    // hls.js decides what is fetched: the element may open its media source before play.
    expect(player).toHaveAttribute('preload', 'auto');
  });

  it('before play: playlists, then only the first fragment when it fits the budget; everything once playing', async () => {
    nativeHls(false);
    mediaSource(true);
    serveVideoPage(portraitReady);
    renderAt('/selfieVideos/v1', visitor);
    const player = await screen.findByLabelText('Video player: Portrait clip');
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const hls = FakeHls.instances[0]!;
    // No fragment at all until the start level's playlist says how long its first fragment is.
    expect(hls.config).toMatchObject({ autoStartLoad: false, maxMaxBufferLength: 0 });
    const ladder = [
      { width: 240, height: 426, bitrate: 260_000 },
      { width: 360, height: 640, bitrate: 800_000 },
      { width: 720, height: 1280, bitrate: 2_800_000 },
    ];
    hls.levels = ladder;
    act(() => hls.emit('hlsManifestParsed', { levels: ladder }));
    // jsdom lays nothing out: a box of unknown size caps nothing, and the start level is the one
    // whose first fragment arrives within 0.5 s at the default estimate (500 kbit/s): the lowest.
    expect(hls.startLevel).toBe(0);
    expect(hls.loadingFrom).toBe(-1);
    // A 1 s first fragment at 260 kbit/s (~33 KB) fits the budget: it alone may load.
    act(() => hls.emit('hlsLevelLoaded', { level: 0, details: { fragments: [{ start: 0, duration: 1 }, { start: 1, duration: 1 }] } }));
    expect(hls.config.maxMaxBufferLength).toBe(0.1);

    act(() => {
      player.dispatchEvent(new Event('play'));
    });
    expect(hls.config.maxMaxBufferLength).toBe(60);
  });

  it('does not prefetch a first fragment over the budget', async () => {
    nativeHls(false);
    mediaSource(true);
    serveVideoPage(portraitReady);
    renderAt('/selfieVideos/v1', visitor);
    await screen.findByLabelText('Video player: Portrait clip');
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const hls = FakeHls.instances[0]!;
    const ladder = [{ width: 720, height: 1280, bitrate: 2_800_000 }];
    hls.levels = ladder;
    act(() => hls.emit('hlsManifestParsed', { levels: ladder }));
    act(() => hls.emit('hlsLevelLoaded', { level: 0, details: { fragments: [{ start: 0, duration: 2 }] } }));
    expect(hls.config.maxMaxBufferLength).toBe(0);
  });

  describe('the poster before play, in a desktop-sized box (960×540)', () => {
    const ladder = [
      { width: 426, height: 240, bitrate: 290_000 },
      { width: 640, height: 360, bitrate: 505_000 },
      { width: 854, height: 480, bitrate: 744_000 },
      { width: 1280, height: 720, bitrate: 1_650_000 },
    ];
    const landscape = makeSelfieVideo(1, { ...portraitReady, width: 1280, height: 720 });
    // The box's size (jsdom lays nothing out) must not reach the other tests.
    afterEach(() => jest.restoreAllMocks());
    /** The element now holds a decoded frame of this height (what hls.js appending a fragment does). */
    const decoded = (video: HTMLElement, height: number) =>
      act(() => {
        Object.defineProperty(video, 'readyState', { value: 4, configurable: true });
        Object.defineProperty(video, 'videoWidth', { value: Math.round((height * 16) / 9), configurable: true });
        Object.defineProperty(video, 'videoHeight', { value: height, configurable: true });
        video.dispatchEvent(new Event('resize'));
        video.dispatchEvent(new Event('loadeddata'));
      });

    async function openDesktop() {
      jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 960, bottom: 540, width: 960, height: 540, toJSON: () => ({}) });
      nativeHls(false);
      mediaSource(true);
      serveVideoPage(landscape);
      const { container } = renderAt('/selfieVideos/v1', visitor);
      const player = await screen.findByLabelText('Video player: Portrait clip');
      await waitFor(() => expect(container.querySelector('.video-player')).toHaveAttribute('data-controls', 'media-chrome'));
      await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
      const hls = FakeHls.instances[0]!;
      hls.levels = ladder;
      act(() => hls.emit('hlsManifestParsed', { levels: ladder }));
      const poster = () => container.querySelector('img.video-player__poster');
      return { container, player, hls, poster };
    }

    it('starts on the quick rung, caps Auto at the rung the box fits, and keeps the poster over the prefetched 240p frame until playback', async () => {
      const { player, hls, poster } = await openDesktop();
      // The start level is chosen for a quick start (500 kbit/s assumed: 240p), Auto capped from
      // the start at 720p, the smallest rung at or above the 540 px box (480p would be upscaled).
      expect(hls.startLevel).toBe(0);
      expect(hls.autoLevelCapping).toBe(3);
      // The poster layer covers the video, in media-chrome's poster slot, so the 240p fragment may still be prefetched.
      expect(poster()).toHaveAttribute('src', '/media/videos/v1/poster.jpg');
      expect(poster()).toHaveAttribute('slot', 'poster');
      act(() => hls.emit('hlsLevelLoaded', { level: 0, details: { fragments: [{ start: 0, duration: 1 }] } }));
      expect(hls.config.maxMaxBufferLength).toBe(0.1);

      decoded(player, 240);
      expect(poster()).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Quality' })).toHaveDisplayValue('Auto');

      // Playback starts: moving pictures take over, whatever the rung, and the menu names it.
      act(() => {
        player.dispatchEvent(new Event('play'));
        player.dispatchEvent(new Event('playing'));
      });
      expect(poster()).not.toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Quality' })).toHaveDisplayValue('Auto (240p)');
    });

    it('lets a frame as sharp as the box needs take the poster’s place before play', async () => {
      const { player, poster } = await openDesktop();
      decoded(player, 480);
      expect(poster()).toBeInTheDocument();
      decoded(player, 720);
      expect(poster()).not.toBeInTheDocument();
    });
  });

  it('falls back from hls.js to native HLS where the browser has it', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    nativeHls(true);
    mediaSource(true);
    serveVideoPage(portraitReady);
    serveMasterPlaylist();
    renderAt('/selfieVideos/v1', visitor);
    const player = await screen.findByLabelText('Video player: Portrait clip');
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const hls = FakeHls.instances[0]!;
    act(() => hls.emit('hlsError', { fatal: true, type: 'networkError', details: 'manifestLoadError' }));
    await waitFor(() => expect(player).toHaveAttribute('src', '/media/videos/v1/hls/master.m3u8'));
    expect(hls.destroyed).toBe(true);
  });

  it('names the quality menu in Chinese', async () => {
    nativeHls(false);
    mediaSource(true);
    serveVideoPage(portraitReady);
    renderAt('/selfieVideos/v1', visitor, 'zh');
    await screen.findByLabelText('视频播放器：Portrait clip');
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const hls = FakeHls.instances[0]!;
    hls.levels = LADDER;
    act(() => hls.emit('hlsManifestParsed', { levels: LADDER }));
    const quality = await screen.findByRole('combobox', { name: '画质' });
    expect(within(quality).getAllByRole('option')[0]).toHaveTextContent('自动');
  });
});

describe('card images', () => {
  it('offers the WebP variants as srcset with sizes and dimensions, lazy below the first row, with the duration', async () => {
    const withVariants = (n: number) =>
      makeSelfieVideo(n, {
        duration: 3725,
        thumbnailSources: [
          { width: 640, url: `/media/thumbnails/v${n}-640.webp` },
          { width: 320, url: `/media/thumbnails/v${n}-320.webp` },
        ],
      });
    const videos = [withVariants(1), withVariants(2), withVariants(3), withVariants(4), withVariants(5), makeSelfieVideo(6, { duration: 4.4 })];
    server.use(http.get('*/v0/api/videos/selfieVideos', () => HttpResponse.json({ videos, total: videos.length })));
    renderAt('/selfieVideos', visitor);

    const first = await screen.findByRole('img', { name: 'Selfie number 1' });
    expect(first).toHaveAttribute('srcset', '/media/thumbnails/v1-320.webp 320w, /media/thumbnails/v1-640.webp 640w');
    expect(first).toHaveAttribute('src', '/media/thumbnails/v1-640.webp');
    expect(first.getAttribute('sizes')).toMatch(/\d+px$/);
    expect(first).toHaveAttribute('width', '640');
    expect(first).toHaveAttribute('height', '360');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(screen.getByRole('img', { name: 'Selfie number 5' })).toHaveAttribute('loading', 'lazy');

    // No variants yet: the uploaded thumbnail, no srcset.
    const plain = screen.getByRole('img', { name: 'Selfie number 6' });
    expect(plain).toHaveAttribute('src', '/media/thumbnails/v6.jpg');
    expect(plain).not.toHaveAttribute('srcset');

    expect(screen.getAllByText('1:02:05')).toHaveLength(5);
    expect(screen.getByText('0:04')).toBeInTheDocument();
  });
});
