/** Paging of the API's lists: the page size a list gives by default, and the bounds it accepts. */
export const DEFAULT_PER_PAGE = 18;
export const MAX_PER_PAGE = 100;
/** Far beyond any real list; keeps the offset a safe integer. */
export const MAX_PAGE = 1_000_000;
