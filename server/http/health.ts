/**
 * Liveness and readiness in one: the process answers, the database answers a query, the process
 * is not shedding load (http/overload.ts lets /health through and it says so: 503), and its
 * start-up work is done (http/startup.ts: until then 503 with status 'starting').
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { pingDatabase } from '../infra/db';

const Database = Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]);
const Load = Type.Union([Type.Literal('ok'), Type.Literal('overloaded')]);

const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  database: Database,
  load: Load,
});

const UnhealthyResponse = Type.Object({
  status: Type.Union([Type.Literal('error'), Type.Literal('starting')]),
  database: Database,
  load: Load,
  starting: Type.Optional(Type.Array(Type.String(), { description: "While starting: the start-up steps not done yet (e.g. 'search index')." })),
});

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    { config: { noStore: true }, schema: { response: { 200: HealthResponse, 503: UnhealthyResponse } } },
    async (request, reply) => {
      let database: 'ok' | 'unavailable' = 'ok';
      try {
        await pingDatabase(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        database = 'unavailable';
      }
      const load = app.isOverloaded() ? ('overloaded' as const) : ('ok' as const);
      const starting = app.startup.pending();
      if (database === 'ok' && load === 'ok' && starting.length === 0) return { status: 'ok' as const, database, load };
      if (load === 'overloaded') reply.header('retry-after', String(app.config.overload.retryAfterSeconds));
      if (database === 'ok' && load === 'ok') return reply.code(503).send({ status: 'starting', database, load, starting });
      return reply.code(503).send({ status: 'error', database, load });
    },
  );
};
