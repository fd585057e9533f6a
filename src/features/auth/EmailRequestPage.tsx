import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';

import type { ApiAnswer } from '../../api/types';
import { paths } from '../../config/routes';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';

import type { EmailArgs } from './authApi';
import { AuthPage, EmailField, FormMessages, SubmitButton } from './AuthForm';
import { failureNotice, isRateLimited, type Notice, successNotice } from './notices';
import { type FieldRule, useFieldErrors } from './useFieldErrors';

const RULES: Record<'email', FieldRule> = {
  email: { valueMissing: 'auth.validation.emailRequired', typeMismatch: 'auth.validation.emailInvalid' },
};

interface EmailRequestPageProps {
  titleId: MessageKey;
  introId: MessageKey;
  submitId: MessageKey;
  /** Shown when the server's answer carries no message of its own. */
  successId: MessageKey;
  /** Shown when the server's refusal carries no message of its own. */
  failedId: MessageKey;
  /** The email the field starts with. */
  initialEmail?: string;
  /** Sends the request; resolves with the server's answer, rejects with its error. */
  send: (args: EmailArgs) => Promise<ApiAnswer<'forgotPassword' | 'sendVerification', 200>>;
  /** The request is running. */
  busy: boolean;
}

/**
 * A page that asks for an email address and sends one request with it (forgot password,
 * request verification): the email is required before anything is sent, the answer shows as a
 * notice, and the server's rate limit (429) has its own message.
 */
export function EmailRequestPage({
  titleId,
  introId,
  submitId,
  successId,
  failedId,
  initialEmail = '',
  send,
  busy,
}: EmailRequestPageProps) {
  const t = useT();
  const { errors, validate, clearError } = useFieldErrors(RULES);

  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<Notice | null>(null);
  const [success, setSuccess] = useState<Notice | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setSuccess(null);
    if (!validate(event.currentTarget)) return;
    try {
      const answer = await send({ email: email.trim() });
      setSuccess(successNotice(answer, successId));
    } catch (failure) {
      setError(isRateLimited(failure) ? { id: 'auth.tooManyRequests' } : failureNotice(failure, failedId));
    }
  };

  return (
    <AuthPage titleId={titleId} introId={introId}>
      <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
        <EmailField
          value={email}
          onChange={(value) => {
            setEmail(value);
            clearError('email');
          }}
          error={errors.email}
        />
        <SubmitButton labelId={submitId} busy={busy} />
      </form>
      <FormMessages error={error} success={success} />
      <p className="auth-links">
        <Link to={paths.login}>{t('auth.backToLogin')}</Link>
      </p>
    </AuthPage>
  );
}
