/**
 * Following in the SPA: the subscribe button, the header's notification bell and panel, the
 * Subscriptions and Notifications pages, the notification settings and the unsubscribe page,
 * against MSW answers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import type { Notification, NotificationSettings } from '../../src/api/types';
import { Header } from '../../src/app/Header';
import { NotificationSettingsForm, PlaylistNav, SaveToPlaylist, SubscribeButton } from '../../src/features/following';
import { HistoryPage } from '../../src/features/following/HistoryPage';
import { NotificationsPage } from '../../src/features/following/NotificationsPage';
import { PlaylistPage } from '../../src/features/following/PlaylistPage';
import { SubscriptionsPage } from '../../src/features/following/SubscriptionsPage';
import { UnsubscribePage } from '../../src/features/following/UnsubscribePage';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { authState, makeSelfieVideo, owner, viewer } from './comments-fixtures';

function profileAnswer(subscriberCount: number, subscribed: boolean) {
  return {
    success: true,
    user: { _id: owner._id, username: owner.username, subscriberCount, subscribed },
    videos: [],
    likedVideos: [],
    videosTotal: 0,
    likedVideosTotal: 0,
    videosNextCursor: null,
    likedVideosNextCursor: null,
  };
}

const note = (id: string, overrides: Partial<Notification> = {}): Notification => ({
  _id: id,
  kind: 'new-video',
  createdAt: '2026-11-20T10:00:00.000Z',
  read: false,
  actor: { _id: owner._id, username: owner.username },
  video: { _id: 'v1', title: 'Sunset walk', thumbnailCdnUrl: '/media/t.jpg' },
  comment: null,
  text: null,
  ...overrides,
});

/** The playlist p1, "Road trip", answered with these videos. */
function playlistAnswer(videos: ReturnType<typeof makeSelfieVideo>[], { visibility = 'public', by = viewer } = {}) {
  return HttpResponse.json({
    success: true,
    playlist: {
      _id: 'p1',
      title: 'Road trip',
      description: '',
      visibility,
      watchLater: false,
      owner: { _id: by._id, username: by.username },
      videoCount: videos.length,
      thumbnailCdnUrl: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    },
    videos,
  });
}

describe('SubscribeButton', () => {
  it('subscribes and unsubscribes, showing the count from the server', async () => {
    let state = { count: 4, subscribed: false };
    const calls: string[] = [];
    server.use(
      http.get('*/v0/api/users/:id', () => HttpResponse.json(profileAnswer(state.count, state.subscribed))),
      http.post('*/v0/api/users/:id/subscribe', () => {
        calls.push('POST');
        state = { count: 5, subscribed: true };
        return HttpResponse.json({ success: true, subscribed: true, subscriberCount: 5, message: 'Subscribed.' });
      }),
      http.delete('*/v0/api/users/:id/subscribe', () => {
        calls.push('DELETE');
        state = { count: 4, subscribed: false };
        return HttpResponse.json({ success: true, subscribed: false, subscriberCount: 4, message: 'Unsubscribed.' });
      }),
    );
    const { user } = renderWithProviders(<SubscribeButton userId={owner._id} username={owner.username} />, {
      preloadedState: authState(viewer),
    });
    expect(await screen.findByText('4 subscribers')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Subscribe to olivia' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(await screen.findByText('5 subscribers')).toBeInTheDocument();
    const pressed = screen.getByRole('button', { name: 'Subscribed to olivia' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(pressed).toHaveTextContent('Subscribed');
    await user.click(pressed);
    expect(await screen.findByText('4 subscribers')).toBeInTheDocument();
    expect(calls).toEqual(['POST', 'DELETE']);
  });

  it('offers visitors a login link, and shows the server refusal in the viewer language', async () => {
    server.use(http.get('*/v0/api/users/:id', () => HttpResponse.json(profileAnswer(1, false))));
    const visitor = renderWithProviders(<SubscribeButton userId={owner._id} username={owner.username} />, { preloadedState: authState(null) });
    expect(await screen.findByRole('link', { name: 'Log in to subscribe' })).toBeInTheDocument();
    expect(await screen.findByText('1 subscriber')).toBeInTheDocument();
    visitor.unmount();

    server.use(
      http.post('*/v0/api/users/:id/subscribe', () => HttpResponse.json({ success: false, message: '未找到该用户。' }, { status: 404 })),
    );
    const { user } = renderWithProviders(
      <SubscribeButton userId={owner._id} username={owner.username} subscriberCount={1} subscribed={false} />,
      { preloadedState: authState(viewer), locale: 'zh' },
    );
    await user.click(screen.getByRole('button', { name: '订阅 olivia' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('未找到该用户。');
  });
});

describe('notification bell', () => {
  it('shows the unread count, opens a panel listing notifications, marks all read and closes with Escape', async () => {
    let unread = 2;
    const notes = [note('n1'), note('n2', { kind: 'comment-reply', comment: { _id: 'c1', content: '<b>hi</b>' } })];
    server.use(
      http.get('*/v0/api/notifications/unread', () => HttpResponse.json({ success: true, unread })),
      http.get('*/v0/api/notifications', () =>
        HttpResponse.json({ success: true, notifications: notes.map((n) => ({ ...n, read: unread === 0 })), unread, total: 2 }),
      ),
      http.post('*/v0/api/notifications/read', () => {
        unread = 0;
        return HttpResponse.json({ success: true, unread: 0 });
      }),
    );
    const { user } = renderWithProviders(<Header />, { preloadedState: authState(viewer) });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(panel).findByRole('link', { name: 'olivia uploaded “Sunset walk”' })).toHaveAttribute('href', '/selfieVideos/v1');
    // A user's text is shown as text, never as HTML.
    expect(within(panel).getByText('<b>hi</b>')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, none unread'));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Notifications, none unread' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Notifications, none unread' })).toHaveFocus();
    // The live region said what changed.
    expect(screen.getByText('No unread notifications')).toBeInTheDocument();
  });

  it('is not there for visitors; the panel shows an empty state and an error state, in Chinese too', async () => {
    const visitor = renderWithProviders(<Header />, { preloadedState: authState(null) });
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    visitor.unmount();

    server.use(
      http.get('*/v0/api/notifications/unread', () => HttpResponse.json({ success: true, unread: 0 })),
      http.get('*/v0/api/notifications', () => HttpResponse.json({ success: true, notifications: [], unread: 0, total: 0 })),
    );
    const empty = renderWithProviders(<Header />, { preloadedState: authState(viewer), locale: 'zh' });
    await empty.user.click(await screen.findByRole('button', { name: '通知，0 条未读' }));
    expect(await screen.findByText('还没有通知。')).toBeInTheDocument();
    empty.unmount();

    server.use(http.get('*/v0/api/notifications', () => HttpResponse.json({ success: false, message: 'boom' }, { status: 500 })));
    const failing = renderWithProviders(<Header />, { preloadedState: authState(viewer), locale: 'zh' });
    await failing.user.click(await screen.findByRole('button', { name: '通知，0 条未读' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('无法加载通知。');
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('has a Subscriptions link in the menu for signed-in users', async () => {
    server.use(http.get('*/v0/api/notifications/unread', () => HttpResponse.json({ success: true, unread: 0 })));
    const { user } = renderWithProviders(<Header />, { preloadedState: authState(viewer) });
    await user.click(screen.getByRole('button', { name: /alice/ }));
    expect(screen.getByRole('link', { name: 'Subscriptions' })).toHaveAttribute('href', '/subscriptions');
  });
});

/** A stand-in for the browser's EventSource that the test drives: the streams made, and their events. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server's side: opens the stream, sends an event, refuses or drops it. */
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  send(type: string, data: unknown): void {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  fail(closed: boolean): void {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
}

describe('the bell without its stream', () => {
  const real = (globalThis as { EventSource?: unknown }).EventSource;
  beforeEach(() => {
    FakeEventSource.made = [];
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  });
  afterEach(() => {
    (globalThis as { EventSource?: unknown }).EventSource = real;
  });

  it('polls when the stream is told to step aside, and streams again after the pause it was given', async () => {
    let polled = 0;
    server.use(
      http.get('*/v0/api/notifications/unread', () => {
        polled += 1;
        return HttpResponse.json({ success: true, unread: 4 });
      }),
    );
    renderWithProviders(<Header />, { preloadedState: authState(viewer) });
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    const first = FakeEventSource.made[0]!;
    expect(first.url).toMatch(/\/v0\/api\/notifications\/stream$/);
    first.open();
    first.send('unread', { unread: 7 });
    expect(await screen.findByRole('button', { name: 'Notifications, 7 unread' })).toBeInTheDocument();

    const before = polled;
    // Newer tabs took its place: it closes, the count is asked for at once, then a new stream.
    first.send('closing', { reason: 'session', retryAfterMs: 50 });
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    expect(polled).toBeGreaterThan(before);
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(2));
    FakeEventSource.made[1]!.open();
    FakeEventSource.made[1]!.send('unread', { unread: 5 });
    expect(await screen.findByRole('button', { name: 'Notifications, 5 unread' })).toBeInTheDocument();
  });

  it('falls back to the polled count when the server refuses the stream, and keeps the reconnecting one otherwise', async () => {
    server.use(http.get('*/v0/api/notifications/unread', () => HttpResponse.json({ success: true, unread: 2 })));
    renderWithProviders(<Header />, { preloadedState: authState(viewer) });
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    const source = FakeEventSource.made[0]!;
    source.open();
    source.send('unread', { unread: 9 });
    expect(await screen.findByRole('button', { name: 'Notifications, 9 unread' })).toBeInTheDocument();
    // A dropped connection the browser retries by itself: the stream is kept.
    source.fail(false);
    expect(source.readyState).toBe(FakeEventSource.CONNECTING);
    // Refused (503: every stream taken): closed for good, the polled count shows.
    source.fail(true);
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(FakeEventSource.made).toHaveLength(1);
  });
});

describe('pages', () => {
  it('Subscriptions: the uploaders followed and their newest videos; empty and error states', async () => {
    let mode: 'full' | 'empty' | 'error' = 'full';
    server.use(
      http.get('*/v0/api/notifications/unread', () => HttpResponse.json({ success: true, unread: 0 })),
      http.get('*/v0/api/subscriptions', () =>
        mode === 'error'
          ? HttpResponse.json({ success: false, message: 'no' }, { status: 500 })
          : HttpResponse.json({
              success: true,
              subscriptions: mode === 'full' ? [{ _id: owner._id, username: owner.username, subscriberCount: 3, subscribedAt: '2026-11-01T00:00:00.000Z' }] : [],
              total: mode === 'full' ? 1 : 0,
            }),
      ),
      http.get('*/v0/api/subscriptions/videos', () =>
        HttpResponse.json({ videos: mode === 'full' ? [makeSelfieVideo('v1', { title: 'Sunset walk' })] : [], total: mode === 'full' ? 1 : 0 }),
      ),
    );
    const page = () =>
      renderWithProviders(
        <Routes>
          <Route path="/subscriptions" element={<SubscriptionsPage />} />
        </Routes>,
        { route: '/subscriptions', preloadedState: authState(viewer) },
      );
    const full = page();
    const channels = await screen.findByRole('region', { name: 'Uploaders you follow' });
    expect(await within(channels).findByRole('link', { name: 'olivia' })).toHaveAttribute('href', '/profile/owner1');
    expect(await screen.findByText('Sunset walk')).toBeInTheDocument();
    full.unmount();

    mode = 'empty';
    const empty = page();
    expect(await screen.findByText('No videos yet. Subscribe to uploaders to see their new videos here.')).toBeInTheDocument();
    expect(screen.getByText('You do not follow anyone yet.')).toBeInTheDocument();
    empty.unmount();

    mode = 'error';
    page();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your subscriptions.');
  });

  it('Notifications: lists, marks one read when followed, and loads older ones', async () => {
    const reads: unknown[] = [];
    server.use(
      http.get('*/v0/api/notifications', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        const notes =
          page === 1
            ? Array.from({ length: 20 }, (_, i) => note(`n${i}`, { kind: 'like-milestone', text: '10', actor: null }))
            : [note('old', { kind: 'video-hidden', text: 'Spam', read: true })];
        return HttpResponse.json({ success: true, notifications: notes, unread: 20, total: 21 });
      }),
      http.post('*/v0/api/notifications/read', async ({ request }) => {
        reads.push(await request.json());
        return HttpResponse.json({ success: true, unread: 19 });
      }),
    );
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/notifications" element={<NotificationsPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>,
      { route: '/notifications', preloadedState: authState(viewer) },
    );
    const links = await screen.findAllByRole('link', { name: '“Sunset walk” reached 10 likes' });
    expect(links).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Older notifications' }));
    expect(await screen.findByRole('link', { name: 'A moderator hid “Sunset walk”: Spam' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'A moderator hid “Sunset walk”: Spam' }));
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(reads).toEqual([]);
  });

  it('notification settings: loads, toggles and saves per kind', async () => {
    const kinds = ['new-video', 'comment-reply', 'video-comment', 'like-milestone', 'video-ready', 'video-failed', 'video-hidden'] as const;
    const settings = Object.fromEntries(kinds.map((k) => [k, { inApp: true, email: false }])) as NotificationSettings;
    const saved: unknown[] = [];
    server.use(
      http.get('*/v0/api/notifications/settings', () => HttpResponse.json({ success: true, settings })),
      http.put('*/v0/api/notifications/settings', async ({ request }) => {
        const body = (await request.json()) as { settings: NotificationSettings };
        saved.push(body);
        return HttpResponse.json({ success: true, settings: body.settings, message: 'ok' });
      }),
    );
    const { user } = renderWithProviders(<NotificationSettingsForm />, { preloadedState: authState(viewer) });
    const box = await screen.findByRole('checkbox', { name: 'Replies to my comments: By e-mail' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('checkbox', { name: 'New videos from uploaders I follow: On the site' }));
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
    const body = saved[0] as { settings: NotificationSettings };
    expect(body.settings['comment-reply']).toEqual({ inApp: true, email: true });
    expect(body.settings['new-video']).toEqual({ inApp: false, email: false });
  });

  it('unsubscribe: sends the token without a session and shows the answer; a bad link shows the refusal', async () => {
    const tokens: unknown[] = [];
    server.use(
      http.post('*/v0/api/notifications/unsubscribe', async ({ request }) => {
        const body = (await request.json()) as { token: string };
        tokens.push(body.token);
        return body.token === 'good'
          ? HttpResponse.json({ success: true, message: 'You will no longer receive notification e-mails.' })
          : HttpResponse.json({ success: false, message: 'This unsubscribe link is not valid.' }, { status: 400 });
      }),
    );
    const good = renderWithProviders(
      <Routes>
        <Route path="/unsubscribe" element={<UnsubscribePage />} />
      </Routes>,
      { route: '/unsubscribe?token=good', preloadedState: authState(null) },
    );
    expect(await screen.findByText('You will no longer receive notification e-mails.')).toBeInTheDocument();
    good.unmount();
    renderWithProviders(
      <Routes>
        <Route path="/unsubscribe" element={<UnsubscribePage />} />
      </Routes>,
      { route: '/unsubscribe?token=bad', preloadedState: authState(null) },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    await waitFor(() => expect(tokens).toEqual(['good', 'bad']));
  });

  it('History: cards with progress, remove one, pause, clear all; empty and error states', async () => {
    let entries = [
      { watchedAt: '2026-11-20T10:00:00.000Z', video: makeSelfieVideo('v1', { title: 'Sunset walk', duration: 100, resumeAt: 25 }) },
      { watchedAt: '2026-11-19T10:00:00.000Z', video: makeSelfieVideo('v2', { title: 'Cat jumps', duration: 50, resumeAt: 50 }) },
    ];
    let paused = false;
    let fail = true;
    server.use(
      http.get('*/v0/api/history', () =>
        fail
          ? HttpResponse.json({ success: false, message: 'no' }, { status: 500 })
          : HttpResponse.json({ success: true, entries, total: entries.length, paused }),
      ),
      http.delete('*/v0/api/history/:videoId', ({ params }) => {
        entries = entries.filter((e) => e.video._id !== params.videoId);
        return HttpResponse.json({ success: true, removed: 1 });
      }),
      http.delete('*/v0/api/history', () => {
        const removed = entries.length;
        entries = [];
        return HttpResponse.json({ success: true, removed });
      }),
      http.put('*/v0/api/history/settings', async ({ request }) => {
        paused = ((await request.json()) as { paused: boolean }).paused;
        return HttpResponse.json({ success: true, paused });
      }),
    );
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/history" element={<HistoryPage />} />
      </Routes>,
      { route: '/history', preloadedState: authState(viewer) },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your history.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sunset walk')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Watched 25%' })).toHaveAttribute('value', '25');
    expect(screen.getByRole('progressbar', { name: 'Watched 100%' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Cat jumps from history' }));
    await waitFor(() => expect(screen.queryByText('Cat jumps')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Pause history' }));
    expect(await screen.findByText('History is paused: what you watch now is not recorded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn history back on' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Clear all history' }));
    expect(confirm).toHaveBeenCalled();
    expect(await screen.findByText('Nothing here yet. Videos you watch while signed in appear here.')).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('Save: lists my playlists, saves to one, creates one and saves there', async () => {
    const added: unknown[] = [];
    const playlist = (id: string, title: string) => ({
      _id: id,
      title,
      description: '',
      visibility: 'private',
      watchLater: id === 'wl',
      owner: { _id: viewer._id, username: viewer.username },
      videoCount: 0,
      thumbnailCdnUrl: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    });
    server.use(
      http.get('*/v0/api/playlists', () => HttpResponse.json({ success: true, playlists: [playlist('wl', 'Watch later')] })),
      http.post('*/v0/api/playlists', async ({ request }) => {
        const body = (await request.json()) as { title: string };
        return HttpResponse.json({ success: true, playlist: playlist('p2', body.title), videos: [] }, { status: 201 });
      }),
      http.post('*/v0/api/playlists/:id/videos', async ({ params, request }) => {
        added.push([params.id, await request.json()]);
        return HttpResponse.json({ success: true, playlist: playlist(String(params.id), 'x'), videos: [] });
      }),
    );
    const { user } = renderWithProviders(<SaveToPlaylist videoId="v1" />, { preloadedState: authState(viewer) });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Save to Watch later' }));
    expect(await screen.findByText('Saved to Watch later.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New playlist title'), 'Road trip');
    await user.click(screen.getByRole('button', { name: 'Create and save' }));
    expect(await screen.findByText('Saved to Road trip.')).toBeInTheDocument();
    expect(added).toEqual([
      ['wl', { videoId: 'v1' }],
      ['p2', { videoId: 'v1' }],
    ]);
  });

  it('Playlist page: the owner moves a video by keyboard-reachable buttons; others only see it; 404 says not found', async () => {
    let order = ['v1', 'v2'];
    const moves: unknown[] = [];
    const answer = () =>
      playlistAnswer(order.map((id) => makeSelfieVideo(id, { title: id === 'v1' ? 'First clip' : 'Second clip' })));
    server.use(
      http.get('*/v0/api/playlists/p1', answer),
      http.get('*/v0/api/playlists/gone', () => HttpResponse.json({ success: false, message: 'Playlist not found.' }, { status: 404 })),
      http.patch('*/v0/api/playlists/p1/videos/:videoId', async ({ params, request }) => {
        moves.push([params.videoId, await request.json()]);
        order = ['v2', 'v1'];
        return answer();
      }),
    );
    const page = (route: string, who = viewer) =>
      renderWithProviders(
        <Routes>
          <Route path="/playlists/:id" element={<PlaylistPage />} />
        </Routes>,
        { route, preloadedState: authState(who) },
      );
    const mine = page('/playlists/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Road trip' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play all' })).toHaveAttribute('href', '/selfieVideos/v1?list=p1');
    expect(screen.getByRole('button', { name: 'Move First clip up' })).toBeDisabled();
    await mine.user.click(screen.getByRole('button', { name: 'Move First clip down' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Play all' })).toHaveAttribute('href', '/selfieVideos/v2?list=p1'));
    expect(moves).toEqual([['v1', { position: 1 }]]);
    mine.unmount();

    const theirs = page('/playlists/p1', owner);
    expect(await screen.findByRole('heading', { level: 1, name: 'Road trip' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Move/ })).not.toBeInTheDocument();
    theirs.unmount();

    page('/playlists/gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('Playlist not found.');
  });

  it('Playlist page: each card of the owner has a drag handle with instructions; a refused move puts the order back and says why (en, zh)', async () => {
    const titles = ['First clip', 'Second clip', 'Third clip'];
    let patches = 0;
    server.use(
      http.get('*/v0/api/playlists/p1', () =>
        playlistAnswer(
          titles.map((title, i) => makeSelfieVideo(`v${i + 1}`, { title })),
          { visibility: 'private' },
        ),
      ),
      http.patch('*/v0/api/playlists/p1/videos/:videoId', () => {
        patches += 1;
        return HttpResponse.json({ success: false, message: 'Playlist not found.' }, { status: 404 });
      }),
    );
    const cardTitles = () => screen.getAllByRole('listitem').map((item) => within(item).getByRole('heading').textContent);
    const en = renderWithProviders(
      <Routes>
        <Route path="/playlists/:id" element={<PlaylistPage />} />
      </Routes>,
      { route: '/playlists/p1', preloadedState: authState(viewer) },
    );
    const handle = await screen.findByRole('button', { name: 'Drag to reorder Second clip' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    const instructions = document.getElementById(handle.getAttribute('aria-describedby') ?? '');
    expect(instructions).toHaveTextContent('To pick up a video, press space or enter.');
    expect(cardTitles()).toEqual(['First clip', 'Second clip', 'Third clip']);

    await en.user.click(screen.getByRole('button', { name: 'Move Third clip up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Playlist not found.');
    expect(patches).toBe(1);
    expect(cardTitles()).toEqual(['First clip', 'Second clip', 'Third clip']);
    en.unmount();

    renderWithProviders(
      <Routes>
        <Route path="/playlists/:id" element={<PlaylistPage />} />
      </Routes>,
      { route: '/playlists/p1', preloadedState: authState(viewer), locale: 'zh' },
    );
    const zhHandle = await screen.findByRole('button', { name: '拖动以调整 Second clip 的顺序' });
    expect(zhHandle).toHaveAttribute('aria-roledescription', '可排序');
    expect(document.getElementById(zhHandle.getAttribute('aria-describedby') ?? '')).toHaveTextContent('按空格键或回车键拿起视频');
  });

  it('Playlist navigation on a video page: previous and next within ?list=, nothing without it', async () => {
    let asked = 0;
    server.use(
      http.get('*/v0/api/playlists/p1', () => {
        asked += 1;
        return playlistAnswer(
          ['v1', 'v2', 'v3'].map((id) => makeSelfieVideo(id, { title: `Clip ${id}` })),
          { by: owner },
        );
      }),
    );
    const plain = renderWithProviders(<PlaylistNav videoId="v2" />, { route: '/selfieVideos/v2', preloadedState: authState(null) });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    plain.unmount();
    renderWithProviders(<PlaylistNav videoId="v2" />, { route: '/selfieVideos/v2?list=p1', preloadedState: authState(null) });
    const nav = await screen.findByRole('navigation', { name: 'Playlist Road trip' });
    expect(within(nav).getByText('2 of 3')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Previous: Clip v1' })).toHaveAttribute('href', '/selfieVideos/v1?list=p1');
    expect(within(nav).getByRole('link', { name: 'Next: Clip v3' })).toHaveAttribute('href', '/selfieVideos/v3?list=p1');
    expect(asked).toBe(1);
  });
});
