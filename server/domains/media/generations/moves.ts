/**
 * Moving a video's bytes to the locations its row names now (rotate.ts wrote the old ones to
 * media_moves in the transaction that changed the row). Storage.move / movePrefix rename on a
 * local disk (no byte is copied) and copy server-side then delete on S3.
 *
 * - One mover per video at a time: a lease in media_move_locks, renewed before every move and
 *   taken back by anyone once it runs out, or at once when its process is known to be gone.
 * - Each record converges to the row's current location, whatever happened in between: a second
 *   rotation before the first move ran just means its own old location is empty or half full, and
 *   its record moves what is there. A record is deleted only after its source is empty, so a crash
 *   at any point leaves a record to run again; every step is safe to repeat.
 * - A video deleted meanwhile: its old locations are deleted instead, and a move that raced the
 *   deletion removes what it just put in place.
 * - Until the bytes have moved, domains/media/media-routes.ts serves a current key from its old location
 *   (pendingSources), so the switch is never seen as a missing file.
 */
import { randomBytes } from 'node:crypto';

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { Database } from '../../../infra/db/schema';
import type { Storage } from '../../../infra/storage/storage';

import { MEDIA_SLOTS, slotNamed, type MediaSlot, type SlotColumn } from './rotate';

export interface MoveDeps {
  db: Kysely<Database>;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Names this process in lock rows (server/infra/instance.ts INSTANCE_ID). */
  owner: string;
  /** How long a lock holds without renewal (default 10 min: renewed between records, and one S3 generation copy can take minutes). */
  leaseMs?: number;
  /**
   * True when the process named in a lock certainly no longer runs (server/infra/instance.ts
   * isOwnerGone): its lock is taken at once instead of when the lease runs out.
   */
  isOwnerGone?(owner: string): boolean;
  /** Told of each old location once its bytes are gone from it (e.g. a CDN purge); a failure retries the record. */
  onRetired?(retired: RetiredLocation): Promise<void>;
}

export interface RetiredLocation {
  videoId: string;
  slot: SlotColumn;
  /** A storage key, or a generation prefix ending in "/". */
  location: string;
  prefix: boolean;
}

const DEFAULT_LEASE_MS = 10 * 60 * 1000;
/** Records of slots this code knows; others (written by a newer version) are left for it. */
const KNOWN_SLOTS = MEDIA_SLOTS.map((slot) => slot.column);

async function acquire(deps: MoveDeps, videoId: string, token: string): Promise<boolean> {
  const now = new Date();
  const until = new Date(now.getTime() + (deps.leaseMs ?? DEFAULT_LEASE_MS)).toISOString();
  await deps.db
    .insertInto('media_move_locks')
    .values({ video_id: videoId, owner: token, lease_until: until })
    .onConflict((conflict) =>
      conflict.column('video_id').doUpdateSet({ owner: token, lease_until: until }).where('media_move_locks.lease_until', '<', now.toISOString()),
    )
    .execute();
  const lock = await deps.db.selectFrom('media_move_locks').select('owner').where('video_id', '=', videoId).executeTakeFirst();
  if (!lock || lock.owner === token) return lock !== undefined;
  // Its holder was killed (a crash, a restart on this host): no need to wait out the lease.
  const holder = lock.owner.slice(0, lock.owner.lastIndexOf('#'));
  if (!deps.isOwnerGone?.(holder)) return false;
  const taken = await deps.db
    .updateTable('media_move_locks')
    .set({ owner: token, lease_until: until })
    .where('video_id', '=', videoId)
    .where('owner', '=', lock.owner)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

async function renew(deps: MoveDeps, videoId: string, token: string): Promise<boolean> {
  const until = new Date(Date.now() + (deps.leaseMs ?? DEFAULT_LEASE_MS)).toISOString();
  const result = await deps.db
    .updateTable('media_move_locks')
    .set({ lease_until: until })
    .where('video_id', '=', videoId)
    .where('owner', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function release(deps: MoveDeps, videoId: string, token: string): Promise<void> {
  await deps.db.deleteFrom('media_move_locks').where('video_id', '=', videoId).where('owner', '=', token).execute();
}

async function removeLocation(storage: Storage, slot: MediaSlot, location: string): Promise<void> {
  if (slot.kind === 'prefix') await storage.deletePrefix(`${location}/`);
  else await storage.delete(location);
}

async function currentLocation(db: Kysely<Database>, videoId: string, slot: MediaSlot): Promise<string | null | undefined> {
  const row = await db.selectFrom('videos').select(slot.column).where('id', '=', videoId).executeTakeFirst();
  return row ? (row[slot.column] as string | null) : undefined;
}

async function moveRecord(deps: MoveDeps, record: { id: string; video_id: string; slot: string; from_key: string }): Promise<void> {
  const { db, storage } = deps;
  const slot = slotNamed(record.slot);
  if (!slot) return;
  const target = await currentLocation(db, record.video_id, slot);
  if (target && target !== record.from_key) {
    if (slot.kind === 'prefix') await storage.movePrefix(`${record.from_key}/`, `${target}/`);
    else await storage.move(record.from_key, target);
    // Deleted while we moved: deleteVideo may have run before our copy landed.
    if ((await currentLocation(db, record.video_id, slot)) === undefined) await removeLocation(storage, slot, target);
  } else if (target !== record.from_key) {
    // The video (or this medium) is gone: nothing to keep.
    await removeLocation(storage, slot, record.from_key);
  }
  await deps.onRetired?.({
    videoId: record.video_id,
    slot: slot.column,
    location: slot.kind === 'prefix' ? `${record.from_key}/` : record.from_key,
    prefix: slot.kind === 'prefix',
  });
  await db.deleteFrom('media_moves').where('id', '=', record.id).execute();
}

/**
 * Runs every pending move of one video, unless another mover holds it (then that one will).
 * Resolves with how many records were done; throws on a storage or database failure (the
 * records stay for the next run).
 */
export async function runMoves(deps: MoveDeps, videoId: string): Promise<number> {
  let done = 0;
  for (;;) {
    const token = `${deps.owner}#${randomBytes(4).toString('hex')}`;
    if (!(await acquire(deps, videoId, token))) return done;
    try {
      for (;;) {
        const records = await deps.db
          .selectFrom('media_moves')
          .select(['id', 'video_id', 'slot', 'from_key'])
          .where('video_id', '=', videoId)
          .where('slot', 'in', KNOWN_SLOTS)
          .orderBy('created_at')
          .orderBy('id')
          .execute();
        if (records.length === 0) break;
        for (const record of records) {
          // Lost the lease (we stalled past it): whoever took it carries on.
          if (!(await renew(deps, videoId, token))) return done;
          await moveRecord(deps, record);
          done += 1;
        }
      }
    } finally {
      await release(deps, videoId, token);
    }
    // A rotation that committed just before the release had its own run refused by our lock.
    const more = await deps.db
      .selectFrom('media_moves')
      .select('id')
      .where('video_id', '=', videoId)
      .where('slot', 'in', KNOWN_SLOTS)
      .executeTakeFirst();
    if (!more) return done;
  }
}

/** Every video with pending moves (start-up and the periodic sweep); failures are logged, not thrown. */
export async function runAllMoves(deps: MoveDeps): Promise<number> {
  const videos = await deps.db.selectFrom('media_moves').select('video_id').where('slot', 'in', KNOWN_SLOTS).distinct().execute();
  let done = 0;
  for (const { video_id: videoId } of videos) {
    try {
      done += await runMoves(deps, videoId);
    } catch (error) {
      deps.log.error({ err: error, videoId }, 'media: moving a video to its new keys failed (retried later)');
    }
  }
  return done;
}

/**
 * Where the bytes of a current location may still be while its move is pending: the old
 * locations of that slot, newest first (for a generation prefix, with `file` appended).
 */
export async function pendingSources(db: Kysely<Database>, videoId: string, slot: SlotColumn, file?: string): Promise<string[]> {
  const rows = await db
    .selectFrom('media_moves')
    .select('from_key')
    .where('video_id', '=', videoId)
    .where('slot', '=', slot)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => (file === undefined ? row.from_key : `${row.from_key}/${file}`));
}
