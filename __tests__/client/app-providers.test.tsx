import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import createWebStorage from 'redux-persist/lib/storage/createWebStorage';

import type { User } from '../../src/api/types';
import { App } from '../../src/app/App';
import { AppProviders } from '../../src/app/providers';
import { makeStore } from '../../src/app/store';
import { server } from '../support/msw-server';

import { serveNoUnreadNotifications } from './videos-fixtures';

const bob: User = { _id: 'u7', username: 'bob', email: 'bob@example.com', verified: true, walletAddress: null, role: 'user' };

/** What redux-persist would have written on an earlier visit. */
function persistEarlierVisit() {
  const encode = (slice: Record<string, unknown>) =>
    JSON.stringify(Object.fromEntries(Object.entries(slice).map(([key, value]) => [key, JSON.stringify(value)])));
  window.localStorage.setItem(
    'persist:user',
    encode({ isLoggedIn: true, user: bob, _persist: { version: 1, rehydrated: true } }),
  );
  window.localStorage.setItem(
    'persist:language',
    encode({ locale: 'zh', chosen: true, _persist: { version: 1, rehydrated: true } }),
  );
}

function renderApp() {
  const { store, persistor } = makeStore({ storage: createWebStorage('local') });
  render(
    <AppProviders store={store} persistor={persistor}>
      <App />
    </AppProviders>,
  );
  return { store };
}

// The header's bell asks for the unread count of a signed-in viewer.
beforeEach(serveNoUnreadNotifications);

describe('AppProviders + App (the real entry composition)', () => {
  beforeEach(() => window.history.pushState({}, '', '/login'));
  afterEach(() => window.history.pushState({}, '', '/'));

  it('restores the saved language and reconciles the saved user with the server after rehydration', async () => {
    persistEarlierVisit();
    let checks = 0;
    server.use(
      http.get('*/v0/api/check-session', () => {
        checks += 1;
        return HttpResponse.json({ isValid: false });
      }),
    );
    const { store } = renderApp();

    // Chinese labels come from the persisted choice, not from the browser language (en in jsdom).
    expect(await screen.findByRole('heading', { level: 1, name: '登录' })).toBeInTheDocument();
    await waitFor(() => expect(store.getState().auth.loading).toBe(false));
    // The server's answer wins over the persisted user, and rehydration did not undo it.
    expect(store.getState().auth).toMatchObject({ isLoggedIn: false, user: null });
    expect(screen.getByRole('button', { name: '菜单' })).toBeInTheDocument();
    expect(checks).toBe(1);
  });

  it('logs a returning user in when the session is still valid', async () => {
    server.use(http.get('*/v0/api/check-session', () => HttpResponse.json({ isValid: true, user: bob })));
    const { store } = renderApp();

    expect(await screen.findByRole('button', { name: /bob/ })).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, user: bob, loading: false });
  });
});
