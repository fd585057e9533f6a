import { type CSSProperties, useId, useState } from 'react';

import { serverMessage } from '../../api/errors';
import type { SelfieVideo } from '../../api/types';
import { type Translate, useT } from '../../i18n/useT';

import { aspectOf } from './media';
import type { ProcessingDetails } from './processingTypes';
import { formatDurationLeft } from './uploadFormat';
import { type LiveProcessing, useVideoProcessing } from './useVideoProcessing';
import { useGetVideoProcessingQuery, useRetryProcessingMutation } from './videosApi';
import './processing.css';

type ProcessingFields = Pick<SelfieVideo, '_id' | 'status' | 'processingProgress' | 'processingError'> & ProcessingDetails;

/**
 * The stage in words, with the time left when the server estimates it: "Waiting — 2 videos
 * ahead", "Transcoding… 42% — about 1 min left". Null when the server sends no stage.
 */
export function stageText(t: Translate, live: LiveProcessing): string | null {
  const { processingStage: stage, queuePosition, etaSeconds } = live.details;
  if (live.status !== 'processing' || !stage || stage === 'failed') return null;
  let text: string;
  if (stage === 'queued') {
    text =
      typeof queuePosition === 'number'
        ? t('videos.processing.stage.queued', { ahead: Math.max(0, queuePosition - 1) })
        : t('videos.processing.stage.queuedUnknown');
  } else if (stage === 'transcoding') {
    text = t('videos.processing.stage.transcoding', { percent: live.progress });
  } else {
    text = t(`videos.processing.stage.${stage}`);
  }
  if (typeof etaSeconds === 'number' && stage !== 'done') {
    text = t('videos.processing.eta', { stage: text, time: formatDurationLeft(t, etaSeconds) });
  }
  return text;
}

function StageLine({ live, compact = false }: { live: LiveProcessing; compact?: boolean }) {
  const t = useT();
  const text = stageText(t, live);
  if (!text) return null;
  return <p className={compact ? 'processing-stage processing-stage--compact' : 'processing-stage'}>{text}</p>;
}

/**
 * "Try again" for the owner of a failed video: runs it through the pipeline again. The live
 * progress takes the failed state's place once the server has accepted.
 */
export function RetryProcessingButton({
  videoId,
  ownerId,
  label,
  small = false,
}: {
  videoId: string;
  ownerId: string;
  /** An accessible name naming the video, where several buttons share a page (profile cards). */
  label?: string;
  small?: boolean;
}) {
  const t = useT();
  const [retry, { isLoading }] = useRetryProcessingMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const run = async () => {
    setProblem(null);
    try {
      await retry({ id: videoId, ownerId }).unwrap();
    } catch (failure) {
      console.error('Failed to retry processing:', failure);
      setProblem(serverMessage(failure) ?? t('videos.processing.retryFailed'));
    }
  };
  return (
    <>
      <button
        type="button"
        className={small ? 'btn btn--small' : 'btn'}
        disabled={isLoading}
        aria-label={label}
        onClick={() => void run()}
      >
        {isLoading ? t('videos.processing.retrying') : t('videos.processing.retry')}
      </button>
      {problem ? (
        <p className="processing-retry__error" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}

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
  video: ProcessingFields & Partial<Pick<SelfieVideo, 'width' | 'height' | 'posterUrl' | 'thumbnailCdnUrl'>>;
  /** The owner's Delete action (failed state); absent for anyone else. */
  onDelete?: () => void;
  /** The owner, for "Try again" on a failed video; absent for anyone else. */
  retryOwnerId?: string;
  deleting?: boolean;
  /** Takes the player's place (video page) rather than sitting above a form (edit page). */
  stage?: boolean;
}

/**
 * A video that does not play yet: "Processing… 42%" with a live bar while the media pipeline
 * works (polled through the API slice), or the failed state with the reason and a Delete action.
 * On the video page it fills the player's box, at the video's own aspect ratio.
 */
export function ProcessingPanel({ video, onDelete, retryOwnerId, deleting = false, stage = false }: ProcessingPanelProps) {
  const live = useVideoProcessing(video);
  return (
    <ProcessingPanelView video={video} live={live} onDelete={onDelete} retryOwnerId={retryOwnerId} deleting={deleting} stage={stage} />
  );
}

function ProcessingPanelView({
  video,
  live,
  onDelete,
  retryOwnerId,
  deleting,
  stage,
}: Required<Omit<ProcessingPanelProps, 'onDelete' | 'retryOwnerId'>> &
  Pick<ProcessingPanelProps, 'onDelete' | 'retryOwnerId'> & { live: LiveProcessing }) {
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
          <StageLine live={live} />
          <p className="processing-panel__hint">{t('videos.processing.hint')}</p>
        </>
      )}
      {failed && (retryOwnerId || onDelete) ? (
        <div className="processing-panel__actions">
          {retryOwnerId ? <RetryProcessingButton videoId={video._id} ownerId={retryOwnerId} /> : null}
          {onDelete ? (
            <button type="button" className="btn btn--danger" disabled={deleting} onClick={onDelete}>
              {deleting ? t('videos.page.deleting') : t('videos.processing.delete')}
            </button>
          ) : null}
        </div>
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
  return (
    <span className="processing-card">
      <ProgressLine progress={live.progress} compact />
      <StageLine live={live} compact />
    </span>
  );
}

/**
 * A failed card's reason line (the profile shows it under the title, next to Delete), with
 * "Try again" when the viewer owns the video.
 */
export function CardFailedReason({ video, retryOwnerId }: { video: ProcessingFields & Pick<SelfieVideo, 'title'>; retryOwnerId?: string }) {
  const t = useT();
  if (video.status !== 'failed') return null;
  return (
    <div className="processing-card__failed">
      <p className="processing-card__reason">
        {video.processingError ? t('videos.processing.reason', { reason: video.processingError }) : t('videos.processing.noReason')}
      </p>
      {retryOwnerId ? (
        <RetryProcessingButton
          videoId={video._id}
          ownerId={retryOwnerId}
          small
          label={t('videos.processing.retryLabel', { title: video.title })}
        />
      ) : null}
    </div>
  );
}

/**
 * The processing of a video just uploaded (upload page, edit page after a new file): the same
 * panel as the video page, fed by the light processing route.
 */
export function UploadedVideoProcessing({ videoId, ownerId }: { videoId: string; ownerId: string }) {
  const t = useT();
  const { currentData } = useGetVideoProcessingQuery(videoId);
  if (!currentData) return null;
  if (currentData.status === 'ready') {
    return (
      <p className="processing-ready" role="status">
        {t('videos.processing.ready')}
      </p>
    );
  }
  return (
    <ProcessingPanel
      video={{ ...currentData, _id: videoId }}
      retryOwnerId={ownerId}
    />
  );
}
