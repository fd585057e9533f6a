/**
 * The server's render of a first screen (built by webpack into dist/.ssr/render.cjs and loaded by
 * server/pages/server-render.ts). The same App, providers and page chunks as the browser's, under
 * a StaticRouter, with a store whose queries can only take the answers the server inlines into
 * the same HTML — so the browser, running the same first-screen queries against those answers,
 * renders exactly this markup and hydrates it (src/main.tsx).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';

import { api } from '../api/api';
import { inlinedAnswers } from '../api/bootstrap';
import { App } from '../app/App';
import { prepareFirstScreen } from '../app/firstScreen';
import { AppProviders } from '../app/providers';
import { makeStore, noopStorage, rehydrated } from '../app/store';
import { isLocale, type Locale } from '../i18n/languageSlice';

export interface FirstScreenRequest {
  /** Path and query of the page. */
  url: string;
  locale: Locale;
  /** The IANA time zone dates are shown in (the browser's, from a cookie; UTC without one). */
  timeZone: string;
  /** The answers inlined into the page, by the exact URL the SPA requests. */
  answers: Record<string, unknown>;
  /** Render signed in, as the user of the inlined check-session answer (none there: not rendered). */
  signedIn?: boolean;
  /**
   * Apply the inlined check-session answer before rendering (always when signed in; for a visitor,
   * the pages that show a visitor something else once the check has answered).
   */
  session?: boolean;
}

/**
 * The markup of the page's first screen for a visitor without a session, or for a signed-in user
 * (signed in from the inlined session check, as the browser will be), or null when the page needs
 * data the server did not inline (it is then left to the browser, as before).
 */
export async function renderFirstScreen({
  url,
  locale,
  timeZone,
  answers,
  signedIn = false,
  session = signedIn,
}: FirstScreenRequest): Promise<string | null> {
  if (!isLocale(locale)) return null;
  const { store, persistor } = makeStore({
    storage: noopStorage,
    preloadedState: { language: { locale, chosen: false } },
    inlined: inlinedAnswers(answers, { offline: true }),
  });
  try {
    await rehydrated(persistor);
    const { pathname, search } = new URL(url, 'http://localhost');
    const prepared = await prepareFirstScreen(store.dispatch, pathname, search, { session: session || signedIn });
    if (!prepared.complete || store.getState().auth.isLoggedIn !== signedIn) return null;
    return renderToString(
      <StrictMode>
        <AppProviders
          store={store}
          persistor={persistor}
          serverTimeZone={timeZone}
          router={(children) => <StaticRouter location={url}>{children}</StaticRouter>}
        >
          <App />
        </AppProviders>
      </StrictMode>,
    );
  } finally {
    // Nothing of this store may outlive the request: resetting the cache clears RTK Query's
    // timers (an entry nobody subscribes to, like the per-video entries a search seeds, would
    // otherwise hold the whole store for keepUnusedDataFor, 5 minutes).
    persistor.pause();
    store.dispatch(api.util.resetApiState());
  }
}
