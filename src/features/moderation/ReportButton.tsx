import { useId, useRef, useState, type FormEvent } from 'react';

import { serverMessage } from '../../api/errors';
import { useAppSelector } from '../../app/hooks';
import { Modal } from '../../components/Modal';
import { selectCurrentUser } from '../auth';

import { ModerationMessages, useModerationT } from './i18n';
import { useReportContentMutation } from './moderationApi';
import { REPORT_REASONS, type ReportReason, type ReportTargetType } from './types';
import './moderation.css';

export interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: string;
  /** For a comment: its author, so screen readers hear "Report the comment by alice". */
  author?: string;
  className?: string;
}

/**
 * "Report" for a video, a comment or a user: opens a dialog with the reasons (a radio group)
 * and optional details. Shown only to signed-in users (the server also refuses visitors); the
 * dialog says when the report was received.
 */
export function ReportButton(props: ReportButtonProps) {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  return (
    <ModerationMessages>
      <ReportAction {...props} />
    </ModerationMessages>
  );
}

function ReportAction({ targetType, targetId, author, className }: ReportButtonProps) {
  const t = useModerationT();
  const [open, setOpen] = useState(false);
  const label = author !== undefined ? t('moderation.reportCommentLabel', { username: author }) : undefined;
  return (
    <>
      <button
        type="button"
        className={className ?? 'btn btn--ghost btn--small'}
        aria-haspopup="dialog"
        aria-label={label}
        onClick={() => setOpen(true)}
      >
        {t('moderation.report')}
      </button>
      {open ? <ReportDialog targetType={targetType} targetId={targetId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ReportDialog({ targetType, targetId, onClose }: { targetType: ReportTargetType; targetId: string; onClose: () => void }) {
  const t = useModerationT();
  const formId = useId();
  const detailsId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [report, { isLoading }] = useReportContentMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setProblem(t('moderation.reportChooseReason'));
      return;
    }
    setProblem(null);
    try {
      const result = await report({ targetType, targetId, reason, ...(details.trim() ? { details: details.trim() } : {}) }).unwrap();
      setDone(result.message ?? t('moderation.reportSent'));
    } catch (failure) {
      setProblem(serverMessage(failure) ?? t('moderation.reportFailed'));
    }
  };

  return (
    <Modal
      open
      title={t(`moderation.reportTitle.${targetType}`)}
      onClose={onClose}
      initialFocusRef={done ? closeRef : undefined}
      footer={
        done ? (
          <button ref={closeRef} type="button" className="btn btn--primary" onClick={onClose}>
            {t('moderation.close')}
          </button>
        ) : (
          <>
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              {t('moderation.cancel')}
            </button>
            <button type="submit" form={formId} className="btn btn--primary" disabled={isLoading}>
              {t(isLoading ? 'moderation.reportSending' : 'moderation.reportSubmit')}
            </button>
          </>
        )
      }
    >
      {done ? (
        <p className="alert alert--success" role="status">
          {done}
        </p>
      ) : (
        <form id={formId} className="report-form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <fieldset className="report-form__reasons">
            <legend>{t('moderation.reportWhy')}</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="report-form__reason">
                <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
                <span>{t(`moderation.reason.${value}`)}</span>
              </label>
            ))}
          </fieldset>
          <label htmlFor={detailsId} className="report-form__label">
            {t('moderation.reportDetails')}
          </label>
          <textarea
            id={detailsId}
            className="report-form__details"
            value={details}
            maxLength={1000}
            rows={3}
            onChange={(event) => setDetails(event.target.value)}
          />
          {problem ? (
            <p className="alert alert--error" role="alert">
              {problem}
            </p>
          ) : null}
        </form>
      )}
    </Modal>
  );
}
