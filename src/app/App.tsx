import { useEffect } from 'react';

import { useSessionCheck } from '../features/auth';

import { AppRoutes } from './router';

/** Marks a server-rendered root (server/pages/server-render.ts) until the app has taken it over. */
export const SERVER_RENDER_MARKER = 'data-ssr-locale';

/** The app inside its providers: checks the session once on start, then routes. */
export function App() {
  useSessionCheck();
  // From here on the markup is the app's, live (hydrated or rendered afresh).
  useEffect(() => document.querySelector(`[${SERVER_RENDER_MARKER}]`)?.removeAttribute(SERVER_RENDER_MARKER), []);
  return <AppRoutes />;
}
