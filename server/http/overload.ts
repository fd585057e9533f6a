/**
 * Load shedding with @fastify/under-pressure: when the event loop is saturated (mean delay or
 * utilization over the configured limits, sampled twice a second), requests are answered at once
 * with 503, Retry-After and the one error shape, instead of queueing until clients time out.
 * /health is let through and says so itself (503, `load: "overloaded"`), so a load balancer
 * sees the truth and the check costs almost nothing.
 */
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
      request.log.debug({ type, value }, 'overloaded: request shed');
      reply.header('retry-after', String(overload.retryAfterSeconds)).header('cache-control', 'no-store');
      // A rejection ends the request in the shared error handler: 503 in the one error shape.
      return Promise.reject(new HttpError(503, t(request, 'error.overloaded')));
    },
  });
  app.decorate('isOverloaded', () => app.isUnderPressure());
}
