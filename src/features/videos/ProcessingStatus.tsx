import { type CSSProperties, useId } from 'react';

import type { SelfieVideo } from '../../api/types';
import { useT } from '../../i18n/useT';

import { aspectOf } from './media';
import { type LiveProcessing, useVideoProcessing } from './useVideoProcessing';
import './processing.css';

type ProcessingFields = Pick<SelfieVideo, '_id' | 'status' | 'processingProgress' | 'processingError'>;

/** "Processing… 42%" with its bar (role progressbar, aria-valuenow), as text and bar of one state. */
function ProgressLine({ progress, compact = false }: { progress: number; compact?: boolean }) {
  const t = useT();
  const textId = useId();
  return (
    <div className={compact ? 'processing-line processing-line--compact' : 'processing-line'}>
      <span id={textId} className="processing-line__text">
        {t('videos.processing.progress', { percent: progress })}
      </span>
      <progress
        className="processing-line__bar"
        max={100}
        value={progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-label={t('videos.processing.label')}
        aria-describedby={textId}
      />
    </div>
  );
}

/** The failed state's words: what happened and, when the server said, why. */
function FailedText({ reason }: { reason: string | null }) {
  const t = useT();
  return (
    <>
      <p className="processing-panel__title">{t('videos.processing.failed')}</p>
      <p className="processing-panel__reason">
        {reason ? t('videos.processing.reason', { reason }) : t('videos.processing.noReason')}
      </p>
    </>
  );
}

export interface ProcessingPanelProps {
  video: ProcessingFields & Pick<SelfieVideo, 'width' | 'height' | 'posterUrl' | 'thumbnailCdnUrl'>;
  /** The owner's Delete action (failed state); absent for anyone else. */
  onDelete?: () => void;
  deleting?: boolean;
  /** Takes the player's place (video page) rather than sitting above a form (edit page). */
  stage?: boolean;
}

/**
 * A video that does not play yet: "Processing… 42%" with a live bar while the media pipeline
 * works (polled through the API slice), or the failed state with the reason and a Delete action.
 * On the video page it fills the player's box, at the video's own aspect ratio.
 */
export function ProcessingPanel({ video, onDelete, deleting = false, stage = false }: ProcessingPanelProps) {
  const live = useVideoProcessing(video);
  return <ProcessingPanelView video={video} live={live} onDelete={onDelete} deleting={deleting} stage={stage} />;
}

function ProcessingPanelView({
  video,
  live,
  onDelete,
  deleting,
  stage,
}: Required<Omit<ProcessingPanelProps, 'onDelete'>> & Pick<ProcessingPanelProps, 'onDelete'> & { live: LiveProcessing }) {
  const t = useT();
  const failed = live.status === 'failed';
  const { width, height } = aspectOf(video);
  const backdrop = video.posterUrl || video.thumbnailCdnUrl;
  const style = stage
    ? ({ '--video-w': width, '--video-h': height, ...(backdrop ? { '--processing-backdrop': `url("${encodeURI(backdrop)}")` } : {}) } as CSSProperties)
    : undefined;

  const content = (
    <div className="processing-panel__content">
      {failed ? (
        <div role="alert" className="processing-panel__failed">
          <FailedText reason={live.error} />
        </div>
      ) : (
        <>
          <ProgressLine progress={live.progress} />
          <p className="processing-panel__hint">{t('videos.processing.hint')}</p>
        </>
      )}
      {failed && onDelete ? (
        <button type="button" className="btn btn--danger" disabled={deleting} onClick={onDelete}>
          {deleting ? t('videos.page.deleting') : t('videos.processing.delete')}
        </button>
      ) : null}
    </div>
  );

  return (
    <section
      className={['processing-panel', stage ? 'processing-panel--stage' : 'card', failed ? 'processing-panel--failed' : '']
        .filter(Boolean)
        .join(' ')}
      aria-label={t(failed ? 'videos.processing.failedShort' : 'videos.processing.label')}
    >
      {stage ? (
        // The player's box: the same size the player will have, so nothing moves when it comes.
        <div className={backdrop ? 'processing-panel__frame processing-panel__frame--backdrop' : 'processing-panel__frame'} style={style}>
          {content}
        </div>
      ) : (
        content
      )}
    </section>
  );
}

/** A card's cover while its video does not play yet: the live percent, or "Processing failed". */
export function CardProcessingOverlay({ video }: { video: ProcessingFields }) {
  const live = useVideoProcessing(video);
  const t = useT();
  if (live.status === 'failed') {
    return <span className="processing-card processing-card--failed">{t('videos.processing.failedShort')}</span>;
  }
  return <ProgressLine progress={live.progress} compact />;
}

/** A failed card's reason line (the profile shows it under the title, next to Delete). */
export function CardFailedReason({ video }: { video: ProcessingFields }) {
  const t = useT();
  if (video.status !== 'failed') return null;
  return (
    <p className="processing-card__reason">
      {video.processingError ? t('videos.processing.reason', { reason: video.processingError }) : t('videos.processing.noReason')}
    </p>
  );
}
