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
  /** `sizes` for the srcset; defaults to CARD_IMAGE_SIZES (what the server's preload uses). */
  thumbnailSizes?: string;
  /** Loads the image at once (cards of the first row); others load lazily as they near the viewport. */
  eager?: boolean;
  /**
   * The card is on the first screen and its image likely the largest element: fetch it with high
   * priority (the server preloads the first card's image with the same priority).
   */
  priority?: boolean;
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

/**
 * `sizes` of a card image, for a `srcset` of width variants: the grid is one column up to ~560px,
 * two up to ~820px, three up to ~1100px, and never wider than ~320px beyond (`.video-grid`). server/pages/critical-path.ts
 * preloads the first card's image with the same value, so the preload is the image used.
 */
export const CARD_IMAGE_SIZES = '(max-width: 560px) 100vw, (max-width: 820px) 50vw, (max-width: 1100px) 34vw, 320px';

/** A grid card: 16:9 thumbnail, two-line title and view count, all one link. */
export function VideoCard({
  to,
  title,
  thumbnailUrl,
  thumbnailSrcSet,
  thumbnailSizes = CARD_IMAGE_SIZES,
  eager = false,
  priority = false,
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
      {/*
        Tag and badge sit over the thumbnail but outside the link, so they are read with the card
        without making the link's name differ from its visible text.
      */}
      {tag ? <span className="video-card__tag">{tag}</span> : null}
      {badge ? <span className="video-card__badge">{badge}</span> : null}
      {/* Named by title and views, exactly the text it shows (the thumbnail's alt would repeat the title). */}
      <Link to={to} className="video-card__link" aria-labelledby={hasViews ? `${titleId} ${viewsId}` : titleId}>
        <div className="video-card__thumb">
          {thumbnailUrl ? (
            <img
              src={thumbnailUrl}
              srcSet={thumbnailSrcSet || undefined}
              sizes={thumbnailSrcSet ? thumbnailSizes : undefined}
              alt={title}
              loading={priority || eager ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding={priority ? undefined : 'async'}
              width={640}
              height={360}
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
      {/* Over the thumbnail but outside the link: read after the link, clicks pass through to it. */}
      {overlay ? <div className="video-card__overlay">{overlay}</div> : null}
      {footer ? <div className="video-card__footer">{footer}</div> : null}
    </article>
  );
}
