/**
 * Load shedding: instead of queueing until clients time out, a saturated process answers at once
 * with 503, Retry-After and the one error shape. Two signals:
 *
 * - admission control (http/admission.ts), in onRequest before any database or render work: at
 *   most OVERLOAD_MAX_IN_FLIGHT requests worked on at once (OVERLOAD_MAX_IN_FLIGHT_PAGES for
 *   server-rendered page views, which have their own places), from arrival until their answer
 *   starts to go out, and a bounded number started per turn of the event loop. The next ones wait
 *   in a FIFO queue: refused at once past OVERLOAD_MAX_QUEUE waiting, or once they have waited
 *   OVERLOAD_MAX_QUEUE_WAIT_MS. A flood without a cap shares the CPU between all requests, so every one finishes late;
 *   a cap without a queue spends the CPU on refusing clients that come straight back. A place is
 *   for work, never for waiting on a client: a request with a body takes its place once the body
 *   has arrived (before validation), not when its headers do; uploads (multipart forms and tus),
 *   whose handlers read their bodies for minutes, take none; answers that stream (media,
 *   catalogue clips) stop counting once they start sending, and a notification stream gives its
 *   place back as it opens (request.leaveAdmission()). Those long-lived connections have budgets
 *   of their own (http/slow-clients.ts, domains/following/following-routes.ts), so they can never make the API or
 *   /health look overloaded. A client that goes away gives its place (or its turn) back.
 * - the event loop's mean delay (and optionally its utilization) over the configured limits,
 *   sampled twice a second by @fastify/under-pressure: the backstop for work the gates do not
 *   see (a slow render, a background job in the same process).
 *
 * /health is let through and says so itself (503, `load: "overloaded"`) while requests are being
 * turned away (a gate refusing arrivals or letting waiters run out of time, or the backstop), not
 * while a gate is merely full and working through its queue: a load balancer sees the truth and
 * the check costs almost nothing. The process's own in-process requests are never
 * shed. A shed page navigation gets a small localized HTML page with a link to try again, not
 * the JSON error a browser would show as raw text.
 */
import { randomBytes } from 'node:crypto';

import { fastifyUnderPressure } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { OverloadConfig } from '../config/index';
import { requestLanguage, t } from '../i18n';

import { AdmissionGate } from './admission';
import { HttpError } from './errors';
import { isHistoryNavigation } from './navigation';

declare module 'fastify' {
  interface FastifyInstance {
    /** True while requests are being shed (always false when load shedding is off). */
    isOverloaded(): boolean;
    /** The admission gates: server-rendered page views, everything else (http/admission.ts). */
    admission: { page: AdmissionGate; other: AdmissionGate };
  }
  interface FastifyRequest {
    /** Gives this request's admission place back (a long-lived answer, once its work is done). */
    leaveAdmission(): void;
  }
}

const HEALTH_PATHS = new Set(['/health', '/v0/api/health']);
/**
 * Handlers that read their body themselves, for as long as the client takes to send it (a 1 GB
 * upload): never counted nor shed by the in-flight cap. The routes say so (`config.readsOwnBody`,
 * declared in http/route-preambles.ts); any multipart request is one too.
 */
function readsOwnBody(request: FastifyRequest): boolean {
  return request.routeOptions.config.readsOwnBody === true || (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
}

/** A body is coming: Fastify reads it between onRequest and preValidation. */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

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

/**
 * The busy page for a shed navigation: the user's language, a title, a heading and a link to try
 * again. It does not reload itself: a timed refresh takes the page from under a screen-reader
 * user (WCAG 2.2.1; axe's meta-refresh rule), and Retry-After already tells the wait to clients.
 */
export function overloadedPage(request: FastifyRequest): string {
  const language = requestLanguage(request);
  const title = escapeHtml(t(request, 'overloaded.title'));
  const message = escapeHtml(t(request, 'error.overloaded'));
  const again = escapeHtml(t(request, 'overloaded.retry'));
  const here = escapeHtml(request.url);
  return `<!doctype html>
<html lang="${language === 'zh' ? 'zh-CN' : 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
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
    return overloadedPage(request);
  };

  // ---- admission: requests in flight, per class ----
  // Server-rendered pages cost far more CPU than an API read: their own places, so a flood of
  // page views cannot take every place from the API (nor the reverse).
  const gates = {
    page: new AdmissionGate({ maxInFlight: overload.maxInFlightPages, maxWaitMs: overload.maxQueueWaitMs, maxQueue: overload.maxQueue }),
    other: new AdmissionGate({ maxInFlight: overload.maxInFlight, maxWaitMs: overload.maxQueueWaitMs, maxQueue: overload.maxQueue }),
  };
  app.decorate('admission', gates);
  const holding = new WeakMap<FastifyRequest, AdmissionGate>();
  const withdrawals = new WeakMap<FastifyRequest, () => void>();
  const release = (request: FastifyRequest) => {
    const gate = holding.get(request);
    if (gate === undefined) return;
    holding.delete(request);
    gate.leave();
  };
  app.decorateRequest('leaveAdmission', function leaveAdmission(this: FastifyRequest) {
    release(this);
  });
  if (overload.maxInFlight > 0 || overload.maxInFlightPages > 0) {
    const admit = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      const kind = isHistoryNavigation(request) ? 'page' : 'other';
      const gate = gates[kind];
      const withdraw = gate.enter((admitted, refusal) => {
        withdrawals.delete(request);
        if (admitted) {
          holding.set(request, gate);
          done();
          return;
        }
        if (refusal !== 'gone') app.metrics.shed.inc({ class: kind, reason: refusal ?? 'busy' });
        request.log.debug({ inFlight: gate.inFlight, queued: gate.queued, refusal }, 'overloaded: request shed');
        const page = shedNavigation(request, reply);
        if (page === undefined) done(shed(request, reply));
        else reply.send(page);
      });
      if (withdraw) withdrawals.set(request, withdraw);
    };
    // Without a body: admitted on arrival. With one: once it has arrived (a slow sender holds
    // a socket, never a place). Uploads: never.
    app.addHook('onRequest', (request, reply, done) => {
      if (exempt(request) || readsOwnBody(request) || hasBody(request)) done();
      else admit(request, reply, done);
    });
    app.addHook('preValidation', (request, reply, done) => {
      if (exempt(request) || readsOwnBody(request) || !hasBody(request)) done();
      else admit(request, reply, done);
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
      // Gone while waiting: its place in the queue is given up (answered 503 to nobody).
      withdrawals.get(request)?.();
      release(request);
      done();
    });
  }
  const tooManyInFlight = () => gates.page.shedding() || gates.other.shedding();

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
      app.metrics.shed.inc({ class: isHistoryNavigation(request) ? 'page' : 'other', reason: 'event_loop' });
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
