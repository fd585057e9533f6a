/**
 * Secrets that every instance sharing the database must agree on (HMAC keys for comment and
 * list cursors and for anonymous viewer keys). Each is made once, by whichever instance asks
 * first (insert, or keep the one another instance made), and read once per process.
 */
import { randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

import { toTimestamp } from './db/ids';
import type { Database } from './db/schema';

export type AppKeyName = 'cursors' | 'viewers' | 'unsubscribe';

const cache = new WeakMap<Kysely<Database>, Map<AppKeyName, Promise<Buffer>>>();

async function loadKey(db: Kysely<Database>, name: AppKeyName): Promise<Buffer> {
  await db
    .insertInto('app_keys')
    .values({ name, secret: randomBytes(32).toString('base64url'), created_at: toTimestamp() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_keys').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.secret, 'base64url');
}

export function appKey(db: Kysely<Database>, name: AppKeyName): Promise<Buffer> {
  let keys = cache.get(db);
  if (!keys) {
    keys = new Map();
    cache.set(db, keys);
  }
  let key = keys.get(name);
  if (!key) {
    key = loadKey(db, name);
    // A failed read is not remembered: the next request tries again.
    key.catch(() => keys.delete(name));
    keys.set(name, key);
  }
  return key;
}
