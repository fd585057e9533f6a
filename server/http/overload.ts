/**
 * Load shedding with @fastify/under-pressure: when the event loop is saturated (mean delay or
 * utilization over the configured limits, sampled twice a second), requests are answered at once
 * with 503, Retry-After and the one error shape, instead of queueing until clients time out.
 * /health is let through and says so itself (503, `load: "overloaded"`), so a load balancer
 * sees the truth and the check costs almost nothing.
 */
import { randomBytes } from 'node:crypto';

import { fastifyUnderPressure } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { OverloadConfig } from '../config';
import { t } from '../i18n';

import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** True while requests are being shed (always false when load shedding is off). */
    isOverloaded(): boolean;
  }
}

const HEALTH_PATHS = new Set(['/health', '/v0/api/health']);

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

export async function installLoadShedding(app: FastifyInstance, overload: OverloadConfig): Promise<void> {
  const enabled = overload.maxEventLoopDelayMs > 0 || overload.maxEventLoopUtilization > 0;
  if (!enabled) {
    app.decorate('isOverloaded', () => false);
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
      if (HEALTH_PATHS.has(request.routeOptions.url ?? '')) return undefined;
      if (request.headers[INTERNAL_HEADER] === INTERNAL_TOKEN) return undefined;
      request.log.debug({ type, value }, 'overloaded: request shed');
      reply.header('retry-after', String(overload.retryAfterSeconds)).header('cache-control', 'no-store');
      // A rejection ends the request in the shared error handler: 503 in the one error shape.
      return Promise.reject(new HttpError(503, t(request, 'error.overloaded')));
    },
  });
  app.decorate('isOverloaded', () => app.isUnderPressure());
}
