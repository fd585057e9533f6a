/**
 * What instances of the site share when REDIS_URL is set (infra/redis.ts): the rate-limit
 * counters (@fastify/rate-limit's Redis store) and the change events (infra/events.ts).
 * Without REDIS_URL both stay in this process, as for one machine.
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

import { createChangeEvents, type ChangeEvents } from './events';
import { closeRedis, connectRedis, REDIS_PREFIX } from './redis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis connection when REDIS_URL is set, else null. */
    redis: Redis | null;
    /** Change events between instances (in-process, or Redis pub/sub). */
    events: ChangeEvents;
  }
}

/** Decorates app.redis and app.events; both are closed with the app. */
export async function installInstanceSharing(app: FastifyInstance): Promise<void> {
  const redis = app.config.redisUrl ? await connectRedis(app.config.redisUrl) : null;
  let events: ChangeEvents;
  try {
    events = await createChangeEvents(redis, app.log.child({ module: 'events' }));
  } catch (error) {
    if (redis) await closeRedis(redis);
    throw error;
  }
  app.decorate('redis', redis);
  app.decorate('events', events);
  app.addHook('onClose', async () => {
    await events.close();
    if (redis) await closeRedis(redis);
  });
  if (redis) app.log.info('REDIS_URL: rate limits and change events are shared through Redis');
}

/** @fastify/rate-limit's store: Redis (counted across instances) when connected, else its memory store. */
export function rateLimitStoreOptions(app: FastifyInstance): { redis?: Redis; nameSpace?: string } {
  return app.redis ? { redis: app.redis, nameSpace: `${REDIS_PREFIX}rate-limit:` } : {};
}
