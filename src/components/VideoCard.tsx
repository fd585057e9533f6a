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
  /**
   * The card is on the first screen and its image likely the largest element: load it at once
   * with high priority (the server preloads the first card's image with the same priority).
   */
  priority?: boolean;
}

/**
 * `sizes` of a card image, for a `srcset` of width variants. server/http/critical-path.ts
 * preloads the first card's image with the same value, so the preload is the image used.
 */
export const CARD_IMAGE_SIZES = '(min-width: 1600px) 320px, (min-width: 600px) 300px, 100vw';

/** A grid card: 16:9 thumbnail, two-line title and view count, all one link. */
export function VideoCard({ to, title, thumbnailUrl, views, badge, footer, className, priority = false }: VideoCardProps) {
  const intl = useIntl();
  const titleId = useId();
  const viewsId = useId();
  const hasViews = typeof views === 'number' && Number.isFinite(views);

  return (
    <article className={['video-card', className].filter(Boolean).join(' ')}>
      {badge ? <span className="video-card__badge">{badge}</span> : null}
      {/*
        Named by title and views, exactly the text it shows (the thumbnail's alt would repeat the
        title). The badge sits over the thumbnail but outside the link, so it is read with the card
        without making the link's name differ from its visible text.
      */}
      <Link to={to} className="video-card__link" aria-labelledby={hasViews ? `${titleId} ${viewsId}` : titleId}>
        <div className="video-card__thumb">
          {thumbnailUrl ? (
            <img
              src={thumbnailUrl}
              alt={title}
              loading="lazy"
              fetchPriority={priority ? 'high' : undefined}
              decoding={priority ? undefined : 'async'}
              width={427}
              height={240}
            />
          ) : (
            <span className="video-card__placeholder" aria-hidden="true" />
          )}
        </div>
        <div className="video-card__body">
          <h3 id={titleId} className="video-card__title" title={title}>
            {title}
          </h3>
          {/* Keeps title and views apart in the link's visible text ("…title 12 views"). */}{' '}
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
