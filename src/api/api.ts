import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

import { API_BASE_URL } from '../config/runtime';

/**
 * Tag types, singular PascalCase (ARCHITECTURE.md "The data layer"). Items are tagged
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
  // Moderation (issue 15): reports by status, the audit log, users by moderation status.
  'Report',
  'Audit',
  'ModeratedUser',
] as const;

export type TagType = (typeof TAG_TYPES)[number];

/** The part of the root state the base query reads; typed structurally to keep imports one-way. */
interface StateWithLanguage {
  language?: { locale?: string };
}

/**
 * The one RTK Query API slice. Features add their endpoints with `api.injectEndpoints`.
 * Requests to our API send credentials (the session cookie) and the UI language, so server
 * messages come back in the language the user reads.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: API_BASE_URL,
    credentials: 'include',
    prepareHeaders: (headers, { getState }) => {
      const locale = (getState() as StateWithLanguage).language?.locale;
      if (locale) headers.set('Accept-Language', locale);
      return headers;
    },
  }),
  tagTypes: TAG_TYPES,
  // Data kept 5 minutes after its last subscriber leaves: moving between profile, video and
  // edit pages within that window is served from cache.
  keepUnusedDataFor: 300,
  endpoints: () => ({}),
});
