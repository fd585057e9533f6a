import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import type { SelfieVideo, User, UserProfileResponse } from '../../src/api/types';
import { ProfilePage } from '../../src/features/profile/ProfilePage';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { LocationProbe, currentLocation } from './auth-helpers';
import { authState, makeSelfieVideo, owner, viewer } from './comments-fixtures';

const uploaded = [
  makeSelfieVideo('v1', { title: 'Sunset walk', views: 1500 }),
  makeSelfieVideo('v2', { title: 'Secret diary', visibility: 'private' }),
];
const liked = [makeSelfieVideo('v9', { title: 'Cat jumps', user: 'u9', username: 'dave' })];

function profileOf(user: { _id: string; username: string; email?: string }, videos: SelfieVideo[], likedVideos: SelfieVideo[]) {
  return {
    success: true,
    user: { subscriberCount: 0, ...user },
    videos,
    likedVideos,
    videosTotal: videos.length,
    likedVideosTotal: likedVideos.length,
    videosNextCursor: null,
    likedVideosNextCursor: null,
  } satisfies UserProfileResponse;
}

/** Serves GET /users/:id from `answer` and counts the requests. */
function serveProfile(answer: () => Response | Promise<Response>) {
  const log = { gets: 0 };
  server.use(
    http.get('*/v0/api/users/:id', () => {
      log.gets += 1;
      return answer();
    }),
  );
  return log;
}

function renderProfile(user: User | null, id = owner._id, locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/profile/:id" element={<ProfilePage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { route: `/profile/${id}`, preloadedState: authState(user), locale },
  );
}

const ownersView = () =>
  HttpResponse.json(profileOf({ _id: owner._id, username: owner.username, email: owner.email! }, uploaded, liked));
const othersView = () =>
  HttpResponse.json(profileOf({ _id: owner._id, username: owner.username }, uploaded.slice(0, 1), liked));

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  logged.mockRestore();
  jest.restoreAllMocks();
});

describe('Profile page', () => {
  it('shows the owner their email, an Edit Profile button and both lists with visibility badges', async () => {
    serveProfile(ownersView);
    renderProfile(owner);

    expect(await screen.findByRole('heading', { level: 1, name: 'olivia' })).toBeInTheDocument();
    expect(screen.getByText('olivia@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/profile/edit/owner1');

    const uploads = section('Uploaded Videos');
    const cards = within(uploads).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'Sunset walk 1,500 views' })).toHaveAttribute('href', '/selfieVideos/v1');
    expect(within(cards[0]!).getByText('Public')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Private')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('img', { name: 'Sunset walk' })).toHaveAttribute('src', '/media/v1.jpg');

    const likes = section('Liked Videos');
    expect(within(likes).getByRole('link', { name: 'Cat jumps 12 views' })).toHaveAttribute('href', '/selfieVideos/v9');
    expect(within(likes).getByText('Public')).toBeInTheDocument();
  });

  it('shows another user no email and no Edit Profile, but Edit and Delete on cards (the server enforces ownership)', async () => {
    serveProfile(othersView);
    renderProfile(viewer);

    expect(await screen.findByRole('heading', { level: 1, name: 'olivia' })).toBeInTheDocument();
    expect(screen.queryByText('Email')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Sunset walk' })).toHaveAttribute('href', '/selfieVideos/edit/v1');
    expect(screen.getByRole('button', { name: 'Delete Sunset walk' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Cat jumps' })).toBeInTheDocument();
  });

  it('shows visitors no Edit or Delete at all', async () => {
    serveProfile(othersView);
    renderProfile(null);

    await screen.findByRole('heading', { level: 1, name: 'olivia' });
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('opens the edit page of a video from its card', async () => {
    serveProfile(ownersView);
    const { user } = renderProfile(owner);

    await user.click(await screen.findByRole('link', { name: 'Edit Secret diary' }));
    expect(currentLocation()).toBe('/selfieVideos/edit/v2');
  });

  it('says so when a list is empty', async () => {
    serveProfile(() => HttpResponse.json(profileOf({ _id: owner._id, username: owner.username }, [], [])));
    renderProfile(viewer);

    expect(await within(await screen.findByRole('region', { name: 'Uploaded Videos' })).findByText('No videos yet.')).toBeInTheDocument();
    expect(within(section('Liked Videos')).getByText('No liked videos yet.')).toBeInTheDocument();
  });

  it('shows a spinner while loading', async () => {
    serveProfile(ownersView);
    renderProfile(owner);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    await screen.findByRole('heading', { level: 1, name: 'olivia' });
  });

  it('is translated', async () => {
    serveProfile(ownersView);
    renderProfile(owner, owner._id, 'zh');
    expect(await screen.findByRole('region', { name: '上传的视频' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '编辑个人资料' })).toBeInTheDocument();
    expect(screen.getByText('私密')).toBeInTheDocument();
  });
});

describe('Profile page: deleting a video', () => {
  it('asks "Are you sure you want to delete this video?", deletes and refetches the profile without it', async () => {
    const confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
    let videos = uploaded;
    const log = serveProfile(() => HttpResponse.json(profileOf({ _id: owner._id, username: owner.username }, videos, [])));
    const deletes: string[] = [];
    server.use(
      http.delete('*/v0/api/videos/selfieVideos/:id', ({ params }) => {
        deletes.push(String(params.id));
        videos = videos.filter((video) => video._id !== params.id);
        return HttpResponse.json({ success: true, message: 'Video deleted.' });
      }),
    );
    const { user } = renderProfile(owner);

    await user.click(await screen.findByRole('button', { name: 'Delete Sunset walk' }));
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete this video?');
    await waitFor(() => expect(screen.queryByText('Sunset walk')).not.toBeInTheDocument());
    expect(deletes).toEqual(['v1']);
    expect(log.gets).toBe(2);
    expect(screen.getByText('Secret diary')).toBeInTheDocument();
  });

  it('does nothing when the confirmation is declined', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(false);
    serveProfile(ownersView);
    const deletes: string[] = [];
    server.use(
      http.delete('*/v0/api/videos/selfieVideos/:id', ({ params }) => {
        deletes.push(String(params.id));
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = renderProfile(owner);

    await user.click(await screen.findByRole('button', { name: 'Delete Sunset walk' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(deletes).toEqual([]);
    expect(screen.getByText('Sunset walk')).toBeInTheDocument();
  });

  it("alerts the server's refusal to a non-owner", async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => {});
    serveProfile(othersView);
    server.use(
      http.delete('*/v0/api/videos/selfieVideos/:id', () =>
        HttpResponse.json({ success: false, message: 'You can only delete your own videos.' }, { status: 403 }),
      ),
    );
    const { user } = renderProfile(viewer);

    await user.click(await screen.findByRole('button', { name: 'Delete Sunset walk' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('You can only delete your own videos.'));
    expect(screen.getByText('Sunset walk')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Sunset walk' })).toBeEnabled();
  });

  it('alerts "Failed to delete video." when there is no server message', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => {});
    serveProfile(ownersView);
    server.use(http.delete('*/v0/api/videos/selfieVideos/:id', () => HttpResponse.error()));
    const { user } = renderProfile(owner);

    await user.click(await screen.findByRole('button', { name: 'Delete Secret diary' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Failed to delete video.'));
    expect(logged).toHaveBeenCalledWith('Failed to delete video:', expect.anything());
  });
});

describe('Profile page: load failures', () => {
  it('shows "User not found." for a 404', async () => {
    serveProfile(() => HttpResponse.json({ success: false, message: 'Not found.' }, { status: 404 }));
    renderProfile(viewer, 'nobody');
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows "Failed to load profile." for another refusal without a message', async () => {
    serveProfile(() => HttpResponse.json({ success: false }, { status: 500 }));
    renderProfile(viewer);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile.');
  });

  it("prefers the server's message for another refusal", async () => {
    serveProfile(() => HttpResponse.json({ success: false, message: 'Database is resting.' }, { status: 503 }));
    renderProfile(viewer);
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is resting.');
  });

  it('shows "Could not load profile. Please try again later." when the server cannot be reached, with a retry', async () => {
    let fail = true;
    serveProfile(() => (fail ? HttpResponse.error() : othersView()));
    const { user } = renderProfile(viewer);

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load profile. Please try again later.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'olivia' })).toBeInTheDocument();
  });
});
