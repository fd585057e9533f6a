import { type FormEvent, useId, useState } from 'react';

import type { NotificationKind, NotificationSettings } from '../../api/types';
import { Spinner } from '../../components/Spinner';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';

import { useGetNotificationSettingsQuery, useSaveNotificationSettingsMutation } from './followingApi';
import './following.css';

const KINDS: readonly NotificationKind[] = [
  'new-video',
  'comment-reply',
  'video-comment',
  'like-milestone',
  'video-ready',
  'video-failed',
  'video-hidden',
];

/** The per-kind preferences (on the site, by e-mail) on the edit profile page. */
export function NotificationSettingsForm() {
  const t = useT();
  const headingId = useId();
  const { currentData, error, isFetching, refetch } = useGetNotificationSettingsQuery();
  const [save, saving] = useSaveNotificationSettingsMutation();
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const settings = draft ?? currentData?.settings;

  const toggle = (kind: NotificationKind, channel: 'inApp' | 'email') => {
    if (!settings) return;
    saving.reset();
    setDraft({ ...settings, [kind]: { ...settings[kind], [channel]: !settings[kind][channel] } });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!settings) return;
    void save(settings)
      .unwrap()
      .then(() => setDraft(null))
      .catch(() => undefined);
  };

  return (
    <section className="card notification-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('notifications.settings.title')}</h2>
      {/* Before the settings arrive: painted with the page (it was the page's largest text, its LCP at 2 s). */}
      <p>{t('notifications.settings.hint')}</p>
      {isFetching && !currentData ? (
        <Spinner label={t('notifications.settings.loading')} size="small" />
      ) : error || !settings ? (
        // Not an alert: nobody asked for anything yet (the profile form above has its own alerts).
        <div className="alert alert--error">
          <p>{t('notifications.settings.loadFailed')}</p>
          <button type="button" className="btn btn--small btn--ghost" onClick={() => void refetch()}>
            {t('notifications.retry')}
          </button>
        </div>
      ) : (
        <form onSubmit={onSubmit}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('notifications.settings.kind')}</th>
                <th scope="col">{t('notifications.settings.inApp')}</th>
                <th scope="col">{t('notifications.settings.email')}</th>
              </tr>
            </thead>
            <tbody>
              {KINDS.map((kind) => {
                const label = t(`notifications.settings.label.${kind}` satisfies MessageKey);
                return (
                  <tr key={kind}>
                    <th scope="row">{label}</th>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`${label}: ${t('notifications.settings.inApp')}`}
                        checked={settings[kind].inApp}
                        onChange={() => toggle(kind, 'inApp')}
                      />
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`${label}: ${t('notifications.settings.email')}`}
                        checked={settings[kind].email}
                        onChange={() => toggle(kind, 'email')}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p>
            <button type="submit" className="btn btn--primary" disabled={saving.isLoading}>
              {saving.isLoading ? t('notifications.settings.saving') : t('notifications.settings.save')}
            </button>
          </p>
          <p role="status" aria-live="polite">
            {saving.isSuccess ? t('notifications.settings.saved') : null}
          </p>
          {saving.isError ? (
            <p className="alert alert--error" role="alert">
              {t('notifications.settings.failed')}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
