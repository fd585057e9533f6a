/**
 * The home grid's search lives in the URL (`/?q=cats&page=3`, `/?q=cats&mode=ai&page=2`) so
 * back/forward, reloads and shared links reproduce it. Only non-default values are written.
 */
export type HomeSearchMode = 'normal' | 'ai';

export interface HomeSearch {
  /** Trimmed search text; empty browses the whole catalogue. */
  query: string;
  /** 1-based page. */
  page: number;
  /**
   * The home search mode: normal (the catalogue's keyword search) or AI. AI mode needs a
   * text to search for: without one the home page browses the catalogue.
   */
  mode: HomeSearchMode;
}

export const QUERY_PARAM = 'q';
export const PAGE_PARAM = 'page';
export const MODE_PARAM = 'mode';
export const AI_MODE = 'ai';

export function readHomeSearch(params: URLSearchParams): HomeSearch {
  const query = (params.get(QUERY_PARAM) ?? '').trim();
  const page = Number.parseInt(params.get(PAGE_PARAM) ?? '', 10);
  return {
    query,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    mode: query && params.get(MODE_PARAM) === AI_MODE ? 'ai' : 'normal',
  };
}

export function homeSearchParams({ query, page, mode }: HomeSearch): URLSearchParams {
  const params = new URLSearchParams();
  const trimmed = query.trim();
  if (trimmed) params.set(QUERY_PARAM, trimmed);
  if (trimmed && mode === 'ai') params.set(MODE_PARAM, AI_MODE);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  return params;
}
