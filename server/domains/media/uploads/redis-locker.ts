/**
 * A tus Locker (@tus/utils) on Redis, so that instances behind one load balancer never write the
 * same upload at once. No maintained package does this for @tus/server 2.x (the registry has
 * none), and it is small: a lock is `SET key token NX PX ttl`, kept alive while held and deleted
 * only by its holder (compare-and-delete in Lua). As with @tus/server's MemoryLocker, a request
 * that wants a held lock asks the holder to let go — here by PUBLISH on the upload's channel; the
 * holder's instance calls its `cancelReq`, which ends the older request — and retries until it
 * gets the lock, its request is aborted, or the acquire timeout passes.
 */
import { randomBytes } from 'node:crypto';

import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Redis } from 'ioredis';

import { REDIS_PREFIX } from '../../../infra/redis';

const LOCK_PREFIX = `${REDIS_PREFIX}tus:lock:`;
const RELEASE_CHANNEL = `${REDIS_PREFIX}tus:release`;
/** A holder that dies stops renewing: its lock lapses after this long. */
const LOCK_TTL_MS = 15_000;
const RETRY_MS = 100;
const ACQUIRE_TIMEOUT_MS = 30_000;

const UNLOCK_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
const RENEW_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

export interface RedisLocker extends Locker {
  close(): Promise<void>;
}

/** `redis` runs the commands; a duplicate connection listens for release requests. */
export async function createRedisLocker(redis: Redis): Promise<RedisLocker> {
  const subscriber = redis.duplicate();
  subscriber.on('error', () => undefined);
  /** Locks held by this instance: upload id → the holder's cancel callback. */
  const held = new Map<string, RequestRelease>();
  subscriber.on('message', (_channel: string, id: string) => {
    const cancel = held.get(id);
    if (cancel) void Promise.resolve(cancel()).catch(() => undefined);
  });
  await subscriber.subscribe(RELEASE_CHANNEL);

  return {
    newLock(id: string): Lock {
      const key = `${LOCK_PREFIX}${id}`;
      const token = randomBytes(16).toString('hex');
      let renewTimer: NodeJS.Timeout | undefined;
      return {
        async lock(signal: AbortSignal, cancelReq: RequestRelease): Promise<void> {
          const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
          for (;;) {
            if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
            const acquired = await redis.set(key, token, 'PX', LOCK_TTL_MS, 'NX');
            if (acquired === 'OK') break;
            // Ask whoever holds it to finish, then try again.
            await redis.publish(RELEASE_CHANNEL, id);
            if (Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
            await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
          }
          held.set(id, cancelReq);
          renewTimer = setInterval(() => {
            void redis.eval(RENEW_SCRIPT, 1, key, token, String(LOCK_TTL_MS)).catch(() => undefined);
          }, LOCK_TTL_MS / 3);
          renewTimer.unref();
        },
        async unlock(): Promise<void> {
          clearInterval(renewTimer);
          held.delete(id);
          await redis.eval(UNLOCK_SCRIPT, 1, key, token);
        },
      };
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
