import { useEffect, useRef } from 'react';

import { Spinner } from './Spinner';
import './LoadMore.css';

export interface LoadMoreProps {
  /** False at the end of the list: nothing is shown. */
  hasMore: boolean;
  /** A page is on its way: a spinner replaces the button and the sentinel waits. */
  loading: boolean;
  /** The last attempt failed: the text shows and loading waits for the button (no retry loop). */
  errorText?: string | null;
  onLoadMore: () => void;
  /** Texts, already translated. */
  buttonLabel: string;
  loadingLabel: string;
  /** How far below the viewport the next page starts loading. */
  rootMargin?: string;
}

/**
 * The end of a list that loads more as the viewer scrolls: an IntersectionObserver sentinel asks
 * for the next page when it nears the viewport, and a visible button does the same for keyboard
 * and switch users (and browsers without IntersectionObserver).
 */
export function LoadMore({ hasMore, loading, errorText, onLoadMore, buttonLabel, loadingLabel, rootMargin = '400px' }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  }, [onLoadMore]);
  const waiting = loading || Boolean(errorText);

  useEffect(() => {
    const element = sentinel.current;
    if (!hasMore || waiting || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, waiting, rootMargin]);

  if (!hasMore) return null;
  return (
    <div className="load-more">
      <div ref={sentinel} className="load-more__sentinel" aria-hidden="true" />
      {errorText ? (
        <p className="load-more__error" role="alert">
          {errorText}
        </p>
      ) : null}
      {loading ? (
        <Spinner size="small" label={loadingLabel} />
      ) : (
        <button type="button" className="btn btn--ghost load-more__button" onClick={onLoadMore}>
          {buttonLabel}
        </button>
      )}
    </div>
  );
}
