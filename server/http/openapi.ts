/**
 * The API description: @fastify/swagger builds an OpenAPI 3.1 document from the
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

import { requireModerator, requireUser } from './guards';
import { OPERATIONS, TAGS, type OperationAuth } from './openapi-operations';
import { SESSION_COOKIE } from './session-cookie';

export const OPENAPI_PATH = '/v0/api/openapi.json';
export const DOCS_PREFIX = '/v0/api/docs';

/** What the site documents: the API, uploaded media and the health check (not the SPA or the catalogue stand-in). */
function isDocumented(url: string): boolean {
  return (url.startsWith('/v0/api/') || url.startsWith('/media/') || url === '/health') && !url.startsWith(DOCS_PREFIX) && url !== OPENAPI_PATH;
}

/** Every failure: named `Error` in the document (see hoistNamedSchemas). */
export const ErrorBody = Type.Object(
  { success: Type.Literal(false), message: Type.String({ description: 'In the language of Accept-Language (en or zh).' }) },
  { title: 'Error', description: 'Every failure: a 4xx says what was wrong, a 5xx reveals nothing.' },
);

/** Multipart routes are read part by part, so their body has no validation schema: described here instead. */
const MULTIPART_BODIES: Record<string, object> = {
  '/v0/api/movies/upload': Type.Object({
    title: Type.String(),
    description: Type.Optional(Type.String()),
    visibility: Type.Optional(Type.Union([Type.Literal('public'), Type.Literal('unlisted'), Type.Literal('private')])),
    movieFile: Type.String({ format: 'binary' }),
    thumbnailFile: Type.String({ format: 'binary' }),
  }),
  '/v0/api/videos/selfieVideos/:id/thumbnail': Type.Object({ thumbnailFile: Type.String({ format: 'binary' }) }),
  // Captions (domains/captions/caption-routes.ts).
  '/v0/api/videos/selfieVideos/:id/captions/:lang': Type.Object({
    captionFile: Type.String({ format: 'binary', description: 'SubRip (.srt) or WebVTT (.vtt), at most 2 MB' }),
    label: Type.Optional(Type.String({ maxLength: 80, description: 'Shown in the captions menu; the language name by default' })),
  }),
};

/** tus chunks (domains/media/uploads/tus-routes.ts) go to @tus/server as a raw stream: described here. */
const TUS_CHUNK_URL = '/v0/api/uploads/:id';

const MEDIA_WILDCARD = '/media/*';
const BINARY = { type: 'string', format: 'binary' };
/**
 * The media route (domains/media/media-routes.ts) streams files and has no validation schema: described here.
 * Its wildcard becomes a named parameter (OpenAPI has no unnamed ones); the key may contain "/".
 */
const MEDIA_SCHEMA = {
  params: Type.Object({
    key: Type.String({ description: 'Storage key, e.g. `videos/<id>/h264.mp4` or `videos/<id>/hls/master.m3u8` (may contain "/").' }),
  }),
  headers: Type.Object({
    range: Type.Optional(Type.String({ description: 'One byte range, `bytes=start-end`.' })),
    'if-none-match': Type.Optional(Type.String()),
    'if-modified-since': Type.Optional(Type.String()),
  }),
  response: {
    200: { description: 'The whole file (its own content type).', content: { 'application/octet-stream': { schema: BINARY } } },
    206: { description: 'The requested byte range.', content: { 'application/octet-stream': { schema: BINARY } } },
    304: { description: 'Not modified since the validator the client sent.', type: 'null' },
    416: ErrorBody,
  },
};

/** A route's guard (preHandler), for the check that the document's security matches it. */
type Guard = 'session' | 'staff' | 'none';
function guardOf(route: RouteOptions): Guard {
  const handlers = [route.preHandler ?? []].flat();
  if (handlers.includes(requireModerator as never)) return 'staff';
  if (handlers.includes(requireUser as never)) return 'session';
  return 'none';
}

const COOKIE_AUTH = 'cookieAuth';
const SECURITY: Record<OperationAuth, Array<Record<string, string[]>>> = {
  public: [],
  // `{}` first: no credential needed; the cookie, when sent, changes what the answer shows.
  optional: [{}, { [COOKIE_AUTH]: [] }],
  session: [{ [COOKIE_AUTH]: [] }],
  staff: [{ [COOKIE_AUTH]: [] }],
};
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Fastify's /a/:id → OpenAPI's /a/{id}. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The document's schemas minus what only our validator reads: ajv-errors' `errorMessage`
 * (http/validation.ts) is no OpenAPI keyword. Subschemas with a `title` that is a type name
 * ("SelfieVideo") become components.schemas entries referenced by $ref: one name per shape in the
 * generated client types, one entry in the reference instead of the same object 20 times.
 */
function hoistNamedSchemas(node: unknown, named: Map<string, Json>): unknown {
  if (Array.isArray(node)) return node.map((item) => hoistNamedSchemas(item, named));
  if (!isObject(node)) return node;
  const copy: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'errorMessage') continue;
    copy[key] = hoistNamedSchemas(value, named);
  }
  const title = copy.title;
  if (typeof title !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(title) || !('type' in copy || 'anyOf' in copy)) return copy;
  const known = named.get(title);
  if (known && JSON.stringify(known) !== JSON.stringify(copy)) {
    throw new Error(`OpenAPI: two different schemas are titled "${title}"; give one another title.`);
  }
  named.set(title, copy);
  return { $ref: `#/components/schemas/${title}` };
}

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

  /** `get /v0/api/x/{id}` → the guard of the route that serves it (filled by transform). */
  const guards = new Map<string, Guard>();

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Video site API',
        version: '0.1.0',
        description:
          'The API the SPA talks to. Sessions are an httpOnly cookie set by the login routes; failures answer `{ success: false, message }`. ' +
          'State-changing requests must come from the site\'s own origin (Origin header).',
        // package.json's "UNLICENSED": proprietary; SPDX names a licence of one's own LicenseRef-….
        license: { name: 'Proprietary (UNLICENSED)', identifier: 'LicenseRef-Proprietary' },
      },
      // The API is served by the site itself: relative to where this document is (PUBLIC_URL).
      servers: [{ url: '/', description: 'This site (PUBLIC_URL)' }],
      components: {
        securitySchemes: {
          [COOKIE_AUTH]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie the login routes set (httpOnly).' },
        },
      },
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    },
    exposeHeadRoutes: false,
    transform: ({ schema, url, route }) => {
      if (!isDocumented(url)) return { schema: { ...schema, hide: true } as FastifySchema, url };
      const documented: Record<string, unknown> = url === MEDIA_WILDCARD ? { ...schema, ...MEDIA_SCHEMA } : { ...schema };
      const documentedUrl = url === MEDIA_WILDCARD ? '/media/:key' : url;
      const response = (documented.response ?? {}) as Record<string, unknown>;
      documented.response = { ...response, ...('4XX' in response ? {} : { '4XX': ErrorBody }) };
      const multipart = MULTIPART_BODIES[url];
      if (multipart && [route.method].flat().some((method) => method === 'POST' || method === 'PUT')) {
        documented.consumes = ['multipart/form-data'];
        documented.body = multipart;
      }
      if (url === TUS_CHUNK_URL && [route.method].flat().includes('PATCH')) {
        documented.consumes = ['application/offset+octet-stream'];
        documented.body = { type: 'string', format: 'binary', description: 'The bytes from Upload-Offset on' };
      }
      for (const method of [route.method].flat()) guards.set(`${method.toLowerCase()} ${openApiPath(documentedUrl)}`, guardOf(route));
      return { schema: documented as FastifySchema, url: documentedUrl };
    },
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const { openapiObject } = documentObject;
      const named = new Map<string, Json>();
      const paths = hoistNamedSchemas(openapiObject.paths, named) as Record<string, Record<string, Json>>;
      const problems: string[] = [];
      for (const [path, item] of Object.entries(paths)) {
        for (const [method, operation] of Object.entries(item)) {
          if (!HTTP_METHODS.includes(method)) continue;
          const key = `${method} ${path}`;
          const info = OPERATIONS[key];
          operation.operationId ??= info?.operationId;
          operation.summary ??= info?.summary;
          operation.tags ??= info ? [info.tag] : undefined;
          if (info) operation.security = SECURITY[info.auth];
          if (!operation.operationId || !operation.summary || !operation.tags || !info) {
            problems.push(`${key}: no entry in server/http/openapi-operations.ts`);
            continue;
          }
          const guard = guards.get(key) ?? 'none';
          if (guard !== 'none' && guard !== info.auth) problems.push(`${key}: the route requires "${guard}", the document says "${info.auth}"`);
        }
      }
      if (problems.length > 0) throw new Error(`OpenAPI: describe these operations correctly:\n${problems.join('\n')}`);
      const components = { ...openapiObject.components, schemas: { ...openapiObject.components?.schemas, ...Object.fromEntries([...named].sort()) } };
      return { ...openapiObject, components, paths } as typeof openapiObject;
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
