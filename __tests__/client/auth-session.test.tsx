import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';

import type { User } from '../../src/api/types';
import { App } from '../../src/app/App';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { serveNoUnreadNotifications } from './videos-fixtures';

const alice: User = { _id: 'u42', username: 'alice', email: 'alice@example.com', verified: true, walletAddress: null, role: 'user' };
const persistedBob: User = { _id: 'u7', username: 'bob', email: 'bob@example.com', verified: true, walletAddress: null, role: 'user' };

/** Counts session checks and answers each with `answer`. */
function answerSessionCheck(answer: () => Response | Promise<Response>) {
  const calls = { count: 0 };
  server.use(
    http.get('*/v0/api/check-session', async () => {
      calls.count += 1;
      return answer();
    }),
  );
  return calls;
}

// /forgot-password renders a page that makes no requests of its own and, unlike /login, does
// not send a logged-in visitor home, so only the session check is in play.
const START_ROUTE = '/forgot-password';

// The header's bell asks for the unread count of a signed-in viewer.
beforeEach(serveNoUnreadNotifications);

describe('session check on start', () => {
  it('logs the visitor in with the server\'s user when the session is valid', async () => {
    const calls = answerSessionCheck(() => HttpResponse.json({ isValid: true, user: alice }));
    const { store } = renderWithProviders(<App />, { route: START_ROUTE });
    expect(store.getState().auth.loading).toBe(true);

    expect(await screen.findByRole('button', { name: /alice/ })).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, user: alice, loading: false });
    expect(calls.count).toBe(1);
  });

  it('clears a persisted user when the server says the session is not valid', async () => {
    answerSessionCheck(() => HttpResponse.json({ isValid: false }));
    const { store } = renderWithProviders(<App />, {
      route: START_ROUTE,
      preloadedState: { auth: { isLoggedIn: true, user: persistedBob, loading: true } },
    });
    // Until the server answers, the persisted user is shown.
    expect(screen.getByRole('button', { name: /bob/ })).toBeInTheDocument();

    await waitFor(() => expect(store.getState().auth.loading).toBe(false));
    expect(store.getState().auth).toMatchObject({ isLoggedIn: false, user: null, loading: false });
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
  });

  it('treats a valid answer without a user as not logged in', async () => {
    answerSessionCheck(() => HttpResponse.json({ isValid: true }));
    const { store } = renderWithProviders(<App />, { route: START_ROUTE });
    await waitFor(() => expect(store.getState().auth.loading).toBe(false));
    expect(store.getState().auth.isLoggedIn).toBe(false);
  });

  it.each([
    ['a network error', () => HttpResponse.error()],
    ['a server error', () => HttpResponse.json({ message: 'down' }, { status: 500 })],
  ])('logs %s and treats the visitor as not logged in', async (_label, answer) => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    answerSessionCheck(answer);
    const { store } = renderWithProviders(<App />, {
      route: START_ROUTE,
      preloadedState: { auth: { isLoggedIn: true, user: persistedBob, loading: true } },
    });

    await waitFor(() => expect(store.getState().auth.loading).toBe(false));
    expect(store.getState().auth).toMatchObject({ isLoggedIn: false, user: null, loading: false });
    expect(consoleError).toHaveBeenCalledWith('Session check failed:', expect.anything());
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('keeps loading on until the answer arrives', async () => {
    answerSessionCheck(async () => {
      await delay(50);
      return HttpResponse.json({ isValid: false });
    });
    const { store } = renderWithProviders(<App />, { route: START_ROUTE });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(store.getState().auth.loading).toBe(true);
    await waitFor(() => expect(store.getState().auth.loading).toBe(false));
  });

  it('checks again after logout and stays logged out', async () => {
    let valid = true;
    let homeSearched = false;
    const calls = answerSessionCheck(() =>
      HttpResponse.json(valid ? { isValid: true, user: alice } : { isValid: false }),
    );
    server.use(
      http.post('*/v0/api/auth/logout', () => {
        valid = false;
        return HttpResponse.json({ success: true });
      }),
      // Logout lands on Home, which searches the catalogue.
      http.get('*/catalogue/api/v2/video/search/', () => {
        homeSearched = true;
        return HttpResponse.json({ count: 0, start: 0, per_page: 18, page: 1, time_ms: 1, total_count: 0, total_pages: 0, videos: [] });
      }),
    );
    const { user, store } = renderWithProviders(<App />, { route: START_ROUTE });
    await user.click(await screen.findByRole('button', { name: /alice/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(calls.count).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(store.getState().auth).toMatchObject({ isLoggedIn: false, user: null }));
    expect(await screen.findByRole('button', { name: 'Menu' })).toBeInTheDocument();
    await waitFor(() => expect(homeSearched).toBe(true));
  });
});
