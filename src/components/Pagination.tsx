import { useIntl } from 'react-intl';

import { PAGINATION_RANGE } from '../config/routes';

import { clampPage, paginationItems } from './pagination';
import './Pagination.css';

export interface PaginationProps {
  /** 1-based page being shown. */
  currentPage: number;
  totalPages: number;
  /** Called with the requested page; never with the current page or one out of range. */
  onPageChange: (page: number) => void;
  /** Pages shown on each side of the current one (2). */
  range?: number;
  className?: string;
}

/** Prev / page numbers / Next, in a navigation landmark labelled "Pagination"; nothing for one page. */
export function Pagination({
  currentPage,
  totalPages,
  onPageChange,
  range = PAGINATION_RANGE,
  className,
}: PaginationProps) {
  const intl = useIntl();
  // A single page needs no control.
  if (!(totalPages > 1)) return null;
  const items = paginationItems(currentPage, totalPages, range);

  const current = clampPage(currentPage, totalPages);
  // Compared with the requested page, not the clamped one: from an out-of-range page (a stale
  // deep link) the highlighted last page is still a real move.
  const go = (page: number) => {
    if (page !== currentPage && page >= 1 && page <= totalPages) onPageChange(page);
  };

  return (
    <nav
      className={['pagination', className].filter(Boolean).join(' ')}
      aria-label={intl.formatMessage({ id: 'pagination.label' })}
    >
      <ul className="pagination__list">
        <li>
          <button
            type="button"
            className="pagination__button pagination__step"
            disabled={current <= 1}
            onClick={() => go(current - 1)}
          >
            {intl.formatMessage({ id: 'pagination.previous' })}
          </button>
        </li>
        {items.map((item) =>
          item.kind === 'ellipsis' ? (
            <li key={item.key} className="pagination__ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className={`pagination__button${item.current ? ' pagination__button--current' : ''}`}
                aria-current={item.current ? 'page' : undefined}
                aria-label={intl.formatMessage({ id: 'pagination.page' }, { page: item.page })}
                onClick={() => go(item.page)}
              >
                {intl.formatNumber(item.page)}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="pagination__button pagination__step"
            disabled={current >= totalPages}
            onClick={() => go(current + 1)}
          >
            {intl.formatMessage({ id: 'pagination.next' })}
          </button>
        </li>
      </ul>
    </nav>
  );
}
