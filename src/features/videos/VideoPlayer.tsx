import { FormattedMessage } from 'react-intl';

import { useT } from '../../i18n/useT';

export interface VideoPlayerProps {
  /** The video file, "/media/<key>"; the server answers Range requests, so seeking works. */
  src: string;
  /** The thumbnail shown before playing. */
  poster?: string;
  title: string;
}

/** The native player: controls, and only metadata loaded until the viewer presses play. */
export function VideoPlayer({ src, poster, title }: VideoPlayerProps) {
  const t = useT();
  return (
    <div className="video-player">
      {/* Self-shot uploads come without caption files; there is no track to offer. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        className="video-player__video"
        controls
        preload="metadata"
        playsInline
        poster={poster || undefined}
        src={src}
        aria-label={t('videos.player.label', { title })}
      >
        <p>
          <FormattedMessage id="videos.player.unsupported" />
        </p>
      </video>
    </div>
  );
}
