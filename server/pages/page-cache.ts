/**
 * The shared page cache: a visitor's server-rendered page (no session cookie) is the same for
 * every visitor who asks for it in the same way, so it is rendered once and kept for a few
 * seconds (PAGE_CACHE_TTL_MS) in an LRU bounded in bytes (PAGE_CACHE_MAX_MB). A render costs
 * ~19 ms of CPU and only OVERLOAD_MAX_IN_FLIGHT_PAGES run at once; a hit is a map lookup and a
 * buffer write, answered in onRequest before admission (it takes no page place and never waits
 * behind renders) with the same bytes and headers a render would have sent.
 *
 * The key is every input of the render besides the data: the URL with its query string, the
 * language the page is rendered in (the `lang` cookie, else the first Accept-Language), the
 * language of the inlined API answers (Accept-Language with its q-values), the time zone (the
 * `tz` cookie) and the Host (the catalogue stand-in's URLs name it). A request carrying the
 * session cookie, valid or not, is never answered from the cache nor stored in it: it renders
 * itself (signed in it is private; a stale cookie also gets its Set-Cookie). A page carries no
 * per-request secret: the CSP allows its inline scripts by hash (http/security.ts), not by nonce.
 *
 * The data: each page is tagged with what it shows (a video, the video lists, users' names), and
 * the change events drop the pages concerned at once, on every instance (app.events):
 * `video.changed` (uploaded, edited, made private, deleted, hidden, its owner suspended),
 * `comments.changed` (posted, deleted, moderated) and `user.changed` (renamed, suspended). Counts
 * that change without an event (views, likes, subscribers) are at most PAGE_CACHE_TTL_MS old. A
 * render that started before an invalidation is sent to its own request but not stored. The
 * first render from a new build (index.html) empties the cache.
 *
 * Under a flood, one request per page renders at a time: others arriving meanwhile wait for it
 * (not for an admission place) instead of all rendering the same page. Once a page is half its TTL
 * old, the next request for it starts a render of it in the background (one at a time, in-process,
 * outside admission) while every visitor is still answered from the cache, so a popular page
 * neither expires under its visitors nor is lost while the process sheds.
 */
import { randomBytes } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

import type { PageCacheConfig } from '../config/index';
import { requestLanguage } from '../i18n';
import { appKey } from '../infra/app-keys';
import { countView, viewDay, viewerKey } from '../domains/videos/video-records';
import { SESSION_COOKIE } from '../http/session-cookie';
import { compressionOptions } from '../http/compression';
import { internalRequestHeaders } from '../http/overload';
import { isHistoryNavigation } from '../http/navigation';

import { pageChunkFor, selfieVideoUrl } from './critical-path';
import { firstScreenLocale, firstScreenTimeZone, SERVER_RENDERED_PAGES, VISITOR_SESSION_PAGES } from './server-render';


/** What a page shows, for invalidation: `video:<id>`, the video lists, users' names. */
export type PageTag = `video:${string}` | 'videos' | 'users';

export interface CachedPage {
  readonly html: Buffer;
  /** Compressed copies, made on the first request that accepts them. */
  br?: Buffer;
  gzip?: Buffer;
  readonly link?: string;
  readonly tags: readonly PageTag[];
  /** The video whose view the page's own render counted: a hit counts the visitor's view too. */
  readonly viewOf?: string;
  /** performance.now() when rendered. */
  readonly renderedAt: number;
  /** performance.now() when a refresh of it was last started. */
  refreshStartedAt?: number;
}

/** A visitor's rendered page, as registerSpa (pages/spa.ts) sends it. */
export interface RenderedPage {
  html: string;
  link?: string;
  /** The page chunk and path it was rendered for, and the answers inlined into it. */
  chunkName: string;
  pathName: string;
  answers: Record<string, unknown>;
}

/** A render that may fill the cache: its key, and the invalidations it started after. */
export interface PageFill {
  key: string;
  epoch: number;
}

/** The routes registerSpa (pages/spa.ts) answers with a page whatever the Accept header. */
export const SPA_PAGE_ROUTES = new Set(['/', '/selfieVideos/:id', '/profile/:id']);

/** The headers of every visitor's page (Vary: the language, the cookies and the encoding choose the bytes). */
const HTML_TYPE = 'text/html; charset=utf-8';
export const VISITOR_CACHE_CONTROL = 'no-cache';
export const PAGE_VARY = 'accept-language, cookie';

/** How long a request waits for another one rendering the same page before rendering it itself. */
const WAIT_FOR_RENDER_MS = 3000;
/**
 * Refreshes rendering at once, in the background: outside the page places (a visitor is never
 * held for one), so kept to one; a page it cannot get to in time expires and is rendered by a
 * visitor's request, through admission, as a miss.
 */
const MAX_REFRESHES = 1;
/** Marks a refresh's own request (app.inject), with a secret made at start so nobody else can. */
const REFRESH_HEADER = 'x-page-cache-refresh';
/** Compressed copies are counted in advance: brotli and gzip of HTML take well under half its size. */
const COMPRESSED_SHARE = 0.5;

interface Flight {
  promise: Promise<CachedPage | null>;
  settle(page: CachedPage | null): void;
  startedAt: number;
}

function newFlight(): Flight {
  let settle!: (page: CachedPage | null) => void;
  const promise = new Promise<CachedPage | null>((resolve) => {
    settle = resolve;
  });
  return { promise, settle, startedAt: performance.now() };
}

export interface PageCacheStats {
  /** Answered from the cache (also after waiting for another request's render). */
  hits: number;
  /** Renders stored. */
  stored: number;
  /** Refreshes started. */
  refreshes: number;
  /** Invalidations (events, a new build). */
  invalidations: number;
}

/** Renders the page of `request` again, in the background, as its own request (installPageCache: app.inject). */
export type Refresher = (request: FastifyRequest, headers: Record<string, string>) => Promise<unknown>;

export class PageCache {
  readonly stats: PageCacheStats = { hits: 0, stored: 0, refreshes: 0, invalidations: 0 };
  private readonly pages: LRUCache<string, CachedPage> | undefined;
  /** Bumped by every invalidation: a render that started before one is not stored. */
  private epoch = 0;
  /** The render under way per key, and who is doing it. */
  private readonly flights = new Map<string, Flight>();
  private readonly leaders = new WeakMap<FastifyRequest, { key: string; flight: Flight }>();
  private readonly refreshSecret = randomBytes(18).toString('base64url');
  private refreshing = 0;
  /** Set by installPageCache; none: pages are rendered again only once they expire. */
  refresher: Refresher | undefined;

  constructor(private readonly config: PageCacheConfig) {
    if (config.ttlMs > 0 && config.maxBytes > 0) {
      this.pages = new LRUCache<string, CachedPage>({
        maxSize: config.maxBytes,
        sizeCalculation: (page, key) => Math.ceil(page.html.length * (1 + COMPRESSED_SHARE)) + key.length * 2 + 256,
        ttl: config.ttlMs,
      });
    }
  }

  get enabled(): boolean {
    return this.pages !== undefined;
  }

  /** Pages held (for tests and logs). */
  get size(): number {
    return this.pages?.size ?? 0;
  }

  /**
   * The request's key, or undefined when its page is not for the shared cache: off, not a GET,
   * or a session cookie came along (even an empty or unknown one: that page renders itself).
   */
  keyOf(request: FastifyRequest): string | undefined {
    if (!this.pages || request.method !== 'GET') return undefined;
    if (request.cookies === undefined || SESSION_COOKIE in request.cookies) return undefined;
    return [request.url, firstScreenLocale(request), requestLanguage(request), firstScreenTimeZone(request), request.host].join('\n');
  }

  /**
   * For onRequest: the cached page to answer with, a render of it under way to wait for, or null
   * (this request renders it, and leads: those arriving meanwhile wait for its page).
   */
  lookup(request: FastifyRequest, key: string): CachedPage | Promise<CachedPage | null> | null {
    const page = this.pages?.get(key);
    let flight = this.flights.get(key);
    // A leader never heard of again (its request ended without a word to us) leads no longer.
    if (flight && performance.now() - flight.startedAt > WAIT_FOR_RENDER_MS) {
      this.flights.delete(key);
      flight.settle(null);
      flight = undefined;
    }
    if (page) {
      if (!flight) this.refreshIfDue(request, key, page);
      return page;
    }
    if (flight) return waitFor(flight.promise, WAIT_FOR_RENDER_MS);
    this.lead(request, key);
    return null;
  }

  private lead(request: FastifyRequest, key: string): Flight {
    const flight = newFlight();
    this.flights.set(key, flight);
    this.leaders.set(request, { key, flight });
    return flight;
  }

  /**
   * Half its time gone (and not tried since): rendered again in the background while every
   * visitor is still answered from the cache, so a popular page does not expire under them, nor
   * does a visitor wait for its render or get a 503 for it when the process sheds.
   */
  private refreshIfDue(request: FastifyRequest, key: string, page: CachedPage): void {
    const now = performance.now();
    const half = this.config.ttlMs / 2;
    if (now - page.renderedAt < half || (page.refreshStartedAt !== undefined && now - page.refreshStartedAt < half)) return;
    if (!this.refresher || this.refreshing >= MAX_REFRESHES) return;
    page.refreshStartedAt = now;
    this.refreshing += 1;
    this.stats.refreshes += 1;
    const flight = newFlight();
    this.flights.set(key, flight);
    const done = () => {
      this.refreshing -= 1;
      // Its request ended (stored, or not): nobody waits on it any longer.
      if (this.flights.get(key) === flight) this.flights.delete(key);
      flight.settle(null);
    };
    this.refresher(request, { [REFRESH_HEADER]: this.refreshSecret }).then(done, (error: unknown) => {
      request.log.warn({ err: error }, 'page cache: refresh failed');
      done();
    });
  }

  /** Whether the request is a refresh's own (it renders, and stores into the refresh's flight). */
  isRefresh(request: FastifyRequest): boolean {
    return request.headers[REFRESH_HEADER] === this.refreshSecret;
  }

  /** For a refresh's own request: it leads the flight its refresh opened (none: a change came meanwhile). */
  adoptRefresh(request: FastifyRequest, key: string): void {
    const flight = this.flights.get(key);
    if (flight) this.leaders.set(request, { key, flight });
  }

  /** Called as a render starts reading its data: what it needs to be stored, or undefined (not for the cache). */
  fillFor(request: FastifyRequest): PageFill | undefined {
    const key = this.leaders.get(request)?.key ?? this.keyOf(request);
    return key === undefined ? undefined : { key, epoch: this.epoch };
  }

  /**
   * The rendered page, stored unless an invalidation came after its render started (then it is
   * this request's alone). Either way the request answers with it (send), so a render and a hit
   * send the same bytes.
   */
  store(request: FastifyRequest, fill: PageFill, rendered: RenderedPage): CachedPage {
    const page: CachedPage = {
      html: Buffer.from(rendered.html),
      link: rendered.link,
      ...visitorPageFacts(rendered.chunkName, rendered.pathName, rendered.answers),
      renderedAt: performance.now(),
    };
    if (this.pages && fill.epoch === this.epoch) {
      this.pages.set(fill.key, page);
      this.stats.stored += 1;
      this.settle(request, page);
    } else {
      this.settle(request, null);
    }
    return page;
  }

  /** The request's render ended (stored, not cacheable, failed, shed, gone): those waiting go on. */
  settle(request: FastifyRequest, page: CachedPage | null = null): void {
    const lead = this.leaders.get(request);
    if (!lead) return;
    this.leaders.delete(request);
    if (this.flights.get(lead.key) === lead.flight) this.flights.delete(lead.key);
    lead.flight.settle(page);
  }

  /** Drops every page with a tag `matches` accepts (all of them without one). */
  invalidate(matches: (tag: PageTag) => boolean = () => true): void {
    this.epoch += 1;
    this.stats.invalidations += 1;
    // Renders under way read the old data: the next requests elect new leaders.
    this.flights.clear();
    if (!this.pages) return;
    const stale: string[] = [];
    for (const [key, page] of this.pages.entries()) if (page.tags.some(matches)) stale.push(key);
    for (const key of stale) this.pages.delete(key);
  }

  /** Drops everything (a new build). */
  clear(): void {
    this.epoch += 1;
    this.stats.invalidations += 1;
    this.flights.clear();
    this.pages?.clear();
  }

  /** Answers with the page: its bytes in the best encoding the client accepts, and the visitor page's headers. */
  send(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']) as 'br' | 'gzip' | null;
    reply.type(HTML_TYPE).header('cache-control', VISITOR_CACHE_CONTROL);
    if (page.link) reply.header('link', page.link);
    if (encoding === null) return reply.header('vary', PAGE_VARY).send(page.html);
    // Already encoded: @fastify/compress leaves it alone.
    return reply
      .header('vary', `${PAGE_VARY}, accept-encoding`)
      .header('content-encoding', encoding)
      .send(encoded(page, encoding));
  }
}

/** The page's compressed copy, made once with the on-the-fly settings (http/compression.ts). */
function encoded(page: CachedPage, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    page.br ??= brotliCompressSync(page.html, {
      params: { ...compressionOptions.brotliOptions?.params, [constants.BROTLI_PARAM_SIZE_HINT]: page.html.length },
    });
    return page.br;
  }
  page.gzip ??= gzipSync(page.html, compressionOptions.zlibOptions);
  return page.gzip;
}

function waitFor(promise: Promise<CachedPage | null>, ms: number): Promise<CachedPage | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * What a visitor's page shows, for invalidation, and the video whose view its render counted
 * (its inlined answer is that video's GET). The catalogue's pages and the forms show nothing
 * that changes without a new build.
 */
export function visitorPageFacts(chunkName: string, pathName: string, answers: Record<string, unknown>): Pick<CachedPage, 'tags' | 'viewOf'> {
  if (chunkName === 'page-selfie-videos' || chunkName === 'page-profile') return { tags: ['videos', 'users'] };
  if (chunkName !== 'page-video' && chunkName !== 'page-edit-video') return { tags: [] };
  const id = decoded(pathName.slice(pathName.lastIndexOf('/') + 1));
  const answer = answers[selfieVideoUrl(id)] as { video?: { _id?: unknown } } | undefined;
  const viewOf = typeof answer?.video?._id === 'string' ? answer.video._id : undefined;
  const ids = new Set([id, ...(viewOf === undefined ? [] : [viewOf])]);
  return { tags: [...[...ids].map((videoId) => `video:${videoId}` as const), 'users'], viewOf };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Visitors' server-rendered pages (pages/page-cache.ts). */
    pageCache: PageCache;
  }
}

/** Whether registerSpa answers this request with a page a visitor's render may fill. */
function answersVisitorPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  if (!SPA_PAGE_ROUTES.has(request.routeOptions.url ?? '') && !isHistoryNavigation(request)) return false;
  const chunkName = pageChunkFor(request.url.split('?')[0] ?? '/');
  return SERVER_RENDERED_PAGES.has(chunkName) || VISITOR_SESSION_PAGES.has(chunkName);
}

/**
 * Decorates app.pageCache, answers hits in onRequest and follows the change events. Call on the
 * root instance after the cookie parser and the security headers (a hit gets both) and before
 * load shedding (a hit takes no admission place).
 */
export function installPageCache(app: FastifyInstance, config: PageCacheConfig): PageCache {
  const cache = new PageCache(config);
  app.decorate('pageCache', cache);
  if (!cache.enabled) return cache;

  const answer = (request: FastifyRequest, reply: FastifyReply, page: CachedPage) => {
    cache.stats.hits += 1;
    if (page.viewOf === undefined) return cache.send(request, reply, page);
    // As the render's own GET of the video did for its visitor: one view per viewer and day.
    const videoId = page.viewOf;
    const now = new Date();
    return appKey(app.db, 'viewers')
      .then((secret) => countView(app.db, videoId, viewerKey(null, request.ip, secret, viewDay(now)), now))
      .catch((error: unknown) => request.log.error({ err: error, videoId }, 'page cache: view not counted'))
      .then(() => cache.send(request, reply, page));
  };

  /** Answers from the cache, waits for the render under way, or lets the request render (done). */
  const serve = (request: FastifyRequest, reply: FastifyReply, done: () => void, key: string, again: boolean) => {
    const found = cache.lookup(request, key);
    if (found === null) {
      done();
      return;
    }
    if (!(found instanceof Promise)) {
      void answer(request, reply, found);
      return;
    }
    found.then(
      (page) => {
        if (page) void answer(request, reply, page);
        // That render was not stored (a change came meanwhile, say): once more, to join the next
        // render instead of each rendering the page; then on its own.
        else if (again) serve(request, reply, done, key, false);
        else done();
      },
      () => done(),
    );
  };
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const key = answersVisitorPage(request) ? cache.keyOf(request) : undefined;
    if (key === undefined) done();
    else if (cache.isRefresh(request)) {
      cache.adoptRefresh(request, key);
      done();
    } else serve(request, reply, done, key, true);
  });
  // The same request again, in-process: same URL, language, cookies (none of a session) and Host,
  // the visitor's address (the video's view, already counted for them, is not counted twice); never
  // held nor shed by admission, and at most MAX_REFRESHES at once.
  cache.refresher = (request, headers) => {
    const copied: Record<string, string> = { accept: 'text/html', host: request.host, ...internalRequestHeaders(), ...headers };
    for (const name of ['accept-language', 'cookie', 'user-agent'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') copied[name] = value;
    }
    return app.inject({ method: 'GET', url: request.url, headers: copied, remoteAddress: request.ip });
  };
  // A leader that answered otherwise (not renderable, redirected, shed, failed, gone) lets the waiting go on.
  app.addHook('onResponse', (request, _reply, done) => {
    cache.settle(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    cache.settle(request);
    done();
  });

  app.events.subscribe('video.changed', ({ videoId }) => cache.invalidate((tag) => tag === `video:${videoId}` || tag === 'videos'));
  app.events.subscribe('comments.changed', ({ videoId }) => cache.invalidate((tag) => tag === `video:${videoId}`));
  app.events.subscribe('user.changed', () => cache.invalidate((tag) => tag === 'users'));
  return cache;
}
