/**
 * The self-shot list's state lives in the URL so back/forward, reloads and shared links
 * reproduce it. Only non-default values are written:
 * - browse: `/selfieVideos?page=3` (no query);
 * - normal search: `/selfieVideos?q=cats&page=2`;
 * - AI search: `/selfieVideos?q=cats&mode=ai` (always page 1).
 */
export type SelfieListMode = 'browse' | 'normal' | 'ai';

export interface SelfieListState {
  /** 1-based page; always 1 in AI mode. */
  page: number;
  /** Trimmed search text; empty in browse mode. */
  query?: string;
  /** Browse without a query; normal or AI search with one. Derived from the query when absent. */
  mode?: SelfieListMode;
}

export const PAGE_PARAM = 'page';
export const QUERY_PARAM = 'q';
export const MODE_PARAM = 'mode';
export const AI_MODE = 'ai';

export function readSelfieList(params: URLSearchParams): Required<SelfieListState> {
  const query = (params.get(QUERY_PARAM) ?? '').trim();
  const mode: SelfieListMode = !query ? 'browse' : params.get(MODE_PARAM) === AI_MODE ? 'ai' : 'normal';
  const page = Number.parseInt(params.get(PAGE_PARAM) ?? '', 10);
  return { query, mode, page: mode !== 'ai' && Number.isFinite(page) && page >= 1 ? page : 1 };
}

export function selfieListParams({ page, query = '', mode }: SelfieListState): URLSearchParams {
  const params = new URLSearchParams();
  const trimmed = query.trim();
  const effectiveMode: SelfieListMode = !trimmed ? 'browse' : mode === 'ai' ? 'ai' : 'normal';
  if (trimmed) params.set(QUERY_PARAM, trimmed);
  if (effectiveMode === 'ai') params.set(MODE_PARAM, AI_MODE);
  else if (page > 1) params.set(PAGE_PARAM, String(page));
  return params;
}
