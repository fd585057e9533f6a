/**
 * Media generations: when fewer people may see a video than its current media keys were handed
 * to, every medium the video names moves to new keys — in the same transaction as the change,
 * so the old URLs answer 404 to everyone from that commit on — and the bytes follow afterwards
 * (moves.ts), recorded in media_moves so a crash only delays them.
 *
 * What a video names is MEDIA_SLOTS: the columns of `videos` holding a storage key or a
 * generation prefix. Everything the media pipeline writes for a video (renditions, poster,
 * cards, and any later file such as storyboards or captions) lives under its generation prefix
 * and moves with it; a medium stored anywhere else gets a slot here and moves too.
 */
import { randomBytes } from 'node:crypto';

import type { Kysely, Transaction } from 'kysely';

import { newId, toTimestamp } from '../../../infra/db/ids';
import type { Database } from '../../../infra/db/schema';
import { isStorageKey, newStorageKey, STORAGE_FOLDERS, type StorageFolder } from '../../../infra/storage/storage';

import { AUDIENCE, audienceOf } from './audience';

export type SlotColumn = 'renditions_prefix' | 'thumbnail_key' | 'video_key';

export interface MediaSlot {
  column: SlotColumn;
  /** prefix: a generation folder, `renditions/<video id>/<generation>` (no final slash); key: one object. */
  kind: 'prefix' | 'key';
}

export const MEDIA_SLOTS: readonly MediaSlot[] = [
  { column: 'renditions_prefix', kind: 'prefix' },
  { column: 'thumbnail_key', kind: 'key' },
  { column: 'video_key', kind: 'key' },
];

export function slotNamed(column: string): MediaSlot | undefined {
  return MEDIA_SLOTS.find((slot) => slot.column === column);
}

const GENERATION_PATTERN = /^renditions\/([0-9a-f]{24})\/[0-9a-f]{8}$/;
const KEY_PARTS = /^([a-z]+)\/[0-9a-f]{24}\.([a-z0-9]+)$/;

/** A fresh location for a slot's current value; undefined when the value is not ours to move. */
export function nextLocation(slot: MediaSlot, videoId: string, current: string, taken: readonly string[] = []): string | undefined {
  if (slot.kind === 'prefix') {
    const match = GENERATION_PATTERN.exec(current);
    if (!match || match[1] !== videoId) return undefined;
    for (;;) {
      const next = `renditions/${videoId}/${randomBytes(4).toString('hex')}`;
      if (next !== current && !taken.includes(next)) return next;
    }
  }
  const parts = KEY_PARTS.exec(current);
  if (!parts || !isStorageKey(current) || !(STORAGE_FOLDERS as readonly string[]).includes(parts[1] ?? '')) return undefined;
  return newStorageKey(parts[1] as StorageFolder, parts[2] ?? '');
}

export type SyncResult = 'missing' | 'unchanged' | 'widened' | 'rotated';

/**
 * Brings a video's media keys in step with who may see it now; call it in the transaction that
 * changes anything audienceOf() reads (visibility, status, hiding, the owner's suspension).
 * Audience wider than recorded: the record grows (the keys may now reach more people). Narrower:
 * every slot gets a new location, the old ones go to media_moves, and the record shrinks.
 */
export async function syncMediaGeneration(trx: Transaction<Database>, videoId: string): Promise<SyncResult> {
  // The row's write lock first (PostgreSQL keeps it to the commit; on SQLite the transaction
  // holds the database's writer lock): what is read next cannot change before this commits.
  const locked = await trx
    .updateTable('videos')
    .set((eb) => ({ media_exposure: eb.ref('media_exposure') }))
    .where('id', '=', videoId)
    .executeTakeFirst();
  if (Number(locked.numUpdatedRows) === 0) return 'missing';
  const row = await trx
    .selectFrom('videos')
    .innerJoin('users', 'users.id', 'videos.user_id')
    .select(['videos.id', 'videos.visibility', 'videos.status', 'videos.hidden_at', 'videos.media_exposure'])
    .select(['videos.renditions_prefix', 'videos.thumbnail_key', 'videos.video_key', 'users.suspended_at as owner_suspended_at'])
    .where('videos.id', '=', videoId)
    .executeTakeFirstOrThrow();
  const audience = audienceOf(row);
  const exposure = Number(row.media_exposure);
  if (audience === exposure) return 'unchanged';
  if (audience > exposure) {
    await trx.updateTable('videos').set({ media_exposure: audience }).where('id', '=', videoId).execute();
    return 'widened';
  }

  const pending = (await trx.selectFrom('media_moves').select('from_key').where('video_id', '=', videoId).execute()).map((move) => move.from_key);
  const changes: Partial<Record<SlotColumn, string>> = {};
  const moves: Array<{ id: string; video_id: string; slot: string; from_key: string; created_at: string }> = [];
  for (const slot of MEDIA_SLOTS) {
    const current = row[slot.column];
    if (!current) continue;
    const next = nextLocation(slot, videoId, current, pending);
    if (!next) continue;
    changes[slot.column] = next;
    moves.push({ id: newId(), video_id: videoId, slot: slot.column, from_key: current, created_at: toTimestamp() });
  }
  await trx
    .updateTable('videos')
    .set({ ...changes, media_exposure: audience })
    .where('id', '=', videoId)
    .execute();
  if (moves.length > 0) await trx.insertInto('media_moves').values(moves).execute();
  return 'rotated';
}

/** syncMediaGeneration in a transaction of its own. */
export async function syncMediaGenerationNow(db: Kysely<Database>, videoId: string): Promise<SyncResult> {
  return db.transaction().execute((trx) => syncMediaGeneration(trx, videoId));
}

/**
 * Safety net for any code path that changed who may see a video without calling
 * syncMediaGeneration (and for rows from before 0008, which start as "may have been public"):
 * the ids of videos whose recorded exposure differs from their audience. Run syncMediaGeneration
 * on each. Public videos that are not moderated away and fully exposed are never read.
 */
export async function videosOutOfStep(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('videos')
    .innerJoin('users', 'users.id', 'videos.user_id')
    .select(['videos.id', 'videos.visibility', 'videos.status', 'videos.hidden_at', 'videos.media_exposure', 'users.suspended_at as owner_suspended_at'])
    .where((eb) =>
      eb.or([
        eb.and([eb('videos.media_exposure', '>', 0), eb.or([eb('videos.visibility', '!=', 'public'), eb('videos.status', '!=', 'ready'), eb('videos.hidden_at', 'is not', null), eb('users.suspended_at', 'is not', null)])]),
        eb.and([eb('videos.visibility', '=', 'public'), eb('videos.status', '=', 'ready'), eb('videos.media_exposure', '<', AUDIENCE.EVERYONE)]),
      ]),
    )
    .execute();
  return rows.filter((row) => audienceOf(row) !== Number(row.media_exposure)).map((row) => row.id);
}
