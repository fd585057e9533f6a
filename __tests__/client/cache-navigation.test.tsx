import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useNavigate } from 'react-router-dom';

import type { LikeInfo } from '../../src/api/types';
import { AppRoutes } from '../../src/app/router';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { LocationProbe, currentLocation } from './auth-helpers';
import { authState, makeComment, makeSelfieVideo, owner } from './comments-fixtures';

/*
 * docs/architecture.md: pages share one cache, kept 5 minutes after its last user
 * leaves. Moving profile → video → edit → back is served from it, and a like refetches only what
 * it invalidates: that video's Likes and the liker's User (their liked list).
 */

const video = makeSelfieVideo('v1', { title: 'Sunset walk', views: 7 });
const other = makeSelfieVideo('v2', { title: 'Rainy day', visibility: 'private' });

/** Every request the app makes, counted by method and path. */
function serveApi() {
  const counts = new Map<string, number>();
  const count = (request: Request) => {
    const key = `${request.method} ${new URL(request.url).pathname}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  const likes: LikeInfo = { likes: 3, likedByUser: false };

  server.use(
    http.get('*/v0/api/notifications/unread', ({ request }) => {
      count(request);
      return HttpResponse.json({ success: true, unread: 0 });
    }),
    http.get('*/v0/api/playlists', ({ request }) => {
      count(request);
      return HttpResponse.json({ success: true, playlists: [] });
    }),
    http.get('*/v0/api/users/:id', ({ request, params }) => {
      count(request);
      if (params.id !== owner._id) return HttpResponse.json({ success: false, message: 'User not found.' }, { status: 404 });
      return HttpResponse.json({
        success: true,
        user: { _id: owner._id, username: owner.username, email: owner.email },
        videos: [video, other],
        likedVideos: likes.likedByUser ? [video] : [],
      });
    }),
    http.get('*/v0/api/videos/selfieVideos/:id/likes', ({ request }) => {
      count(request);
      return HttpResponse.json(likes);
    }),
    http.post('*/v0/api/videos/selfieVideos/:id/toggle-like', ({ request }) => {
      count(request);
      likes.likedByUser = !likes.likedByUser;
      likes.likes += likes.likedByUser ? 1 : -1;
      return HttpResponse.json({ success: true, liked: likes.likedByUser, likes: likes.likes });
    }),
    http.get('*/v0/api/videos/selfieVideos/:id', ({ request, params }) => {
      count(request);
      const found = [video, other].find((item) => item._id === params.id);
      return found
        ? HttpResponse.json({ success: true, video: found })
        : HttpResponse.json({ success: false, message: 'Video not found.' }, { status: 404 });
    }),
    http.get('*/v0/api/comments/:videoId', ({ request }) => {
      count(request);
      return HttpResponse.json({ comments: [makeComment('c1', { content: 'Lovely colours' })] });
    }),
    // Anything else the pages might ask for is counted too (and shows up in the assertions).
    http.all('*/v0/api/*', ({ request }) => {
      count(request);
      return HttpResponse.json({ success: false, message: 'Unexpected.' }, { status: 404 });
    }),
  );
  return counts;
}

function HistoryButtons() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate(-1)}>
        history back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        history forward
      </button>
    </>
  );
}

function renderApp() {
  return renderWithProviders(
    <>
      <AppRoutes />
      <LocationProbe />
      <HistoryButtons />
    </>,
    { route: `/profile/${owner._id}`, preloadedState: authState(owner) },
  );
}

const snapshot = (counts: Map<string, number>) => Object.fromEntries([...counts.entries()].sort());

let logged: jest.SpyInstance;
beforeEach(() => {
  // jsdom cannot play media; its "not implemented" notices are not what this test is about.
  logged = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => logged.mockRestore());

describe('cache across pages', () => {
  it('serves profile → video → edit → back to the profile from the cache, then a like refetches only Likes and the liker', async () => {
    const counts = serveApi();
    const { user } = renderApp();
    const main = () => screen.getByRole('main');

    // The profile.
    await within(main()).findByRole('heading', { level: 1, name: 'olivia' });
    await user.click(within(main()).getByRole('link', { name: 'Sunset walk 7 views' }));

    // The video page: video, likes and comments.
    await within(main()).findByRole('heading', { level: 1, name: 'Sunset walk' });
    expect(await within(main()).findByText('Lovely colours')).toBeInTheDocument();
    await within(main()).findByText('3 likes');
    expect(currentLocation()).toBe('/selfieVideos/v1');

    // Its edit page.
    await user.click(within(main()).getByRole('link', { name: 'Edit' }));
    await within(main()).findByRole('heading', { level: 1, name: 'Edit Video' });
    expect(await within(main()).findByDisplayValue('Sunset walk')).toBeInTheDocument();
    expect(currentLocation()).toBe('/selfieVideos/edit/v1');

    // Back to the video page, then back to the profile.
    await user.click(screen.getByRole('button', { name: 'history back' }));
    await within(main()).findByText('Lovely colours');
    expect(currentLocation()).toBe('/selfieVideos/v1');
    await user.click(screen.getByRole('button', { name: 'history back' }));
    await within(main()).findByRole('heading', { level: 1, name: 'olivia' });
    expect(currentLocation()).toBe('/profile/owner1');
    // And forward to the video once more.
    await user.click(screen.getByRole('button', { name: 'history forward' }));
    await within(main()).findByText('Lovely colours');

    // Give any stray refetch the chance to happen before counting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(snapshot(counts)).toEqual({
      'GET /v0/api/comments/v1': 1,
      // The header's notification bell (signed in): its unread count, once.
      'GET /v0/api/notifications/unread': 1,
      // The profile's playlists section, once.
      'GET /v0/api/playlists': 1,
      'GET /v0/api/users/owner1': 1,
      'GET /v0/api/videos/selfieVideos/v1': 1,
      'GET /v0/api/videos/selfieVideos/v1/likes': 1,
    });

    // A like: the count moves, and only the video's Likes are fetched again.
    await user.click(within(main()).getByRole('button', { name: 'Like' }));
    expect(await within(main()).findByText('4 likes')).toBeInTheDocument();
    await waitFor(() => expect(counts.get('GET /v0/api/videos/selfieVideos/v1/likes')).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(snapshot(counts)).toEqual({
      'GET /v0/api/comments/v1': 1,
      // The header's notification bell (signed in): its unread count, once.
      'GET /v0/api/notifications/unread': 1,
      // The profile's playlists section, once.
      'GET /v0/api/playlists': 1,
      'GET /v0/api/users/owner1': 1,
      'GET /v0/api/videos/selfieVideos/v1': 1,
      'GET /v0/api/videos/selfieVideos/v1/likes': 2,
      'POST /v0/api/videos/selfieVideos/v1/toggle-like': 1,
    });

    // The liker's User was invalidated too: their profile is fetched again (now with the like),
    // while the video, its comments and the selfie list are not.
    await user.click(screen.getByRole('button', { name: 'history back' }));
    const liked = await within(main()).findByRole('region', { name: 'Liked Videos' });
    expect(await within(liked).findByText('Sunset walk')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(snapshot(counts)).toEqual({
      'GET /v0/api/comments/v1': 1,
      // The header's notification bell (signed in): its unread count, once.
      'GET /v0/api/notifications/unread': 1,
      // The profile's playlists section, once.
      'GET /v0/api/playlists': 1,
      'GET /v0/api/users/owner1': 2,
      'GET /v0/api/videos/selfieVideos/v1': 1,
      'GET /v0/api/videos/selfieVideos/v1/likes': 2,
      'POST /v0/api/videos/selfieVideos/v1/toggle-like': 1,
    });
  });
});
