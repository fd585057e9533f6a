import { PAGINATION_RANGE } from '../config/routes';

/** One slot of the page-number control: a page button or a gap marker. */
export type PaginationItem =
  | { kind: 'page'; page: number; current: boolean }
  | { kind: 'ellipsis'; key: 'ellipsis-start' | 'ellipsis-end' };

/**
 * The slots of the page-number control: the first and last pages
 * always, every page within `range` of the current one, and an ellipsis wherever the shown
 * pages skip numbers. `current` is clamped into 1..total; a total below 1 yields no slots.
 */
export function paginationItems(current: number, total: number, range: number = PAGINATION_RANGE): PaginationItem[] {
  const lastPage = Number.isFinite(total) ? Math.floor(total) : 0;
  if (lastPage < 1) return [];
  const currentPage = clampPage(current, lastPage);
  const span = Math.max(0, Math.floor(range));

  const windowStart = Math.max(2, currentPage - span);
  const windowEnd = Math.min(lastPage - 1, currentPage + span);

  const items: PaginationItem[] = [pageItem(1, currentPage)];
  if (windowStart > 2) items.push({ kind: 'ellipsis', key: 'ellipsis-start' });
  for (let page = windowStart; page <= windowEnd; page += 1) items.push(pageItem(page, currentPage));
  if (windowEnd < lastPage - 1) items.push({ kind: 'ellipsis', key: 'ellipsis-end' });
  if (lastPage > 1) items.push(pageItem(lastPage, currentPage));
  return items;
}

/** `page` forced into 1..total (1 when it is not a number). */
export function clampPage(page: number, total: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.floor(page)), Math.max(1, Math.floor(total)));
}

function pageItem(page: number, currentPage: number): PaginationItem {
  return { kind: 'page', page, current: page === currentPage };
}
