import { type ReactNode, useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { type Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';

import { AppIntlProvider } from '../i18n/AppIntlProvider';

import { PageSpinner } from './PageSpinner';
import { type AppStore } from './store';

export interface AppProvidersProps {
  store: AppStore;
  persistor: Persistor;
  /** The router around the app: the browser's history by default, a StaticRouter on the server. */
  router?: (children: ReactNode) => ReactNode;
  /** The time zone of server-rendered markup, while it is rendered or hydrated (AppIntlProvider). */
  serverTimeZone?: string;
  children: ReactNode;
}

const browserRouter = (children: ReactNode) => <BrowserRouter>{children}</BrowserRouter>;

/**
 * Store → translations → rehydration gate → router. Intl sits outside PersistGate so the
 * loading spinner is already labelled (in the browser's language until the saved one loads).
 * Nothing below the gate renders before the persisted user and language are back, so the
 * session check started by App cannot be overwritten by a late rehydration.
 *
 * The gate is left out when the state is already back (the start-up and the server's render
 * wait for it): PersistGate always renders its spinner first and the page only after mounting,
 * which a server render would stop at and a hydration would not match.
 *
 * BrowserRouter rather than a data router: RTK Query owns all data loading (no loaders or
 * actions to host), and a plain <Routes> tree renders the same under MemoryRouter in tests.
 */
export function AppProviders({ store, persistor, router = browserRouter, serverTimeZone, children }: AppProvidersProps) {
  const [rehydrated] = useState(() => persistor.getState().bootstrapped);
  const routed = router(children);
  return (
    <Provider store={store}>
      <AppIntlProvider serverTimeZone={serverTimeZone}>
        {rehydrated ? (
          routed
        ) : (
          <PersistGate loading={<PageSpinner fullScreen />} persistor={persistor}>
            {routed}
          </PersistGate>
        )}
      </AppIntlProvider>
    </Provider>
  );
}
