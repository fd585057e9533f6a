/**
 * Liveness and readiness in one: the process answers, the database answers a query, and the
 * process is not shedding load (http/overload.ts lets /health through and it says so: 503).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { pingDatabase } from '../db';

const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  load: Type.Union([Type.Literal('ok'), Type.Literal('overloaded')]),
});

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: HealthResponse, 503: HealthResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      let database: 'ok' | 'unavailable' = 'ok';
      try {
        await pingDatabase(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        database = 'unavailable';
      }
      const load = app.isOverloaded() ? ('overloaded' as const) : ('ok' as const);
      if (database === 'ok' && load === 'ok') return { status: 'ok' as const, database, load };
      if (load === 'overloaded') reply.header('retry-after', String(app.config.overload.retryAfterSeconds));
      return reply.code(503).send({ status: 'error', database, load });
    },
  );
};
