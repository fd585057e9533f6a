import { useIntl } from 'react-intl';

import { Spinner } from '../../components/Spinner';
import { useT } from '../../i18n/useT';

import type { UploadPhase, UploadSnapshot } from './resumableUpload';
import { formatBytes, formatDurationLeft } from './uploadFormat';

/** Phases in which bytes are (or are about to be) on their way. */
const ACTIVE: readonly UploadPhase[] = ['starting', 'uploading', 'retrying'];

export interface ResumableProgressProps {
  snapshot: UploadSnapshot;
  /** The thumbnail is being saved after the video's last byte. */
  finishing?: boolean;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}

/**
 * A running resumable upload: the bar and "Uploading… 42%", bytes sent, smoothed speed and time
 * left, what the network is doing (offline, retrying) and the Pause/Resume and Cancel buttons.
 */
export function ResumableProgress({ snapshot, finishing = false, onPause, onResume, onCancel }: ResumableProgressProps) {
  const t = useT();
  const intl = useIntl();
  const { phase, percent, bytesSent, bytesTotal, bytesPerSecond, secondsLeft } = snapshot;
  const active = ACTIVE.includes(phase) || finishing;
  const measured = phase === 'uploading' && bytesPerSecond !== null && bytesPerSecond > 0;

  const details = [t('videos.upload.sent', { sent: formatBytes(intl, bytesSent), total: formatBytes(intl, bytesTotal) })];
  if (measured) {
    details.push(t('videos.upload.speed', { speed: formatBytes(intl, bytesPerSecond) }));
    if (secondsLeft !== null) details.push(t('videos.upload.timeLeft', { time: formatDurationLeft(t, secondsLeft) }));
  }

  let note: { text: string; alert: boolean } | null = null;
  if (finishing) note = { text: t('videos.upload.finishing'), alert: false };
  else if (phase === 'offline') note = { text: t('videos.upload.offline'), alert: true };
  else if (phase === 'unreachable') note = { text: t('videos.upload.unreachable'), alert: true };
  else if (phase === 'retrying') note = { text: t('videos.upload.retrying'), alert: false };
  else if (phase === 'paused') note = { text: t('videos.upload.paused', { percent }), alert: false };
  else if (phase === 'starting') note = { text: t('videos.upload.starting'), alert: false };

  return (
    <div className="upload-progress upload-progress--resumable">
      {active ? <Spinner label={t('videos.upload.uploading')} size="small" /> : null}
      <progress
        className="upload-progress__bar"
        max={100}
        value={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('videos.upload.progressLabel')}
      />
      <span className="upload-progress__text">{t('videos.upload.progress', { percent })}</span>
      <p className="upload-progress__details">{details.join(' · ')}</p>
      {note ? (
        <p
          className={note.alert ? 'upload-progress__note upload-progress__note--network' : 'upload-progress__note'}
          role={note.alert ? 'alert' : undefined}
        >
          {note.text}
        </p>
      ) : null}
      {finishing ? null : (
        <div className="upload-progress__actions">
          {phase === 'paused' ? (
            <button type="button" className="btn btn--small" onClick={onResume}>
              {t('videos.upload.resume')}
            </button>
          ) : (
            <button type="button" className="btn btn--small" onClick={onPause}>
              {t('videos.upload.pause')}
            </button>
          )}
          <button type="button" className="btn btn--small btn--ghost" onClick={onCancel}>
            {t('videos.upload.cancel')}
          </button>
        </div>
      )}
    </div>
  );
}
