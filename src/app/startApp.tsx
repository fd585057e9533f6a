import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Persistor } from 'redux-persist';

import { App } from './App';
import { prepareFirstScreen } from './firstScreen';
import { AppProviders } from './providers';
import { preloadPageFor } from './router';
import { rehydrated, type AppStore } from './store';

/**
 * The server renders the first screen for a visitor without a session, or for a signed-in user
 * as that user (whose id it marks on the root), in the language it marks on the root
 * (server/pages/server-render.ts). The browser takes that markup over (hydrates it) only when its
 * own first render is the same: same language, and nobody signed in, or the same user. A page
 * rendered after the session check (signed in, or a visitor on a page that needs the check)
 * carries the server's answer, which the browser adopts before its first render whatever it
 * had saved (nobody after a sign-in through the API, another account from another tab, a user
 * whose session has ended), so the viewer is then the same by construction.
 */
function matchesServerRender(container: HTMLElement, store: AppStore): boolean {
  const { ssrLocale: serverLocale, ssrUser: serverUser, ssrSession } = container.dataset;
  const { language, auth } = store.getState();
  const sameViewer = Boolean(serverUser) || ssrSession === 'checked' || !auth.isLoggedIn;
  return Boolean(serverLocale) && container.firstElementChild !== null && language.locale === serverLocale && sameViewer;
}

/**
 * Starts the SPA in `container`. The first screen renders once: the route's page chunk (already
 * preloaded by the HTML) and the saved state are in before the first render, so neither the
 * spinner nor a second pass is needed. Over a server-rendered first screen it hydrates, after
 * running the page's first queries against the answers the server rendered with (inlined in the
 * HTML); otherwise it renders afresh, replacing whatever the server sent. A failed chunk load is
 * left to the page's own Suspense and error boundary.
 *
 * Both run as a transition: React then works in slices of a few milliseconds and gives the main
 * thread back between them (a default-priority hydration or render is one long task: 150–350 ms
 * on a mid-range phone for the video page). Input that arrives meanwhile is handled first.
 */
export async function startApp(
  container: HTMLElement,
  { store, persistor }: { store: AppStore; persistor: Persistor },
  { pathname, search }: Pick<Location, 'pathname' | 'search'> = window.location,
): Promise<'hydrated' | 'rendered'> {
  const app = (serverTimeZone?: string) => (
    <StrictMode>
      <AppProviders store={store} persistor={persistor} serverTimeZone={serverTimeZone}>
        <App />
      </AppProviders>
    </StrictMode>
  );
  await Promise.all([preloadPageFor(pathname).catch(() => undefined), rehydrated(persistor)]);
  if (matchesServerRender(container, store)) {
    const signedIn = Boolean(container.dataset.ssrUser);
    const session = signedIn || container.dataset.ssrSession === 'checked';
    const prepared = await prepareFirstScreen(store.dispatch, pathname, search, { session }).catch(() => null);
    // The inlined session check may say otherwise than the saved user (signed out meanwhile).
    const { auth } = store.getState();
    if (prepared?.complete && auth.isLoggedIn === signedIn && (!signedIn || auth.user?._id === container.dataset.ssrUser)) {
      // Dates first in the server's time zone, as in its markup, then in the browser's.
      startTransition(() => {
        hydrateRoot(container, app(container.dataset.ssrTimeZone));
      });
      prepared.release();
      return 'hydrated';
    }
    prepared?.release();
  }
  const root = createRoot(container);
  startTransition(() => root.render(app()));
  return 'rendered';
}
