import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

import { serverMessage } from '../../api/errors';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../i18n/useT';

import { useUnsubscribeEmailsMutation } from './followingApi';

/** /unsubscribe?token=…: the digest's link; stops notification e-mails without signing in. */
export function UnsubscribePage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [unsubscribe, { data, error, isUninitialized, isLoading }] = useUnsubscribeEmailsMutation();
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void unsubscribe(token);
  }, [token, unsubscribe]);

  return (
    <div className="page">
      <h1>{t('notifications.unsubscribe.title')}</h1>
      {!token ? (
        <p className="alert alert--error" role="alert">
          {t('notifications.unsubscribe.missing')}
        </p>
      ) : isLoading || isUninitialized ? (
        <Spinner label={t('notifications.unsubscribe.working')} />
      ) : error ? (
        <p className="alert alert--error" role="alert">
          {serverMessage(error) ?? t('notifications.unsubscribe.failed')}
        </p>
      ) : (
        <p className="alert alert--success" role="status">
          {data?.message}
        </p>
      )}
    </div>
  );
}

export default UnsubscribePage;
