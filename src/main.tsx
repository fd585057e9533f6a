import './app/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Persistor } from 'redux-persist';

import { App } from './app/App';
import { AppProviders } from './app/providers';
import { preloadPageFor } from './app/router';
import { makeStore } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const { store, persistor } = makeStore();

/** Resolves once redux-persist has put the saved user and language back. */
function rehydrated(p: Persistor): Promise<void> {
  return new Promise((resolve) => {
    if (p.getState().bootstrapped) return resolve();
    const unsubscribe = p.subscribe(() => {
      if (!p.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    });
  });
}

// The first screen renders once: the route's page chunk (already preloaded by the HTML) and the
// saved state are in before the first render, so neither the spinner nor a second pass is needed.
// A failed chunk load is left to the page's own Suspense and error boundary.
void Promise.all([preloadPageFor(window.location.pathname).catch(() => undefined), rehydrated(persistor)]).then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders store={store} persistor={persistor}>
        <App />
      </AppProviders>
    </StrictMode>,
  );
});
