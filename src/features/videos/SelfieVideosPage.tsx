import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';

import { readSelfieList, selfieListParams } from './selfieListParams';
import { VideoCardForSelfie } from './VideoCardForSelfie';
import { pageCount, useGetSelfieVideosQuery } from './videosApi';
import './videos.css';

/**
 * /selfieVideos (SPEC §2 Selfie videos list): the public self-shot videos, newest first, 18 per
 * page, each card linking to its video page and its uploader's profile. The page is in the URL.
 */
export function SelfieVideosPage() {
  const intl = useIntl();
  const headingId = useId();
  const resultsRef = useRef<HTMLElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const { page } = readSelfieList(searchParams);

  // currentData belongs to this page only: a failed page shows no stale videos.
  const { currentData, error, isFetching, refetch } = useGetSelfieVideosQuery({ page });
  const videos = currentData?.videos ?? [];
  const totalPages = pageCount(currentData?.total ?? 0);

  useEffect(() => {
    if (error) console.error('Failed to fetch selfie videos:', error);
  }, [error]);

  const changePage = (nextPage: number) => {
    setSearchParams(selfieListParams({ page: nextPage }));
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

      {/*
        The search box (normal and AI search, SPEC §2) goes here in a later change. It will keep
        its query and mode in the URL next to `page` (selfieListParams.ts), and hide the
        pagination in AI mode.
      */}

      <section
        ref={resultsRef}
        className="selfie-list__results"
        aria-labelledby={headingId}
        aria-busy={isFetching}
      >
        {isFetching ? (
          <Spinner label={intl.formatMessage({ id: 'videos.loading' })} />
        ) : error ? (
          <div className="videos-status alert alert--error" role="alert">
            <p>{intl.formatMessage({ id: 'videos.list.loadFailed' })}</p>
            <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
              {intl.formatMessage({ id: 'videos.retry' })}
            </button>
          </div>
        ) : (
          <>
            {videos.length === 0 ? (
              <p className="videos-empty">{intl.formatMessage({ id: 'videos.list.empty' })}</p>
            ) : (
              <ul className="selfie-grid">
                {videos.map((video) => (
                  <li key={video._id}>
                    <VideoCardForSelfie video={video} />
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

export default SelfieVideosPage;
