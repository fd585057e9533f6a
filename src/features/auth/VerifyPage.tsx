import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';

import { useVerifyEmailMutation } from './authApi';
import { AuthPage, useNoticeText } from './AuthForm';
import { failureNotice, isRefusal, successNotice } from './notices';

/**
 * Verify, outside the common layout. Reads token and email from the URL
 * and posts them once: a verification token can be spent only once, so the request must not be
 * repeated when React StrictMode runs the effect twice or the page re-renders.
 */
export function VerifyPage() {
  const t = useT();
  const text = useNoticeText();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const email = searchParams.get('email')?.trim() ?? '';
  const complete = token !== '' && email !== '';

  const [verify, result] = useVerifyEmailMutation();
  // The token/email pair already sent; a ref survives StrictMode's simulated remount.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!complete) return;
    const key = JSON.stringify([token, email]);
    if (sent.current === key) return;
    sent.current = key;
    void verify({ token, email });
  }, [complete, token, email, verify]);

  let outcome;
  if (!complete) {
    outcome = (
      <div className="alert alert--error" role="alert">
        <p>{t('auth.verify.missingParams')}</p>
      </div>
    );
  } else if (result.isSuccess) {
    outcome = (
      <>
        <div className="alert alert--success" role="status">
          <p>{text(successNotice(result.data, 'auth.verify.success'))}</p>
        </div>
        <Link className="btn btn--primary" to={paths.login}>
          {t('auth.verify.goToLogin')}
        </Link>
      </>
    );
  } else if (result.isError) {
    const fallback = isRefusal(result.error) ? 'auth.verify.failed' : 'auth.verify.failedLater';
    outcome = (
      <div className="alert alert--error" role="alert">
        <p>{text(failureNotice(result.error, fallback))}</p>
      </div>
    );
  } else {
    outcome = (
      <>
        <Spinner label={t('auth.verify.loading')} />
        <p aria-hidden="true">{t('auth.verify.loading')}</p>
      </>
    );
  }

  return (
    <AuthPage titleId="auth.verify.title">
      <div className="auth-outcome" aria-busy={complete && !result.isSuccess && !result.isError}>
        {outcome}
        {!complete || result.isError ? (
          <Link to={paths.requestVerification} state={email ? { email } : undefined}>
            {t('auth.verify.requestNew')}
          </Link>
        ) : null}
      </div>
    </AuthPage>
  );
}

export default VerifyPage;
