/**
 * Builds the whole site as one Fastify app without listening (tests use app.inject):
 * the API under /v0/api, uploaded media under /media, the catalogue stand-in under /catalogue
 * (unless CATALOGUE_URL names another provider) and the SPA for everything else.
 */
import { mkdir } from 'node:fs/promises';

import { fastifyCompress } from '@fastify/compress';
import { fastifyCookie } from '@fastify/cookie';
import { fastifyHelmet } from '@fastify/helmet';
import { fastifyRateLimit } from '@fastify/rate-limit';
import { registerAjvFormats, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import type { Kysely } from 'kysely';

import type { AppConfig } from './config/index';
import { createDatabase, migrateToLatest, type AppDatabase } from './infra/db';
import type { Database } from './infra/db/schema';
import { trustProxyOption } from './http/client-address';
import { installSlowClientGuards, slowClientServerOptions } from './http/slow-clients';
import { installUploadBudget } from './http/upload-budget';
import { handleClientError } from './http/client-errors';
import { compressionOptions } from './http/compression';
import { HttpError, installErrorHandler, sendError } from './http/errors';
import { hostHeaderServerOptions, installHostCheck } from './http/host-header';
import { loggerOptions } from './http/logger';
import { installOpenApi } from './http/openapi';
import { installOriginCheck } from './http/origin-check';
import { namedPlugin, registerInOrder, type AppPart } from './http/plugins';
import { installPageCache } from './pages/page-cache';
import { installRoutePreambles } from './http/route-preambles';
import { installLoadShedding } from './http/overload';
import { helmetOptions } from './http/security';
import type { ServerRenderer } from './pages/server-render';
import { embedPageRoutes } from './pages/embed-routes';
import { registerSpa, type SpaOptions } from './pages/spa';
import { sharedSerializerCompiler } from './http/serialization';
import { installStartup } from './http/startup';
import { formatValidationErrors, typeboxValidatorCompiler } from './http/validation';
import { t } from './i18n';
import { installMetrics } from './infra/metrics';
import { apiRoutes } from './domains/api-routes';
import { healthRoutes } from './http/health';
import { installMedia } from './domains/media';
import { installFollowing } from './domains/following';
import { mediaRoutes } from './domains/media/media-routes';
import { sharingSiteRoutes } from './domains/sharing/sharing-routes';
import { installInstanceSharing, rateLimitStoreOptions } from './infra/instances';
import { installSearch } from './domains/search';
import { backfillCaptionSearch, followVideoChanges } from './domains/search/changes';
import { createSqlSessionStore, installSessions } from './domains/accounts/sessions';
import { openStorage } from './infra/storage/open';
import type { Storage } from './infra/storage/storage';

/** JSON bodies are small; uploads (multipart) set their own limits. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildAppOptions {
  /** Fastify logger setting; defaults to the configured pino logger. */
  logger?: FastifyServerOptions['logger'];
  /** An already-open database (migrations still run); its owner closes it. */
  database?: AppDatabase;
  /** Where uploads are stored; defaults to the configured one (S3_BUCKET, else config.mediaDir). */
  storage?: Storage;
  /** Renders first screens of public pages; the SPA build's bundle by default. */
  serverRenderer?: ServerRenderer;
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** The database handle with its dialect (for the few places SQL differs). */
    database: AppDatabase;
    /** Shortcut for database.db: the typed query builder. */
    db: Kysely<Database>;
  }
}

export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<AppInstance> {
  await Promise.all([config.dataDir, config.mediaDir, config.mailDir].map((dir) => mkdir(dir, { recursive: true })));

  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await createDatabase(config));
  try {
    await migrateToLatest(database.db);
    const storage = options.storage ?? (await openStorage(config));
    try {
      return await assembleApp(config, database, ownsDatabase, storage, !options.storage, options.logger ?? loggerOptions(config), {
        serverRenderer: options.serverRenderer,
      });
    } catch (error) {
      if (!options.storage) await storage.close?.();
      throw error;
    }
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
}

async function assembleApp(
  config: AppConfig,
  database: AppDatabase,
  ownsDatabase: boolean,
  storage: Storage,
  ownsStorage: boolean,
  logger: FastifyServerOptions['logger'],
  spaOptions: SpaOptions,
): Promise<AppInstance> {
  const app = Fastify({
    logger,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    schemaErrorFormatter: formatValidationErrors,
    // Requests the HTTP parser refuses still get the one error shape (http/client-errors.ts).
    clientErrorHandler: handleClientError,
    // Node would refuse a request without Host with an empty 400; the app does it in the error shape.
    http: { ...hostHeaderServerOptions, ...slowClientServerOptions(config.connections) },
    // Idle connections are closed (http/slow-clients.ts).
    connectionTimeout: config.connections.idleTimeoutMs,
    // Errors the router raises before any route runs still get the one error shape. An id
    // longer than the router accepts cannot name anything, so it is simply not found.
    frameworkErrors: (error, request, reply) =>
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? sendError(reply, 404, t(request, 'error.notFound'))
        : sendError(reply, 400, t(request, 'error.badRequest')),
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerAjvFormats();
  app.setValidatorCompiler(typeboxValidatorCompiler);
  app.setSerializerCompiler(sharedSerializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('storage', storage);
  await registerInOrder(app, appParts(app, config, { database, ownsDatabase, storage, ownsStorage }, spaOptions));
  return app;
}

/** Hooks every route must come after: a route takes the app-wide hooks that exist when it is added. */
const BEFORE_ANY_ROUTE = [
  'error-handler',
  'sessions',
  'host-check',
  'slow-client-guards',
  'upload-budget',
  'origin-check',
  'security-headers',
  'cookies',
  'page-cache',
  'load-shedding',
  'compression',
  'rate-limits',
  'metrics',
  'openapi',
  'route-preambles',
];

/**
 * The app's parts, each with what it needs when it registers or whose hooks must run before its
 * own (http/plugins.ts registers them in that order; this listing order only breaks ties).
 */
function appParts(
  app: FastifyInstance,
  config: AppConfig,
  engines: { database: AppDatabase; ownsDatabase: boolean; storage: Storage; ownsStorage: boolean },
  spaOptions: SpaOptions,
): AppPart[] {
  const { database, ownsDatabase, storage, ownsStorage } = engines;
  return [
    // Long start-up work (the search index) runs once the app is ready, never under the plugin time
    // limit; /health says 'starting' until it is done (http/startup.ts).
    { name: 'startup', register: installStartup },
    // Redis and change events between instances (or this process alone).
    { name: 'instance-sharing', register: installInstanceSharing },
    { name: 'search', dependencies: ['startup', 'instance-sharing'], register: (instance) => installSearch(instance) },
    { name: 'search-follows-video-changes', dependencies: ['search'], register: followVideoChanges },
    { name: 'caption-search-backfill', dependencies: ['search'], register: backfillCaptionSearch },
    { name: 'media', dependencies: ['instance-sharing'], register: (instance) => installMedia(instance) },
    { name: 'following', dependencies: ['instance-sharing'], register: installFollowing },
    {
      // Closed after the parts that use them have stopped (their close hooks were added first).
      name: 'owned-engines',
      dependencies: ['search', 'media', 'following'],
      register: (instance) => {
        if (ownsDatabase) instance.addHook('onClose', async () => database.close());
        if (ownsStorage) instance.addHook('onClose', async () => storage.close?.());
      },
    },
    {
      name: 'sessions',
      register: async (instance) => {
        const sessions = createSqlSessionStore(database.db);
        installSessions(instance, sessions);
        const purged = await sessions.purgeExpiredSessions();
        if (purged > 0) instance.log.info({ purged }, 'expired sessions removed');
      },
    },
    { name: 'error-handler', register: installErrorHandler },
    { name: 'host-check', dependencies: ['error-handler'], register: installHostCheck },
    // Before admission: slow bodies and crowded addresses are bounded without taking a place.
    {
      name: 'slow-client-guards',
      dependencies: ['error-handler'],
      register: (instance) => installSlowClientGuards(instance, config.connections, config.trustProxy !== false),
    },
    { name: 'upload-budget', dependencies: ['error-handler'], register: (instance) => installUploadBudget(instance, config.connections) },
    // Every state-changing request of every route must come from our origins.
    { name: 'origin-check', dependencies: ['error-handler'], register: (instance) => installOriginCheck(instance, config.allowedOrigins) },
    // Security headers and cookies before the page cache, which answers a visitor's cached page
    // before admission: it takes no place (pages/page-cache.ts), and gets both like any answer.
    { name: 'security-headers', register: (instance) => instance.register(fastifyHelmet, helmetOptions(config)) },
    { name: 'cookies', register: (instance) => instance.register(fastifyCookie) },
    {
      name: 'page-cache',
      dependencies: ['security-headers', 'cookies', 'sessions', 'instance-sharing'],
      register: (instance) => installPageCache(instance, config.pageCache),
    },
    // A saturated process sheds requests (503) instead of queueing them; what the parts above
    // refuse or answer never takes a place.
    {
      name: 'load-shedding',
      dependencies: ['host-check', 'slow-client-guards', 'upload-budget', 'origin-check', 'page-cache'],
      register: (instance) => installLoadShedding(instance, config.overload),
    },
    { name: 'compression', dependencies: ['page-cache'], register: (instance) => instance.register(fastifyCompress, compressionOptions) },
    // Limits are opt-in per route (config.rateLimit); counted in Redis when REDIS_URL is set.
    {
      name: 'rate-limits',
      dependencies: ['instance-sharing'],
      register: (instance) =>
        instance.register(fastifyRateLimit, {
          global: false,
          ...rateLimitStoreOptions(instance),
          errorResponseBuilder: (_request, context) =>
            new HttpError(context.statusCode, `Too many requests, please try again in ${context.after}.`),
        }),
    },
    { name: 'metrics', register: (instance) => installMetrics(instance, config.metricsPort) },
    // It collects the routes into the OpenAPI document (GET /v0/api/openapi.json).
    { name: 'openapi', register: installOpenApi },
    // Validation answers and no-store by route options (http/route-preambles.ts).
    { name: 'route-preambles', register: installRoutePreambles },
    {
      name: 'catalogue-stand-in',
      dependencies: BEFORE_ANY_ROUTE,
      register: async (instance) => {
        if (!config.catalogue.builtIn) return;
        // Loaded only when used: an external provider never pays for the stand-in's data set.
        const { default: cataloguePlugin, prepareCatalogue } = await import('./domains/catalogue/plugin');
        // Its data set is generated here, not in the plugin: seconds on a busy machine, which
        // count against no plugin's time limit out here.
        prepareCatalogue();
        await instance.register(cataloguePlugin, {
          prefix: '/catalogue',
          publicUrl: config.publicUrl,
          followRequestOrigin: !config.publicUrlConfigured,
        });
      },
    },
    { name: 'health', dependencies: BEFORE_ANY_ROUTE, register: (instance) => instance.register(namedPlugin('health-routes', healthRoutes)) },
    {
      name: 'api',
      dependencies: [...BEFORE_ANY_ROUTE, 'search', 'media', 'following'],
      register: (instance) => instance.register(namedPlugin('api-routes', apiRoutes), { prefix: '/v0/api' }),
    },
    { name: 'media-files', dependencies: [...BEFORE_ANY_ROUTE, 'media'], register: (instance) => instance.register(namedPlugin('media-routes', mediaRoutes)) },
    {
      name: 'sharing-site',
      dependencies: [...BEFORE_ANY_ROUTE, 'search'],
      register: (instance) => instance.register(namedPlugin('sharing-site-routes', sharingSiteRoutes)),
    },
    { name: 'embed-page', dependencies: BEFORE_ANY_ROUTE, register: (instance) => instance.register(namedPlugin('embed-page-routes', embedPageRoutes)) },
    // Last: its not-found handler answers every page view no route took.
    { name: 'spa', dependencies: [...BEFORE_ANY_ROUTE, 'api', 'media-files', 'sharing-site', 'embed-page'], register: (instance) => registerSpa(instance, config, spaOptions) },
  ];
}
