import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import { makeStore, type MakeStoreOptions } from '../../src/app/store';
import { AppIntlProvider } from '../../src/i18n/AppIntlProvider';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The URL the memory router starts at. */
  route?: string;
  /** A route pattern (e.g. "/movie/:id") so the element can read params; defaults to "*". */
  path?: string;
  preloadedState?: MakeStoreOptions['preloadedState'];
  locale?: 'en' | 'zh';
}

/** Renders `ui` with a fresh store (no persistence), react-intl and a memory router. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', preloadedState, locale = 'en', ...options }: RenderWithProvidersOptions = {},
) {
  const { store } = makeStore({
    storage: {
      getItem: () => Promise.resolve(null),
      setItem: () => Promise.resolve(),
      removeItem: () => Promise.resolve(),
    },
    preloadedState: { language: { locale, chosen: true }, ...preloadedState },
  });
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <AppIntlProvider>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
          </Routes>
        </MemoryRouter>
      </AppIntlProvider>
    </Provider>,
    options,
  );
  return { store, user, ...result };
}
