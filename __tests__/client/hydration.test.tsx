/**
 * The browser's side of server-rendered first screens (src/app/startApp.tsx): over markup the
 * server rendered (with the SPA's own render, src/ssr/render.tsx) from inlined answers, the app
 * takes the markup over — the same nodes stay, nothing is fetched again, no hydration error —
 * and it renders afresh when its first render would differ (signed in, another language).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { User } from '../../src/api/types';
import { startApp } from '../../src/app/startApp';
import { makeStore } from '../../src/app/store';
import { catalogueUrl } from '../../src/config/runtime';
import { PAGE_SIZE } from '../../src/config/routes';
import { renderFirstScreen } from '../../src/ssr/render';
import { server } from '../support/msw-server';

import { makeSearchResponse, makeVideo, SEARCH_URL } from './catalogue-fixtures';
import { makeSelfieVideo, recordRequests } from './videos-fixtures';

const bob: User = { _id: 'u7', username: 'bob', email: 'bob@example.com', verified: true, walletAddress: null, role: 'user' };

/** The auth slice as redux-persist saves it after a sign-in (localStorage "persist:user"). */
function saveSignedIn(user: User) {
  window.localStorage.setItem(
    'persist:user',
    JSON.stringify({ isLoggedIn: 'true', user: JSON.stringify(user), _persist: JSON.stringify({ version: 1, rehydrated: true }) }),
  );
}

/** The first page of /selfieVideos, empty: the server's inlined answer. */
const emptySelfieList = { '/v0/api/videos/selfieVideos?page=1&perPage=18': { videos: [], total: 0, page: 1, pages: 0 } };

const homeSearchUrl = catalogueUrl('/api/v2/video/search/', { per_page: PAGE_SIZE, page: 1, thumbsize: 'medium', format: 'json' });

/** What the server sends: the inlined answers and the rendered root (markup from the same answers). */
async function serveServerRenderedPage(
  url: string,
  locale: 'en' | 'zh',
  answers: Record<string, unknown>,
  timeZone = 'UTC',
  signedInAs?: User | 'visitor',
): Promise<HTMLElement> {
  // Rendered after the session check: as a user, or (the edit pages) as a visitor.
  const session = signedInAs !== undefined;
  const signedIn = session && signedInAs !== 'visitor';
  if (session) answers = { ...answers, '/v0/api/check-session': signedIn ? { isValid: true, user: signedInAs } : { isValid: false } };
  const markup = await renderFirstScreen({ url, locale, timeZone, answers: structuredClone(answers), signedIn, session });
  if (markup === null) throw new Error(`the server would not render ${url}`);
  window.history.replaceState({}, '', url);
  const user = (signedIn ? ` data-ssr-user="${(signedInAs as User)._id}"` : '') + (session ? ' data-ssr-session="checked"' : '');
  document.body.innerHTML = `<script type="application/json" id="bootstrap-data">${JSON.stringify(answers)}</script><div id="root" data-ssr-locale="${locale}" data-ssr-time-zone="${timeZone}"${user}>${markup}</div>`;
  return document.getElementById('root') as HTMLElement;
}

async function start(container: HTMLElement) {
  let outcome: 'hydrated' | 'rendered' | undefined;
  await act(async () => {
    outcome = await startApp(container, makeStore());
  });
  return outcome;
}

describe('taking over a server-rendered first screen', () => {
  let consoleError: jest.SpyInstance;

  beforeEach(() => {
    window.localStorage.clear();
    server.use(
      http.get('*/v0/api/check-session', () => HttpResponse.json({ isValid: false })),
      // Following: the uploader's subscriber count (video page) and the signed-in header's bell.
      http.get('*/v0/api/users/:id', ({ params }) =>
        HttpResponse.json({
          success: true,
          user: { _id: String(params.id), username: 'uploader', subscriberCount: 0 },
          videos: [],
          likedVideos: [],
          videosTotal: 0,
          likedVideosTotal: 0,
          videosNextCursor: null,
          likedVideosNextCursor: null,
        }),
      ),
      http.get('*/v0/api/notifications/unread', () => HttpResponse.json({ success: true, unread: 0 })),
      http.get('*/v0/api/notifications/settings', () => HttpResponse.json({ success: false, message: 'not in this test' }, { status: 500 })),
      http.get('*/v0/api/playlists', () => HttpResponse.json({ success: true, playlists: [] })),
    );
    consoleError = jest.spyOn(console, 'error');
  });

  afterEach(() => {
    consoleError.mockRestore();
    document.body.innerHTML = '';
    window.history.replaceState({}, '', '/');
  });

  it('hydrates the catalogue grid: the server’s nodes stay and the inlined page is not asked for again', async () => {
    const requests = recordRequests();
    const answers = { [homeSearchUrl]: makeSearchResponse([makeVideo(1), makeVideo(2), makeVideo(3)]) };
    const root = await serveServerRenderedPage('/', 'en', answers);
    const heading = root.querySelector('h1');
    const firstCard = root.querySelector('a[href^="/movie/"]');
    expect(firstCard).not.toBeNull();

    expect(await start(root)).toBe('hydrated');
    await waitFor(() => expect(requests).toContain('GET /v0/api/check-session'));
    expect(root.querySelector('h1')).toBe(heading);
    expect(root.querySelector('a[href^="/movie/"]')).toBe(firstCard);
    expect(requests.filter((request) => request.includes('/catalogue/'))).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('hydrates a video page with its likes and comments from the inlined answers, in Chinese', async () => {
    const requests = recordRequests();
    const video = makeSelfieVideo(1, { title: '弹跳的球' });
    const base = `/v0/api/videos/selfieVideos/${video._id}`;
    const answers = {
      [base]: { success: true, video },
      [`${base}/likes`]: { likes: 4, likedByUser: false },
      [`/v0/api/comments/${video._id}`]: { comments: [] },
    };
    window.localStorage.setItem(
      'persist:language',
      JSON.stringify({ locale: JSON.stringify('zh'), chosen: 'true', _persist: JSON.stringify({ version: 1, rehydrated: true }) }),
    );
    const root = await serveServerRenderedPage(`/selfieVideos/${video._id}`, 'zh', answers);
    const title = root.querySelector('h1');
    expect(title?.textContent).toBe('弹跳的球');

    expect(await start(root)).toBe('hydrated');
    await waitFor(() => expect(requests).toContain('GET /v0/api/check-session'));
    expect(root.querySelector('h1')).toBe(title);
    expect(requests.filter((request) => request.includes(video._id))).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('hydrates dates in the server’s time zone, then shows them in the browser’s', async () => {
    const createdAt = '2026-03-01T23:30:00.000Z';
    const video = makeSelfieVideo(2, { createdAt, updatedAt: createdAt });
    const base = `/v0/api/videos/selfieVideos/${video._id}`;
    const answers = {
      [base]: { success: true, video },
      [`${base}/likes`]: { likes: 0, likedByUser: false },
      [`/v0/api/comments/${video._id}`]: { comments: [] },
    };
    // UTC+14: already March 2 there.
    const root = await serveServerRenderedPage(`/selfieVideos/${video._id}`, 'en', answers, 'Pacific/Kiritimati');
    expect(root.textContent).toContain('March 2, 2026');

    expect(await start(root)).toBe('hydrated');
    const browserDay = new Date(createdAt).getDate();
    await waitFor(() => expect(root.textContent).toContain(`March ${browserDay}, 2026`));
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('keeps the sign-in form unsubmittable until the app runs it (a native submission would put the password in the URL)', async () => {
    const root = await serveServerRenderedPage('/login', 'en', {});
    const submit = () => root.querySelector<HTMLButtonElement>('button[type="submit"]');
    const serverButton = submit();
    expect(serverButton?.disabled).toBe(true);

    expect(await start(root)).toBe('hydrated');
    await waitFor(() => expect(submit()?.disabled).toBe(false));
    expect(submit()).toBe(serverButton);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('renders afresh for a signed-in visitor, whose header differs from the server’s', async () => {
    window.localStorage.setItem(
      'persist:user',
      JSON.stringify({ isLoggedIn: 'true', user: JSON.stringify(bob), _persist: JSON.stringify({ version: 1, rehydrated: true }) }),
    );
    server.use(
      http.get('*/v0/api/check-session', () => HttpResponse.json({ isValid: true, user: bob })),
      // The sign-in page sends a signed-in visitor home.
      http.get(SEARCH_URL, () => HttpResponse.json(makeSearchResponse([]))),
    );
    const root = await serveServerRenderedPage('/login', 'en', {});
    const serverHeading = root.querySelector('h1');

    expect(await start(root)).toBe('rendered');
    expect(await screen.findByRole('button', { name: /bob/ })).toBeInTheDocument();
    expect(serverHeading?.isConnected).toBe(false);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('renders afresh when the saved language is not the one the server rendered in', async () => {
    window.localStorage.setItem(
      'persist:language',
      JSON.stringify({ locale: JSON.stringify('zh'), chosen: 'true', _persist: JSON.stringify({ version: 1, rehydrated: true }) }),
    );
    const root = await serveServerRenderedPage('/login', 'en', {});
    expect(root.querySelector('h1')?.textContent).toBe('Login');

    expect(await start(root)).toBe('rendered');
    expect(await screen.findByRole('heading', { level: 1, name: '登录' })).toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('hydrates a page rendered signed in when the saved user is the same: the session check is not asked again', async () => {
    const requests = recordRequests();
    saveSignedIn(bob);
    const video = makeSelfieVideo(3, { title: 'Bob’s own clip', user: bob._id, visibility: 'private' });
    const answers = { [`/v0/api/users/${bob._id}`]: { user: bob, videos: [video], likedVideos: [] } };
    const root = await serveServerRenderedPage(`/profile/${bob._id}`, 'en', answers, 'UTC', bob);
    const accountButton = root.querySelector('.account-menu__toggle');
    expect(accountButton?.textContent).toContain('bob');
    const editLink = root.querySelector(`a[href="/profile/edit/${bob._id}"]`);
    expect(editLink).not.toBeNull();

    expect(await start(root)).toBe('hydrated');
    expect(root.querySelector('.account-menu__toggle')).toBe(accountButton);
    expect(root.querySelector(`a[href="/profile/edit/${bob._id}"]`)).toBe(editLink);
    // Only what is not in the first screen: the bell's unread count and the profile's playlists.
    expect([...requests].sort()).toEqual(['GET /v0/api/notifications/unread', `GET /v0/api/playlists?owner=${bob._id}`]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('hydrates an owner’s edit form rendered signed in', async () => {
    saveSignedIn(bob);
    const root = await serveServerRenderedPage(`/profile/edit/${bob._id}`, 'en', {}, 'UTC', bob);
    const input = root.querySelector<HTMLInputElement>('input[value="bob"]');
    expect(input).not.toBeNull();

    expect(await start(root)).toBe('hydrated');
    expect(root.querySelector('input[value="bob"]')).toBe(input);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('hydrates a page rendered signed in for a browser that saved another user, or none: the inlined session check is the server’s word', async () => {
    const alice: User = { _id: 'u8', username: 'alice', email: 'alice@example.com', verified: true, walletAddress: null, role: 'user' };

    saveSignedIn(alice);
    const other = await serveServerRenderedPage('/selfieVideos', 'en', emptySelfieList, 'UTC', bob);
    const otherButton = other.querySelector('.account-menu__toggle');
    expect(otherButton?.textContent).toContain('bob');
    expect(await start(other)).toBe('hydrated');
    expect(other.querySelector('.account-menu__toggle')).toBe(otherButton);
    expect(screen.getByRole('button', { name: /bob/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /alice/ })).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();

    // Signed in through the API (or in another browser profile's cookie jar): nothing saved yet.
    document.body.innerHTML = '';
    window.localStorage.clear();
    const none = await serveServerRenderedPage('/selfieVideos', 'en', emptySelfieList, 'UTC', bob);
    const noneButton = none.querySelector('.account-menu__toggle');
    expect(await start(none)).toBe('hydrated');
    expect(none.querySelector('.account-menu__toggle')).toBe(noneButton);
    expect(screen.getByRole('button', { name: /bob/ })).toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('renders afresh when the inlined session check no longer names the user the page was rendered for', async () => {
    const root = await serveServerRenderedPage('/selfieVideos', 'en', emptySelfieList, 'UTC', bob);
    // A damaged or tampered data block: the check says signed out, the markup says bob.
    const block = document.getElementById('bootstrap-data')!;
    block.textContent = JSON.stringify({ ...emptySelfieList, '/v0/api/check-session': { isValid: false } });
    const serverButton = root.querySelector('.account-menu__toggle');
    expect(await start(root)).toBe('rendered');
    await waitFor(() => expect(serverButton?.isConnected).toBe(false));
    expect(root.querySelector('.account-menu__toggle')?.textContent).not.toContain('bob');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('hydrates an edit page a visitor got rendered after the session check, showing they may not edit', async () => {
    const requests = recordRequests();
    const root = await serveServerRenderedPage(`/profile/edit/${bob._id}`, 'en', {}, 'UTC', 'visitor');
    const alert = root.querySelector('[role="alert"]');
    expect(alert).not.toBeNull();

    expect(await start(root)).toBe('hydrated');
    expect(root.querySelector('[role="alert"]')).toBe(alert);
    expect(requests).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('hydrates a page a visitor got rendered after the session check even when the browser still had a user saved (the session had ended)', async () => {
    saveSignedIn(bob);
    const root = await serveServerRenderedPage(`/profile/edit/${bob._id}`, 'en', {}, 'UTC', 'visitor');
    const alert = root.querySelector('[role="alert"]');
    expect(alert).not.toBeNull();

    expect(await start(root)).toBe('hydrated');
    expect(root.querySelector('[role="alert"]')).toBe(alert);
    expect(screen.queryByRole('button', { name: /bob/ })).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('reserves the player’s quality toolbar in the first screen when the answer says there is a choice (no shift when the playlist is read)', async () => {
    const markupFor = async (qualities: number) => {
      const video = makeSelfieVideo(4, { hlsUrl: '/media/renditions/v4/master.m3u8', qualities });
      const base = `/v0/api/videos/selfieVideos/${video._id}`;
      return renderFirstScreen({
        url: `/selfieVideos/${video._id}`,
        locale: 'en',
        timeZone: 'UTC',
        answers: {
          [base]: { success: true, video },
          [`${base}/likes`]: { likes: 0, likedByUser: false },
          [`/v0/api/comments/${video._id}`]: { comments: [] },
        },
      });
    };
    const choice = await markupFor(3);
    expect(choice).toContain('class="video-player__toolbar"');
    expect(choice).toMatch(/<select[^>]*class="video-player__quality"/);
    // One quality: the toolbar (shortcuts, share) is there from the first paint anyway, with no menu.
    const single = await markupFor(1);
    expect(single).toContain('class="video-player__toolbar"');
    expect(single).not.toMatch(/<select[^>]*class="video-player__quality"/);
  });
});
