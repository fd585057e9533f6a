/**
 * Sharing on the client (docs/sharing.md): the Unlisted option and badge (en and zh), the share
 * panel's link and embed code with copy buttons, related videos with their loading, empty and error
 * states, the "Up next" countdown (cancelable, and off for good with its setting), and download links.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import { DownloadLinks, RelatedVideos, UP_NEXT_STORAGE_KEY } from '../../src/features/sharing';
import { embedCode, embedFrameSize, ShareControl } from '../../src/features/videos/PlayerExtras';
import { PlayerIntl } from '../../src/features/videos/playerMessages';
import { VideoTextFields, type VideoFormValues } from '../../src/features/videos/VideoFormFields';
import { VisibilityBadge } from '../../src/features/videos/VideoCardForSelfie';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { currentLocation, LocationProbe, makeSelfieVideo } from './videos-fixtures';

const related = [makeSelfieVideo(2, { title: 'Next one' }), makeSelfieVideo(3, { title: 'Another' })];

function serveRelated(answer: () => Response = () => HttpResponse.json({ success: true, videos: related })) {
  server.use(http.get('*/v0/api/videos/selfieVideos/v1/related', answer));
}

/** jsdom has no IntersectionObserver: this one says every observed element is on screen. */
class OnScreenObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() => this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = OnScreenObserver;
});
afterEach(() => {
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  window.localStorage.clear();
  jest.useRealTimers();
});

describe('visibility', () => {
  it('offers Public, Unlisted and Private, each explained, in English and Chinese', async () => {
    const values: VideoFormValues = { title: 't', description: '', visibility: 'unlisted' };
    const onChange = jest.fn();
    const { unmount } = renderWithProviders(<VideoTextFields values={values} onChange={onChange} />);
    const select = screen.getByLabelText('Visibility');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Public', 'Unlisted', 'Private']);
    expect(select).toHaveValue('unlisted');
    expect(select).toHaveAccessibleDescription('Anyone with the link can watch it; it is not listed or searchable.');
    fireEvent.change(select, { target: { value: 'private' } });
    expect(onChange).toHaveBeenCalledWith({ visibility: 'private' });
    unmount();
    renderWithProviders(<VideoTextFields values={values} onChange={onChange} />, { locale: 'zh' });
    expect(within(screen.getByRole('combobox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['公开', '不公开列出', '私密']);
  });

  it('shows an Unlisted badge', () => {
    renderWithProviders(<VisibilityBadge visibility="unlisted" />);
    expect(screen.getByText('Unlisted')).toBeInTheDocument();
  });
});

describe('share panel', () => {
  it('offers the link and the embed code sized from the aspect ratio, both copyable, with the start time', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <PlayerIntl>
        <ShareControl currentTime={() => 83} videoId="v1" title='Say "hi"' width={1080} height={1920} />
      </PlayerIntl>,
      { route: '/selfieVideos/v1' },
    );
    await user.click(screen.getByRole('button', { name: 'Share' }));
    // After user-event's first action, which puts its own clipboard in place.
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const embed = screen.getByLabelText('Embed code');
    expect(embed).toHaveValue(
      `<iframe src="${window.location.origin}/embed/selfieVideos/v1" width="640" height="1138" title="Say &quot;hi&quot;" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Start at 1:23' }));
    // The link is the page's own address (the browser's), with the time.
    const page = new URL(window.location.href);
    page.searchParams.set('t', '83');
    expect(screen.getByLabelText('Link')).toHaveValue(page.href);
    expect((screen.getByLabelText('Embed code') as HTMLTextAreaElement).value).toContain('/embed/selfieVideos/v1?t=83"');
    await user.click(screen.getByRole('button', { name: 'Copy embed code' }));
    expect(writeText).toHaveBeenLastCalledWith((screen.getByLabelText('Embed code') as HTMLTextAreaElement).value);
    expect(await screen.findByRole('status')).toHaveTextContent('Embed code copied.');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith(page.href);
  });

  it('builds embed code safely and sizes 16:9 when the size is unknown', () => {
    expect(embedFrameSize()).toEqual({ width: 640, height: 360 });
    expect(embedCode('https://x.test', 'a"b', '<b>', { width: 640, height: 360 }, null)).toContain('src="https://x.test/embed/selfieVideos/a%22b" width="640" height="360" title="&lt;b&gt;"');
  });
});

describe('related videos and up next', () => {
  function renderRelated(ended: boolean, onDismiss = jest.fn(), locale: 'en' | 'zh' = 'en') {
    return renderWithProviders(
      <>
        <Routes>
          <Route path="/selfieVideos/:id" element={<RelatedVideos videoId="v1" ended={ended} onDismiss={onDismiss} />} />
        </Routes>
        <LocationProbe />
      </>,
      { route: '/selfieVideos/v1', locale },
    );
  }

  it('lists related videos once the section nears the screen, saying it is loading meanwhile', async () => {
    serveRelated();
    const { unmount } = renderRelated(false);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading related videos…');
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('link', { name: /Next one|Another/ }).length).toBeGreaterThanOrEqual(2);
    unmount();
  });

  it('says when there are none, and when they could not load (retry)', async () => {
    serveRelated(() => HttpResponse.json({ success: true, videos: [] }));
    const { unmount } = renderRelated(false, jest.fn(), 'zh');
    expect(await screen.findByText('暂无相关视频。')).toBeInTheDocument();
    unmount();
    serveRelated(() => HttpResponse.json({ success: false, message: 'boom' }, { status: 500 }));
    renderRelated(false);
    expect(await screen.findByText('Could not load related videos.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('counts down to the next video at the end and opens it; Cancel stops it', async () => {
    serveRelated();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const onDismiss = jest.fn();
    renderRelated(true, onDismiss);
    const region = await screen.findByRole('region', { name: 'Up next: Next one' });
    expect(within(region).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(region).toHaveTextContent('Playing in 8 seconds');
    for (let i = 0; i < 3; i += 1) {
      await act(async () => {
        jest.advanceTimersByTime(1000);
      });
    }
    expect(region).toHaveTextContent('Playing in 5 seconds');
    fireEvent.click(within(region).getByRole('button', { name: 'Cancel' }));
    expect(onDismiss).toHaveBeenCalled();
    for (let i = 0; i < 9; i += 1) {
      await act(async () => {
        jest.advanceTimersByTime(1000);
      });
    }
    expect(currentLocation()).toBe('/selfieVideos/v1');
  });

  it('opens the next video when the countdown ends', async () => {
    serveRelated();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    renderRelated(true);
    await screen.findByRole('region', { name: 'Up next: Next one' });
    for (let i = 0; i < 9; i += 1) {
      await act(async () => {
        jest.advanceTimersByTime(1000);
      });
    }
    await waitFor(() => expect(currentLocation()).toBe(`/selfieVideos/${related[0]!._id}`));
  });

  it('in a playlist being played, counts down to the playlist’s next video and keeps to the playlist', async () => {
    serveRelated();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const inList = makeSelfieVideo(7, { title: 'Third in the list' });
    renderWithProviders(
      <>
        <Routes>
          <Route
            path="/selfieVideos/:id"
            element={<RelatedVideos videoId="v1" ended onDismiss={jest.fn()} upNext={{ video: inList, path: '/selfieVideos/v7?list=p1' }} />}
          />
        </Routes>
        <LocationProbe />
      </>,
      { route: '/selfieVideos/v1?list=p1' },
    );
    await screen.findByRole('region', { name: 'Up next: Third in the list' });
    for (let i = 0; i < 9; i += 1) {
      await act(async () => {
        jest.advanceTimersByTime(1000);
      });
    }
    await waitFor(() => expect(currentLocation()).toBe('/selfieVideos/v7?list=p1'));
  });

  it('stays off once the viewer turns autoplay off (kept in this browser)', async () => {
    serveRelated();
    const onDismiss = jest.fn();
    const { unmount } = renderRelated(false, onDismiss);
    await screen.findByRole('list');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Autoplay the next video' }));
    expect(window.localStorage.getItem(UP_NEXT_STORAGE_KEY)).toBe('off');
    unmount();
    renderRelated(true, onDismiss);
    await screen.findByRole('list');
    expect(screen.queryByRole('region', { name: /Up next/ })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Autoplay the next video' })).not.toBeChecked();
  });

  it('offers a button instead where IntersectionObserver is missing', async () => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    const requests: string[] = [];
    serveRelated(() => {
      requests.push('related');
      return HttpResponse.json({ success: true, videos: related });
    });
    renderRelated(false);
    const show = screen.getByRole('button', { name: 'Show related videos' });
    expect(requests).toEqual([]);
    fireEvent.click(show);
    expect(await screen.findByRole('list')).toBeInTheDocument();
  });
});

describe('downloads', () => {
  it('offers the MP4 and the original only when the video may be downloaded', () => {
    const { unmount } = renderWithProviders(<DownloadLinks video={{ _id: 'v1' }} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<DownloadLinks video={{ _id: 'v1', downloadEnabled: true }} />);
    expect(screen.getByRole('link', { name: 'Download MP4' })).toHaveAttribute('href', '/v0/api/videos/selfieVideos/v1/download?file=mp4');
    expect(screen.getByRole('link', { name: 'Download original' })).toHaveAttribute('href', '/v0/api/videos/selfieVideos/v1/download?file=original');
  });
});
