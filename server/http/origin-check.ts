/**
 * Cross-site request forgery defence: every state-changing request (any method but GET, HEAD and
 * OPTIONS), on every route of the app — including routes added later and unknown paths — must come
 * come from the site itself: the origin the request was addressed to (its scheme and Host, or a
 * trusted proxy's forwarded ones — http/request-origin.ts), so the site works at whatever address
 * it is opened (localhost, 127.0.0.1, a LAN address), or one of the configured origins
 * (config.allowedOrigins: PUBLIC_URL's origin plus ALLOWED_ORIGINS). It runs in onRequest, before
 * any body is read, so a refused upload costs nothing.
 *
 * - `Sec-Fetch-Site: cross-site` is refused outright (a browser says so only for another site).
 * - `Origin` present: it must be the addressed origin or an allowed one; `Origin: null` (sandboxed frames, some
 *   redirects, data: and file: pages) is refused.
 * - No `Origin` but a `Referer`: the Referer's origin must be the addressed or an allowed one.
 * - `Sec-Fetch-Site: same-site` (a sibling subdomain) needs an allowed Origin or Referer.
 * - None of the three headers: allowed. Browsers send Origin with every cross-origin
 *   state-changing request (and Sec-Fetch-Site since 2020), so such a request cannot be a forged
 *   browser request: it comes from curl, a server or a test (README, design notes).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { t } from '../i18n';

import { sendErrorFromHook } from './errors';
import { redactUrl } from './logger';
import { requestOrigin } from './request-origin';

export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export type OriginVerdict = { allowed: true } | { allowed: false; reason: string };

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function single(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header[0] : header;
}

/**
 * The decision for one request's headers (pure: the unit the tests drive). `addressedOrigin` is
 * the origin the request was sent to (undefined when its Host is missing or malformed).
 */
export function checkOrigin(
  method: string,
  headers: FastifyRequest['headers'],
  allowedOrigins: readonly string[],
  addressedOrigin?: string,
): OriginVerdict {
  if (SAFE_METHODS.has(method.toUpperCase())) return { allowed: true };
  const isOwn = (value: string | undefined) =>
    value !== undefined && (value === addressedOrigin || allowedOrigins.includes(value));
  const fetchSite = single(headers['sec-fetch-site'])?.trim().toLowerCase();
  const origin = single(headers.origin)?.trim();
  const referer = single(headers.referer)?.trim();

  if (fetchSite === 'cross-site') return { allowed: false, reason: 'Sec-Fetch-Site: cross-site' };
  if (origin !== undefined && origin !== '') {
    // "null" and anything that is not an http(s) origin never matches.
    const value = originOf(origin);
    return isOwn(value) ? { allowed: true } : { allowed: false, reason: `Origin ${origin.slice(0, 200)}` };
  }
  if (referer !== undefined && referer !== '') {
    const value = originOf(referer);
    return isOwn(value) ? { allowed: true } : { allowed: false, reason: `Referer origin ${value ?? 'unreadable'}` };
  }
  // Neither Origin nor Referer: a browser on a sibling subdomain would have sent Origin.
  if (fetchSite === 'same-site') return { allowed: false, reason: 'Sec-Fetch-Site: same-site without Origin' };
  return { allowed: true };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with a state-changing method, as registered (for tests and start-up logs). */
    stateChangingRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

/**
 * Adds the global onRequest check (and the stateChangingRoutes list); call on the root instance
 * before any route is registered.
 */
export function installOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const routes: Array<{ method: string; url: string }> = [];
  app.decorate('stateChangingRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (!SAFE_METHODS.has(method.toUpperCase())) routes.push({ method, url: route.url });
  });
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (SAFE_METHODS.has(request.method.toUpperCase())) {
      done();
      return;
    }
    const verdict = checkOrigin(request.method, request.headers, allowedOrigins, requestOrigin(request));
    if (verdict.allowed) {
      done();
      return;
    }
    request.log.warn({ method: request.method, url: redactUrl(request.url), reason: verdict.reason }, 'cross-origin write refused');
    // The body (if any) is never read; the connection closes so nothing waits on it.
    const contentLength = request.headers['content-length'];
    if ((contentLength !== undefined && contentLength !== '0') || request.headers['transfer-encoding'] !== undefined) {
      reply.header('connection', 'close');
    }
    sendErrorFromHook(reply.header('cache-control', 'no-store').header('vary', 'Origin'), 403, t(request, 'error.crossOrigin'));
  });
}
