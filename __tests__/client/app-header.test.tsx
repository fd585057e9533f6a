import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';

import type { User } from '../../src/api/types';
import { Header } from '../../src/app/Header';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { serveNoUnreadNotifications } from './videos-fixtures';

const alice: User = { _id: 'u42', username: 'alice', email: 'alice@example.com', verified: true, walletAddress: null, role: 'user' };

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderHeader(options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <>
      <Header />
      <LocationProbe />
    </>,
    options,
  );
}

const loggedInState = { auth: { isLoggedIn: true, user: alice, loading: false } };

function menuToggle(name: string | RegExp) {
  return screen.getByRole('button', { name });
}

function panel() {
  return screen.getByRole('navigation', { name: 'Menu' });
}

// The header's bell asks for the unread count of a signed-in viewer.
beforeEach(serveNoUnreadNotifications);

describe('Header for a visitor', () => {
  it('shows the logo, the main links and a closed "Menu" toggle', () => {
    renderHeader();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'ClipNest' })).toHaveAttribute('href', '/');

    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: /Self-Shot/ })).toHaveAttribute('href', '/selfieVideos');
    expect(within(main).getByRole('link', { name: /Self-Shot/ })).toHaveTextContent('Experimental');
    expect(within(main).getByRole('link', { name: 'Upload' })).toHaveAttribute('href', '/upload-movie');

    const toggle = menuToggle('Menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panelElement = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(panelElement).not.toBeNull();
    expect(panelElement).not.toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('highlights the link of the current page', () => {
    renderHeader({ route: '/upload-movie' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Upload' })).toHaveAttribute('aria-current', 'page');
    expect(within(main).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('opens a panel with Home, Upload, Login and Sign Up — and no Profile or Logout', async () => {
    const { user } = renderHeader();
    await user.click(menuToggle('Menu'));

    expect(menuToggle('Menu')).toHaveAttribute('aria-expanded', 'true');
    const links = within(panel());
    expect(links.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(links.getByRole('link', { name: 'Upload' })).toHaveAttribute('href', '/upload-movie');
    expect(links.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(links.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(links.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(links.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it.each([
    ['Login', '/login'],
    ['Sign Up', '/register'],
    ['Upload', '/upload-movie'],
  ])('closes the panel when %s is followed', async (name, path) => {
    const { user } = renderHeader({ route: '/selfieVideos' });
    await user.click(menuToggle('Menu'));
    await user.click(within(panel()).getByRole('link', { name }));

    expect(screen.getByTestId('location')).toHaveTextContent(path);
    expect(menuToggle('Menu')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('closes the panel on Escape and gives focus back to the toggle', async () => {
    const { user } = renderHeader();
    await user.click(menuToggle('Menu'));
    within(panel()).getByRole('link', { name: 'Login' }).focus();
    await user.keyboard('{Escape}');

    expect(menuToggle('Menu')).toHaveAttribute('aria-expanded', 'false');
    expect(menuToggle('Menu')).toHaveFocus();
  });

  it('closes the panel on a click outside it, and keeps it open on a click inside', async () => {
    const { user } = renderHeader();
    await user.click(menuToggle('Menu'));
    await user.click(panel());
    expect(menuToggle('Menu')).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByTestId('location'));
    expect(menuToggle('Menu')).toHaveAttribute('aria-expanded', 'false');
  });

  it('can be opened and used from the keyboard', async () => {
    const { user } = renderHeader();
    menuToggle('Menu').focus();
    await user.keyboard('{Enter}');
    expect(menuToggle('Menu')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Enter}');
    expect(menuToggle('Menu')).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('Header for a logged-in user', () => {
  it('shows the username on the toggle and Profile and Logout in the panel', async () => {
    const { user } = renderHeader({ preloadedState: loggedInState });
    const toggle = menuToggle(/alice/);
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();

    await user.click(toggle);
    const links = within(panel());
    expect(links.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(links.getByRole('link', { name: 'Upload' })).toBeInTheDocument();
    expect(links.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile/u42');
    expect(links.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(links.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(links.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it('closes the panel when Profile is followed', async () => {
    const { user } = renderHeader({ preloadedState: loggedInState });
    await user.click(menuToggle(/alice/));
    await user.click(within(panel()).getByRole('link', { name: 'Profile' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/u42');
    expect(menuToggle(/alice/)).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs out: posts an empty JSON body, clears the session and goes home', async () => {
    let body: unknown;
    server.use(
      http.post('*/v0/api/auth/logout', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true });
      }),
    );
    const { user, store } = renderHeader({ route: '/selfieVideos', preloadedState: loggedInState });
    await user.click(menuToggle(/alice/));
    await user.click(within(panel()).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(store.getState().auth.isLoggedIn).toBe(false));
    expect(body).toEqual({});
    expect(store.getState().auth.user).toBeNull();
    // The store changes before React renders the navigation home.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(menuToggle('Menu')).toBeInTheDocument();
  });

  it('keeps the session and logs "Logout failed:" when the server refuses', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post('*/v0/api/auth/logout', () => HttpResponse.json({ message: 'nope' }, { status: 500 })));
    const { user, store } = renderHeader({ route: '/selfieVideos', preloadedState: loggedInState });
    await user.click(menuToggle(/alice/));
    await user.click(within(panel()).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Logout failed:', expect.anything()));
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, user: alice });
    expect(screen.getByTestId('location')).toHaveTextContent('/selfieVideos');
    expect(menuToggle(/alice/)).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('keeps the session when the network fails during logout', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post('*/v0/api/auth/logout', () => HttpResponse.error()));
    const { user, store } = renderHeader({ preloadedState: loggedInState });
    await user.click(menuToggle(/alice/));
    await user.click(within(panel()).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Logout failed:', expect.anything()));
    expect(store.getState().auth.isLoggedIn).toBe(true);
    consoleError.mockRestore();
  });
});
