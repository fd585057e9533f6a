/**
 * The Redis connection (REDIS_URL, through ioredis), shared by the rate-limit store and the change
 * events of this instance. Opened at start-up, so a wrong URL or a Redis that is down stops the
 * start with a clear message instead of failing requests later; after that, ioredis reconnects
 * on its own when the connection drops.
 */
import type { Redis } from 'ioredis';

/** Every key and channel this site uses in Redis starts with this. */
export const REDIS_PREFIX = 'selfie:';

/** How long a start-up connection attempt may take (ms). */
const CONNECT_TIMEOUT_MS = 5000;

export type RedisClient = Redis;

export async function connectRedis(url: string): Promise<Redis> {
  // Loaded only when used: a deployment without REDIS_URL never loads the client.
  const { Redis: RedisClientClass } = await import('ioredis');
  const client = new RedisClientClass(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // A command fails after one reconnection attempt rather than hanging a request.
    maxRetriesPerRequest: 1,
  });
  // ioredis reports connection trouble as 'error' events; without a listener Node would crash.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    // The URL may hold a password: name the variable, not its content.
    throw new Error(`Could not connect to Redis at REDIS_URL: ${reason}`, { cause: error });
  }
  return client;
}

/** Closes a connection: QUIT when it is up, else just drops it. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await client.quit().catch(() => client.disconnect());
  } else {
    client.disconnect();
  }
}
