/**
 * The home grid's search lives in the URL (`/?q=cats&page=3`) so back/forward, reloads and
 * shared links reproduce it. Only non-default values are written.
 */
export interface HomeSearch {
  /** Trimmed search text; empty browses the whole catalogue. */
  query: string;
  /** 1-based page. */
  page: number;
}

export const QUERY_PARAM = 'q';
export const PAGE_PARAM = 'page';

export function readHomeSearch(params: URLSearchParams): HomeSearch {
  const query = (params.get(QUERY_PARAM) ?? '').trim();
  const page = Number.parseInt(params.get(PAGE_PARAM) ?? '', 10);
  return { query, page: Number.isFinite(page) && page >= 1 ? page : 1 };
}

export function homeSearchParams({ query, page }: HomeSearch): URLSearchParams {
  const params = new URLSearchParams();
  const trimmed = query.trim();
  if (trimmed) params.set(QUERY_PARAM, trimmed);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  return params;
}
