/**
 * Start-up clean-up after a crash (kill -9, power loss), before workers start:
 * - temporary folders of processes that are gone (uploads being received, work folders);
 * - storage keys an upload recorded in storage_pending but whose row never committed (the
 *   writer is gone, or the record is hours old);
 * - rendition folders of videos that no longer exist;
 * - processing videos without a job (e.g. an enqueue to Redis lost after its row committed) get one again.
 * Nothing acknowledged is touched: a committed row's files are never in storage_pending.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { Database } from '../../infra/db/schema';
import { RENDITIONS_FOLDER, type Storage } from '../../infra/storage/storage';
import { isOwnerGone } from '../../infra/instance';
import type { JobQueue } from '../../infra/jobs/queue';

import { videoRenditionsPrefix } from './pipeline';
import { sweepSpools } from './spool';

/** A pending record this old is abandoned whoever wrote it (uploads commit within seconds). */
const PENDING_MAX_AGE_MS = 6 * 60 * 60 * 1000;

export interface RecoveryReport {
  tempFolders: number;
  pendingFiles: number;
  orphanRenditions: number;
  requeued: number;
}

export async function recoverMedia(deps: {
  db: Kysely<Database>;
  storage: Storage;
  tmpDir: string;
  queue: JobQueue;
  log: FastifyBaseLogger;
  now?: Date;
}): Promise<RecoveryReport> {
  const { db, storage } = deps;
  const now = deps.now ?? new Date();
  const report: RecoveryReport = { tempFolders: 0, pendingFiles: 0, orphanRenditions: 0, requeued: 0 };

  report.tempFolders = await sweepSpools(deps.tmpDir, now.getTime());

  const cutoff = new Date(now.getTime() - PENDING_MAX_AGE_MS).toISOString();
  const pending = await db.selectFrom('storage_pending').selectAll().execute();
  for (const record of pending) {
    if (!isOwnerGone(record.owner) && record.created_at > cutoff) continue;
    // Only if no row took the key after all (the record is deleted in the row's transaction).
    const used = await db
      .selectFrom('videos')
      .select('id')
      .where((eb) => eb.or([eb('video_key', '=', record.key), eb('thumbnail_key', '=', record.key)]))
      .executeTakeFirst();
    if (!used) {
      await storage.delete(record.key);
      report.pendingFiles += 1;
    }
    await db.deleteFrom('storage_pending').where('key', '=', record.key).execute();
  }

  const folders = await storage.listChildren(`${RENDITIONS_FOLDER}/`);
  for (let i = 0; i < folders.length; i += 200) {
    const batch = folders.slice(i, i + 200).filter((name) => /^[0-9a-f]{24}$/.test(name));
    if (batch.length === 0) continue;
    const existing = new Set((await db.selectFrom('videos').select('id').where('id', 'in', batch).execute()).map((row) => row.id));
    for (const id of batch) {
      if (existing.has(id)) continue;
      await storage.deletePrefix(videoRenditionsPrefix(id));
      report.orphanRenditions += 1;
    }
  }

  report.requeued = await deps.queue.requeueMissing();

  if (Object.values(report).some((count) => count > 0)) deps.log.info(report, 'media: leftovers of an interrupted run cleaned up');
  return report;
}
