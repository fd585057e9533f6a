import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { useAppSelector } from '../../app/hooks';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { PAGE_SIZE, paths } from '../../config/routes';
import { useT } from '../../i18n/useT';
import { selectAuthLoading, selectCurrentUser } from '../auth';
import { pageCount, VideoCardForSelfie } from '../videos';

import { useClearHistoryMutation, useGetHistoryQuery, useSetHistoryPausedMutation } from './followingApi';
import './following.css';

/** /history: what the viewer watched, newest first, each card with how far they got. */
export function HistoryPage() {
  const t = useT();
  const headingId = useId();
  const user = useAppSelector(selectCurrentUser);
  const authLoading = useAppSelector(selectAuthLoading);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(searchParams.get('page')) || 1));
  const { currentData, error, isFetching, refetch } = useGetHistoryQuery({ page, perPage: PAGE_SIZE }, { skip: !user });
  const [clear, clearing] = useClearHistoryMutation();
  const [setPaused, pausing] = useSetHistoryPausedMutation();

  if (!user) {
    return (
      <div className="page">
        <h1>{t('history.title')}</h1>
        {authLoading ? <Spinner label={t('history.loading')} /> : <Link to={paths.login}>{t('history.login')}</Link>}
      </div>
    );
  }

  const entries = currentData?.entries ?? [];
  const paused = currentData?.paused ?? false;
  const totalPages = pageCount(currentData?.total ?? 0);
  const onClearAll = () => {
    if (window.confirm(t('history.clearConfirm'))) void clear({});
  };

  return (
    <div className="page history" aria-labelledby={headingId}>
      <div className="bell__head">
        <h1 id={headingId}>{t('history.title')}</h1>
        {currentData ? (
          <div className="subscribe">
            <button type="button" className="btn btn--ghost" aria-pressed={paused} disabled={pausing.isLoading} onClick={() => void setPaused(!paused)}>
              {paused ? t('history.resume') : t('history.pause')}
            </button>
            {entries.length > 0 ? (
              <button type="button" className="btn btn--danger" disabled={clearing.isLoading} onClick={onClearAll}>
                {t('history.clear')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      {paused ? (
        <p className="alert" role="status">
          {t('history.paused')}
        </p>
      ) : null}
      {isFetching && !currentData ? (
        <Spinner label={t('history.loading')} />
      ) : error ? (
        <div className="alert alert--error" role="alert">
          <p>{t('history.error')}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
            {t('history.retry')}
          </button>
        </div>
      ) : entries.length === 0 ? (
        <p className="videos-empty">{t('history.empty')}</p>
      ) : (
        <>
          <ul className="video-grid video-grid--wide">
            {entries.map(({ video }, index) => {
              const percent = video.duration > 0 ? Math.min(100, Math.round(((video.resumeAt ?? 0) / video.duration) * 100)) : 0;
              return (
                <li key={video._id}>
                  <VideoCardForSelfie
                    video={video}
                    eager={index < 4}
                    actions={
                      <>
                        <progress className="history__progress" max={100} value={percent} aria-label={t('history.progress', { percent })} />
                        <button
                          type="button"
                          className="btn btn--small btn--ghost"
                          aria-label={t('history.remove', { title: video.title })}
                          disabled={clearing.isLoading}
                          onClick={() => void clear({ videoId: video._id })}
                        >
                          {t('history.removeShort')}
                        </button>
                      </>
                    }
                  />
                </li>
              );
            })}
          </ul>
          {totalPages > 1 ? (
            <Pagination currentPage={page} totalPages={totalPages} onPageChange={(next) => setSearchParams(next === 1 ? {} : { page: String(next) })} />
          ) : null}
        </>
      )}
    </div>
  );
}

export default HistoryPage;
