/**
 * Load shedding: instead of queueing until clients time out, a saturated process answers at once
 * with 503, Retry-After and the one error shape. Two signals:
 *
 * - requests being worked on (from arrival until their answer starts to go out) above
 *   OVERLOAD_MAX_IN_FLIGHT: a flood otherwise shares the CPU between all of them, so every one
 *   finishes late; capped, the admitted ones finish in bounded time and the rest are told to
 *   retry. Streams (media, catalogue clips) stop counting once they start sending; uploads,
 *   which read their body for minutes, do not count.
 * - the event loop's mean delay (and optionally its utilization) over the configured limits,
 *   sampled twice a second by @fastify/under-pressure.
 *
 * /health is let through and says so itself (503, `load: "overloaded"`), so a load balancer sees
 * the truth and the check costs almost nothing. The process's own in-process requests are never
 * shed. A shed page navigation gets a small localized HTML page that reloads itself after
 * Retry-After, not the JSON error a browser would show as raw text.
 */
import { randomBytes } from 'node:crypto';

import { fastifyUnderPressure } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { OverloadConfig } from '../config';
import { requestLanguage, t } from '../i18n';

import { HttpError } from './errors';
import { isHistoryNavigation } from './spa';

declare module 'fastify' {
  interface FastifyInstance {
    /** True while requests are being shed (always false when load shedding is off). */
    isOverloaded(): boolean;
  }
}

const HEALTH_PATHS = new Set(['/health', '/v0/api/health']);
/** Long-running by nature (a 1 GB body): never counted nor shed by the in-flight cap. */
const LONG_RUNNING_PATHS = new Set(['/v0/api/movies/upload']);

/**
 * The process's own in-process requests (app.inject: the search index reading the built-in
 * catalogue at start-up, while the loop is busy building it) are never shed. They carry this
 * header with a secret made at start, so no outside request can claim to be one.
 */
const INTERNAL_HEADER = 'x-internal-request';
const INTERNAL_TOKEN = randomBytes(18).toString('base64url');

export function internalRequestHeaders(): Record<string, string> {
  return { [INTERNAL_HEADER]: INTERNAL_TOKEN };
}

function exempt(request: FastifyRequest): boolean {
  return HEALTH_PATHS.has(request.routeOptions.url ?? '') || request.headers[INTERNAL_HEADER] === INTERNAL_TOKEN;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** The busy page for a shed navigation: the user's language, a title, a heading, and a reload after the wait. */
export function overloadedPage(request: FastifyRequest, retryAfterSeconds: number): string {
  const language = requestLanguage(request);
  const title = escapeHtml(t(request, 'overloaded.title'));
  const message = escapeHtml(t(request, 'error.overloaded'));
  const again = escapeHtml(t(request, 'overloaded.retry'));
  const here = escapeHtml(request.url);
  return `<!doctype html>
<html lang="${language === 'zh' ? 'zh-CN' : 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${retryAfterSeconds}"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#1a1a1a;background:#fafafa}main{max-width:32rem;padding:1.5rem;text-align:center}a{color:#0b57d0}</style></head>
<body><main><h1>${title}</h1><p>${message}</p><p><a href="${here}">${again}</a></p></main></body>
</html>
`;
}

export async function installLoadShedding(app: FastifyInstance, overload: OverloadConfig): Promise<void> {
  const retryHeaders = (reply: FastifyReply) =>
    reply.code(503).header('retry-after', String(overload.retryAfterSeconds)).header('cache-control', 'no-store');
  const shed = (request: FastifyRequest, reply: FastifyReply): HttpError => {
    retryHeaders(reply);
    return new HttpError(503, t(request, 'error.overloaded'));
  };
  /** A browser navigating to a page gets the busy page; the caller sends it. */
  const shedNavigation = (request: FastifyRequest, reply: FastifyReply): string | undefined => {
    if (!isHistoryNavigation(request)) return undefined;
    retryHeaders(reply).type('text/html; charset=utf-8');
    return overloadedPage(request, overload.retryAfterSeconds);
  };

  // ---- requests in flight ----
  let inFlight = 0;
  const counted = new WeakSet<FastifyRequest>();
  const release = (request: FastifyRequest) => {
    if (counted.delete(request)) inFlight -= 1;
  };
  if (overload.maxInFlight > 0) {
    app.addHook('onRequest', (request, reply, done) => {
      if (exempt(request) || LONG_RUNNING_PATHS.has(request.routeOptions.url ?? '')) {
        done();
        return;
      }
      if (inFlight >= overload.maxInFlight) {
        request.log.debug({ inFlight }, 'overloaded: request shed');
        const page = shedNavigation(request, reply);
        if (page === undefined) done(shed(request, reply));
        else reply.send(page);
        return;
      }
      inFlight += 1;
      counted.add(request);
      done();
    });
    // Whichever comes first: the answer starts to go out, the client goes away.
    app.addHook('onSend', (request, _reply, payload, done) => {
      release(request);
      done(null, payload);
    });
    app.addHook('onResponse', (request, _reply, done) => {
      release(request);
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      release(request);
      done();
    });
  }
  const tooManyInFlight = () => overload.maxInFlight > 0 && inFlight >= overload.maxInFlight;

  // ---- event loop ----
  if (overload.maxEventLoopDelayMs <= 0 && overload.maxEventLoopUtilization <= 0) {
    app.decorate('isOverloaded', tooManyInFlight);
    return;
  }
  await app.register(fastifyUnderPressure, {
    ...(overload.maxEventLoopDelayMs > 0 ? { maxEventLoopDelay: overload.maxEventLoopDelayMs } : {}),
    ...(overload.maxEventLoopUtilization > 0 ? { maxEventLoopUtilization: overload.maxEventLoopUtilization } : {}),
    // Utilization of the last sample window, not since start-up; sampled twice a second.
    eventLoopUtilizationMode: 'interval',
    sampleInterval: 500,
    retryAfter: overload.retryAfterSeconds,
    pressureHandler: (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
      // /health answers for itself (nothing returned: the request goes on).
      if (exempt(request)) return undefined;
      request.log.debug({ type, value }, 'overloaded: request shed');
      // A navigation gets the busy page (Fastify goes no further once a reply is sent); a
      // rejection ends the request in the shared error handler: 503 in the one error shape.
      const page = shedNavigation(request, reply);
      if (page === undefined) return Promise.reject(shed(request, reply));
      void reply.send(page);
      return undefined;
    },
  });
  app.decorate('isOverloaded', () => tooManyInFlight() || app.isUnderPressure());
}
