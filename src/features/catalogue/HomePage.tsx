import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { shallowEqual } from 'react-redux';
import { useSearchParams } from 'react-router-dom';

import { AI_SEARCH_TAG } from '../../api/tags';
import type { CatalogueVideo } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { FirstScreenQueries, RootState } from '../../app/store';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { VideoCard } from '../../components/VideoCard';
import { PAGE_SIZE, paths } from '../../config/routes';
import {
  readRefinements,
  SearchForm,
  searchApi,
  searchPageCount,
  SearchUnderstood,
  useAiSearchQuery,
  withRefinements,
} from '../search';

import { catalogueApi, useGetCatalogueVideoQuery, useSearchCatalogueQuery } from './catalogueApi';
import { type HomeSearchMode, homeSearchParams, readHomeSearch } from './homeSearchParams';
import './catalogue.css';

/** Where the AI grid's per-id catalogue queries stand. */
interface AiCardsState {
  pending: number;
  shown: number;
  /** Ids whose catalogue query failed, newline-joined (a primitive, for a cheap comparison). */
  failed: string;
}

function aiCardsState(state: RootState, ids: readonly string[]): AiCardsState {
  let pending = 0;
  let shown = 0;
  const failed: string[] = [];
  for (const id of ids) {
    const entry = catalogueApi.endpoints.getCatalogueVideo.select(id)(state);
    if (entry.data) shown += 1;
    else if (entry.isError) failed.push(id);
    else if (!entry.isSuccess) pending += 1;
  }
  return { pending, shown, failed: failed.join('\n') };
}

/**
 * Home: a keyword or AI search over the external catalogue
 * and a paged grid of its videos. The committed search (query, mode and page) lives in the URL;
 * the text box holds a draft until Search or AI Search is pressed.
 *
 * AI mode asks our API for catalogue ids; each card then reads its video through the catalogue's
 * per-id query (docs/architecture.md), so a card's detail page opens from the cache.
 */
export function HomePage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const resultsRef = useRef<HTMLElement>(null);
  const resultsHeadingId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const { query, page, mode } = readHomeSearch(searchParams);
  const aiMode = mode === 'ai';
  const refinements = readRefinements(searchParams);
  const { literal, remove } = refinements;

  const [draft, setDraft] = useState(query);
  // When the URL's query changes under us (back/forward, a link), show it in the box.
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setDraft(query);
  }

  // currentData belongs to this query and page only: a failed page shows no stale videos.
  const catalogue = useSearchCatalogueQuery({ query, page }, { skip: aiMode });
  const ai = useAiSearchQuery(
    { query, page, perPage: PAGE_SIZE, ...(literal ? { literal } : {}), ...(remove.length > 0 ? { remove } : {}) },
    { skip: !aiMode },
  );
  const { error, isFetching } = aiMode ? ai : catalogue;

  const videos = aiMode ? [] : (catalogue.currentData?.videos ?? []);
  const aiIds = aiMode ? (ai.currentData?.structuredResponse.data.map((item) => item.id) ?? []) : [];
  const totalPages = aiMode
    ? searchPageCount(ai.currentData?.structuredResponse.total ?? 0)
    : (catalogue.currentData?.total_pages ?? 0);

  const cards = useAppSelector((state) => aiCardsState(state, aiIds), shallowEqual);
  const failedCards = cards.failed ? cards.failed.split('\n') : [];
  const cardsSettled = cards.pending === 0;

  useEffect(() => {
    if (catalogue.error) console.error('Failed to fetch movies:', catalogue.error);
  }, [catalogue.error]);
  useEffect(() => {
    if (ai.error) console.error('Failed to fetch AI movies:', ai.error);
  }, [ai.error]);

  const refetchSearch = () => {
    if (aiMode) void ai.refetch();
    else void catalogue.refetch();
  };

  const retry = () => {
    if (error) refetchSearch();
    else if (failedCards.length > 0) {
      // A failed card keeps its (error) cache entry and tag: invalidating refetches just those.
      dispatch(catalogueApi.util.invalidateTags(failedCards.map((id) => ({ type: 'CatalogueVideo' as const, id }))));
    }
  };

  const search = (nextMode: HomeSearchMode) => {
    const nextQuery = draft.trim();
    // AI mode needs something to search for; an empty box browses the catalogue.
    const next = { query: nextQuery, page: 1, mode: nextQuery ? nextMode : ('normal' as const) };
    // Search and AI Search always fetch, even when they would not change the URL.
    // A new search starts without the chips removed from the previous one.
    const refined = literal || remove.length > 0;
    if (next.query === query && next.mode === mode && page === 1 && !refined) refetchSearch();
    else {
      // Back to the whole request: its cached answer may be old, so it is fetched again.
      if (refined) dispatch(searchApi.util.invalidateTags([AI_SEARCH_TAG]));
      setSearchParams(homeSearchParams(next));
    }
  };

  /** The same AI search, narrowed: a chip removed or the literal words (back to page 1). */
  const refine = (next: Partial<typeof refinements>) => {
    setSearchParams(withRefinements(homeSearchParams({ query, page: 1, mode }), { ...refinements, ...next }));
  };

  const changePage = (nextPage: number) => {
    setSearchParams(withRefinements(homeSearchParams({ query, page: nextPage, mode }), refinements));
    const results = resultsRef.current;
    if (results && results.getBoundingClientRect().top < 0) results.scrollIntoView?.({ block: 'start' });
  };

  const showError = Boolean(error) || (aiMode && cardsSettled && failedCards.length > 0);
  const empty = aiMode ? cardsSettled && cards.shown === 0 : videos.length === 0;

  return (
    <div className="page catalogue-home">
      <h1 className="visually-hidden">{intl.formatMessage({ id: 'catalogue.heading' })}</h1>
      <SearchForm
        className="catalogue-search"
        value={draft}
        onChange={setDraft}
        onSearch={() => search('normal')}
        onAiSearch={() => search('ai')}
        aiActive={aiMode}
        busy={isFetching}
        aiSearching={aiMode && isFetching}
        label={intl.formatMessage({ id: 'catalogue.searchLabel' })}
        placeholder={intl.formatMessage({ id: 'catalogue.searchPlaceholder' })}
        submitLabel={intl.formatMessage({ id: 'catalogue.search' })}
      />

      <section
        ref={resultsRef}
        className="catalogue-results"
        aria-labelledby={resultsHeadingId}
        aria-busy={isFetching || (aiMode && !cardsSettled)}
      >
        {/* Outline: h1 (page) → h2 (results) → h3 (each card's title). */}
        <h2 id={resultsHeadingId} className="visually-hidden">
          {intl.formatMessage({ id: 'catalogue.results' })}
        </h2>
        {isFetching ? (
          <Spinner label={intl.formatMessage({ id: 'catalogue.loading' })} />
        ) : (
          <>
            {showError ? (
              <div className="catalogue-error alert alert--error" role="alert">
                <p>{intl.formatMessage({ id: 'catalogue.loadFailed' })}</p>
                <button type="button" className="btn btn--ghost" onClick={retry}>
                  {intl.formatMessage({ id: 'catalogue.retry' })}
                </button>
              </div>
            ) : null}
            {aiMode && ai.currentData ? (
              <SearchUnderstood
                query={query}
                understanding={ai.currentData.intent}
                correctedQuery={ai.currentData.intent?.correctedQuery}
                onRemove={(key) => refine({ remove: [...remove, key] })}
                onLiteral={() => refine({ literal: true })}
              />
            ) : null}
            {empty ? (
              <p className="catalogue-empty">{intl.formatMessage({ id: 'catalogue.empty' })}</p>
            ) : aiMode ? (
              <ul className="video-grid video-grid--wide">
                {aiIds.map((id) => (
                  <AiResultCard key={id} id={id} />
                ))}
              </ul>
            ) : (
              <ul className="video-grid video-grid--wide">
                {videos.map((video, index) => (
                  <CatalogueCard key={video.id} video={video} priority={index === 0} eager={index < FIRST_SCREEN_CARDS} />
                ))}
              </ul>
            )}
            {totalPages > 1 ? (
              <Pagination currentPage={page} totalPages={totalPages} onPageChange={changePage} />
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}

/**
 * One AI search hit: its catalogue video, read through the per-id query (so the detail page
 * opens from this cache entry). A skeleton while it loads; nothing for an id the catalogue does
 * not know (it answers `[]`) or could not deliver (logged; the page offers a retry).
 */
function AiResultCard({ id }: { id: string }) {
  const { data: video, error } = useGetCatalogueVideoQuery(id);

  useEffect(() => {
    if (error) console.error('Failed to fetch AI movies:', error);
  }, [error]);

  if (video === undefined && !error) {
    return (
      <li className="catalogue-grid__pending" aria-hidden="true" data-testid="ai-card-skeleton">
        <div className="card-skeleton">
          <div className="card-skeleton__thumb" />
          <div className="card-skeleton__line" />
          <div className="card-skeleton__line card-skeleton__line--short" />
        </div>
      </li>
    );
  }
  if (!video) return null;
  return <CatalogueCard video={video} />;
}

/**
 * Cards a phone shows on its first screen: their images load at once, not lazily after layout
 * (the server preloads the same three, server/pages/critical-path.ts FIRST_SCREEN_CARDS).
 */
const FIRST_SCREEN_CARDS = 3;

/** A catalogue video's card in the grid, linking to its detail page. */
function CatalogueCard({ video, priority = false, eager = false }: { video: CatalogueVideo; priority?: boolean; eager?: boolean }) {
  return (
    <li>
      <VideoCard
        to={paths.movie(video.id)}
        title={video.title}
        thumbnailUrl={video.default_thumb?.src}
        views={video.views}
        badge={video.length_min || undefined}
        priority={priority}
        eager={eager}
      />
    </li>
  );
}

/** The catalogue page the grid shows first (not in AI mode, whose search is the user's own). */
export const firstScreenQueries: FirstScreenQueries = ({ searchParams, dispatch }) => {
  const { query, page, mode } = readHomeSearch(searchParams);
  return mode === 'ai' ? [] : [dispatch(catalogueApi.endpoints.searchCatalogue.initiate({ query, page }))];
};

export default HomePage;
