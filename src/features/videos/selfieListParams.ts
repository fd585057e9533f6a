/**
 * The self-shot list's state lives in the URL (`/selfieVideos?page=3`) so back/forward, reloads
 * and shared links reproduce it. Only non-default values are written.
 *
 * The search box (normal and AI search, SPEC §2/§4 "Selfie list search mode") comes later: its
 * query and mode will join `page` here (e.g. `?q=…&mode=ai`), with AI mode resetting to page 1.
 */
export interface SelfieListState {
  /** 1-based page. */
  page: number;
}

export const PAGE_PARAM = 'page';

export function readSelfieList(params: URLSearchParams): SelfieListState {
  const page = Number.parseInt(params.get(PAGE_PARAM) ?? '', 10);
  return { page: Number.isFinite(page) && page >= 1 ? page : 1 };
}

export function selfieListParams({ page }: SelfieListState): URLSearchParams {
  const params = new URLSearchParams();
  if (page > 1) params.set(PAGE_PARAM, String(page));
  return params;
}
