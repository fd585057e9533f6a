import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';

import { useResetPasswordMutation } from './authApi';
import { AuthPage, FormMessages, PasswordField, SubmitButton } from './AuthForm';
import { failureNotice, type Notice, REDIRECT_DELAY_MS, successNotice } from './notices';
import { useDelayedNavigate } from './useDelayedNavigate';
import { type FieldRule, useFieldErrors } from './useFieldErrors';

const RULES: Record<'newPassword' | 'confirmPassword', FieldRule> = {
  newPassword: { valueMissing: 'auth.validation.newPasswordRequired' },
  confirmPassword: { valueMissing: 'auth.validation.confirmPasswordRequired' },
};

/**
 * Reset password, reached from the emailed link (query: token, email).
 * Both fields are required and must match before anything is sent; on success the page shows
 * the message and goes to /login after 3 s.
 */
export function ResetPasswordPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const email = searchParams.get('email')?.trim() ?? '';
  const complete = token !== '' && email !== '';

  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const navigateLater = useDelayedNavigate();
  const { errors, validate, clearError } = useFieldErrors(RULES);

  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<Notice | null>(null);
  const [success, setSuccess] = useState<Notice | null>(null);
  const redirecting = success !== null;

  if (!complete) {
    return (
      <AuthPage titleId="auth.reset.title">
        <div className="alert alert--error" role="alert">
          <p className="auth-messages__text">{t('auth.reset.missingParams')}</p>
        </div>
        <p className="auth-links">
          <Link to={paths.forgotPassword}>{t('auth.reset.requestNewLink')}</Link>
          <Link to={paths.login}>{t('auth.backToLogin')}</Link>
        </p>
      </AuthPage>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading || redirecting) return;
    setError(null);
    // Compared only once both are filled in: an empty field has its own message.
    const mismatch =
      newPassword && confirmPassword && newPassword !== confirmPassword
        ? { confirmPassword: 'auth.reset.mismatch' as const }
        : {};
    if (!validate(event.currentTarget, mismatch)) return;
    try {
      const answer = await resetPassword({ token, email, newPassword }).unwrap();
      setSuccess(successNotice(answer, 'auth.reset.success'));
      navigateLater(paths.login, REDIRECT_DELAY_MS.afterPasswordReset);
    } catch (failure) {
      setError(failureNotice(failure, 'auth.reset.failed'));
    }
  };

  return (
    <AuthPage titleId="auth.reset.title">
      <form className="auth-form" noValidate onSubmit={submit} aria-busy={isLoading}>
        {/* Tells password managers which account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          labelId="auth.reset.newPassword"
          name="newPassword"
          autoComplete="new-password"
          value={newPassword}
          onChange={(value) => {
            setNewPassword(value);
            clearError('newPassword');
          }}
          error={errors.newPassword}
          disabled={redirecting}
        />
        <PasswordField
          labelId="auth.reset.confirmPassword"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(value) => {
            setConfirmPassword(value);
            clearError('confirmPassword');
          }}
          error={errors.confirmPassword}
          disabled={redirecting}
        />
        <SubmitButton labelId="auth.reset.submit" busy={isLoading} disabled={redirecting} />
      </form>
      <FormMessages error={error} success={success} />
      <p className="auth-links">
        <Link to={paths.login}>{t('auth.backToLogin')}</Link>
      </p>
    </AuthPage>
  );
}

export default ResetPasswordPage;
