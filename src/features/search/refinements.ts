/**
 * How a visitor narrowed a search after it ran, kept in the URL next to the search itself
 * (`&drop=order&drop=term:dog`, `&literal=1`) so back/forward and reloads keep them:
 * - drop: chips of the understood request that were removed (AI search, sent as `remove`);
 * - literal: "Search instead for …" — the words as written, without typo correction.
 * A new search starts without them.
 */
export interface SearchRefinements {
  remove: string[];
  literal: boolean;
}

export const DROP_PARAM = 'drop';
export const LITERAL_PARAM = 'literal';

export function readRefinements(params: URLSearchParams): SearchRefinements {
  return { remove: [...new Set(params.getAll(DROP_PARAM).filter(Boolean))].slice(0, 32), literal: params.get(LITERAL_PARAM) === '1' };
}

/** `params` with these refinements (replacing any it had). */
export function withRefinements(params: URLSearchParams, { remove, literal }: SearchRefinements): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(DROP_PARAM);
  next.delete(LITERAL_PARAM);
  for (const key of remove) next.append(DROP_PARAM, key);
  if (literal) next.set(LITERAL_PARAM, '1');
  return next;
}
