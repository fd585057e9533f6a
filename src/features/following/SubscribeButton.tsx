import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from 'react-router-dom';

import { serverMessage } from '../../api/errors';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';
import { selectCurrentUser } from '../auth';

import { useGetChannelQuery, useSetSubscriptionMutation } from './followingApi';
import './following.css';

export interface SubscribeButtonProps {
  userId: string;
  username: string;
  /** From an answer the page already has (the profile, the video); else the button asks GET /users/:id itself. */
  subscriberCount?: number;
  subscribed?: boolean;
}

/**
 * "Subscribe" / "Subscribed" with the uploader's subscriber count: a toggle button
 * (aria-pressed) for signed-in viewers, a login link for visitors, the count alone on one's own
 * profile or video.
 */
export function SubscribeButton({ userId, username, subscriberCount, subscribed }: SubscribeButtonProps) {
  const t = useT();
  const viewer = useAppSelector(selectCurrentUser);
  const known = subscriberCount !== undefined;
  const own = viewer?._id === userId;
  // On one's own video there is nothing to press: no request either.
  const { currentData } = useGetChannelQuery(known || own ? skipToken : userId);
  const [setSubscription, { isLoading, error, reset }] = useSetSubscriptionMutation();
  const count = known ? subscriberCount : currentData?.user.subscriberCount;
  const isSubscribed = known ? Boolean(subscribed) : Boolean(currentData?.user.subscribed);

  const onClick = () => {
    reset();
    void setSubscription({ userId, subscribe: !isSubscribed });
  };

  return (
    <div className="subscribe">
      {own ? null : viewer ? (
        <button
          type="button"
          className={isSubscribed ? 'btn btn--small btn--ghost' : 'btn btn--small btn--primary'}
          aria-pressed={isSubscribed}
          // The name holds the visible text ("Subscribed", "Subscribe": WCAG 2.5.3, label in name);
          // aria-pressed says that pressing again unsubscribes.
          aria-label={isSubscribed ? t('following.subscribedTo', { username }) : t('following.subscribeTo', { username })}
          disabled={isLoading}
          onClick={onClick}
        >
          {isSubscribed ? t('following.unsubscribe') : t('following.subscribe')}
        </button>
      ) : (
        <Link className="btn btn--small btn--primary" to={paths.login}>
          {t('following.subscribeLogin')}
        </Link>
      )}
      {/* The count arrives after the page: its place is kept (hidden "0 subscribers") so nothing below moves. */}
      {count !== undefined ? (
        <span className="subscribe__count">{t('following.subscribers', { count })}</span>
      ) : (
        <span className="subscribe__count" aria-hidden="true" style={{ visibility: 'hidden' }}>
          {t('following.subscribers', { count: 0 })}
        </span>
      )}
      {error ? (
        <p className="subscribe__error" role="alert">
          {serverMessage(error) ?? t('following.subscribeFailed')}
        </p>
      ) : null}
    </div>
  );
}
