import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import { serverMessage } from '../../api/errors';
import { AI_SEARCH_TAG, KEYWORD_SEARCH_TAG } from '../../api/tags';
import { useAppDispatch } from '../../app/hooks';
import type { FirstScreenQueries } from '../../app/store';
import { Pagination } from '../../components/Pagination';
import type { SearchResultVideo, SelfieVideo } from '../../api/types';
import { Spinner } from '../../components/Spinner';
import { PAGE_SIZE } from '../../config/routes';
import {
  CaptionMatches,
  readRefinements,
  SearchForm,
  searchApi,
  searchPageCount,
  SearchUnderstood,
  useAiSearchQuery,
  useNormalSearchQuery,
  withRefinements,
} from '../search';

import { readSelfieList, type SelfieListMode, selfieListParams } from './selfieListParams';
import { VideoCardForSelfie } from './VideoCardForSelfie';
import { pageCount, useGetSelfieVideosQuery, videosApi } from './videosApi';
import './videos.css';

/** A search result's matching caption lines (search results only carry them). */
const matchesOf = (video: SelfieVideo | SearchResultVideo) => ('matches' in video ? video.matches : undefined);

/** Cards whose images load at once: about one row; the rest load as they near the viewport. */
const FIRST_ROW = 4;

/**
 * /selfieVideos: the public self-shot
 * videos, 18 per page, each card linking to its video page and its uploader's profile, with a
 * search box. Three modes, all in the URL: browse (newest first, paged), normal search (paged)
 * and AI search (the server's first 18 results, no pagination).
 */
export function SelfieVideosPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const headingId = useId();
  const resultsRef = useRef<HTMLElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const { query, mode, page } = readSelfieList(searchParams);
  const refinements = readRefinements(searchParams);
  const { literal, remove } = refinements;

  const [draft, setDraft] = useState(query);
  // When the URL's query changes under us (back/forward, a link, clearing), show it in the box.
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setDraft(query);
  }

  // currentData belongs to these arguments only: a failed page shows no stale videos.
  const list = useGetSelfieVideosQuery({ page }, { skip: mode !== 'browse' });
  const normal = useNormalSearchQuery({ query, page, ...(literal ? { literal } : {}) }, { skip: mode !== 'normal' });
  const ai = useAiSearchQuery(
    { query, page: 1, perPage: PAGE_SIZE, ...(literal ? { literal } : {}), ...(remove.length > 0 ? { remove } : {}) },
    { skip: mode !== 'ai' },
  );

  const active = mode === 'ai' ? ai : mode === 'normal' ? normal : list;
  const { error, isFetching } = active;
  const videos =
    mode === 'ai'
      ? (ai.currentData?.results ?? [])
      : mode === 'normal'
        ? (normal.currentData?.results ?? [])
        : (list.currentData?.videos ?? []);
  // AI mode shows no pagination.
  const totalPages =
    mode === 'ai'
      ? 0
      : mode === 'normal'
        ? searchPageCount(normal.currentData?.total ?? 0)
        : pageCount(list.currentData?.total ?? 0);

  useEffect(() => {
    if (list.error) console.error('Failed to fetch selfie videos:', list.error);
  }, [list.error]);
  useEffect(() => {
    if (normal.error) console.error('Failed to perform search:', normal.error);
  }, [normal.error]);
  useEffect(() => {
    if (ai.error) console.error('Failed to perform AI search:', ai.error);
  }, [ai.error]);

  const refetch = () => {
    if (mode === 'ai') void ai.refetch();
    else if (mode === 'normal') void normal.refetch();
    else void list.refetch();
  };

  const errorText =
    mode === 'ai'
      ? (serverMessage(ai.error) ?? intl.formatMessage({ id: 'search.aiFailed' }))
      : mode === 'normal'
        ? (serverMessage(normal.error) ?? intl.formatMessage({ id: 'search.failed' }))
        : intl.formatMessage({ id: 'videos.list.loadFailed' });

  const search = (nextMode: Exclude<SelfieListMode, 'browse'>) => {
    const nextParams = selfieListParams({ query: draft, mode: nextMode, page: 1 });
    const next = readSelfieList(nextParams);
    // A search always fetches, even when it would not change the URL; it starts without refinements.
    const refined = literal || remove.length > 0;
    if (next.query === query && next.mode === mode && page === 1 && !refined) refetch();
    else {
      // Back to the whole request: its cached answer may be old, so it is fetched again.
      if (refined) dispatch(searchApi.util.invalidateTags([AI_SEARCH_TAG, KEYWORD_SEARCH_TAG]));
      setSearchParams(nextParams);
    }
  };

  /** The same search, narrowed: a chip removed or the literal words (back to page 1). */
  const refine = (next: Partial<typeof refinements>) => {
    setSearchParams(withRefinements(selfieListParams({ query, mode, page: 1 }), { ...refinements, ...next }));
  };

  const clearSearch = () => {
    setDraft('');
    setSearchParams(selfieListParams({ page: 1 }));
  };

  const changePage = (nextPage: number) => {
    setSearchParams(withRefinements(selfieListParams({ query, mode, page: nextPage }), refinements));
    const results = resultsRef.current;
    if (results && results.getBoundingClientRect().top < 0) results.scrollIntoView?.({ block: 'start' });
  };

  return (
    <div className="page selfie-list">
      <div className="selfie-list__header">
        <h1 id={headingId} className="selfie-list__title">
          <FormattedMessage id="videos.list.title" />
          <span className="badge badge--experimental">
            <FormattedMessage id="videos.experimental" />
          </span>
        </h1>
      </div>

      <SearchForm
        className="selfie-list__search"
        value={draft}
        onChange={setDraft}
        onSearch={() => search('normal')}
        onAiSearch={() => search('ai')}
        aiActive={mode === 'ai'}
        busy={isFetching}
        aiSearching={mode === 'ai' && isFetching}
        label={intl.formatMessage({ id: 'search.selfie.label' })}
        placeholder={intl.formatMessage({ id: 'search.selfie.placeholder' })}
      >
        {mode !== 'browse' ? (
          <button type="button" className="btn btn--ghost" onClick={clearSearch}>
            {intl.formatMessage({ id: 'search.clear' })}
          </button>
        ) : null}
      </SearchForm>

      <section
        ref={resultsRef}
        className="selfie-list__results"
        aria-labelledby={headingId}
        aria-busy={isFetching}
      >
        {/* Outline: h1 (page) → h2 (results) → h3 (each card's title). */}
        <h2 className="visually-hidden">
          <FormattedMessage id="catalogue.results" />
        </h2>
        {isFetching ? (
          <Spinner label={intl.formatMessage({ id: 'videos.loading' })} />
        ) : error ? (
          <div className="videos-status alert alert--error" role="alert">
            <p>{errorText}</p>
            <button type="button" className="btn btn--ghost" onClick={refetch}>
              {intl.formatMessage({ id: 'videos.retry' })}
            </button>
          </div>
        ) : (
          <>
            {mode !== 'browse' ? (
              <SearchUnderstood
                query={query}
                understanding={mode === 'ai' ? ai.currentData?.intent : undefined}
                correctedQuery={mode === 'ai' ? ai.currentData?.intent?.correctedQuery : normal.currentData?.correctedQuery}
                onRemove={(key) => refine({ remove: [...remove, key] })}
                onLiteral={() => refine({ literal: true })}
              />
            ) : null}
            {videos.length === 0 ? (
              <p className="videos-empty">{intl.formatMessage({ id: 'videos.list.empty' })}</p>
            ) : (
              <ul className="video-grid video-grid--wide">
                {videos.map((video, index) => (
                  <li key={video._id}>
                    <VideoCardForSelfie video={video} eager={index < FIRST_ROW} priority={index === 0} />
                    {matchesOf(video) ? <CaptionMatches videoId={video._id} title={video.title} matches={matchesOf(video) ?? []} /> : null}
                  </li>
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

/** The page of the list the page shows when it browses (a search is the user's own). */
export const firstScreenQueries: FirstScreenQueries = ({ searchParams, dispatch }) => {
  const { mode, page } = readSelfieList(searchParams);
  return mode === 'browse' ? [dispatch(videosApi.endpoints.getSelfieVideos.initiate({ page }))] : [];
};

export default SelfieVideosPage;
