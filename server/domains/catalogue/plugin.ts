/**
 * The catalogue stand-in: a local, real HTTP provider that answers the external video
 * catalogue's public v2 API (same paths, parameters and JSON shape), with SVG thumbnails, an
 * embeddable player page and a short clip. Mounted by the main app at /catalogue; any real
 * provider with the same API can replace it through a base URL.
 *
 *   GET  {prefix}/api/v2/video/search/?query=&per_page=&page=&thumbsize=&order=&format=json
 *   GET  {prefix}/api/v2/video/id/?id=&thumbsize=&format=json
 *   GET  {prefix}/thumbs/:id/:frame/:size.svg      frame 1..15, size small|medium|big
 *   GET  {prefix}/embed/:id/                       player page (same-origin framing only)
 *   GET  {prefix}/video/:id/                       the `url` field: redirects to the player
 *   GET  {prefix}/media/clip.webm | clip.mp4       the clip, with HTTP Range
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

import staticFiles from '@fastify/static';
import { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';

import { namedPlugin } from '../../http/plugins';
import { requestOrigin } from '../../http/request-origin';

import { catalogueUrls, toApiVideo, THUMB_SIZES, type ApiSearchResponse, type CatalogueUrls, type ThumbSize } from './api-shape';
import { getCatalogue, type Catalogue } from './dataset';
import { CLIP_SOURCES, playerContentSecurityPolicy, renderEmbedPage, renderNotFoundPage } from './embed';
import { CatalogueParamError, parseSearchParams, parseVideoByIdParams } from './params';
import { prepareCatalogueSearch, searchCatalogue } from './search';
import { isThumbFrame, renderThumbnailSvg } from './thumbnails';

export interface CataloguePluginOptions {
  /** Origin the site is reached at, e.g. "http://localhost:3000" (no trailing slash). */
  publicUrl: string;
  /**
   * Build absolute URLs from the address each request was sent to instead (PUBLIC_URL unset: its
   * default, localhost, is not where a phone on the LAN or a browser at 127.0.0.1 finds the site).
   */
  followRequestOrigin?: boolean;
}

const ASSETS_DIR = path.join(__dirname, 'assets');
const VIDEO_ID_PATTERN = /^[A-Za-z0-9]{11}$/;
const API_CACHE_CONTROL = 'public, max-age=60';
const THUMB_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const PAGE_CACHE_CONTROL = 'public, max-age=300';
const CLIP_MAX_AGE_MS = 24 * 3600 * 1000;
/** Pages whose canonical URL ends in "/"; a request without the slash is redirected to it. */
const SLASH_ROUTES = /^\/(?:api\/v2\/video\/(?:search|id)|embed\/[A-Za-z0-9]+|video\/[A-Za-z0-9]+)$/;

/**
 * The stand-in's data set with its word index, generated once per process: a few hundred
 * milliseconds of CPU, several seconds on a busy machine (app.ts calls it before registering the
 * plugin, so that never counts against Fastify's plugin time limit).
 */
export function prepareCatalogue(): Catalogue {
  const catalogue = getCatalogue();
  prepareCatalogueSearch(catalogue);
  return catalogue;
}

function normalisePublicUrl(publicUrl: string): string {
  let parsed: URL;
  try {
    parsed = new URL(publicUrl);
  } catch {
    throw new Error(`Catalogue plugin: publicUrl must be an absolute http(s) URL, got "${publicUrl}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`Catalogue plugin: publicUrl must use http or https, got "${publicUrl}"`);
  }
  return publicUrl.replace(/\/+$/, '');
}

/** A public, read-only API: any origin may read it, and any site may load its images and media. */
function allowAnyOrigin(reply: FastifyReply): FastifyReply {
  return reply
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('x-content-type-options', 'nosniff');
}

function sendJson(reply: FastifyReply, statusCode: number, body: unknown): FastifyReply {
  return allowAnyOrigin(reply)
    .code(statusCode)
    .header('cache-control', statusCode === 200 ? API_CACHE_CONTROL : 'no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}

function sendError(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return sendJson(reply, statusCode, { success: false, message });
}

function queryOf(request: FastifyRequest): Record<string, unknown> {
  return (request.query ?? {}) as Record<string, unknown>;
}

const cataloguePlugin: FastifyPluginAsync<CataloguePluginOptions> = async (fastify, options) => {
  const publicUrl = normalisePublicUrl(options.publicUrl);
  const publicOrigin = new URL(publicUrl).origin;
  const mountPath = fastify.prefix;
  const publicUrls = catalogueUrls(`${publicUrl}${mountPath}`);
  // Without a configured PUBLIC_URL the stand-in's absolute URLs name the address the page was
  // opened at (127.0.0.1, a LAN address…): the default, localhost, does not even resolve to this
  // machine from a phone. A configured PUBLIC_URL is kept (a proxy may not forward the Host). A
  // handful of origins are remembered; an odd Host gets fresh URLs each time.
  const urlsByOrigin = new Map<string, CatalogueUrls>();
  const urlsFor = (request: FastifyRequest): CatalogueUrls => {
    if (!options.followRequestOrigin) return publicUrls;
    const origin = requestOrigin(request);
    if (origin === undefined || origin === publicOrigin) return publicUrls;
    let urls = urlsByOrigin.get(origin);
    if (!urls) {
      urls = catalogueUrls(`${origin}${mountPath}`);
      if (urlsByOrigin.size < 16) urlsByOrigin.set(origin, urls);
    }
    return urls;
  };
  for (const { file } of CLIP_SOURCES) {
    if (!existsSync(path.join(ASSETS_DIR, file))) throw new Error(`Catalogue plugin: missing clip ${path.join(ASSETS_DIR, file)}`);
  }

  // The data set and its word index, so the first visitor does not pay for them. The app builds
  // them before it registers this plugin (prepareCatalogue), outside the plugin time limit.
  const catalogue = prepareCatalogue();

  fastify.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof CatalogueParamError) return sendError(reply, 400, error.message);
    // 4xx as they are, and 503 (load shedding, http/overload.ts) too: "try later" is not a bug.
    const passes = error.statusCode !== undefined && ((error.statusCode >= 400 && error.statusCode < 500) || error.statusCode === 503);
    const statusCode = passes && error.statusCode !== undefined ? error.statusCode : 500;
    if (statusCode === 500) request.log.error({ err: error }, 'catalogue request failed');
    return sendError(reply, statusCode, statusCode === 500 ? 'Internal error in the catalogue.' : error.message);
  });

  fastify.setNotFoundHandler((request, reply) => {
    const url = new URL(request.url, 'http://placeholder');
    const localPath = url.pathname.slice(mountPath.length);
    if ((request.method === 'GET' || request.method === 'HEAD') && SLASH_ROUTES.test(localPath)) {
      return allowAnyOrigin(reply).redirect(`${url.pathname}/${url.search}`, 308);
    }
    return sendError(reply, 404, `Not found: ${request.method} ${url.pathname}`);
  });

  // The same pages without their trailing slash redirect to it. Real routes, not only the 404
  // handler: the main app's static files own GET /* and would answer those paths first.
  const redirectToSlash = (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://placeholder');
    return allowAnyOrigin(reply).redirect(`${url.pathname}/${url.search}`, 308);
  };
  for (const localPath of ['/api/v2/video/search', '/api/v2/video/id', '/embed/:id', '/video/:id']) {
    fastify.get(localPath, redirectToSlash);
  }

  // Preflight for clients that add headers to their GETs (the API itself needs no credentials).
  fastify.options('/api/*', (request, reply) => {
    const requestedHeaders = request.headers['access-control-request-headers'];
    allowAnyOrigin(reply)
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-max-age', '86400');
    if (typeof requestedHeaders === 'string') reply.header('access-control-allow-headers', requestedHeaders);
    return reply.code(204).send();
  });

  fastify.get('/api/v2/video/search/', (request, reply) => {
    const startedAt = performance.now();
    const params = parseSearchParams(queryOf(request));
    const { totalCount, videos } = searchCatalogue(
      { query: params.query, order: params.order, page: params.page, perPage: params.perPage },
      catalogue,
    );
    const body: ApiSearchResponse = {
      count: videos.length,
      start: (params.page - 1) * params.perPage,
      per_page: params.perPage,
      page: params.page,
      time_ms: 0,
      total_count: totalCount,
      total_pages: Math.ceil(totalCount / params.perPage),
      videos: videos.map((video) => toApiVideo(video, urlsFor(request), params.thumbsize)),
    };
    body.time_ms = Math.round(performance.now() - startedAt);
    return sendJson(reply, 200, body);
  });

  fastify.get('/api/v2/video/id/', (request, reply) => {
    const params = parseVideoByIdParams(queryOf(request));
    const video = catalogue.byId.get(params.id);
    // The provider answers an unknown id with an empty array and status 200, not a 404.
    return sendJson(reply, 200, video ? toApiVideo(video, urlsFor(request), params.thumbsize) : []);
  });

  fastify.get<{ Params: { id: string; frame: string; file: string } }>('/thumbs/:id/:frame/:file', (request, reply) => {
    const { id, frame, file } = request.params;
    const video = catalogue.byId.get(id);
    const frameNumber = /^\d{1,2}$/.test(frame) ? Number(frame) : NaN;
    const size = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : '';
    if (!video || !isThumbFrame(frameNumber) || !Object.hasOwn(THUMB_SIZES, size)) {
      return sendError(reply, 404, `No such thumbnail: ${id}/${frame}/${file}`);
    }
    return allowAnyOrigin(reply)
      .header('cache-control', THUMB_CACHE_CONTROL)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('image/svg+xml; charset=utf-8')
      .send(renderThumbnailSvg(video, frameNumber, size as ThumbSize));
  });

  const sendPlayerPage = (reply: FastifyReply, statusCode: number, html: string): FastifyReply =>
    reply
      .code(statusCode)
      .header('content-security-policy', playerContentSecurityPolicy(publicOrigin))
      // Legacy twin of frame-ancestors 'self': the main site frames this page from the same origin.
      .header('x-frame-options', 'SAMEORIGIN')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', statusCode === 200 ? PAGE_CACHE_CONTROL : 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);

  fastify.get<{ Params: { id: string } }>('/embed/:id/', (request, reply) => {
    const video = VIDEO_ID_PATTERN.test(request.params.id) ? catalogue.byId.get(request.params.id) : undefined;
    if (!video) return sendPlayerPage(reply, 404, renderNotFoundPage('This video does not exist or is no longer available.'));
    const urls = urlsFor(request);
    return sendPlayerPage(
      reply,
      200,
      renderEmbedPage({
        title: video.title,
        posterUrl: urls.thumb(video.id, video.defaultFrame, 'big'),
        sources: CLIP_SOURCES.map(({ file, type }) => ({ src: urls.media(file), type })),
      }),
    );
  });

  fastify.get<{ Params: { id: string } }>('/video/:id/', (request, reply) => {
    const { id } = request.params;
    if (!VIDEO_ID_PATTERN.test(id) || !catalogue.byId.has(id)) {
      return sendPlayerPage(reply, 404, renderNotFoundPage('This video does not exist or is no longer available.'));
    }
    return reply.redirect(`${mountPath}/embed/${id}/`, 302);
  });

  const clipFiles = new Set(CLIP_SOURCES.map(({ file }) => `/${file}`));
  await fastify.register(staticFiles, {
    root: ASSETS_DIR,
    prefix: '/media/',
    // The main app may register @fastify/static too; a second reply.sendFile decorator would clash.
    decorateReply: false,
    allowedPath: (pathName) => clipFiles.has(pathName),
    index: false,
    list: false,
    acceptRanges: true,
    maxAge: CLIP_MAX_AGE_MS,
    setHeaders: (reply) => {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
};

export default namedPlugin('catalogue-stand-in', cataloguePlugin);
