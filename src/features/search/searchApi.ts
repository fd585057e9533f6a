import { api } from '../../api/api';
import { AI_SEARCH_TAG, KEYWORD_SEARCH_TAG, videoItemTags } from '../../api/tags';
import type { ApiAnswer, ApiRequestBody, CaptionMatch, SearchResultVideo } from '../../api/types';
import { acceptSuccessOnly } from '../../api/validate-status';
import { PAGE_SIZE } from '../../config/routes';

/** Keyword search over the public self-shot videos (POST /search/normal-search). */
export interface NormalSearchArgs {
  query: string;
  /** 1-based. */
  page: number;
  /** Search for the words as written (no typo correction). */
  literal?: boolean;
}

/**
 * The keyword search answer as cached: its results, all matches over all pages (18 per page) and
 * the request with its typos corrected, when the server searched for that instead.
 */
export type NormalSearchResponse = Pick<ApiAnswer<'searchVideos', 200>, 'results' | 'total' | 'correctedQuery'>;

type AiSearchAnswer = ApiAnswer<'aiSearch', 200>;
type AiSearchHit = AiSearchAnswer['structuredResponse']['data'][number];

/**
 * The AI search answer's `structuredResponse.intent`: what the server understood. Hand-written:
 * the API describes `intent` only as an open object (it grows with the parser), so this is the
 * part the client reads, in its own names, after normalizeUnderstanding checked each field.
 */
export interface SearchUnderstanding {
  terms: string[];
  exclude: string[];
  minLengthSec?: number;
  maxLengthSec?: number;
  /** YYYY-MM-DD, inclusive. */
  addedAfter?: string;
  /** YYYY-MM-DD, exclusive. */
  addedBefore?: string;
  order: string;
  language?: string;
  /** The request with its typos corrected, when the server searched for that instead. */
  correctedQuery?: string;
}

/** AI-assisted search (POST /search/ai-search): the text goes as `chat_history`. */
export interface AiSearchArgs {
  query: string;
  /** 1-based. */
  page: number;
  /** 18 per page. */
  perPage?: number;
  /** Search for the words as written (no typo correction). */
  literal?: boolean;
  /** Chips the visitor removed: `term:WORD`, `exclude:WORD`, `length`, `date`, `order`. */
  remove?: string[];
}

/** One hit of the AI index: a catalogue id (the home grid reads these), with what else the client keeps of it. */
export type AiSearchItem = Pick<AiSearchHit, 'id'> & Partial<Pick<AiSearchHit, 'title' | 'score'>>;

/**
 * The AI search answer as cached, after normalizeAiSearch: hand-written because it is not the
 * wire shape (AiSearchAnswer) — the hits keep only what the client reads, and what the server
 * understood is lifted out of `structuredResponse.intent` and checked.
 */
export interface AiSearchResponse {
  /** Self-shot videos the server matched (the self-shot list shows these). */
  results: SearchResultVideo[];
  structuredResponse: {
    data: AiSearchItem[];
    /** The server's total when it sent one, else the number of items. */
    total: number;
  };
  /** What the server understood, when it said. */
  intent?: SearchUnderstanding;
}

const asObject = (raw: unknown): Record<string, unknown> =>
  raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};

const isSelfieVideo = (value: unknown): value is SearchResultVideo =>
  Boolean(value && typeof value === 'object' && typeof (value as SearchResultVideo)._id === 'string');

/** Matching caption lines as the card can show them: at most 3, each a time and some text. */
function captionMatches(raw: unknown): CaptionMatch[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const matches = raw
    .filter((item): item is CaptionMatch => typeof item === 'object' && item !== null && Number.isFinite((item as CaptionMatch).start) && typeof (item as CaptionMatch).text === 'string')
    .filter((item) => item.start >= 0 && item.text.trim().length > 0)
    .slice(0, 3)
    .map(({ start, text }) => ({ start, text }));
  return matches.length > 0 ? matches : undefined;
}

function selfieResults(raw: unknown): SearchResultVideo[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isSelfieVideo).map((video: SearchResultVideo) => {
    const { matches: rawMatches, ...rest } = video;
    const matches = captionMatches(rawMatches);
    return matches ? { ...rest, matches } : rest;
  });
}

const nonNegativeInt = (value: unknown): number | undefined => {
  const number = Number(value);
  return value !== null && value !== undefined && value !== '' && Number.isFinite(number) && number >= 0
    ? Math.floor(number)
    : undefined;
};

const strings = (raw: unknown): string[] => (Array.isArray(raw) ? raw.filter((item): item is string => typeof item === 'string') : []);
const day = (raw: unknown): string | undefined => (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined);

export function normalizeNormalSearch(raw: unknown): NormalSearchResponse {
  const body = asObject(raw);
  const results = selfieResults(body.results);
  return {
    results,
    total: Math.max(nonNegativeInt(body.total) ?? 0, results.length),
    ...(typeof body.correctedQuery === 'string' && body.correctedQuery ? { correctedQuery: body.correctedQuery } : {}),
  };
}

/** The understood request, or undefined when the answer has none (another server, an older one). */
export function normalizeUnderstanding(raw: unknown): SearchUnderstanding | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const intent = raw as Record<string, unknown>;
  const understanding: SearchUnderstanding = {
    terms: strings(intent.terms),
    exclude: strings(intent.exclude),
    order: typeof intent.order === 'string' ? intent.order : 'relevance',
  };
  const min = nonNegativeInt(intent.min_length_sec);
  const max = nonNegativeInt(intent.max_length_sec);
  if (min !== undefined) understanding.minLengthSec = min;
  if (max !== undefined) understanding.maxLengthSec = max;
  const after = day(intent.added_after);
  const before = day(intent.added_before);
  if (after) understanding.addedAfter = after;
  if (before) understanding.addedBefore = before;
  if (typeof intent.language === 'string') understanding.language = intent.language;
  if (typeof intent.corrected_query === 'string' && intent.corrected_query) understanding.correctedQuery = intent.corrected_query;
  return understanding;
}

/** Keeps the items that carry an id (numbers become strings), each id once, in the server's order. */
export function normalizeAiSearch(raw: unknown): AiSearchResponse {
  const body = asObject(raw);
  const structured = asObject(body.structuredResponse);
  const seen = new Set<string>();
  const data: AiSearchItem[] = [];
  for (const entry of Array.isArray(structured.data) ? structured.data : []) {
    const item = asObject(entry);
    const id = typeof item.id === 'number' ? String(item.id) : item.id;
    if (typeof id !== 'string' || !id || seen.has(id)) continue;
    seen.add(id);
    data.push({
      id,
      ...(typeof item.title === 'string' ? { title: item.title } : {}),
      ...(typeof item.score === 'number' ? { score: item.score } : {}),
    });
  }
  const intent = normalizeUnderstanding(structured.intent);
  return {
    results: selfieResults(body.results),
    structuredResponse: { data, total: nonNegativeInt(structured.total) ?? data.length },
    ...(intent ? { intent } : {}),
  };
}

/** Pages for `total` results at 18 per page; 0 when there is nothing. */
export function searchPageCount(total: number): number {
  return total > 0 ? Math.ceil(total / PAGE_SIZE) : 0;
}

/**
 * The search endpoints. Both are POSTs that only read, so they are queries (cached per
 * arguments, tagged `Search`: KEYWORD_SEARCH_TAG and AI_SEARCH_TAG, which every change to a
 * video invalidates). The AI search seeds nothing: the home grid fills each card from
 * the catalogue's per-id query, which is what the movie detail page reads too.
 */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    normalSearch: build.query<NormalSearchResponse, NormalSearchArgs>({
      query: ({ query, page, literal }) => ({
        url: '/search/normal-search',
        method: 'POST',
        body: {
          query: query.trim(),
          page: Math.max(1, Math.floor(page) || 1),
          ...(literal ? { literal: true } : {}),
        } satisfies ApiRequestBody<'searchVideos'>,
        validateStatus: acceptSuccessOnly,
      }),
      transformResponse: normalizeNormalSearch,
      // Each hit is a self-shot video: a change to one refreshes the results that show it, and
      // any video change refreshes them all (videoChangeTags), since it can add or remove a hit.
      providesTags: (result) => [...videoItemTags(result?.results), KEYWORD_SEARCH_TAG],
    }),

    aiSearch: build.query<AiSearchResponse, AiSearchArgs>({
      query: ({ query, page, perPage = PAGE_SIZE, literal, remove }) => ({
        url: '/search/ai-search',
        method: 'POST',
        body: {
          chat_history: query.trim(),
          per_page: perPage,
          page: Math.max(1, Math.floor(page) || 1),
          ...(literal ? { literal: true } : {}),
          ...(remove && remove.length > 0 ? { remove } : {}),
        } satisfies ApiRequestBody<'aiSearch'>,
        validateStatus: acceptSuccessOnly,
      }),
      transformResponse: normalizeAiSearch,
      // Only its own tag (no per-video tags, see AI_SEARCH_TAG): a video change invalidates it by
      // name (videoChangeTags), so an edited or deleted video leaves the results at once.
      providesTags: [AI_SEARCH_TAG],
    }),
  }),
});

export const { useNormalSearchQuery, useAiSearchQuery } = searchApi;
