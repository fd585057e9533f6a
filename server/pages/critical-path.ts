/**
 * What the first screen of a route needs, announced in the HTML the server sends for it, so the
 * browser fetches code, data and the largest image in parallel instead of one after another:
 *
 * - the route's page chunk (JS and CSS), mapped through the build's `asset-manifest.json`;
 * - the session check every page makes, and the route's first API call, as
 *   `<link rel="preload" as="fetch" crossorigin="use-credentials">` with exactly the URL RTK
 *   Query will request (same credentials mode, so the browser reuses the answer);
 * - the catalogue's first answer (the home grid, a movie) inlined as a JSON data block when the
 *   stand-in runs in this process: the SPA asks the catalogue without credentials, which no
 *   preload can match, so the data rides with the HTML instead;
 * - the likely Largest Contentful Paint image (first card thumbnail, the movie's large image,
 *   the video's poster) as `<link rel="preload" as="image" fetchpriority="high">`, built from
 *   data fields and tolerant of their absence: `thumbnailSources` (srcset), `posterUrl`,
 *   `thumbnailCdnUrl`, `default_thumb.src`;
 * - a video page's HLS master playlist, as `<link rel="preload" as="fetch" crossorigin="anonymous">`
 *   (what hls.js's XHR and fetch loaders request: same-origin credentials), so the player's first
 *   request is answered from the preload cache instead of after the script runs
 *   (docs/playback.md). It and the poster also go in a `Link` header, which a CDN can turn into
 *   103 Early Hints.
 *
 * Everything here is a hint: any failure leaves the page exactly as it was without it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import type { FastifyInstance, FastifyRequest } from 'fastify';

import { findViewableVideo } from '../domains/videos/video-access';
import { listPublicVideos } from '../domains/videos/video-records';
import { toPublicVideo } from '../domains/videos/videos';

import { inlineStyleTag, inlineStylesFor } from './inline-styles';

/** Page size of every list (18), as the SPA requests it. */
const PAGE_SIZE = 18;
export const BOOTSTRAP_ELEMENT_ID = 'bootstrap-data';
/** Cards a phone shows on its first screen (one column): their images paint together. */
export const FIRST_SCREEN_CARDS = 3;
/** `sizes` of a grid card's image (src/components/VideoCard.tsx uses the same value). */
export const CARD_IMAGE_SIZES = '(max-width: 560px) 100vw, (max-width: 820px) 50vw, (max-width: 1100px) 34vw, 320px';

export interface ChunkFiles {
  js: string[];
  css: string[];
}

export interface AssetManifest {
  entry: ChunkFiles;
  /** Entry points other than the SPA's (`embed`: the embed page's player). */
  entries?: Record<string, ChunkFiles>;
  chunks: Record<string, ChunkFiles>;
}

export async function readAssetManifest(spaDir: string): Promise<AssetManifest | null> {
  try {
    const parsed = JSON.parse(await readFile(path.join(spaDir, 'asset-manifest.json'), 'utf8')) as AssetManifest;
    return parsed && typeof parsed.chunks === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/** The page chunk src/app/router.tsx lazily loads for a path (webpackChunkName). */
export function pageChunkFor(pathName: string): string {
  const exact: Record<string, string> = {
    '/': 'page-home',
    '/register': 'page-register',
    '/login': 'page-login',
    '/upload-movie': 'page-upload',
    '/forgot-password': 'page-forgot-password',
    '/reset-password': 'page-reset-password',
    '/request-verification': 'page-request-verification',
    '/selfieVideos': 'page-selfie-videos',
    '/verify': 'page-verify',
  };
  const found = exact[pathName];
  if (found) return found;
  if (/^\/movie\/[^/]+$/.test(pathName)) return 'page-movie';
  if (/^\/profile\/edit\/[^/]+$/.test(pathName)) return 'page-edit-profile';
  if (/^\/profile\/[^/]+$/.test(pathName)) return 'page-profile';
  if (/^\/selfieVideos\/edit\/[^/]+$/.test(pathName)) return 'page-edit-video';
  if (/^\/selfieVideos\/[^/]+$/.test(pathName)) return 'page-video';
  return 'page-not-found';
}

/** Query string exactly as the SPA's URLSearchParams-based builders write it. */
const withQuery = (base: string, params: Record<string, string | number>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== '') query.set(key, String(value));
  const qs = query.toString();
  return qs ? `${base}?${qs}` : base;
};

/** src/features/catalogue/catalogueApi.ts: the home grid's search. */
export const catalogueSearchUrl = (catalogueBase: string, query: string, page: number) =>
  withQuery(`${catalogueBase}/api/v2/video/search/`, {
    query: query.trim(),
    per_page: PAGE_SIZE,
    page,
    thumbsize: 'medium',
    format: 'json',
  });

/** src/features/catalogue/catalogueApi.ts: one catalogue video. */
export const catalogueVideoUrl = (catalogueBase: string, id: string) =>
  withQuery(`${catalogueBase}/api/v2/video/id/`, { id, thumbsize: 'medium', format: 'json' });

/** src/features/videos/videosApi.ts: the self-shot list (fetchBaseQuery appends params in order). */
export const selfieListUrl = (page: number) => withQuery('/v0/api/videos/selfieVideos', { page, perPage: PAGE_SIZE });
export const CHECK_SESSION_URL = '/v0/api/check-session';

const pageParam = (search: URLSearchParams) => {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
};

export interface ImageHint {
  href: string;
  srcset?: string;
  sizes?: string;
}

export interface CriticalPath {
  chunk?: ChunkFiles;
  /** URLs to preload as `fetch` with credentials. */
  fetches: string[];
  /** Inlined answers by exact URL (the SPA consumes each once). */
  bootstrap: Record<string, unknown>;
  /** Images of the first screen, the likely largest first (it alone gets fetchpriority=high). */
  images: ImageHint[];
  /** Media the player fetches first (the master playlist), preloaded as `fetch` without credentials. */
  media: string[];
  /** The entry's stylesheets (`assets/….css`), inlined with the chunk's on a server-rendered page. */
  entryCss?: string[];
  /** Stylesheet texts by name, for a page the server renders (server/pages/inline-styles.ts). */
  styles?: Record<string, string>;
}

interface Source {
  width?: unknown;
  url?: unknown;
}

/** A srcset from `{ width, url }[]`, or undefined when the field is absent or malformed. */
function srcsetOf(sources: unknown): string | undefined {
  if (!Array.isArray(sources)) return undefined;
  const parts = (sources as Source[])
    .filter((s) => typeof s?.url === 'string' && Number.isFinite(Number(s.width)) && Number(s.width) > 0)
    .map((s) => `${String(s.url)} ${Math.round(Number(s.width))}w`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

const stringField = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** The first grid card's image: `thumbnailSources` (srcset) when there, else the thumbnail URL. */
export function cardImageHint(video: Record<string, unknown> | undefined): ImageHint | undefined {
  if (!video) return undefined;
  const href = stringField(video.thumbnailCdnUrl) ?? stringField((video.default_thumb as Record<string, unknown> | undefined)?.src);
  if (!href) return undefined;
  const srcset = srcsetOf(video.thumbnailSources);
  return srcset ? { href, srcset, sizes: CARD_IMAGE_SIZES } : { href };
}

/** A video page's poster: `posterUrl` when the video has one, else its thumbnail. */
export function posterHint(video: Record<string, unknown> | undefined): ImageHint | undefined {
  const href = stringField(video?.posterUrl) ?? stringField(video?.thumbnailCdnUrl);
  return href ? { href } : undefined;
}

/** The movie page's large image: the first gallery thumb, else the default thumbnail. */
export function movieImageHint(video: Record<string, unknown> | undefined): ImageHint | undefined {
  if (!video) return undefined;
  const thumbs = Array.isArray(video.thumbs) ? (video.thumbs as Array<Record<string, unknown>>) : [];
  const href =
    stringField(thumbs.find((thumb) => stringField(thumb?.src))?.src) ??
    stringField((video.default_thumb as Record<string, unknown> | undefined)?.src);
  return href ? { href } : undefined;
}

/** Only http(s) or same-origin paths go into a preload. */
const safeHref = (href: string) => /^(https?:\/\/|\/(?!\/))/i.test(href);

/**
 * A GET answered in-process. `as` passes on the visitor's address, agent and language, so that the
 * answer (a view counted, a message's language, a rate limit) is the one their own request gets;
 * with `withCookie`, their cookies too, so the answer is the one they get signed in.
 */
interface InjectOptions {
  /** Answer as this request's viewer would get it (user agent, language, address). */
  as?: FastifyRequest;
  /** The Host the answer's same-server links name (default: `as`'s). */
  host?: string;
  /** Send `as`'s cookie too (a signed-in viewer's own answer). */
  withCookie?: boolean;
}

async function injectJson(app: FastifyInstance, url: string, { as, host = as?.host, withCookie = false }: InjectOptions = {}): Promise<Record<string, unknown> | undefined> {
  const headers: Record<string, string> = {};
  for (const name of ['user-agent', 'accept-language', ...(withCookie ? (['cookie'] as const) : [])] as const) {
    const value = as?.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // Same-server links in the answer (the catalogue stand-in's) name the address the visitor used.
  if (host) headers.host = host;
  const response = await app.inject({ method: 'GET', url, headers, ...(as ? { remoteAddress: as.ip } : {}) });
  if (response.statusCode !== 200) return undefined;
  const body = response.json<unknown>();
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
}

export interface CriticalPathOptions {
  manifest: AssetManifest | null;
  /** The catalogue base the SPA uses (the injected meta); inlined only for the built-in stand-in. */
  catalogueBase: string;
  builtInCatalogue: boolean;
  /**
   * Inline our own API's first answers too (instead of preloading them), for a page the server
   * renders: only for a visitor without a session, whose answers are the public ones.
   */
  inlineOwnApi?: boolean;
  /**
   * The request is from a signed-in user: our API's answers are asked with their cookie, and
   * (inlining) the session check's answer rides along too.
   */
  signedIn?: boolean;
  /** Inline the session check's answer (the page is rendered after it: signed in, or a signed-in-only page). */
  inlineSession?: boolean;
}

/** src/features/profile/profileApi.ts: a user's profile. */
export const profileUrl = (id: string) => `/v0/api/users/${encodeURIComponent(id)}`;
/** src/features/videos/videosApi.ts: one self-shot video. */
export const selfieVideoUrl = (id: string) => `/v0/api/videos/selfieVideos/${encodeURIComponent(id)}`;

export async function criticalPathFor(
  app: FastifyInstance,
  request: FastifyRequest,
  options: CriticalPathOptions,
): Promise<CriticalPath> {
  const url = new URL(request.url, 'http://local');
  const pathName = url.pathname;
  const chunkName = pageChunkFor(pathName);
  const result: CriticalPath = {
    chunk: options.manifest?.chunks[chunkName],
    fetches: [CHECK_SESSION_URL],
    bootstrap: {},
    images: [],
    media: [],
  };
  const signedIn = options.signedIn === true;
  const ownAnswer = (answerUrl: string) => injectJson(app, answerUrl, { as: request, withCookie: signedIn });
  /** Our API's answers for the page: inlined when the page is rendered, else preloaded. */
  const inlineOrPreload = async (urls: string[]) => {
    if (!options.inlineOwnApi) {
      result.fetches.push(...urls);
      return urls.map(() => undefined);
    }
    const bodies = await Promise.all(urls.map(ownAnswer));
    urls.forEach((answerUrl, index) => {
      const body = bodies[index];
      if (body) result.bootstrap[answerUrl] = body;
      else result.fetches.push(answerUrl);
    });
    return bodies;
  };
  const cardImages = (videos: unknown[]) =>
    videos
      .slice(0, FIRST_SCREEN_CARDS)
      .map((video) => cardImageHint(video as Record<string, unknown>))
      .filter((hint): hint is ImageHint => hint !== undefined);
  try {
    if (options.inlineSession) {
      // The render signs the user in from this answer; the browser takes it instead of asking.
      const session = await ownAnswer(CHECK_SESSION_URL);
      if (session) {
        result.bootstrap[CHECK_SESSION_URL] = session;
        result.fetches = result.fetches.filter((fetchUrl) => fetchUrl !== CHECK_SESSION_URL);
      }
    }
    if (chunkName === 'page-home') {
      const query = (url.searchParams.get('q') ?? '').trim();
      const aiMode = query !== '' && url.searchParams.get('mode') === 'ai';
      if (!aiMode && options.builtInCatalogue) {
        const dataUrl = catalogueSearchUrl(options.catalogueBase, query, pageParam(url.searchParams));
        const body = await injectJson(app, dataUrl, { host: request.host });
        if (body) {
          result.bootstrap[dataUrl] = body;
          result.images = cardImages(Array.isArray(body.videos) ? body.videos : []);
        }
      }
    } else if (chunkName === 'page-movie' && options.builtInCatalogue) {
      const id = decodeURIComponent(pathName.slice('/movie/'.length));
      const dataUrl = catalogueVideoUrl(options.catalogueBase, id);
      const body = await injectJson(app, dataUrl, { host: request.host });
      if (body && typeof body.id === 'string') {
        result.bootstrap[dataUrl] = body;
        result.images = [movieImageHint(body)].filter((hint): hint is ImageHint => hint !== undefined);
      }
    } else if (chunkName === 'page-selfie-videos') {
      const query = (url.searchParams.get('q') ?? '').trim();
      if (!query) {
        const page = pageParam(url.searchParams);
        const listUrl = selfieListUrl(page);
        const inlined = options.inlineOwnApi ? await ownAnswer(listUrl) : undefined;
        if (inlined) {
          result.bootstrap[listUrl] = inlined;
          result.images = cardImages(Array.isArray(inlined.videos) ? inlined.videos : []);
        } else {
          result.fetches.push(listUrl);
          const { videos } = await listPublicVideos(app.db, page, PAGE_SIZE);
          result.images = cardImages(videos.slice(0, FIRST_SCREEN_CARDS).map((video) => toPublicVideo(video)));
        }
      }
    } else if (chunkName === 'page-video') {
      // The poster is read here without counting a view. The view is counted by the video's GET:
      // the page's own preloaded request (the browser hands it to RTK Query), or for a page the
      // server renders, the one made here for its inlined answer, which the SPA then uses.
      const id = decodeURIComponent(pathName.slice('/selfieVideos/'.length));
      const viewer = await request.currentUser();
      const video = await findViewableVideo(app.db, id, viewer);
      if (video) {
        const videoUrl = selfieVideoUrl(id);
        // Inlined, the video's own GET (which counts the view) is made here, once, for the page.
        await inlineOrPreload([videoUrl, `${videoUrl}/likes`, `/v0/api/comments/${encodeURIComponent(id)}`]);
        const shown = toPublicVideo(video);
        result.images = [posterHint(shown as unknown as Record<string, unknown>)].filter((hint): hint is ImageHint => hint !== undefined);
        if (shown.hlsUrl) result.media.push(shown.hlsUrl);
      }
    } else if (chunkName === 'page-profile') {
      const id = decodeURIComponent(pathName.slice('/profile/'.length));
      const [profile] = await inlineOrPreload([profileUrl(id)]);
      const videos = profile?.videos;
      result.images = cardImages(Array.isArray(videos) ? videos : []);
    } else if (chunkName === 'page-edit-video') {
      // Asked as the user, as the page does (their own private video too).
      await inlineOrPreload([selfieVideoUrl(decodeURIComponent(pathName.slice('/selfieVideos/edit/'.length)))]);
    }
    if (options.inlineOwnApi && options.manifest) {
      // A page the server renders paints from its HTML alone: its stylesheets ride inside it.
      const spaDir = (app as Partial<Pick<FastifyInstance, 'config'>>).config?.spaDir;
      result.entryCss = options.manifest.entry?.css ?? [];
      if (spaDir) result.styles = await inlineStylesFor(spaDir, [...result.entryCss, ...(result.chunk?.css ?? [])]);
    }
  } catch (error) {
    request.log.debug({ err: error }, 'critical path hints skipped');
  }
  result.images = result.images.filter((image) => safeHref(image.href));
  result.media = result.media.filter(safeHref);
  return result;
}

const attr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON that cannot close its <script> element or open a comment. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The <head> tags of a critical path. For a page whose first screen the server rendered:
 *
 * - the preloads (images, data) come first, so the preload scanner sends them before it reaches
 *   the page's styles;
 * - the stylesheets are inlined (the entry's first, in their order; the document's own <link> to
 *   the entry's is dropped by server/http/after-paint.ts), or applied by a <link> where they cannot
 *   be: the markup needs them to paint as it will stay (the chunk's loader finds them and does not
 *   add them again);
 * - its page chunk's scripts are `defer` scripts, which after-paint.ts requests with the entry's
 *   once the first screen is shown, instead of preloads competing with it.
 */
export function renderCriticalPath(hints: CriticalPath, { serverRendered = false } = {}): string {
  const preloads: string[] = [];
  for (const href of hints.fetches) preloads.push(`<link rel="preload" href="${attr(href)}" as="fetch" crossorigin="use-credentials">`);
  for (const href of hints.media) preloads.push(`<link rel="preload" href="${attr(href)}" as="fetch" crossorigin="anonymous">`);
  hints.images.forEach(({ href, srcset, sizes }, index) => {
    const responsive = srcset ? ` imagesrcset="${attr(srcset)}" imagesizes="${attr(sizes ?? '100vw')}"` : '';
    const priority = index === 0 ? ' fetchpriority="high"' : '';
    preloads.push(`<link rel="preload" href="${attr(href)}" as="image"${priority}${responsive}>`);
  });
  const bootstrap =
    Object.keys(hints.bootstrap).length > 0
      ? [`<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${scriptSafeJson(hints.bootstrap)}</script>`]
      : [];
  const chunkJs = hints.chunk?.js ?? [];
  const chunkCss = hints.chunk?.css ?? [];
  if (!serverRendered) {
    return [
      ...chunkJs.map((href) => `<link rel="preload" href="/${attr(href)}" as="script">`),
      ...chunkCss.map((href) => `<link rel="preload" href="/${attr(href)}" as="style">`),
      ...preloads,
      ...bootstrap,
    ].join('');
  }
  const styles = hints.styles ?? {};
  const entryStyles = (hints.entryCss ?? []).flatMap((name) => (styles[name] !== undefined ? [inlineStyleTag(name, styles[name])] : []));
  const chunkStyles = chunkCss.map((href) =>
    styles[href] !== undefined ? inlineStyleTag(href, styles[href]) : `<link rel="stylesheet" href="/${attr(href)}">`,
  );
  return [
    ...preloads,
    ...entryStyles,
    ...chunkStyles,
    ...chunkJs.map((href) => `<script defer src="/${attr(href)}"></script>`),
    ...bootstrap,
  ].join('');
}

/** A URL as a Link header target: nothing that could end the <…> or split the header. */
const linkTarget = (href: string) => href.replace(/[<>\s,;"]/g, encodeURIComponent);

/**
 * The `Link` header of a page with media (a video page): the master playlist and the poster, the
 * two requests that gate the first frame. Browsers act on it before the HTML body arrives, and a
 * CDN in front can send it as 103 Early Hints. Undefined for pages without media.
 */
export function linkHeaderFor(hints: CriticalPath): string | undefined {
  if (hints.media.length === 0) return undefined;
  const links = hints.media.map((href) => `<${linkTarget(href)}>; rel=preload; as=fetch; crossorigin=anonymous`);
  const poster = hints.images[0];
  if (poster) links.push(`<${linkTarget(poster.href)}>; rel=preload; as=image; fetchpriority=high`);
  return links.join(', ');
}
