import { type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';

import type { SelfieVideo, Visibility } from '../../api/types';
import { VideoCard } from '../../components/VideoCard';
import { paths } from '../../config/routes';

import { cardImage, formatDuration } from './media';
import { CardProcessingOverlay } from './ProcessingStatus';
import './videos.css';

/** "Public" / "Unlisted" / "Private" (cards show a visibility badge). */
export function VisibilityBadge({ visibility }: { visibility: Visibility }) {
  if (visibility === 'private') return <FormattedMessage id="videos.visibility.private" />;
  if (visibility === 'unlisted') return <FormattedMessage id="videos.visibility.unlisted" />;
  return <FormattedMessage id="videos.visibility.public" />;
}

/** "by {username}", linking to the uploader's profile. */
export function UploaderLink({ video }: { video: Pick<SelfieVideo, 'user' | 'username'> }) {
  return (
    <FormattedMessage
      id="videos.byUploader"
      values={{
        username: video.username,
        link: (chunks: ReactNode[]) => (
          <Link className="selfie-card__uploader" to={paths.profile(video.user)}>
            {chunks}
          </Link>
        ),
      }}
    />
  );
}

export interface VideoCardForSelfieProps {
  video: SelfieVideo;
  /** Shows "by {username}" linking to /profile/{userId} in the footer (default true). */
  showUploader?: boolean;
  /** Shows Public/Private on the thumbnail (default false; profiles turn it on). */
  showVisibility?: boolean;
  /** More footer content after the uploader link, e.g. Edit and Delete buttons on a profile. */
  actions?: ReactNode;
  /** Loads the thumbnail at once (the first row); the others lazily. */
  eager?: boolean;
  className?: string;
  /** First on screen: its image loads at once, with high priority. */
  priority?: boolean;
}

/**
 * What a self-shot card shows on its thumbnail, for any card of a self-shot video: the WebP
 * variants as `srcset`, the duration, and the processing state while the video does not play.
 */
export function selfieCardMedia(video: SelfieVideo) {
  const image = cardImage(video);
  const playable = !video.status || video.status === 'ready';
  return {
    thumbnailUrl: image?.src,
    thumbnailSrcSet: image?.srcSet,
    thumbnailSizes: image?.sizes,
    badge: playable ? formatDuration(video.duration) : undefined,
    overlay: playable ? undefined : <CardProcessingOverlay video={video} />,
  };
}

/**
 * A self-shot video's grid card: thumbnail, title and "{views} views" linking to the video page,
 * and a footer with the uploader's profile link (outside the card link, so both are real links).
 */
export function VideoCardForSelfie({
  video,
  showUploader = true,
  showVisibility = false,
  actions,
  eager = false,
  className,
  priority,
}: VideoCardForSelfieProps) {
  const footer =
    showUploader || actions ? (
      <div className="selfie-card__footer">
        {showUploader ? (
          <span className="selfie-card__by">
            <UploaderLink video={video} />
          </span>
        ) : null}
        {actions ? <div className="selfie-card__actions">{actions}</div> : null}
      </div>
    ) : undefined;

  return (
    <VideoCard
      to={paths.selfieVideo(video._id)}
      title={video.title}
      {...selfieCardMedia(video)}
      eager={eager}
      views={video.views}
      tag={showVisibility ? <VisibilityBadge visibility={video.visibility} /> : undefined}
      footer={footer}
      className={['selfie-card', className].filter(Boolean).join(' ')}
      priority={priority}
    />
  );
}
