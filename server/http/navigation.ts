/**
 * Which requests are page views: the overload guard and the page cache treat them apart from API
 * calls, and the SPA's history fallback answers them with the app.
 */
import type { FastifyRequest } from 'fastify';

/** Paths the history fallback never answers with index.html. */
export const NON_SPA_PREFIXES = ['/v0/api', '/media', '/catalogue', '/health'];

/** A browser navigating to a client-side route: GET/HEAD, asks for HTML, not a server path. */
export function isHistoryNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!(request.headers.accept ?? '').includes('text/html')) return false;
  const pathName = request.url.split('?')[0] ?? '';
  return !NON_SPA_PREFIXES.some((prefix) => pathName === prefix || pathName.startsWith(`${prefix}/`));
}
