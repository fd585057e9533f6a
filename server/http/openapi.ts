/**
 * The API description (issue 15): @fastify/swagger builds an OpenAPI 3.1 document from the
 * routes' own TypeBox schemas, served at GET /v0/api/openapi.json, and @fastify/swagger-ui shows
 * it at /v0/api/docs (its static files are loaded only there, never by the SPA).
 *
 * Must be installed before the routes are registered: @fastify/swagger and `app.routeCatalog`
 * (every route, for the test that fails when an /v0/api route has no schema) both collect routes
 * through onRoute.
 */
import { fastifySwagger } from '@fastify/swagger';
import { fastifySwaggerUi } from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { Type } from 'typebox';

import { SESSION_COOKIE } from '../services/sessions';

export const OPENAPI_PATH = '/v0/api/openapi.json';
export const DOCS_PREFIX = '/v0/api/docs';

/** What the site documents: the API, uploaded media and the health check (not the SPA or the catalogue stand-in). */
function isDocumented(url: string): boolean {
  return (url.startsWith('/v0/api/') || url.startsWith('/media/') || url === '/health') && !url.startsWith(DOCS_PREFIX) && url !== OPENAPI_PATH;
}

const ErrorBody = Type.Object(
  { success: Type.Literal(false), message: Type.String({ description: 'In the language of Accept-Language (en or zh).' }) },
  { description: 'Every failure: a 4xx says what was wrong, a 5xx reveals nothing.' },
);

/** Multipart routes are read part by part, so their body has no validation schema: described here instead. */
const MULTIPART_BODIES: Record<string, object> = {
  '/v0/api/movies/upload': Type.Object({
    title: Type.String(),
    description: Type.Optional(Type.String()),
    visibility: Type.Optional(Type.Union([Type.Literal('public'), Type.Literal('private')])),
    movieFile: Type.String({ format: 'binary' }),
    thumbnailFile: Type.String({ format: 'binary' }),
  }),
};

export interface RouteRecord {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after installOpenApi, as onRoute saw it. */
    routeCatalog: RouteRecord[];
  }
}

export async function installOpenApi(app: FastifyInstance): Promise<void> {
  const catalog: RouteRecord[] = [];
  app.decorate('routeCatalog', catalog);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) catalog.push({ method, url: route.url, schema: route.schema });
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Video site API',
        version: '0.1.0',
        description:
          'The API the SPA talks to. Sessions are an httpOnly cookie set by the login routes; failures answer `{ success: false, message }`.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
      tags: [{ name: 'moderation', description: 'Reports and the moderator API (moderator or admin role)' }],
    },
    exposeHeadRoutes: false,
    transform: ({ schema, url, route }) => {
      if (!isDocumented(url)) return { schema: { ...schema, hide: true } as FastifySchema, url };
      const documented: Record<string, unknown> = { ...schema };
      const response = (schema?.response ?? {}) as Record<string, unknown>;
      documented.response = { ...response, ...('4XX' in response ? {} : { '4XX': ErrorBody }) };
      const multipart = MULTIPART_BODIES[url];
      if (multipart && [route.method].flat().includes('POST')) {
        documented.consumes = ['multipart/form-data'];
        documented.body = multipart;
      }
      return { schema: documented as FastifySchema, url };
    },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });

  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null, deepLinking: true },
    // The site's CSP (http/security.ts) already allows what the reference needs (its own
    // scripts and styles from this origin); nothing is loosened for it.
    staticCSP: false,
  });
}
