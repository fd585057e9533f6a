import { useId, useState } from 'react';
import { Link } from 'react-router-dom';

import { useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';
import { selectAuthLoading, selectCurrentUser } from '../auth';

import { useGetNotificationsQuery, useMarkNotificationsReadMutation } from './followingApi';
import { NotificationList } from './NotificationList';
import './following.css';

/** /notifications: every notification, newest first, 20 at a time, with "Mark all as read". */
export function NotificationsPage() {
  const t = useT();
  const headingId = useId();
  const user = useAppSelector(selectCurrentUser);
  const authLoading = useAppSelector(selectAuthLoading);
  const [page, setPage] = useState(1);
  const { currentData, error, isFetching, refetch } = useGetNotificationsQuery({ page }, { skip: !user });
  const [markRead, { isLoading: marking }] = useMarkNotificationsReadMutation();

  if (!user) {
    return (
      <div className="page">
        <h1>{t('notifications.title')}</h1>
        {authLoading ? <Spinner label={t('notifications.loading')} /> : <Link to={paths.login}>{t('following.subscribeLogin')}</Link>}
      </div>
    );
  }

  const notes = currentData?.notifications ?? [];
  const hasMore = currentData ? page * 20 < currentData.total : false;
  return (
    <div className="page notifications" aria-labelledby={headingId}>
      <div className="bell__head">
        <h1 id={headingId}>{t('notifications.title')}</h1>
        {currentData && currentData.unread > 0 ? (
          <button type="button" className="btn btn--ghost" disabled={marking} onClick={() => void markRead({})}>
            {t('notifications.markAllRead')}
          </button>
        ) : null}
      </div>
      {isFetching && !currentData ? (
        <Spinner label={t('notifications.loading')} />
      ) : error ? (
        <div className="alert alert--error" role="alert">
          <p>{t('notifications.error')}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
            {t('notifications.retry')}
          </button>
        </div>
      ) : notes.length === 0 ? (
        <p>{t('notifications.empty')}</p>
      ) : (
        <>
          <NotificationList notifications={notes} onOpen={(note) => (note.read ? undefined : void markRead({ ids: [note._id] }))} />
          {hasMore ? (
            <p>
              <button type="button" className="btn btn--ghost" onClick={() => setPage(page + 1)}>
                {t('notifications.more')}
              </button>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

export default NotificationsPage;
