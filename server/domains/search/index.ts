/**
 * Search on the app: `app.searchIndex`, the SearchService (`app.search` is taken: it is
 * Fastify's shorthand for HTTP SEARCH routes), with its background work tied to the app's life:
 * started once the app is ready (a start-up step: /health says 'starting' until its start-up
 * indexing is done), stopped before it closes.
 *
 * The routes that change self-shot videos publish `video.changed` on app.events (upload:
 * 'created', PATCH: 'updated', DELETE: 'deleted'); search/changes.ts hands those events, from
 * this instance or another one sharing REDIS_URL, to upsertSelfieVideo / removeSelfieVideo.
 * Both never throw (failures are logged) and a periodic re-sync repairs anything missed. The
 * normal (full-text) search needs none of this: the database keeps its index in step.
 */
import type { FastifyInstance } from 'fastify';

import { internalRequestHeaders } from '../../http/overload';

import { httpCatalogueFetch, injectCatalogueFetch } from './ingest';
import { SearchService, type SearchServiceOptions } from './service';

export { SearchService, PAGE_SIZE } from './service';
export type { AiSearchResult, SearchStatus, SelfieResult } from './service';
export type { CaptionMatch } from './matches';

declare module 'fastify' {
  interface FastifyInstance {
    /** Normal and AI search, and the hooks that keep the AI index in step (domains/search). */
    searchIndex: SearchService;
  }
}

export function installSearch(app: FastifyInstance, options: Partial<Pick<SearchServiceOptions, 'now' | 'fetch' | 'catalogueFetch'>> = {}): SearchService {
  const { config } = app;
  const catalogueFetch =
    options.catalogueFetch ??
    (config.catalogue.builtIn
      ? injectCatalogueFetch((request) => app.inject({ ...request, headers: internalRequestHeaders() }))
      : httpCatalogueFetch(config.catalogue.url, options.fetch));
  const service = new SearchService({
    database: app.database,
    config,
    log: app.log.child({ module: 'search' }),
    catalogueFetch,
    now: options.now,
    fetch: options.fetch,
  });
  app.decorate('searchIndex', service);
  // Once the app is ready, outside the plugin time limit; /health says 'starting' until the
  // start-up indexing is done (http/startup.ts). SEARCH_REFRESH_HOURS=0: no background work.
  if (config.search.refreshHours > 0) app.startup.add('search index', () => service.start());
  app.addHook('preClose', async () => service.stop());
  return service;
}
