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
 * settled. The store's inlined answers serve them; elsewhere they go to the network.
 */
export async function prepareFirstScreen(
  dispatch: AppDispatch,
  pathname: string,
  search: string,
): Promise<PreparedFirstScreen> {
  const { page, params } = matchPage(pathname);
  const module = await page.preload();
  const queries = module.firstScreenQueries?.({ params, searchParams: new URLSearchParams(search), dispatch }) ?? [];
  const settled = await Promise.all(queries.map((query) => query.unwrap().then(() => true, () => false)));
  return {
    complete: settled.every(Boolean),
    release: () => queries.forEach((query) => query.unsubscribe()),
  };
}
