/**
 * Leftover generations: `renditions/<video id>/<generation>/` folders that the row does not name
 * and no pending move reads from — what an interrupted transcoding attempt (a worker killed while
 * committing, whose retry then succeeded under another generation) or an older code path left.
 * Works the same on a local disk and on S3 (listChildren/deletePrefix).
 *
 * Order matters: the folders are listed before the row is read, so a generation made after the
 * listing (a rotation, a job) is never judged on stale data; videos still processing are skipped,
 * as their job names its new generation only when it is done.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { Database } from '../../../infra/db/schema';
import { RENDITIONS_FOLDER, type Storage } from '../../../infra/storage/storage';

const VIDEO_ID = /^[0-9a-f]{24}$/;
const GENERATION = /^[0-9a-f]{8}$/;

export async function sweepStaleGenerations(
  deps: { db: Kysely<Database>; storage: Storage; log: FastifyBaseLogger },
  videoIds?: string[],
): Promise<number> {
  const { db, storage } = deps;
  const ids = (videoIds ?? (await storage.listChildren(`${RENDITIONS_FOLDER}/`))).filter((id) => VIDEO_ID.test(id));
  let removed = 0;
  for (const id of ids) {
    const generations = (await storage.listChildren(`${RENDITIONS_FOLDER}/${id}/`)).filter((name) => GENERATION.test(name));
    if (generations.length === 0) continue;
    const row = await db.selectFrom('videos').select(['status', 'renditions_prefix']).where('id', '=', id).executeTakeFirst();
    if (row?.status === 'processing') continue;
    const keep = new Set(
      (
        await db.selectFrom('media_moves').select('from_key').where('video_id', '=', id).where('slot', '=', 'renditions_prefix').execute()
      ).map((move) => move.from_key),
    );
    if (row?.renditions_prefix) keep.add(row.renditions_prefix);
    for (const generation of generations) {
      const prefix = `${RENDITIONS_FOLDER}/${id}/${generation}`;
      if (keep.has(prefix)) continue;
      await storage.deletePrefix(`${prefix}/`);
      removed += 1;
    }
  }
  if (removed > 0) deps.log.info({ removed }, 'media: leftover rendition generations removed');
  return removed;
}
