import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FormattedDate } from 'react-intl';
import { Link } from 'react-router-dom';

import { serverMessage } from '../../api/errors';
import { useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';
import { selectAuthLoading, selectCurrentUser } from '../auth';

import { ModerationMessages, useModerationT } from './i18n';
import {
  useDeleteReportedCommentMutation,
  useGetAuditQuery,
  useGetPendingDescriptionsQuery,
  useGetReportsQuery,
  useGetSuspendedUsersQuery,
  useHideVideoMutation,
  useResolveReportMutation,
  useReviewDescriptionMutation,
  useSuspendUserMutation,
  useUnhideVideoMutation,
  useUnsuspendUserMutation,
} from './moderationApi';
import { isModerator, type Report } from './types';
import './moderation.css';

const TABS = ['reports', 'descriptions', 'suspended', 'audit'] as const;
type Tab = (typeof TABS)[number];

/** Runs a moderator action and announces its outcome in the page's live region. */
function useAnnounce() {
  const t = useModerationT();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const run = async (action: () => Promise<{ message?: string }>) => {
    try {
      const result = await action();
      setMessage({ text: result.message ?? t('moderation.done'), error: false });
    } catch (failure) {
      setMessage({ text: serverMessage(failure) ?? t('moderation.actionFailed'), error: true });
    }
  };
  return { message, run };
}

type Run = ReturnType<typeof useAnnounce>['run'];

function When({ value }: { value: string }) {
  return (
    <time dateTime={value}>
      <FormattedDate value={value} dateStyle="medium" timeStyle="short" />
    </time>
  );
}

/** Loading, error and empty states shared by every tab. */
function ListState({ loading, error, empty, children }: { loading: boolean; error: unknown; empty: boolean; children: ReactNode }) {
  const t = useModerationT();
  const globalT = useT();
  if (loading) return <Spinner size="small" label={globalT('app.loading')} />;
  if (error) {
    return (
      <p className="alert alert--error" role="alert">
        {serverMessage(error) ?? t('moderation.loadFailed')}
      </p>
    );
  }
  if (empty) return <p className="moderation__empty">{t('moderation.empty')}</p>;
  return <>{children}</>;
}

/**
 * /admin: the moderator console, for moderators and admins. Tabs (WAI-ARIA tabs:
 * arrow keys move between them) for open reports, pending descriptions, suspended users and the
 * audit log. Each action refreshes exactly the lists it changes (cache tags in moderationApi).
 */
export function AdminPage() {
  return (
    <ModerationMessages>
      <Console />
    </ModerationMessages>
  );
}

function Console() {
  const t = useModerationT();
  const globalT = useT();
  const user = useAppSelector(selectCurrentUser);
  const loading = useAppSelector(selectAuthLoading);
  const [tab, setTab] = useState<Tab>('reports');
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const { message, run } = useAnnounce();

  if (loading && !user) return <Spinner label={globalT('app.loading')} />;
  if (!isModerator(user)) {
    return (
      <div className="page page--medium">
        <h1>{t('moderation.title')}</h1>
        <p className="alert alert--error" role="alert">
          {t('moderation.moderatorsOnly')}
        </p>
        {user ? null : (
          <Link to={paths.login} className="btn btn--primary">
            {globalT('header.login')}
          </Link>
        )}
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    setTab(TABS[next]!);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="page moderation">
      <h1>{t('moderation.title')}</h1>
      <div role="tablist" aria-label={t('moderation.title')} className="moderation__tabs">
        {TABS.map((name, index) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${baseId}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={tab === name ? 'moderation__tab moderation__tab--active' : 'moderation__tab'}
            onClick={() => setTab(name)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t(`moderation.tab.${name}`)}
          </button>
        ))}
      </div>
      <div className="moderation__status" role="status" aria-live="polite">
        {message ? <p className={message.error ? 'alert alert--error' : 'alert alert--success'}>{message.text}</p> : null}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`} tabIndex={0} className="moderation__panel">
        {tab === 'reports' ? <ReportsTab run={run} /> : null}
        {tab === 'descriptions' ? <DescriptionsTab run={run} /> : null}
        {tab === 'suspended' ? <SuspendedTab run={run} /> : null}
        {tab === 'audit' ? <AuditTab /> : null}
      </div>
    </div>
  );
}

function ReportsTab({ run }: { run: Run }) {
  const t = useModerationT();
  const { data, isLoading, error } = useGetReportsQuery('open');
  return (
    <ListState loading={isLoading} error={error} empty={(data ?? []).length === 0}>
      <ul className="moderation__list">
        {(data ?? []).map((report) => (
          <li key={report._id}>
            <ReportItem report={report} run={run} />
          </li>
        ))}
      </ul>
      <p className="moderation__hint">{t('moderation.reportsHint')}</p>
    </ListState>
  );
}

function ReportItem({ report, run }: { report: Report; run: Run }) {
  const t = useModerationT();
  const headingId = useId();
  const [resolve, resolving] = useResolveReportMutation();
  const [hide, hiding] = useHideVideoMutation();
  const [unhide, unhiding] = useUnhideVideoMutation();
  const [deleteComment, deleting] = useDeleteReportedCommentMutation();
  const [suspend, suspending] = useSuspendUserMutation();
  const busy = resolving.isLoading || hiding.isLoading || unhiding.isLoading || deleting.isLoading || suspending.isLoading;
  const { target } = report;
  const reasonText = t(`moderation.reason.${report.reason}`);
  const actionReason = report.details ? `${reasonText}: ${report.details}` : reasonText;

  return (
    <article className="report-card" aria-labelledby={headingId}>
      <div className="report-card__preview">
        {target?.thumbnailCdnUrl ? <img src={target.thumbnailCdnUrl} alt="" className="report-card__thumb" /> : null}
        <div>
          <h2 id={headingId} className="report-card__title">
            {t(`moderation.targetType.${report.targetType}`)}
            {': '}
            {target ? (
              report.targetType === 'video' ? (
                <Link to={paths.selfieVideo(report.targetId)}>{target.title}</Link>
              ) : report.targetType === 'user' ? (
                <Link to={paths.profile(report.targetId)}>{target.title}</Link>
              ) : (
                <span>{target.title}</span>
              )
            ) : (
              <span>{t('moderation.targetGone')}</span>
            )}
          </h2>
          {target && report.targetType !== 'user' ? (
            <p className="report-card__meta">{t('moderation.by', { username: target.username })}</p>
          ) : null}
          {target?.hidden ? <p className="badge">{t('moderation.hiddenBadge')}</p> : null}
          {target?.suspended ? <p className="badge">{t('moderation.suspendedBadge')}</p> : null}
        </div>
      </div>
      <p className="report-card__reason">
        <strong>{reasonText}</strong>
        {report.details ? ` — ${report.details}` : null}
      </p>
      <p className="report-card__meta">
        {t('moderation.reportedBy', { username: report.reporter.username })} · <When value={report.createdAt} />
      </p>
      <div className="report-card__actions">
        {report.targetType === 'video' && target && !target.hidden ? (
          <button
            type="button"
            className="btn btn--danger btn--small"
            disabled={busy}
            onClick={() => void run(() => hide({ videoId: report.targetId, ownerId: target.userId, reason: actionReason }).unwrap())}
          >
            {t('moderation.hideVideo')}
          </button>
        ) : null}
        {report.targetType === 'video' && target?.hidden ? (
          <button
            type="button"
            className="btn btn--small"
            disabled={busy}
            onClick={() => void run(() => unhide({ videoId: report.targetId, ownerId: target.userId }).unwrap())}
          >
            {t('moderation.unhideVideo')}
          </button>
        ) : null}
        {report.targetType === 'comment' && target ? (
          <button
            type="button"
            className="btn btn--danger btn--small"
            disabled={busy}
            onClick={() => {
              if (!window.confirm(t('moderation.deleteCommentConfirm'))) return;
              void run(() => deleteComment({ commentId: report.targetId, videoId: target.videoId }).unwrap());
            }}
          >
            {t('moderation.deleteComment')}
          </button>
        ) : null}
        {report.targetType === 'user' && target && !target.suspended ? (
          <button
            type="button"
            className="btn btn--danger btn--small"
            disabled={busy}
            onClick={() => void run(() => suspend({ userId: report.targetId, reason: actionReason }).unwrap())}
          >
            {t('moderation.suspendUser')}
          </button>
        ) : null}
        <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void run(() => resolve(report._id).unwrap())}>
          {t('moderation.dismiss')}
        </button>
      </div>
    </article>
  );
}

function DescriptionsTab({ run }: { run: Run }) {
  const t = useModerationT();
  const { data, isLoading, error } = useGetPendingDescriptionsQuery();
  const [review, { isLoading: busy }] = useReviewDescriptionMutation();
  return (
    <ListState loading={isLoading} error={error} empty={(data ?? []).length === 0}>
      <ul className="moderation__list">
        {(data ?? []).map((item) => (
          <li key={item._id} className="report-card">
            <h2 className="report-card__title">
              <Link to={paths.movie(item.movieId)}>{t('moderation.movie', { id: item.movieId })}</Link>
            </h2>
            <p className="report-card__text">{item.newContext}</p>
            <p className="report-card__meta">
              {t('moderation.submittedBy', { username: item.submittedBy?.username ?? t('moderation.visitor') })} ·{' '}
              <When value={item.createdAt} />
            </p>
            <div className="report-card__actions">
              <button
                type="button"
                className="btn btn--primary btn--small"
                disabled={busy}
                onClick={() => void run(() => review({ id: item._id, decision: 'approve' }).unwrap())}
              >
                {t('moderation.approve')}
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                disabled={busy}
                onClick={() => void run(() => review({ id: item._id, decision: 'reject' }).unwrap())}
              >
                {t('moderation.reject')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </ListState>
  );
}

function SuspendedTab({ run }: { run: Run }) {
  const t = useModerationT();
  const { data, isLoading, error } = useGetSuspendedUsersQuery();
  const [unsuspend, { isLoading: busy }] = useUnsuspendUserMutation();
  return (
    <ListState loading={isLoading} error={error} empty={(data ?? []).length === 0}>
      <ul className="moderation__list">
        {(data ?? []).map((user) => (
          <li key={user._id} className="report-card">
            <h2 className="report-card__title">
              <Link to={paths.profile(user._id)}>{user.username}</Link>
            </h2>
            <p className="report-card__reason">{user.suspensionReason}</p>
            {user.suspendedAt ? (
              <p className="report-card__meta">
                <When value={user.suspendedAt} />
              </p>
            ) : null}
            <div className="report-card__actions">
              <button
                type="button"
                className="btn btn--small"
                disabled={busy}
                aria-label={t('moderation.unsuspendLabel', { username: user.username })}
                onClick={() => void run(() => unsuspend({ userId: user._id }).unwrap())}
              >
                {t('moderation.unsuspend')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </ListState>
  );
}

function AuditTab() {
  const t = useModerationT();
  const { data, isLoading, error } = useGetAuditQuery();
  return (
    <ListState loading={isLoading} error={error} empty={(data ?? []).length === 0}>
      <div className="moderation__table-wrap">
        <table className="moderation__table">
          <caption className="visually-hidden">{t('moderation.tab.audit')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('moderation.audit.when')}</th>
              <th scope="col">{t('moderation.audit.who')}</th>
              <th scope="col">{t('moderation.audit.action')}</th>
              <th scope="col">{t('moderation.audit.target')}</th>
              <th scope="col">{t('moderation.audit.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {(data ?? []).map((entry) => (
              <tr key={entry._id}>
                <td>
                  <When value={entry.createdAt} />
                </td>
                <td>{entry.actor?.username ?? t('moderation.audit.cli')}</td>
                <td>{entry.action}</td>
                <td>
                  {entry.targetType} {entry.targetId}
                </td>
                <td>{entry.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ListState>
  );
}

export default AdminPage;
