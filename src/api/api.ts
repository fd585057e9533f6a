import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

import { API_BASE_URL } from '../config/runtime';

import { inlinedFor, NOT_INLINED_ERROR } from './bootstrap';

/**
 * Tag types, singular PascalCase (docs/architecture.md). Items are tagged
 * `{ type, id }`; lists additionally carry `{ type, id: 'LIST' }` (see tags.ts).
 */
export const TAG_TYPES = [
  'Session',
  'User',
  'Video',
  'VideoProcessing',
  'VideoList',
  'Likes',
  'Comments',
  'CatalogueVideo',
  'CatalogueSearch',
  'Search',
  'Description',
  // Moderation: reports by status, the audit log, users by moderation status.
  'Report',
  'Audit',
  'ModeratedUser',
  // Following: the viewer's subscriptions (and feed), notifications, notification settings, watch history.
  'Subscription',
  'Notification',
  'NotificationSettings',
  'History',
  'Playlist',
] as const;

export type TagType = (typeof TAG_TYPES)[number];

/** The part of the root state the base query reads; typed structurally to keep imports one-way. */
interface StateWithLanguage {
  language?: { locale?: string };
}

/** Our requests send credentials (the session cookie) and the UI language, so server messages come back in the language the user reads. */
const fetchOnce = fetchBaseQuery({
  baseUrl: API_BASE_URL,
  credentials: 'include',
  prepareHeaders: (headers, { getState }) => {
    const locale = (getState() as StateWithLanguage).language?.locale;
    if (locale) headers.set('Accept-Language', locale);
    return headers;
  },
});

/** A busy server sheds load with 503 and Retry-After (server/http/overload.ts); reads wait and try again this often. */
export const BUSY_RETRIES = 2;
const MAX_RETRY_WAIT_MS = 5000;

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * fetchOnce, plus: a read (GET) answered 503 with Retry-After is tried again after the wait the
 * server names (capped at 5 s), twice at most, so a moment of load shedding does not become an
 * error page. Writes are never repeated; a 503 without Retry-After is an answer, not a pause.
 */
/**
 * The URL fetchBaseQuery requests for these arguments (base joined to the path, then `params`
 * without undefined values through URLSearchParams), which is how inlined answers are keyed.
 */
export function requestUrl(args: string | FetchArgs): string {
  const { url, params } = typeof args === 'string' ? { url: args, params: undefined } : args;
  const joined = /^https?:\/\//i.test(url) ? url : `${API_BASE_URL.replace(/\/$/, '')}/${url.replace(/^\//, '')}`;
  if (!params) return joined;
  const defined = Object.fromEntries(Object.entries(params as Record<string, unknown>).filter(([, value]) => value !== undefined));
  const query = new URLSearchParams(defined as Record<string, string>).toString();
  return query ? `${joined}${joined.includes('?') ? '&' : '?'}${query}` : joined;
}

const fetchWithBusyRetry: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta> = async (
  args,
  queryApi,
  extraOptions,
) => {
  const method = typeof args === 'string' ? 'GET' : (args.method ?? 'GET').toUpperCase();
  // A first-screen answer the server inlined into the page (src/api/bootstrap.ts).
  const inlined = inlinedFor(queryApi.extra);
  const answer = inlined && method === 'GET' ? inlined.take(requestUrl(args)) : undefined;
  if (answer !== undefined) return { data: answer };
  if (inlined?.offline) return { error: NOT_INLINED_ERROR };
  for (let attempt = 0; ; attempt += 1) {
    const result = await fetchOnce(args, queryApi, extraOptions);
    const retryAfter = result.error?.status === 503 ? result.meta?.response?.headers.get('retry-after') : null;
    const seconds = Number(retryAfter);
    if (method !== 'GET' || !retryAfter || !(seconds >= 0) || attempt >= BUSY_RETRIES || queryApi.signal.aborted) return result;
    await abortableSleep(Math.min(seconds * 1000, MAX_RETRY_WAIT_MS), queryApi.signal);
  }
};

/**
 * The one RTK Query API slice. Features add their endpoints with `api.injectEndpoints`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchWithBusyRetry,
  tagTypes: TAG_TYPES,
  // Data kept 5 minutes after its last subscriber leaves: moving between profile, video and
  // edit pages within that window is served from cache.
  keepUnusedDataFor: 300,
  endpoints: () => ({}),
});
