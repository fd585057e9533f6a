import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';

import { api } from '../../api/api';
import { inlinedFor, NOT_INLINED_ERROR } from '../../api/bootstrap';
import type { ApiAnswer, CatalogueSearchResponse, CatalogueVideo, DescriptionSubmission } from '../../api/types';
import { catalogueUrl } from '../../config/runtime';
import { PAGE_SIZE } from '../../config/routes';

/** What the home grid asks the catalogue for. An empty query browses everything. */
export interface CatalogueSearchArgs {
  query: string;
  /** 1-based. */
  page: number;
}

/**
 * The catalogue is a third party (or our stand-in under /catalogue): plain GETs without our
 * session cookie or headers, so a cross-origin provider sees a simple request with no
 * credentials and no preflight.
 */
const catalogueBaseQuery = fetchBaseQuery({ credentials: 'omit' });

/** What POST /action/upload-description answers (our API, not the catalogue's). */
type DescriptionAnswer = ApiAnswer<'submitDescription', 200>;

const SEARCH_PATH = '/api/v2/video/search/';
const VIDEO_BY_ID_PATH = '/api/v2/video/id/';

/**
 * Makes a search answer safe to render: with no videos the list is empty and there
 * are 0 pages; otherwise total_pages falls back to 1.
 */
export function normalizeSearchResponse(raw: unknown): CatalogueSearchResponse {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Partial<CatalogueSearchResponse>;
  const hasVideos = Array.isArray(body.videos);
  const videos = hasVideos ? (body.videos as unknown[]).filter(isCatalogueVideo) : [];
  const totalPages = Number(body.total_pages);
  return {
    count: videos.length,
    start: Number(body.start) || 0,
    per_page: Number(body.per_page) || PAGE_SIZE,
    page: Number(body.page) || 1,
    time_ms: Number(body.time_ms) || 0,
    total_count: Number(body.total_count) || 0,
    total_pages: hasVideos ? (Number.isFinite(totalPages) && totalPages > 0 ? Math.floor(totalPages) : 1) : 0,
    videos,
  };
}

/** The by-id endpoint answers `[]` (status 200) for an unknown id; anything else without an id is no video either. */
function isCatalogueVideo(value: unknown): value is CatalogueVideo {
  return Boolean(value && typeof value === 'object' && !Array.isArray(value) && typeof (value as CatalogueVideo).id === 'string');
}

export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchCatalogue: build.query<CatalogueSearchResponse, CatalogueSearchArgs>({
      async queryFn({ query, page }, queryApi, extraOptions) {
        const url = catalogueUrl(SEARCH_PATH, {
          query: query.trim(),
          per_page: PAGE_SIZE,
          page: Math.max(1, Math.floor(page) || 1),
          thumbsize: 'medium',
          format: 'json',
        });
        const inlined = inlinedFor(queryApi.extra);
        const answer = inlined?.take(url);
        if (answer !== undefined) return { data: normalizeSearchResponse(answer) };
        if (inlined?.offline) return { error: NOT_INLINED_ERROR };
        const result = await catalogueBaseQuery(url, queryApi, extraOptions);
        if (result.error) return { error: result.error };
        return { data: normalizeSearchResponse(result.data) };
      },
      providesTags: [{ type: 'CatalogueSearch', id: 'LIST' }],
      // Every video in a result page is the full by-id shape: seed the per-id cache so a card's
      // detail page (and the AI search's per-id cards) open without another request.
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.videos.length === 0) return;
          dispatch(
            catalogueApi.util.upsertQueryEntries(
              data.videos.map((video) => ({ endpointName: 'getCatalogueVideo' as const, arg: video.id, value: video })),
            ),
          );
        } catch {
          // The failure is the query's own error state; there is nothing to seed.
        }
      },
    }),

    /** `null` data means the catalogue has no video with this id (it answers `[]`, not 404). */
    getCatalogueVideo: build.query<CatalogueVideo | null, string>({
      async queryFn(id, queryApi, extraOptions) {
        const url = catalogueUrl(VIDEO_BY_ID_PATH, { id, thumbsize: 'medium', format: 'json' });
        const inlined = inlinedFor(queryApi.extra);
        const answer = inlined?.take(url);
        if (answer !== undefined) return { data: isCatalogueVideo(answer) ? answer : null };
        if (inlined?.offline) return { error: NOT_INLINED_ERROR };
        const result = await catalogueBaseQuery(url, queryApi, extraOptions);
        if (result.error) return { error: result.error };
        return { data: isCatalogueVideo(result.data) ? result.data : null };
      },
      providesTags: (_result, _error, id) => [{ type: 'CatalogueVideo', id }],
    }),

    /** Any status other than 200 is an error. */
    uploadDescription: build.mutation<DescriptionAnswer | null, DescriptionSubmission>({
      query: (submission) => ({
        url: '/action/upload-description',
        method: 'POST',
        body: submission,
        validateStatus: (response) => response.status === 200,
        // A 200 with an empty or non-JSON body is still a success.
        responseHandler: 'content-type',
      }),
      transformResponse: (body: unknown) => (body && typeof body === 'object' ? (body as DescriptionAnswer) : null),
      invalidatesTags: (_result, _error, { movieId }) => [{ type: 'Description', id: movieId }],
    }),
  }),
});

export const { useSearchCatalogueQuery, useGetCatalogueVideoQuery, useUploadDescriptionMutation } = catalogueApi;
