import { authApi, sessionChecked } from '../features/auth';

import { matchPage } from './router';
import type { AppDispatch } from './store';

export interface PreparedFirstScreen {
  /** True when every first-screen query has its data (the page can render complete). */
  complete: boolean;
  /** Ends the preparation's hold on the cache (the page's own hooks hold it from then on). */
  release(): void;
}

/**
 * Loads the page of `pathname` and starts its first-screen queries, resolving when they have
 * settled. The store's inlined answers serve them; elsewhere they go to the network. With
 * `session` (a page rendered signed in), the session check is one of them, and its answer is in
 * the auth slice before the first render, so the server's render and the browser's both start
 * with the same user, checked.
 */
export async function prepareFirstScreen(
  dispatch: AppDispatch,
  pathname: string,
  search: string,
  { session = false }: { session?: boolean } = {},
): Promise<PreparedFirstScreen> {
  const { page, params } = matchPage(pathname);
  const module = await page.preload();
  const sessionCheck = session ? dispatch(authApi.endpoints.checkSession.initiate()) : undefined;
  const queries = [
    ...(sessionCheck ? [sessionCheck] : []),
    ...(module.firstScreenQueries?.({ params, searchParams: new URLSearchParams(search), dispatch }) ?? []),
  ];
  const settled = await Promise.all(queries.map((query) => query.unwrap().then(() => true, () => false)));
  if (sessionCheck) {
    // The query's own listener records the answer too, but not necessarily before this resolves.
    const data = await sessionCheck.unwrap().catch(() => undefined);
    if (data) dispatch(sessionChecked({ isValid: data.isValid === true, user: data.user ?? null }));
  }
  return {
    complete: settled.every(Boolean),
    release: () => queries.forEach((query) => query.unsubscribe()),
  };
}
