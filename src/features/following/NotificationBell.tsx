import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';

import type { Notification } from '../../api/types';
import { useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/Spinner';
import { useDisclosure } from '../../components/useDisclosure';
import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';
import { selectCurrentUser, selectIsLoggedIn } from '../auth';

import { useGetNotificationsQuery, useMarkNotificationsReadMutation } from './followingApi';
import { NotificationList } from './NotificationList';
import { useUnreadCount } from './useUnreadCount';
import './following.css';

/**
 * The header's bell for signed-in users: the unread count on a disclosure button; the panel
 * lists the newest notifications with "Mark all as read" and a link to all of them. Escape or a
 * click outside closes it (Escape returns focus to the bell). A polite live region announces a
 * new unread count.
 */
export function NotificationBell() {
  const t = useT();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const user = useAppSelector(selectCurrentUser);
  const signedIn = isLoggedIn && Boolean(user);
  const unread = useUnreadCount(signedIn);
  const { open, toggle, close, containerRef, toggleRef } = useDisclosure();
  const panelId = useId();
  const headingId = useId();
  const { currentData, error, isFetching, refetch } = useGetNotificationsQuery(signedIn && open ? { page: 1 } : skipToken);
  const [markRead, { isLoading: marking }] = useMarkNotificationsReadMutation();

  // The live region speaks only about changes after the first count (state derived while rendering).
  const [seen, setSeen] = useState<number | undefined>(undefined);
  const [announced, setAnnounced] = useState<number | undefined>(undefined);
  if (unread !== undefined && unread !== seen) {
    if (seen !== undefined) setAnnounced(unread);
    setSeen(unread);
  }

  if (!signedIn) return null;
  const count = unread ?? 0;
  const onOpenNote = (note: Notification) => {
    close();
    if (!note.read) void markRead({ ids: [note._id] });
  };

  return (
    <div className="bell" ref={containerRef}>
      <button
        ref={toggleRef}
        type="button"
        className="bell__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('notifications.bellUnread', { count })}
        onClick={toggle}
      >
        <svg className="bell__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 3a6 6 0 0 0-6 6v3.5L4.5 15v1.5h15V15L18 12.5V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0z"
            fill="currentColor"
          />
        </svg>
        {count > 0 ? (
          <span className="bell__badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announced !== undefined ? t('notifications.newCount', { count: announced }) : ''}
      </p>

      <section id={panelId} className="bell__panel" hidden={!open} aria-labelledby={headingId}>
        <div className="bell__head">
          <h2 id={headingId} className="bell__title">
            {t('notifications.title')}
          </h2>
          {count > 0 ? (
            <button type="button" className="btn btn--small btn--ghost" disabled={marking} onClick={() => void markRead({})}>
              {t('notifications.markAllRead')}
            </button>
          ) : null}
        </div>
        {open ? (
          isFetching && !currentData ? (
            <Spinner label={t('notifications.loading')} size="small" />
          ) : error ? (
            <div className="alert alert--error" role="alert">
              <p>{t('notifications.error')}</p>
              <button type="button" className="btn btn--small btn--ghost" onClick={() => void refetch()}>
                {t('notifications.retry')}
              </button>
            </div>
          ) : currentData && currentData.notifications.length > 0 ? (
            <NotificationList notifications={currentData.notifications.slice(0, 10)} onOpen={onOpenNote} />
          ) : (
            <p>{t('notifications.empty')}</p>
          )
        ) : null}
        <p className="bell__foot">
          <Link to={paths.notifications} onClick={close}>
            {t('notifications.seeAll')}
          </Link>
        </p>
      </section>
    </div>
  );
}
