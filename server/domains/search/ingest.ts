/**
 * Ingests the catalogue THROUGH ITS PUBLIC API, page by page:
 *   GET {CATALOGUE_URL}/api/v2/video/search/?query=all&per_page=100&page=N&order=latest&format=json
 * until total_pages, so any provider behind CATALOGUE_URL can be indexed. For the built-in
 * stand-in the app asks itself with app.inject (no network, no dependence on the listening
 * port or on PUBLIC_URL being reachable from the server).
 *
 * Each page is written to search_documents as it arrives; documents the full pass did not see
 * are removed at the end — only when every page arrived and at least one video came, so a
 * provider hiccup never empties the index.
 */
import type { Kysely } from 'kysely';

import type { Database } from '../../infra/db/schema';

import { deleteUnseen, upsertDocuments, type NewSearchDocument } from './documents';

/** Fetches a catalogue API path ("/api/v2/video/search/?…") and returns the parsed JSON. */
export type CatalogueFetch = (pathAndQuery: string) => Promise<unknown>;

/** The API's own page limit (the stand-in caps per_page at 100, so no one answer is megabytes). */
export const INGEST_PER_PAGE = 100;
/** A safety stop: 5,000 pages of 100 videos. */
const MAX_PAGES = 5000;
const HTTP_TIMEOUT_MS = 30_000;

export class CatalogueIngestError extends Error {}

/** An external provider over HTTP(S). */
export function httpCatalogueFetch(baseUrl: string, fetchImpl: typeof fetch = fetch): CatalogueFetch {
  const base = baseUrl.replace(/\/+$/, '');
  return async (pathAndQuery) => {
    const response = await fetchImpl(`${base}${pathAndQuery}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    if (!response.ok) throw new CatalogueIngestError(`catalogue answered HTTP ${response.status} for ${pathAndQuery}`);
    return response.json();
  };
}

/** The built-in stand-in, asked in-process (it is mounted at /catalogue). */
export function injectCatalogueFetch(
  inject: (options: { method: 'GET'; url: string }) => Promise<{ statusCode: number; json(): unknown }>,
  mountPath = '/catalogue',
): CatalogueFetch {
  return async (pathAndQuery) => {
    const response = await inject({ method: 'GET', url: `${mountPath}${pathAndQuery}` });
    if (response.statusCode !== 200) {
      throw new CatalogueIngestError(`catalogue answered HTTP ${response.statusCode} for ${pathAndQuery}`);
    }
    return response.json();
  };
}

export function searchPagePath(page: number, perPage = INGEST_PER_PAGE): string {
  const query = new URLSearchParams({ query: 'all', per_page: String(perPage), page: String(page), order: 'latest', format: 'json' });
  return `/api/v2/video/search/?${query.toString()}`;
}

/** "YYYY-MM-DD hh:mm:ss" (UTC, the provider's format) or ISO → ISO; null when unreadable. */
export function parseAdded(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function finiteOrNull(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : NaN;
  return Number.isFinite(number) ? number : null;
}

/** One API video as a document; undefined when it lacks an id or a title. */
export function documentFromApiVideo(video: unknown): NewSearchDocument | undefined {
  if (typeof video !== 'object' || video === null) return undefined;
  const v = video as Record<string, unknown>;
  const id = typeof v.id === 'string' || typeof v.id === 'number' ? String(v.id).trim() : '';
  const title = typeof v.title === 'string' ? v.title.trim() : '';
  if (!id || id.length > 64 || !title) return undefined;
  const keywords = Array.isArray(v.keywords) ? v.keywords.join(', ') : typeof v.keywords === 'string' ? v.keywords : '';
  const lengthSec = finiteOrNull(v.length_sec);
  return {
    source: 'catalogue',
    ref_id: id,
    title: title.slice(0, 500),
    keywords: keywords.slice(0, 2000),
    description: typeof v.description === 'string' ? v.description.slice(0, 5000) : '',
    views: Math.max(0, Math.round(finiteOrNull(v.views) ?? 0)),
    rating: finiteOrNull(v.rate ?? v.rating),
    length_sec: lengthSec === null ? null : Math.round(lengthSec),
    added_at: parseAdded(v.added),
  };
}

export interface IngestReport {
  pages: number;
  documents: number;
  skipped: number;
  removed: number;
  ms: number;
}

export interface IngestOptions {
  now?: Date;
  perPage?: number;
  /** Checked between pages; a stop request ends the pass without removing anything. */
  shouldStop?: () => boolean;
}

export async function ingestCatalogue(db: Kysely<Database>, fetchPage: CatalogueFetch, options: IngestOptions = {}): Promise<IngestReport> {
  const startedAt = performance.now();
  const seenAt = (options.now ?? new Date()).toISOString();
  const perPage = options.perPage ?? INGEST_PER_PAGE;
  let totalPages = 1;
  let documents = 0;
  let skipped = 0;
  let pages = 0;
  const seen = new Set<string>();

  for (let page = 1; page <= totalPages && page <= MAX_PAGES; page += 1) {
    if (options.shouldStop?.()) throw new CatalogueIngestError('stopped');
    const body = await fetchPage(searchPagePath(page, perPage));
    if (typeof body !== 'object' || body === null || !Array.isArray((body as { videos?: unknown }).videos)) {
      throw new CatalogueIngestError(`catalogue page ${page} is not a search response (no videos array)`);
    }
    const response = body as { videos: unknown[]; total_pages?: unknown };
    if (page === 1) {
      const declared = Number(response.total_pages);
      totalPages = Number.isFinite(declared) && declared >= 0 ? Math.floor(declared) : 1;
    }
    const batch: NewSearchDocument[] = [];
    for (const video of response.videos) {
      const document = documentFromApiVideo(video);
      // Items can shift between pages while paging: keep the first copy.
      if (!document || seen.has(document.ref_id)) {
        skipped += document ? 0 : 1;
        continue;
      }
      seen.add(document.ref_id);
      batch.push(document);
    }
    await upsertDocuments(db, batch, seenAt);
    documents += batch.length;
    pages += 1;
    if (response.videos.length === 0) break;
  }
  // An empty answer is more likely a provider problem than an empty catalogue: keep what we have.
  const removed = documents > 0 ? await deleteUnseen(db, 'catalogue', seenAt) : 0;
  return { pages, documents, skipped, removed, ms: Math.round(performance.now() - startedAt) };
}
