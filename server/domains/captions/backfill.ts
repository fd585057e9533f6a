/**
 * Caption tracks stored before their text was kept for search (migration 0016_caption_search):
 * at start-up, each ready video whose manifest lists a track without a caption_texts row gets
 * one, read from the track's stored WebVTT (docs/search.md#captions-in-search). Cheap when there
 * is nothing to do (one query); idempotent, so several instances starting at once do no harm.
 */
import { buffer } from 'node:stream/consumers';

import type { Kysely } from 'kysely';

import { toTimestamp } from '../../infra/db/ids';
import type { Database } from '../../infra/db/schema';
import type { Storage } from '../../infra/storage/storage';
import { renditionManifest } from '../videos/videos';

import { CaptionRejection, parseCaptionFile } from './parse';
import { captionTextRow, captionTracksOf } from './tracks';

export interface BackfillDeps {
  db: Kysely<Database>;
  storage: Storage;
}

/** Fills in missing caption_texts rows; returns the ids of the videos that got any. */
export async function backfillCaptionTexts(deps: BackfillDeps): Promise<string[]> {
  const { db, storage } = deps;
  const videos = await db
    .selectFrom('videos')
    .select(['id', 'renditions', 'renditions_prefix'])
    .where('status', '=', 'ready')
    .where('renditions', 'like', '%"vtt":"%')
    .execute();
  if (videos.length === 0) return [];
  const have = new Set(
    (await db.selectFrom('caption_texts').select(['video_id', 'lang']).execute()).map((row) => `${row.video_id}\n${row.lang}`),
  );
  const changed: string[] = [];
  for (const video of videos) {
    const missing = captionTracksOf(renditionManifest(video)).filter((track) => !have.has(`${video.id}\n${track.lang}`));
    for (const track of missing) {
      let cues;
      try {
        const bytes = await buffer(storage.createReadStream(`${video.renditions_prefix}/${track.vtt}`));
        cues = (await parseCaptionFile(bytes, { duration: 0 })).cues;
      } catch (error) {
        // A file gone with a generation move, or one the parser refuses now: nothing to index.
        if (error instanceof CaptionRejection || (error as { code?: unknown }).code === 'ENOENT' || (error as { name?: unknown }).name === 'NoSuchKey') continue;
        throw error;
      }
      await db
        .insertInto('caption_texts')
        .values(captionTextRow(video.id, track.lang, cues, toTimestamp()))
        .onConflict((conflict) => conflict.columns(['video_id', 'lang']).doNothing())
        .execute();
      if (!changed.includes(video.id)) changed.push(video.id);
    }
  }
  return changed;
}
