import { type FormEvent, useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';

import { serverMessage } from '../../api/errors';
import type { User } from '../../api/types';
import { useAppSelector } from '../../app/hooks';
import { PageLoading } from '../../components/PageLoading';
import { paths } from '../../config/routes';
import { type Translate, useT } from '../../i18n/useT';
import { selectAuthLoading, selectCurrentUser, useDelayedNavigate } from '../auth';
import { NotificationSettingsForm } from '../following';

import { useUpdateProfileMutation } from './profileApi';
import './profile.css';

/** The profile opens 1.5 s after a successful edit. */
export const PROFILE_REDIRECT_DELAY_MS = 1500;

/** The server's message, else "Failed to update profile." when it answered; "Error updating profile." when it could not be reached. */
function updateErrorText(error: unknown, t: Translate): string {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' || status === 'PARSING_ERROR') return serverMessage(error) ?? t('profile.edit.failed');
  return t('profile.edit.error');
}

/** /profile/edit/:id: the owner changes their username; the email is shown, not editable. */
export function EditProfilePage() {
  const t = useT();
  const { id } = useParams<{ id: string }>();
  const currentUser = useAppSelector(selectCurrentUser);
  const authLoading = useAppSelector(selectAuthLoading);

  if (!currentUser && authLoading) {
    return <PageLoading title={t('profile.edit.title')} label={t('profile.loading')} />;
  }

  if (!currentUser || currentUser._id !== id) {
    return (
      <div className="page profile-status">
        <h1 className="visually-hidden">{t('profile.edit.title')}</h1>
        <p className="alert alert--error" role="alert">
          {t('profile.edit.notAuthorized')}
        </p>
        {id ? (
          <Link className="btn btn--ghost" to={paths.profile(id)}>
            {t('profile.edit.backToProfile')}
          </Link>
        ) : null}
      </div>
    );
  }

  return <EditProfileForm key={currentUser._id} user={currentUser} />;
}

function EditProfileForm({ user }: { user: User }) {
  const t = useT();
  const headingId = useId();
  const usernameId = useId();
  const emailId = useId();
  const emailHintId = useId();
  const usernameErrorId = useId();
  const delayedNavigate = useDelayedNavigate();
  const [updateProfile, { isLoading: saving }] = useUpdateProfileMutation();
  const [username, setUsername] = useState(user.username);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = username.trim();
    setError(null);
    setSuccess(null);
    if (!name) {
      setFieldError(t('profile.edit.usernameRequired'));
      return;
    }
    setFieldError(null);
    try {
      const answer = await updateProfile({ username: name }).unwrap();
      setUsername(answer.user?.username ?? name);
      setSuccess(answer.message?.trim() || t('profile.edit.success'));
      delayedNavigate(paths.profile(user._id), PROFILE_REDIRECT_DELAY_MS);
    } catch (failure) {
      console.error('Failed to update profile:', failure);
      setError(updateErrorText(failure, t));
    }
  };

  return (
    <div className="page page--narrow">
      <section className="card profile-edit" aria-labelledby={headingId}>
        <h1 id={headingId} className="profile-edit__title">
          {t('profile.edit.title')}
        </h1>
        <form className="profile-edit__form" noValidate onSubmit={(event) => void submit(event)}>
          <div className="profile-edit__field">
            <label htmlFor={usernameId}>{t('profile.edit.username')}</label>
            <input
              id={usernameId}
              name="username"
              type="text"
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              aria-required="true"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? usernameErrorId : undefined}
            />
            {fieldError ? (
              <p id={usernameErrorId} className="profile-edit__field-error">
                {fieldError}
              </p>
            ) : null}
          </div>
          <div className="profile-edit__field">
            <label htmlFor={emailId}>{t('profile.edit.email')}</label>
            <input
              id={emailId}
              name="email"
              type="email"
              value={user.email ?? ''}
              disabled
              readOnly
              aria-describedby={emailHintId}
            />
            <p id={emailHintId} className="profile-edit__hint">
              {t('profile.edit.emailHint')}
            </p>
          </div>

          {error ? (
            <p className="alert alert--error" role="alert">
              {error}
            </p>
          ) : null}
          {success ? (
            <p className="alert alert--success" role="status">
              {success}
            </p>
          ) : null}

          <div className="profile-edit__actions">
            <Link className="btn btn--ghost" to={paths.profile(user._id)}>
              {t('profile.edit.cancel')}
            </Link>
            <button type="submit" className="btn btn--primary" disabled={saving || success !== null}>
              {saving ? t('profile.edit.saving') : t('profile.edit.submit')}
            </button>
          </div>
        </form>
      </section>
      <NotificationSettingsForm />
    </div>
  );
}

export default EditProfilePage;
