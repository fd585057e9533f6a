import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';

import { useForgotPasswordMutation } from './authApi';
import { AuthField, AuthPage, FormMessages, SubmitButton } from './AuthForm';
import { failureNotice, isRateLimited, type Notice, successNotice } from './notices';
import { type FieldRule, useFieldErrors } from './useFieldErrors';

const RULES: Record<'email', FieldRule> = {
  email: { valueMissing: 'auth.validation.emailRequired', typeMismatch: 'auth.validation.emailInvalid' },
};

/**
 * Forgot password (SPEC §2, §8, §9): asks for a reset link. The server answers the same
 * whether or not the account exists, and rate-limits repeats (429).
 */
export function ForgotPasswordPage() {
  const t = useT();
  const [requestReset, { isLoading }] = useForgotPasswordMutation();
  const { errors, validate, clearError } = useFieldErrors(RULES);

  const [email, setEmail] = useState('');
  const [error, setError] = useState<Notice | null>(null);
  const [success, setSuccess] = useState<Notice | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setError(null);
    setSuccess(null);
    if (!validate(event.currentTarget)) return;
    try {
      const answer = await requestReset({ email: email.trim() }).unwrap();
      setSuccess(successNotice(answer, 'auth.forgot.success'));
    } catch (failure) {
      setError(
        isRateLimited(failure) ? { id: 'auth.tooManyRequests' } : failureNotice(failure, 'auth.forgot.failed'),
      );
    }
  };

  return (
    <AuthPage titleId="auth.forgot.title" introId="auth.forgot.intro">
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
        <SubmitButton labelId="auth.forgot.submit" busy={isLoading} />
      </form>
      <FormMessages error={error} success={success} />
      <p className="auth-links">
        <Link to={paths.login}>{t('auth.backToLogin')}</Link>
      </p>
    </AuthPage>
  );
}

export default ForgotPasswordPage;
