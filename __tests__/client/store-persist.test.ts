import { waitFor } from '@testing-library/react';
import createWebStorage from 'redux-persist/lib/storage/createWebStorage';

import type { User } from '../../src/api/types';
import { makeStore } from '../../src/app/store';
import { loggedIn, loggedOut, sessionChecked } from '../../src/features/auth/authSlice';
import { setLocale } from '../../src/i18n/languageSlice';

const alice: User = { _id: 'u42', username: 'alice', email: 'alice@example.com', verified: true, walletAddress: null, role: 'user' };

/** A store persisting to jsdom's real localStorage, as in the browser. */
function makeBrowserStore() {
  return makeStore({ storage: createWebStorage('local') });
}

/** redux-persist stores each slice field as its own JSON string inside one JSON object. */
function readPersisted(key: string): Record<string, unknown> | null {
  const raw = window.localStorage.getItem(`persist:${key}`);
  if (raw === null) return null;
  const outer = JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(Object.entries(outer).map(([field, value]) => [field, JSON.parse(value)]));
}

async function rehydrated(persistor: ReturnType<typeof makeStore>['persistor']) {
  await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
}

describe('store persistence', () => {
  it('persists the auth slice under "persist:user", without the loading flag', async () => {
    const { store, persistor } = makeBrowserStore();
    await rehydrated(persistor);
    store.dispatch(loggedIn(alice));

    await waitFor(() => expect(readPersisted('user')).toMatchObject({ isLoggedIn: true, user: alice }));
    expect(readPersisted('user')).not.toHaveProperty('loading');
  });

  it('removes the stored user on logout', async () => {
    const { store, persistor } = makeBrowserStore();
    await rehydrated(persistor);
    store.dispatch(loggedIn(alice));
    await waitFor(() => expect(readPersisted('user')).toMatchObject({ user: alice }));

    store.dispatch(loggedOut());
    await waitFor(() => expect(readPersisted('user')).toMatchObject({ isLoggedIn: false, user: null }));
  });

  it('restores the stored user on the next visit, with loading on until the session check answers', async () => {
    const first = makeBrowserStore();
    await rehydrated(first.persistor);
    first.store.dispatch(sessionChecked({ isValid: true, user: alice }));
    await waitFor(() => expect(readPersisted('user')).toMatchObject({ user: alice }));
    await first.persistor.flush();

    const next = makeBrowserStore();
    await rehydrated(next.persistor);
    expect(next.store.getState().auth).toMatchObject({ isLoggedIn: true, user: alice, loading: true });
  });

  it('persists the chosen language', async () => {
    const { store, persistor } = makeBrowserStore();
    await rehydrated(persistor);
    store.dispatch(setLocale('zh'));
    await waitFor(() => expect(readPersisted('language')).toEqual({ locale: 'zh', chosen: true, _persist: expect.anything() }));

    const next = makeBrowserStore();
    await rehydrated(next.persistor);
    expect(next.store.getState().language).toMatchObject({ locale: 'zh', chosen: true });
  });

  it('never persists the API cache', async () => {
    const { store, persistor } = makeBrowserStore();
    await rehydrated(persistor);
    store.dispatch(loggedIn(alice));
    await waitFor(() => expect(readPersisted('user')).not.toBeNull());
    await persistor.flush();

    const keys = Object.keys(window.localStorage);
    expect(keys.sort()).toEqual(['persist:language', 'persist:user']);
    expect(window.localStorage.getItem('persist:user')).not.toContain('queries');
  });
});
