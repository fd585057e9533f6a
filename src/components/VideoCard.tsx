import { type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';

import './VideoCard.css';

export interface VideoCardProps {
  /** Where the card leads (a router path). */
  to: string;
  title: string;
  /** Thumbnail image URL; a neutral placeholder shows when empty. */
  thumbnailUrl?: string;
  /** View count, shown as "{views} views" with locale number formatting; hidden when absent. */
  views?: number;
  /** Overlaid on the thumbnail's corner (e.g. a duration or a Public/Private badge). */
  badge?: ReactNode;
  /** Below the linked area, so it may hold its own links or buttons (an uploader link, Edit…). */
  footer?: ReactNode;
  className?: string;
}

/** A grid card: 16:9 thumbnail, two-line title and view count, all one link. */
export function VideoCard({ to, title, thumbnailUrl, views, badge, footer, className }: VideoCardProps) {
  const intl = useIntl();
  const titleId = useId();
  const viewsId = useId();
  const hasViews = typeof views === 'number' && Number.isFinite(views);

  return (
    <article className={['video-card', className].filter(Boolean).join(' ')}>
      {/* Named by title and views only: the thumbnail's alt would repeat the title. */}
      <Link to={to} className="video-card__link" aria-labelledby={hasViews ? `${titleId} ${viewsId}` : titleId}>
        <div className="video-card__thumb">
          {thumbnailUrl ? (
            <img src={thumbnailUrl} alt={title} loading="lazy" decoding="async" width={427} height={240} />
          ) : (
            <span className="video-card__placeholder" aria-hidden="true" />
          )}
          {badge ? <span className="video-card__badge">{badge}</span> : null}
        </div>
        <div className="video-card__body">
          <h3 id={titleId} className="video-card__title" title={title}>
            {title}
          </h3>
          {hasViews ? (
            <p id={viewsId} className="video-card__views">
              {intl.formatMessage({ id: 'catalogue.views' }, { views })}
            </p>
          ) : null}
        </div>
      </Link>
      {footer ? <div className="video-card__footer">{footer}</div> : null}
    </article>
  );
}
