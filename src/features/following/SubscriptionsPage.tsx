import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { useAppSelector } from '../../app/hooks';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { PAGE_SIZE, paths } from '../../config/routes';
import { useT } from '../../i18n/useT';
import { selectAuthLoading, selectCurrentUser } from '../auth';
import { pageCount, VideoCardForSelfie } from '../videos';

import { useGetSubscriptionsQuery, useGetSubscriptionVideosQuery } from './followingApi';
import './following.css';

/** Uploaders shown above the feed. */
const CHANNELS_SHOWN = 100;

/** /subscriptions: the uploaders the viewer follows and their newest public videos, paged. */
export function SubscriptionsPage() {
  const t = useT();
  const headingId = useId();
  const user = useAppSelector(selectCurrentUser);
  const authLoading = useAppSelector(selectAuthLoading);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(searchParams.get('page')) || 1));
  const skip = !user;
  const channels = useGetSubscriptionsQuery({ page: 1, perPage: CHANNELS_SHOWN }, { skip });
  const feed = useGetSubscriptionVideosQuery({ page, perPage: PAGE_SIZE }, { skip });

  if (!user) {
    return (
      <div className="page">
        <h1>{t('following.page.title')}</h1>
        {authLoading ? (
          <Spinner label={t('following.page.loading')} />
        ) : (
          <p>
            <Link to={paths.login}>{t('following.page.login')}</Link>
          </p>
        )}
      </div>
    );
  }

  const error = channels.error ?? feed.error;
  const loading = (channels.isFetching && !channels.currentData) || (feed.isFetching && !feed.currentData);
  const videos = feed.currentData?.videos ?? [];
  const totalPages = pageCount(feed.currentData?.total ?? 0);

  return (
    <div className="page subscriptions" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('following.page.title')}</h1>
      {loading ? (
        <Spinner label={t('following.page.loading')} />
      ) : error ? (
        <div className="alert alert--error" role="alert">
          <p>{t('following.page.error')}</p>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              void channels.refetch();
              void feed.refetch();
            }}
          >
            {t('following.page.retry')}
          </button>
        </div>
      ) : (
        <>
          <section aria-labelledby={`${headingId}-channels`}>
            <h2 id={`${headingId}-channels`}>{t('following.page.channels')}</h2>
            {channels.currentData && channels.currentData.subscriptions.length > 0 ? (
              <ul className="subscriptions__channels">
                {channels.currentData.subscriptions.map((channel) => (
                  <li key={channel._id}>
                    <Link className="subscriptions__channel" to={paths.profile(channel._id)}>
                      {channel.username}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('following.page.noChannels')}</p>
            )}
          </section>
          <section aria-labelledby={`${headingId}-videos`} aria-busy={feed.isFetching}>
            <h2 id={`${headingId}-videos`}>{t('following.page.videos')}</h2>
            {videos.length === 0 ? (
              <p className="videos-empty">{t('following.page.empty')}</p>
            ) : (
              <ul className="video-grid video-grid--wide">
                {videos.map((video, index) => (
                  <li key={video._id}>
                    <VideoCardForSelfie video={video} eager={index < 4} priority={index === 0} />
                  </li>
                ))}
              </ul>
            )}
            {totalPages > 1 ? (
              <Pagination
                currentPage={page}
                totalPages={totalPages}
                onPageChange={(next) => setSearchParams(next === 1 ? {} : { page: String(next) })}
              />
            ) : null}
          </section>
        </>
      )}
    </div>
  );
}

export default SubscriptionsPage;
