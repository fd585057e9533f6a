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
  /** Width-described variants of the thumbnail (`srcset`), with the slot width in `thumbnailSizes`. */
  thumbnailSrcSet?: string;
  thumbnailSizes?: string;
  /** Loads the image at once (cards of the first row); others load lazily as they near the viewport. */
  eager?: boolean;
  /** View count, shown as "{views} views" with locale number formatting; hidden when absent. */
  views?: number;
  /** Overlaid on the thumbnail's bottom corner (e.g. a duration). */
  badge?: ReactNode;
  /** Overlaid on the thumbnail's top corner (e.g. a Public/Private tag). */
  tag?: ReactNode;
  /** Covers the thumbnail, outside the link's name (e.g. a processing state). */
  overlay?: ReactNode;
  /** Below the linked area, so it may hold its own links or buttons (an uploader link, Edit…). */
  footer?: ReactNode;
  className?: string;
}

/** A grid card: 16:9 thumbnail, two-line title and view count, all one link. */
export function VideoCard({
  to,
  title,
  thumbnailUrl,
  thumbnailSrcSet,
  thumbnailSizes,
  eager = false,
  views,
  badge,
  tag,
  overlay,
  footer,
  className,
}: VideoCardProps) {
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
            <img
              src={thumbnailUrl}
              srcSet={thumbnailSrcSet || undefined}
              sizes={thumbnailSrcSet ? thumbnailSizes : undefined}
              alt={title}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              width={640}
              height={360}
            />
          ) : (
            <span className="video-card__placeholder" aria-hidden="true" />
          )}
          {tag ? <span className="video-card__tag">{tag}</span> : null}
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
      {/* Over the thumbnail but outside the link: read after the link, clicks pass through to it. */}
      {overlay ? <div className="video-card__overlay">{overlay}</div> : null}
      {footer ? <div className="video-card__footer">{footer}</div> : null}
    </article>
  );
}
