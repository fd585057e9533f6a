import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
  type Persistor,
  type Storage,
} from 'redux-persist';
import createWebStorage from 'redux-persist/lib/storage/createWebStorage';

import { api } from '../api/api';
import { documentAnswers, type InlinedAnswers, type StoreExtra } from '../api/bootstrap';
import { authSlice } from '../features/auth/authSlice';
import { languageSlice } from '../i18n/languageSlice';

import { devToolsOptions } from './devtools';

/** A storage that keeps nothing, for environments without localStorage (the server's render, tests). */
export const noopStorage: Storage = {
  getItem: () => Promise.resolve(null),
  setItem: () => Promise.resolve(),
  removeItem: () => Promise.resolve(),
};

function defaultStorage(): Storage {
  return typeof window !== 'undefined' && window.localStorage ? createWebStorage('local') : noopStorage;
}

export interface MakeStoreOptions {
  /** Where persisted slices live; localStorage in the browser. */
  storage?: Storage;
  preloadedState?: PreloadedRootState;
  /** First-screen answers the queries take before the network: the document's by default. */
  inlined?: InlinedAnswers;
}

function makeRootReducer(storage: Storage) {
  // A storage that answers at once needs no rehydration time-out; redux-persist's default arms
  // a 5 s timer per slice and never clears it, which on the server would be two per page render.
  const timeout = storage === noopStorage ? 0 : undefined;
  return combineReducers({
    [api.reducerPath]: api.reducer,
    // Persisted under localStorage "persist:user" (redux-persist's envelope, versioned, instead of
    // a raw `user` key). The loading flag is per page load; the API cache is never persisted.
    auth: persistReducer({ key: 'user', version: 1, storage, timeout, blacklist: ['loading'] }, authSlice.reducer),
    language: persistReducer({ key: 'language', version: 1, storage, timeout }, languageSlice.reducer),
  });
}

type RootReducer = ReturnType<typeof makeRootReducer>;
type ReducerState = Parameters<RootReducer>[0] & object;
/** A starting state (tests, SSR): persisted slices come without `_persist`, which redux-persist adds on start. */
type PreloadedRootState = { [K in keyof ReducerState]?: Omit<NonNullable<ReducerState[K]>, '_persist'> };

export function makeStore({ storage = defaultStorage(), preloadedState, inlined = documentAnswers() }: MakeStoreOptions = {}) {
  const extra: StoreExtra = { inlined };
  const store = configureStore({
    reducer: makeRootReducer(storage),
    preloadedState: preloadedState as ReducerState | undefined,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: extra },
        // The development-only checks walk the whole state; on a busy 2-core CI machine they
        // exceed the default 32 ms and print noise, not problems.
        immutableCheck: { warnAfter: 128 },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER], warnAfter: 128 },
      }).concat(api.middleware),
    // On in development; in production only when switched on in this browser (./devtools.ts).
    devTools: devToolsOptions(),
  });
  setupListeners(store.dispatch);
  const persistor = persistStore(store);
  return { store, persistor };
}

/** Resolves once redux-persist has put the saved user and language back. */
export function rehydrated(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    if (persistor.getState().bootstrapped) return resolve();
    const unsubscribe = persistor.subscribe(() => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    });
  });
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

/** What a page's first-screen declaration gets: the route's parameters and search, and the store's dispatch. */
export interface FirstScreenContext {
  params: Record<string, string | undefined>;
  searchParams: URLSearchParams;
  dispatch: AppDispatch;
}

/** A started query, as `endpoint.initiate(args)` returns it. */
export interface StartedQuery {
  unwrap(): Promise<unknown>;
  unsubscribe(): void;
}

/**
 * The queries a page's first render reads, started with exactly the arguments its hooks use
 * (a page chunk exports it as `firstScreenQueries`). The server runs them against the answers it
 * inlines and renders the page with them; the browser runs them against the same inlined answers
 * before it hydrates, so both first renders see the same data.
 */
export type FirstScreenQueries = (context: FirstScreenContext) => StartedQuery[];
