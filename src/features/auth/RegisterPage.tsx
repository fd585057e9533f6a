import { type FormEvent, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, Navigate } from 'react-router-dom';

import { useAppSelector } from '../../app/hooks';
import { paths } from '../../config/routes';

import { useRegisterMutation } from './authApi';
import { AuthPage, EmailField, FormMessages, PasswordField, SubmitButton } from './AuthForm';
import { selectAuthLoading, selectIsLoggedIn } from './authSlice';
import { failureNotice, type Notice, REDIRECT_DELAY_MS, successNotice } from './notices';
import { useDelayedNavigate } from './useDelayedNavigate';
import { type FieldRule, useFieldErrors } from './useFieldErrors';

const RULES: Record<'email' | 'password', FieldRule> = {
  email: { valueMissing: 'auth.validation.emailRequired', typeMismatch: 'auth.validation.emailInvalid' },
  password: { valueMissing: 'auth.validation.passwordRequired' },
};

/**
 * Register. A verified user (the server may verify at once)
 * is logged in by the register endpoint and sent home after 500 ms; otherwise only the success
 * message shows and the fields are cleared. Logged-in visitors are sent home.
 */
export function RegisterPage() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const authLoading = useAppSelector(selectAuthLoading);
  const [register, { isLoading, isUninitialized }] = useRegisterMutation();
  const navigateLater = useDelayedNavigate();
  const { errors, validate, clearError } = useFieldErrors(RULES);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<Notice | null>(null);
  const [success, setSuccess] = useState<Notice | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  // Only a visitor who arrived logged in is sent away at once; one who has just registered
  // (and was logged in by it) sees the message first.
  if (!authLoading && isLoggedIn && isUninitialized) return <Navigate to={paths.home} replace />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading || redirecting) return;
    setError(null);
    setSuccess(null);
    if (!validate(event.currentTarget)) return;
    try {
      const answer = await register({ email: email.trim(), password }).unwrap();
      setSuccess(successNotice(answer, 'auth.register.success'));
      if (answer.user?.verified) {
        setRedirecting(true);
        navigateLater(paths.home, REDIRECT_DELAY_MS.afterRegistration);
      } else {
        setEmail('');
        setPassword('');
      }
    } catch (failure) {
      setError(failureNotice(failure, 'auth.register.failed'));
    }
  };

  return (
    <AuthPage titleId="auth.register.title">
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
          autoComplete="new-password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            clearError('password');
          }}
          error={errors.password}
          disabled={redirecting}
        />
        <SubmitButton labelId="auth.register.submit" busy={isLoading} disabled={redirecting} />
      </form>
      <FormMessages error={error} success={success} />
      <p className="auth-links">
        <FormattedMessage
          id="auth.register.haveAccount"
          values={{ link: (chunks) => <Link to={paths.login}>{chunks}</Link> }}
        />
      </p>
    </AuthPage>
  );
}

export default RegisterPage;
