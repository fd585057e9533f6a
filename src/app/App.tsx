import { useSessionCheck } from '../features/auth';

import { AppRoutes } from './router';

/** The app inside its providers: checks the session once on start (SPEC §4), then routes. */
export function App() {
  useSessionCheck();
  return <AppRoutes />;
}
