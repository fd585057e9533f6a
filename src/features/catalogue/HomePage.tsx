import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { VideoCard } from '../../components/VideoCard';
import { paths } from '../../config/routes';

import { useSearchCatalogueQuery } from './catalogueApi';
import { homeSearchParams, readHomeSearch } from './homeSearchParams';
import './catalogue.css';

/**
 * Home (SPEC §2 Home, §4 "Home search mode"): a keyword search over the external catalogue and
 * a paged grid of its videos. The committed search (query and page) lives in the URL; the text
 * box holds a draft until Search is pressed.
 */
export function HomePage() {
  const intl = useIntl();
  const inputId = useId();
  const resultsRef = useRef<HTMLElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const { query, page } = readHomeSearch(searchParams);

  const [draft, setDraft] = useState(query);
  // When the URL's query changes under us (back/forward, a link), show it in the box.
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setDraft(query);
  }

  // currentData belongs to this query and page only: a failed page shows no stale videos.
  const { currentData, error, isFetching, refetch } = useSearchCatalogueQuery({ query, page });
  const videos = currentData?.videos ?? [];
  const totalPages = currentData?.total_pages ?? 0;

  useEffect(() => {
    if (error) console.error('Failed to fetch movies:', error);
  }, [error]);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = { query: draft.trim(), page: 1 };
    // SPEC §4: Search always fetches, even when it would not change the URL.
    if (next.query === query && page === 1) void refetch();
    else setSearchParams(homeSearchParams(next));
  };

  const changePage = (nextPage: number) => {
    setSearchParams(homeSearchParams({ query, page: nextPage }));
    const results = resultsRef.current;
    if (results && results.getBoundingClientRect().top < 0) results.scrollIntoView?.({ block: 'start' });
  };

  return (
    <div className="page catalogue-home">
      <h1 className="visually-hidden">{intl.formatMessage({ id: 'catalogue.heading' })}</h1>
      <form className="catalogue-search" role="search" onSubmit={search}>
        <label htmlFor={inputId} className="visually-hidden">
          {intl.formatMessage({ id: 'catalogue.searchLabel' })}
        </label>
        <input
          id={inputId}
          className="catalogue-search__input"
          type="search"
          name="q"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={intl.formatMessage({ id: 'catalogue.searchPlaceholder' })}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="btn btn--primary" disabled={isFetching}>
          {intl.formatMessage({ id: 'catalogue.search' })}
        </button>
      </form>

      <section
        ref={resultsRef}
        className="catalogue-results"
        aria-label={intl.formatMessage({ id: 'catalogue.results' })}
        aria-busy={isFetching}
      >
        {isFetching ? (
          <Spinner label={intl.formatMessage({ id: 'catalogue.loading' })} />
        ) : (
          <>
            {error ? (
              <div className="catalogue-error alert alert--error" role="alert">
                <p>{intl.formatMessage({ id: 'catalogue.loadFailed' })}</p>
                <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
                  {intl.formatMessage({ id: 'catalogue.retry' })}
                </button>
              </div>
            ) : null}
            {videos.length === 0 ? (
              <p className="catalogue-empty">{intl.formatMessage({ id: 'catalogue.empty' })}</p>
            ) : (
              <ul className="catalogue-grid">
                {videos.map((video) => (
                  <li key={video.id}>
                    <VideoCard
                      to={paths.movie(video.id)}
                      title={video.title}
                      thumbnailUrl={video.default_thumb?.src}
                      views={video.views}
                      badge={video.length_min || undefined}
                    />
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

export default HomePage;
