import { type InputHTMLAttributes, type ReactNode, useCallback, useId } from 'react';

import { useHydrated } from '../../components/useHydrated';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';

import type { Notice } from './notices';
import './auth.css';

/** Turns a Notice into text in the current language. */
export function useNoticeText(): (notice: Notice) => string {
  const t = useT();
  return useCallback((notice: Notice) => ('text' in notice ? notice.text : t(notice.id)), [t]);
}

interface AuthPageProps {
  titleId: MessageKey;
  /** A short explanation under the heading. */
  introId?: MessageKey;
  children: ReactNode;
}

/** The frame every auth page shares: a narrow card with the page's <h1>. */
export function AuthPage({ titleId, introId, children }: AuthPageProps) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="page page--narrow auth-page" aria-labelledby={headingId}>
      <div className="card auth-card">
        <h1 id={headingId} className="auth-card__title">
          {t(titleId)}
        </h1>
        {introId ? <p className="auth-card__intro">{t(introId)}</p> : null}
        {children}
      </div>
    </section>
  );
}

interface AuthFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  name: string;
  labelId: MessageKey;
  /** The field's validation message, shown below it and announced with it. */
  errorId?: MessageKey;
}

/** A labelled input with its validation message (aria-invalid + aria-describedby). */
export function AuthField({ labelId, errorId, name, ...input }: AuthFieldProps) {
  const t = useT();
  const inputId = useId();
  const messageId = `${inputId}-error`;
  return (
    <div className="auth-field">
      <label htmlFor={inputId}>{t(labelId)}</label>
      <input
        {...input}
        id={inputId}
        name={name}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId ? messageId : undefined}
      />
      {errorId ? (
        <p id={messageId} className="auth-field__error">
          {t(errorId)}
        </p>
      ) : null}
    </div>
  );
}

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The field's validation message, if any. */
  error?: MessageKey;
  disabled?: boolean;
}

/** The required email field of the auth forms (name "email"). */
export function EmailField({ value, onChange, error, disabled }: EmailFieldProps) {
  return (
    <AuthField
      labelId="auth.email"
      name="email"
      type="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      errorId={error}
      disabled={disabled}
    />
  );
}

interface PasswordFieldProps {
  /** The input's name, which is also its key in the form's validation rules. */
  name?: string;
  labelId?: MessageKey;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  /** The field's validation message, if any. */
  error?: MessageKey;
  disabled?: boolean;
}

/** A required password field of the auth forms (by default name "password", label "Password"). */
export function PasswordField({
  name = 'password',
  labelId = 'auth.password',
  autoComplete,
  value,
  onChange,
  error,
  disabled,
}: PasswordFieldProps) {
  return (
    <AuthField
      labelId={labelId}
      name={name}
      type="password"
      autoComplete={autoComplete}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      errorId={error}
      disabled={disabled}
    />
  );
}

interface SubmitButtonProps {
  labelId: MessageKey;
  /** A request is running: the button is disabled and shows a spinner. */
  busy: boolean;
  disabled?: boolean;
}

/** The form's primary button; disabled with a spinner while its request runs. */
export function SubmitButton({ labelId, busy, disabled = false }: SubmitButtonProps) {
  const t = useT();
  // Until the app runs the server's markup, a submission would be the browser's own (a GET with
  // the password in the URL); a disabled submit button also stops Enter from submitting.
  const hydrated = useHydrated();
  return (
    <button type="submit" className="btn btn--primary auth-form__submit" disabled={busy || disabled || !hydrated} aria-busy={busy}>
      {busy ? <span className="auth-form__spinner" aria-hidden="true" data-testid="submit-spinner" /> : null}
      {t(labelId)}
    </button>
  );
}

interface FormMessagesProps {
  error: Notice | null;
  success: Notice | null;
  /** Shown under the error text, e.g. a link that helps to recover. */
  errorExtra?: ReactNode;
}

/**
 * The error area (role=alert) and the success area (role=status). Both live regions stay in
 * the page, empty until there is something to say, so screen readers announce each change.
 * Server messages are rendered as text, never as HTML.
 */
export function FormMessages({ error, success, errorExtra }: FormMessagesProps) {
  const text = useNoticeText();
  return (
    <div className="auth-messages">
      <div role="alert" className={error ? 'alert alert--error auth-messages__item' : undefined}>
        {error ? (
          <>
            <p className="auth-messages__text">{text(error)}</p>
            {errorExtra}
          </>
        ) : null}
      </div>
      <div role="status" className={success ? 'alert alert--success auth-messages__item' : undefined}>
        {success ? <p className="auth-messages__text">{text(success)}</p> : null}
      </div>
    </div>
  );
}
