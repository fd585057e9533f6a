import { type FormEvent, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, Navigate } from 'react-router-dom';

import { useAppSelector } from '../../app/hooks';
import type { AuthResponse } from '../../api/types';
import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';
import { WalletLoginButton } from '../wallet';

import { useLoginMutation } from './authApi';
import { AuthPage, EmailField, FormMessages, PasswordField, SubmitButton } from './AuthForm';
import { selectAuthLoading, selectIsLoggedIn } from './authSlice';
import { EMAIL_NOT_VERIFIED, errorCode, failureNotice, type Notice, REDIRECT_DELAY_MS, successNotice } from './notices';
import { useDelayedNavigate } from './useDelayedNavigate';
import { type FieldRule, useFieldErrors } from './useFieldErrors';

const RULES: Record<'email' | 'password', FieldRule> = {
  email: { valueMissing: 'auth.validation.emailRequired', typeMismatch: 'auth.validation.emailInvalid' },
  password: { valueMissing: 'auth.validation.passwordRequired' },
};

/**
 * Login. The login endpoint logs the user in; the page shows the message and
 * goes home after 1 s. Errors are shown as text — deliberately never as HTML, even for the login error — and
 * an unverified account is offered a new verification email. Logged-in visitors are sent home.
 */
export function LoginPage() {
  const t = useT();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const authLoading = useAppSelector(selectAuthLoading);
  const [login, { isLoading, isUninitialized }] = useLoginMutation();
  const navigateLater = useDelayedNavigate();
  const { errors, validate, clearError } = useFieldErrors(RULES);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<Notice | null>(null);
  const [notVerified, setNotVerified] = useState(false);
  const [success, setSuccess] = useState<Notice | null>(null);
  // The wallet login has been clicked (it logs in through its own endpoint) / is working.
  const [walletUsed, setWalletUsed] = useState(false);
  const [walletBusy, setWalletBusy] = useState(false);

  // Only a visitor who arrived logged in is sent away at once; one who has just logged in
  // (with the password or the wallet) sees the message first.
  if (!authLoading && isLoggedIn && isUninitialized && !walletUsed) return <Navigate to={paths.home} replace />;

  const redirecting = success !== null;

  const loggedInWith = (answer: AuthResponse) => {
    setSuccess(successNotice(answer, 'auth.login.success'));
    navigateLater(paths.home, REDIRECT_DELAY_MS.afterLogin);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading || redirecting || walletBusy) return;
    setError(null);
    setNotVerified(false);
    if (!validate(event.currentTarget)) return;
    try {
      loggedInWith(await login({ email: email.trim(), password }).unwrap());
    } catch (failure) {
      setError(failureNotice(failure, 'auth.login.failed'));
      setNotVerified(errorCode(failure) === EMAIL_NOT_VERIFIED);
    }
  };

  return (
    <AuthPage titleId="auth.login.title">
      <form className="auth-form" noValidate onSubmit={submit} aria-busy={isLoading}>
        <EmailField
          value={email}
          onChange={(value) => {
            setEmail(value);
            clearError('email');
          }}
          error={errors.email}
          disabled={redirecting}
        />
        <PasswordField
          autoComplete="current-password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            clearError('password');
          }}
          error={errors.password}
          disabled={redirecting}
        />
        <SubmitButton labelId="auth.login.submit" busy={isLoading} disabled={redirecting || walletBusy} />
      </form>
      <FormMessages
        error={error}
        success={success}
        errorExtra={
          notVerified ? (
            <Link to={paths.requestVerification} state={{ email: email.trim() }}>
              {t('auth.login.resendVerification')}
            </Link>
          ) : null
        }
      />
      <p className="auth-divider">{t('auth.login.or')}</p>
      {/* Wallet login: light until clicked; its messages use the areas above. */}
      <div data-slot="wallet-login">
        <WalletLoginButton
          disabled={isLoading || redirecting}
          onStart={() => {
            setWalletUsed(true);
            setWalletBusy(true);
            setError(null);
            setNotVerified(false);
          }}
          onSuccess={(answer) => {
            setWalletBusy(false);
            loggedInWith(answer);
          }}
          onFailure={(notice) => {
            setWalletBusy(false);
            setError(notice);
          }}
        />
      </div>
      <p className="auth-links">
        <span>
          <FormattedMessage
            id="auth.login.noAccount"
            values={{ link: (chunks) => <Link to={paths.register}>{chunks}</Link> }}
          />
        </span>
        <Link to={paths.forgotPassword}>{t('auth.login.forgotPassword')}</Link>
      </p>
    </AuthPage>
  );
}

export default LoginPage;
