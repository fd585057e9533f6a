/**
 * Reading the search and by-id query strings the way the provider documents them: numbers above
 * the range are clamped (a client asking for 1000 per page gets 100, the API's own page limit, so
 * no one answer is megabytes), a page below 1 is page 1; while a per_page below 1, words the API
 * does not know (order=random, thumbsize=huge, format=xml) and non-numbers are refused with a
 * message that names the parameter and what it accepts.
 */
import { THUMB_SIZE_NAMES, type ThumbSize } from './api-shape';
import { CATALOGUE_ORDERS, type CatalogueOrder } from './search';

export const PER_PAGE_RANGE = { min: 1, max: 100, fallback: 30, refuseBelow: true } as const;
export const PAGE_RANGE = { min: 1, max: 1_000_000, fallback: 1 } as const;
const MAX_QUERY_LENGTH = 500;

/** A parameter the caller must fix; answered with HTTP 400. */
export class CatalogueParamError extends Error {}

export interface SearchParams {
  query: string;
  perPage: number;
  page: number;
  thumbsize: ThumbSize;
  order: CatalogueOrder;
}

export interface VideoByIdParams {
  id: string;
  thumbsize: ThumbSize;
}

type RawQuery = Record<string, unknown>;

/** The parameter's single value, or undefined when absent or empty. */
function singleValue(raw: RawQuery, name: string): string | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw new CatalogueParamError(`Parameter "${name}" was given ${value.length} times; give it once.`);
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

function clampedInteger(
  raw: RawQuery,
  name: string,
  range: { min: number; max: number; fallback: number; refuseBelow?: boolean },
): number {
  const text = singleValue(raw, name);
  if (text === undefined) return range.fallback;
  if (!/^[+-]?\d+$/.test(text) || (range.refuseBelow && Number(text) < range.min)) {
    throw new CatalogueParamError(
      `Invalid ${name} "${text}": expected a whole number from ${range.min} to ${range.max} (default ${range.fallback}).`,
    );
  }
  return Math.min(range.max, Math.max(range.min, Number(text)));
}

function oneOf<T extends string>(raw: RawQuery, name: string, allowed: readonly T[], fallback: T): T {
  const text = singleValue(raw, name)?.toLowerCase();
  if (text === undefined) return fallback;
  const match = allowed.find((candidate) => candidate === text);
  if (match === undefined) {
    throw new CatalogueParamError(
      `Invalid ${name} "${text}": allowed values are ${allowed.join(', ')} (default ${fallback}).`,
    );
  }
  return match;
}

function thumbsizeOf(raw: RawQuery): ThumbSize {
  return oneOf(raw, 'thumbsize', THUMB_SIZE_NAMES, 'medium');
}

function checkFormat(raw: RawQuery): void {
  const format = singleValue(raw, 'format')?.toLowerCase();
  if (format !== undefined && format !== 'json') {
    throw new CatalogueParamError(`Invalid format "${format}": this API only serves json (format=json).`);
  }
}

export function parseSearchParams(raw: RawQuery): SearchParams {
  checkFormat(raw);
  const query = singleValue(raw, 'query') ?? '';
  if (query.length > MAX_QUERY_LENGTH) {
    throw new CatalogueParamError(`Invalid query: at most ${MAX_QUERY_LENGTH} characters (got ${query.length}).`);
  }
  return {
    query,
    perPage: clampedInteger(raw, 'per_page', PER_PAGE_RANGE),
    page: clampedInteger(raw, 'page', PAGE_RANGE),
    thumbsize: thumbsizeOf(raw),
    order: oneOf(raw, 'order', CATALOGUE_ORDERS, 'latest'),
  };
}

export function parseVideoByIdParams(raw: RawQuery): VideoByIdParams {
  checkFormat(raw);
  const id = singleValue(raw, 'id');
  if (id === undefined) {
    throw new CatalogueParamError('Missing id: give the 11-character video id, e.g. /api/v2/video/id/?id=AbCdEfGhIjK.');
  }
  return { id, thumbsize: thumbsizeOf(raw) };
}
