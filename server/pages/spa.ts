/**
 * Serves the built SPA: hashed files under /assets from memory (with their build-time brotli and
 * gzip copies, chosen by Accept-Encoding) and cached for a year, other files revalidated, and a
 * history fallback so deep links (/video/123) load index.html, into which the catalogue
 * provider's base URL and the route's critical-path hints are injected — one build works against
 * any CATALOGUE_URL.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

import { fastifyStatic } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { AppConfig } from '../config/index';
import { clearSessionCookie, readSessionToken } from '../http/session-cookie';
import { NOT_FOUND_MESSAGE, sendError } from '../http/errors';
import { loadScriptsAfterPaint } from '../http/after-paint';
import { withFastStart } from '../http/fast-start';
import { INTL_WARM_UP_TAG } from '../http/intl-warm-up';
import { NON_SPA_PREFIXES, isHistoryNavigation } from '../http/navigation';

import { chooseEncoding, createAssetCache } from './asset-cache';
import { criticalPathFor, linkHeaderFor, pageChunkFor, readAssetManifest, renderCriticalPath, type AssetManifest } from './critical-path';
import { shareHeadFor, withTitle } from './share-meta';
import {
  createServerRenderer,
  firstScreenLocale,
  firstScreenTimeZone,
  injectFirstScreen,
  isServerRenderable,
  pageViewer,
  SIGNED_IN_REDIRECTS,
  VISITOR_REDIRECTS,
  VISITOR_SESSION_PAGES,
  type ServerRenderer,
} from './server-render';


const SPA_NOT_BUILT_MESSAGE = 'The SPA is not built yet: run npm run build';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface SpaOptions {
  /** Renders first screens on the server; the built bundle in spaDir by default. */
  serverRenderer?: ServerRenderer;
}

export async function registerSpa(
  app: FastifyInstance,
  config: Pick<AppConfig, 'spaDir' | 'catalogue'>,
  { serverRenderer = createServerRenderer(config.spaDir) }: SpaOptions = {},
): Promise<void> {
  const assetsDir = path.join(config.spaDir, 'assets') + path.sep;
  const catalogueBase = config.catalogue.builtIn ? '/catalogue' : config.catalogue.url;
  const indexPage = createIndexPage(config.spaDir, catalogueBase);
  const assets = await createAssetCache(assetsDir);
  // Load the render bundle now rather than on the first visitor's request.
  await serverRenderer.available();

  // Hashed assets: a map lookup, never the file system (see asset-cache.ts).
  app.get<{ Params: { '*': string } }>('/assets/*', { compress: false }, async (request, reply) => {
    const asset = await assets.get(request.params['*']);
    if (!asset) return sendError(reply, 404, NOT_FOUND_MESSAGE);
    reply.header('cache-control', IMMUTABLE).header('etag', asset.etag).type(asset.type);
    if (asset.br || asset.gzip) reply.header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    const encoding = chooseEncoding(asset, request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(encoding === 'identity' ? asset.identity : asset[encoding]);
  });

  // The API's, media's and catalogue's addresses hold no static file: a path there that no route
  // matched (dot segments: /v0/api/uploads/<id>/../<other id>) is not found, like any unknown API
  // path, instead of reaching the static files (which answer 403 to any `..`).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url === '/*' && NON_SPA_PREFIXES.some((prefix) => request.url.startsWith(`${prefix}/`))) {
      reply.callNotFound();
      return;
    }
    done();
  });
  // Other files (favicon…): wildcard routing, so a rebuild is served without a restart, with the
  // build's .br/.gz copies when the client accepts them.
  await app.register(fastifyStatic, {
    root: config.spaDir,
    prefix: '/',
    index: false,
    decorateReply: false,
    cacheControl: false,
    dotfiles: 'ignore',
    suppressWarning: true,
    preCompressed: true,
    // index.html always goes through the fallback, which injects the runtime configuration.
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/index.html.'),
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
    },
  });

  let build: object | undefined;
  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = await indexPage.render();
    if (page === null) {
      return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(SPA_NOT_BUILT_MESSAGE);
    }
    // Pages of an earlier build name its scripts and styles: gone with it.
    if (build !== undefined && build !== page) app.pageCache.clear();
    build = page;
    // Taken before any data is read: a change announced from now on keeps this render out of the cache.
    const fill = app.pageCache.fillFor(request);
    const pathName = request.url.split('?')[0] ?? '/';
    const chunkName = pageChunkFor(pathName);
    const viewer = await pageViewer(request);
    const signedIn = viewer !== null;
    // Every signed-in page is the user's own: never kept by a shared cache, nor reused by the browser.
    const cacheControl = signedIn ? 'private, no-store' : 'no-cache';
    // A cookie of no session (expired, ended, suspended) is dropped, as the session check would.
    if (!signedIn && readSessionToken(request)) clearSessionCookie(reply);
    // Where the page itself would send this viewer at once, the server does (no page, no script).
    const redirect = request.method === 'GET' ? (signedIn ? SIGNED_IN_REDIRECTS : VISITOR_REDIRECTS)[chunkName] : undefined;
    if (redirect) return reply.header('cache-control', cacheControl).header('vary', 'cookie').redirect(redirect, 302);
    const renderable = isServerRenderable(request, chunkName, signedIn) && (await serverRenderer.available());
    const session = signedIn || VISITOR_SESSION_PAGES.has(chunkName);
    const hints = await criticalPathFor(app, request, {
      manifest: page.manifest,
      catalogueBase,
      builtInCatalogue: config.catalogue.builtIn,
      inlineOwnApi: renderable,
      signedIn,
      inlineSession: renderable && session,
    });
    const locale = firstScreenLocale(request);
    const timeZone = firstScreenTimeZone(request);
    const markup = renderable
      ? await serverRenderer.render({ url: request.url, locale, timeZone, answers: hints.bootstrap, signedIn, session }, request)
      : null;
    // Link previews (Open Graph, Twitter card, oEmbed, JSON-LD): docs/sharing.md.
    const share = await shareHeadFor(app, request, chunkName, locale);
    const head = injectHead(
      withTitle(page.html, share.title),
      share.tags + renderCriticalPath(hints, { serverRendered: markup !== null }) + INTL_WARM_UP_TAG,
    );
    const html =
      markup === null
        ? head
        : loadScriptsAfterPaint(withFastStart(injectFirstScreen(head, markup, locale, timeZone, { userId: viewer?.id, session })));
    const link = linkHeaderFor(hints);
    // A visitor's rendered page is the same for whoever asks for it the same way: shared for a
    // few seconds (pages/page-cache.ts), and sent as a hit will send it.
    if (fill && markup !== null && !signedIn && !reply.hasHeader('set-cookie')) {
      const stored = app.pageCache.store(request, fill, { html, link, chunkName, pathName, answers: hints.bootstrap });
      return app.pageCache.send(request, reply, stored);
    }
    if (link) reply.header('link', link);
    return (
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', cacheControl)
        // The first screen depends on the language and on whose session cookie came along.
        .header('vary', 'accept-language, cookie')
        .send(html)
    );
  };

  app.get('/', serveIndex);
  // Link-preview crawlers often ask with `Accept: */*`: video and profile pages answer them too.
  app.get('/selfieVideos/:id', serveIndex);
  app.get('/profile/:id', serveIndex);

  app.setNotFoundHandler(async (request, reply) => {
    if (isHistoryNavigation(request)) return serveIndex(request, reply);
    return sendError(reply, 404, NOT_FOUND_MESSAGE);
  });
}

interface IndexPage {
  /** index.html with the runtime meta tags and the build's chunk manifest, or null when the SPA is not built. */
  render(): Promise<{ html: string; manifest: AssetManifest | null } | null>;
}

/** Reads index.html once per change (by mtime), so a rebuild is picked up without a restart. */
function createIndexPage(spaDir: string, catalogueUrl: string): IndexPage {
  const file = path.join(spaDir, 'index.html');
  let cached: { mtimeMs: number; html: string; manifest: AssetManifest | null } | undefined;
  return {
    async render() {
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      if (cached?.mtimeMs !== info.mtimeMs) {
        cached = {
          mtimeMs: info.mtimeMs,
          html: injectMeta(await readFile(file, 'utf8'), 'catalogue-url', catalogueUrl),
          manifest: await readAssetManifest(spaDir),
        };
      }
      return cached;
    },
  };
}

/**
 * Inserts the route's hints at the end of <head>, after the entry's own scripts and stylesheet:
 * over HTTP/1.1 a browser opens six connections per host, and requests go out in document order,
 * so the framework script (the largest, and what every first paint waits for) must not queue
 * behind the route's chunk, its data and its images.
 */
export function injectHead(html: string, tags: string): string {
  if (!tags) return html;
  const headEnd = html.search(/<\/head>/i);
  return headEnd === -1 ? tags + html : html.slice(0, headEnd) + tags + html.slice(headEnd);
}

/** Sets `<meta name="…" content="…">`, replacing a tag of that name or inserting it before </head>. */
export function injectMeta(html: string, name: string, content: string): string {
  const tag = `<meta name="${escapeAttribute(name)}" content="${escapeAttribute(content)}">`;
  const existing = new RegExp(`<meta\\s+[^>]*name=["']${name}["'][^>]*>`, 'i');
  if (existing.test(html)) return html.replace(existing, () => tag);
  const headEnd = html.search(/<\/head>/i);
  if (headEnd === -1) return tag + html;
  return `${html.slice(0, headEnd)}${tag}${html.slice(headEnd)}`;
}

export function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}
