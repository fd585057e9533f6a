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

import type { AppConfig } from './config';
import { createDatabase, migrateToLatest, type AppDatabase } from './db';
import type { Database } from './db/schema';
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
import { namedPlugin } from './http/plugin-name';
import { installPageCache } from './http/page-cache';
import { installRoutePreambles } from './http/route-preambles';
import { installLoadShedding } from './http/overload';
import { helmetOptions } from './http/security';
import type { ServerRenderer } from './http/server-render';
import { embedPageRoutes } from './http/embed-route';
import { registerSpa, type SpaOptions } from './http/spa';
import { sharedSerializerCompiler } from './http/serialization';
import { installStartup } from './http/startup';
import { formatValidationErrors, typeboxValidatorCompiler } from './http/validation';
import { t } from './i18n';
import { installMetrics } from './metrics';
import { apiRoutes } from './routes';
import { healthRoutes } from './routes/health';
import { installMedia } from './media';
import { installFollowing } from './services/following';
import { mediaRoutes } from './routes/media';
import { sharingSiteRoutes } from './routes/sharing';
import { installInstanceSharing, rateLimitStoreOptions } from './services/instances';
import { installSearch } from './services/search';
import { backfillCaptionSearch, followVideoChanges } from './services/search/changes';
import { createSqlSessionStore, installSessions } from './services/sessions';
import { openStorage } from './services/open-storage';
import type { Storage } from './services/storage';

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
  // Long start-up work (the search index) runs once the app is ready, never under the plugin time
  // limit; /health says 'starting' until it is done (http/startup.ts).
  installStartup(app);
  await installInstanceSharing(app);
  installSearch(app);
  followVideoChanges(app);
  backfillCaptionSearch(app);
  installMedia(app);
  installFollowing(app);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  if (ownsStorage) app.addHook('onClose', async () => storage.close?.());

  const sessions = createSqlSessionStore(database.db);
  installSessions(app, sessions);
  const purged = await sessions.purgeExpiredSessions();
  if (purged > 0) app.log.info({ purged }, 'expired sessions removed');

  installErrorHandler(app);
  installHostCheck(app);
  // Before admission: slow bodies and crowded addresses are bounded without taking a place.
  installSlowClientGuards(app, config.connections, config.trustProxy !== false);
  installUploadBudget(app, config.connections);
  // Global, before any route: every state-changing request of every route must come from our origins,
  // and a saturated process sheds requests (503) instead of queueing them.
  installOriginCheck(app, config.allowedOrigins);
  // Security headers and cookies before the page cache, which answers a visitor's cached page
  // before admission: it takes no place (http/page-cache.ts), and gets both like any answer.
  await app.register(fastifyHelmet, helmetOptions(config));
  await app.register(fastifyCookie);
  installPageCache(app, config.pageCache);
  await installLoadShedding(app, config.overload);
  await app.register(fastifyCompress, compressionOptions);
  // Limits are opt-in per route (config.rateLimit); counted in Redis when REDIS_URL is set.
  await app.register(fastifyRateLimit, {
    global: false,
    ...rateLimitStoreOptions(app),
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, `Too many requests, please try again in ${context.after}.`),
  });

  installMetrics(app, config.metricsPort);
  // Before any route: it collects them into the OpenAPI document (GET /v0/api/openapi.json).
  await installOpenApi(app);
  // Before any route too: validation answers and no-store by route options (http/route-preambles.ts).
  installRoutePreambles(app);

  if (config.catalogue.builtIn) {
    // Loaded only when used: an external provider never pays for the stand-in's data set.
    const { default: cataloguePlugin, prepareCatalogue } = await import('./catalogue/plugin');
    // Its data set is generated here, not in the plugin: seconds on a busy machine, which
    // count against no plugin's time limit out here.
    prepareCatalogue();
    await app.register(cataloguePlugin, {
      prefix: '/catalogue',
      publicUrl: config.publicUrl,
      followRequestOrigin: !config.publicUrlConfigured,
    });
  }

  await app.register(namedPlugin('health-routes', healthRoutes));
  await app.register(namedPlugin('api-routes', apiRoutes), { prefix: '/v0/api' });
  await app.register(namedPlugin('media-routes', mediaRoutes));
  await app.register(namedPlugin('sharing-site-routes', sharingSiteRoutes));
  await app.register(namedPlugin('embed-page-routes', embedPageRoutes));
  await registerSpa(app, config, spaOptions);

  return app;
}
