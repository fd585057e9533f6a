import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';

import { useSendVerificationMutation } from './authApi';
import { AuthField, AuthPage, FormMessages, SubmitButton } from './AuthForm';
import { failureNotice, isRateLimited, type Notice, successNotice } from './notices';
import { type FieldRule, useFieldErrors } from './useFieldErrors';

const RULES: Record<'email', FieldRule> = {
  email: { valueMissing: 'auth.validation.emailRequired', typeMismatch: 'auth.validation.emailInvalid' },
};

/** The email a link to this page may carry in its router state (Login, Verify), never in the URL. */
function emailFromState(state: unknown): string {
  const email = state && typeof state === 'object' ? (state as { email?: unknown }).email : undefined;
  return typeof email === 'string' ? email : '';
}

/**
 * Request verification (SPEC §2, §5, §8, §9): sends a new verification email. An empty email
 * is refused before any request ("Please enter your email address."); repeats are rate-limited
 * by the server (429).
 */
export function RequestVerificationPage() {
  const t = useT();
  const location = useLocation();
  const [sendVerification, { isLoading }] = useSendVerificationMutation();
  const { errors, validate, clearError } = useFieldErrors(RULES);

  const [email, setEmail] = useState(() => emailFromState(location.state));
  const [error, setError] = useState<Notice | null>(null);
  const [success, setSuccess] = useState<Notice | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setError(null);
    setSuccess(null);
    if (!validate(event.currentTarget)) return;
    try {
      const answer = await sendVerification({ email: email.trim() }).unwrap();
      setSuccess(successNotice(answer, 'auth.requestVerification.success'));
    } catch (failure) {
      setError(
        isRateLimited(failure)
          ? { id: 'auth.tooManyRequests' }
          : failureNotice(failure, 'auth.requestVerification.failed'),
      );
    }
  };

  return (
    <AuthPage titleId="auth.requestVerification.title" introId="auth.requestVerification.intro">
      <form className="auth-form" noValidate onSubmit={submit} aria-busy={isLoading}>
        <AuthField
          labelId="auth.email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            clearError('email');
          }}
          errorId={errors.email}
        />
        <SubmitButton labelId="auth.requestVerification.submit" busy={isLoading} />
      </form>
      <FormMessages error={error} success={success} />
      <p className="auth-links">
        <Link to={paths.login}>{t('auth.backToLogin')}</Link>
      </p>
    </AuthPage>
  );
}

export default RequestVerificationPage;
