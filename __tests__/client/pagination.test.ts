import { clampPage, paginationItems, type PaginationItem } from '../../src/components/pagination';

/**
 * An independent definition of the control: page p is shown iff
 * it is the first, the last, or within `range` of the current page; an ellipsis stands exactly
 * where two consecutive shown pages are not consecutive numbers.
 */
function expectedSlots(current: number, total: number, range: number): string[] {
  const shown: number[] = [];
  for (let p = 1; p <= total; p += 1) {
    if (p === 1 || p === total || Math.abs(p - current) <= range) shown.push(p);
  }
  const slots: string[] = [];
  shown.forEach((p, i) => {
    const previous = shown[i - 1];
    if (previous !== undefined && p - previous > 1) slots.push('…');
    slots.push(p === current ? `[${p}]` : String(p));
  });
  return slots;
}

function slots(items: PaginationItem[]): string[] {
  return items.map((item) => (item.kind === 'ellipsis' ? '…' : item.current ? `[${item.page}]` : String(item.page)));
}

describe('paginationItems', () => {
  it.each([0, 1, 2, 3])('matches the definition for every (current, total ≤ 15) with range %i', (range) => {
    for (let total = 1; total <= 15; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        expect({ current, total, slots: slots(paginationItems(current, total, range)) }).toEqual({
          current,
          total,
          slots: expectedSlots(current, total, range),
        });
      }
    }
  });

  it('uses range 2 by default', () => {
    for (let total = 1; total <= 15; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        expect(paginationItems(current, total)).toEqual(paginationItems(current, total, 2));
      }
    }
  });

  it('marks exactly one page as current and never repeats a page', () => {
    for (let total = 1; total <= 15; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const pages = paginationItems(current, total).flatMap((item) => (item.kind === 'page' ? [item] : []));
        expect(pages.filter((item) => item.current).map((item) => item.page)).toEqual([current]);
        expect(new Set(pages.map((item) => item.page)).size).toBe(pages.length);
        expect(pages[0]?.page).toBe(1);
        expect(pages[pages.length - 1]?.page).toBe(total);
      }
    }
  });

  it('gives distinct keys to the two ellipses', () => {
    const keys = paginationItems(8, 15).flatMap((item) => (item.kind === 'ellipsis' ? [item.key] : []));
    expect(keys).toEqual(['ellipsis-start', 'ellipsis-end']);
  });

  it.each([
    [1, 10, '[1] 2 3 … 10'],
    [4, 10, '1 2 3 [4] 5 6 … 10'],
    [5, 10, '1 … 3 4 [5] 6 7 … 10'],
    [10, 10, '1 … 8 9 [10]'],
    [1, 1, '[1]'],
    [2, 2, '1 [2]'],
  ])('current %i of %i → %s', (current, total, expected) => {
    expect(slots(paginationItems(current, total)).join(' ')).toBe(expected);
  });

  it('yields nothing without pages', () => {
    expect(paginationItems(1, 0)).toEqual([]);
    expect(paginationItems(3, -4)).toEqual([]);
    expect(paginationItems(1, Number.NaN)).toEqual([]);
    expect(paginationItems(1, 0.5)).toEqual([]);
  });

  it('clamps a current page outside 1..total', () => {
    expect(paginationItems(0, 10)).toEqual(paginationItems(1, 10));
    expect(paginationItems(-7, 10)).toEqual(paginationItems(1, 10));
    expect(paginationItems(99, 10)).toEqual(paginationItems(10, 10));
    expect(paginationItems(Number.NaN, 10)).toEqual(paginationItems(1, 10));
    expect(paginationItems(3.7, 10)).toEqual(paginationItems(3, 10));
  });

  it('treats a negative range as 0', () => {
    expect(slots(paginationItems(5, 10, -3))).toEqual(expectedSlots(5, 10, 0));
  });
});

describe('clampPage', () => {
  it('forces a page into 1..total', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(6, 5)).toBe(5);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(4, 0)).toBe(1);
  });
});
