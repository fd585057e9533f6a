import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import type { User } from '../../src/api/types';
import { commentsApi } from '../../src/features/comments';
import { profileApi } from '../../src/features/profile';
import { EditProfilePage } from '../../src/features/profile/EditProfilePage';
import { videosApi } from '../../src/features/videos';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { LocationProbe, currentLocation, installFakeClock, restoreRealClock } from './auth-helpers';
import { authState, owner, viewer } from './comments-fixtures';

type Answer = () => Response | Promise<Response>;

/** Answers PATCH /users/profile and records the bodies. */
function servePatch(answer: Answer) {
  const bodies: unknown[] = [];
  server.use(
    http.patch('*/v0/api/users/profile', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

function renderEdit(user: User | null, id = owner._id, locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/profile/edit/:id" element={<EditProfilePage />} />
        <Route path="/profile/:id" element={<h1>profile page</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { route: `/profile/edit/${id}`, preloadedState: authState(user), locale },
  );
}

const usernameField = () => screen.getByRole('textbox', { name: 'Username' });
const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const saveButton = () => screen.getByRole('button', { name: /Save Changes|Saving.../ });

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  logged.mockRestore();
  restoreRealClock();
});

describe('Edit profile', () => {
  it('shows the username to edit and the email disabled', () => {
    renderEdit(owner);
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeInTheDocument();
    expect(usernameField()).toHaveValue('olivia');
    expect(usernameField()).toBeEnabled();
    expect(emailField()).toHaveValue('olivia@example.com');
    expect(emailField()).toBeDisabled();
    expect(emailField()).toHaveAccessibleDescription('Your email address cannot be changed.');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/profile/owner1');
  });

  it('saves, shows the message, updates the logged-in user and opens the profile after 1.5 s, not before', async () => {
    const user = installFakeClock();
    const bodies = servePatch(() =>
      HttpResponse.json({
        success: true,
        message: 'Profile updated successfully!',
        user: { ...owner, username: 'olivia2', walletAddress: null },
      }),
    );
    const { store } = renderEdit(owner);

    await user.clear(usernameField());
    await user.type(usernameField(), '  olivia2 ');
    await user.click(saveButton());

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Profile updated successfully!'));
    expect(bodies).toEqual([{ username: 'olivia2' }]);
    expect(store.getState().auth.user).toMatchObject({ _id: 'owner1', username: 'olivia2', email: 'olivia@example.com' });
    expect(saveButton()).toBeDisabled();

    act(() => jest.advanceTimersByTime(1499));
    expect(currentLocation()).toBe('/profile/edit/owner1');
    act(() => jest.advanceTimersByTime(1));
    expect(currentLocation()).toBe('/profile/owner1');
  });

  it('refetches that user, the selfie list and all comments (usernames show there), nothing else', async () => {
    const gets = new Map<string, number>();
    const count = (request: Request) => {
      const path = new URL(request.url).pathname;
      gets.set(path, (gets.get(path) ?? 0) + 1);
    };
    server.use(
      http.get('*/v0/api/users/:id', ({ request, params }) => {
        count(request);
        return HttpResponse.json({ success: true, user: { _id: params.id, username: 'x' }, videos: [], likedVideos: [] });
      }),
      http.get('*/v0/api/comments/:videoId', ({ request }) => {
        count(request);
        return HttpResponse.json({ comments: [] });
      }),
      http.get('*/v0/api/videos/selfieVideos', ({ request }) => {
        count(request);
        return HttpResponse.json({ videos: [], total: 0 });
      }),
    );
    servePatch(() => HttpResponse.json({ success: true, message: 'Profile updated successfully!', user: { ...owner, username: 'o2' } }));
    const { user, store } = renderEdit(owner);
    // Pages elsewhere that stay subscribed (as a mounted page would be).
    store.dispatch(profileApi.endpoints.getUserProfile.initiate(owner._id));
    store.dispatch(profileApi.endpoints.getUserProfile.initiate('u9'));
    store.dispatch(commentsApi.endpoints.getComments.initiate('v1'));
    store.dispatch(commentsApi.endpoints.getComments.initiate('v2'));
    store.dispatch(videosApi.endpoints.getSelfieVideos.initiate({ page: 1 }));
    await waitFor(() => expect([...gets.values()].reduce((a, b) => a + b, 0)).toBe(5));

    await user.clear(usernameField());
    await user.type(usernameField(), 'o2');
    await user.click(saveButton());
    await screen.findByRole('status');

    await waitFor(() =>
      expect(Object.fromEntries(gets)).toEqual({
        '/v0/api/users/owner1': 2,
        '/v0/api/users/u9': 1,
        '/v0/api/comments/v1': 2,
        '/v0/api/comments/v2': 2,
        '/v0/api/videos/selfieVideos': 2,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(Object.values(Object.fromEntries(gets)).reduce((a, b) => a + b, 0)).toBe(9);
  });

  it('requires a username and sends nothing without one', async () => {
    const bodies = servePatch(() => HttpResponse.json({ success: true }));
    const { user, store } = renderEdit(owner);

    await user.clear(usernameField());
    await user.type(usernameField(), '   ');
    await user.click(saveButton());

    expect(await screen.findByText('Username is required.')).toBeInTheDocument();
    expect(usernameField()).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
    expect(store.getState().auth.user?.username).toBe('olivia');
  });

  it("shows the server's message when it refuses (e.g. a taken username) and stays", async () => {
    servePatch(() => HttpResponse.json({ success: false, message: 'That username is taken.' }, { status: 409 }));
    const { user, store } = renderEdit(owner);

    await user.clear(usernameField());
    await user.type(usernameField(), 'bob');
    await user.click(saveButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('That username is taken.');
    expect(store.getState().auth.user?.username).toBe('olivia');
    expect(currentLocation()).toBe('/profile/edit/owner1');
    expect(saveButton()).toBeEnabled();
  });

  it('shows "Failed to update profile." for a refusal without a message', async () => {
    servePatch(() => HttpResponse.json({ success: false }, { status: 500 }));
    const { user } = renderEdit(owner);

    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile.');
  });

  it('shows "Error updating profile." when the server cannot be reached', async () => {
    servePatch(() => HttpResponse.error());
    const { user } = renderEdit(owner);

    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Error updating profile.');
    expect(logged).toHaveBeenCalledWith('Failed to update profile:', expect.anything());
  });

  it("does not let another user edit someone's profile", () => {
    renderEdit(viewer, owner._id);
    expect(screen.getByRole('alert')).toHaveTextContent('You are not authorized to edit this profile.');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Profile' })).toHaveAttribute('href', '/profile/owner1');
  });

  it('does not let a visitor edit a profile', () => {
    renderEdit(null, owner._id);
    expect(screen.getByRole('alert')).toHaveTextContent('You are not authorized to edit this profile.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('is translated', () => {
    renderEdit(owner, owner._id, 'zh');
    expect(screen.getByRole('heading', { level: 1, name: '编辑个人资料' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '邮箱' })).toBeDisabled();
  });
});
