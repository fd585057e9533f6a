import { type ReactNode } from 'react';
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
  children: ReactNode;
}

/**
 * Store → translations → rehydration gate → router. Intl sits outside PersistGate so the
 * loading spinner is already labelled (in the browser's language until the saved one loads).
 * Nothing below the gate renders before the persisted user and language are back, so the
 * session check started by App cannot be overwritten by a late rehydration.
 *
 * BrowserRouter rather than a data router: RTK Query owns all data loading (no loaders or
 * actions to host), and a plain <Routes> tree renders the same under MemoryRouter in tests.
 */
export function AppProviders({ store, persistor, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <AppIntlProvider>
        <PersistGate loading={<PageSpinner fullScreen />} persistor={persistor}>
          <BrowserRouter>{children}</BrowserRouter>
        </PersistGate>
      </AppIntlProvider>
    </Provider>
  );
}
