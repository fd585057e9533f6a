/**
 * "What to watch next" for a video (docs/sharing.md): public videos related by the AI search's
 * semantic index first, then the same uploader's newest public videos; never the video itself,
 * never a private, unlisted, processing or moderated-away one (both sources ask for public
 * videos only).
 */
import type { Kysely } from 'kysely';

import type { Database } from '../../infra/db/schema';
import { listedToEveryone, listedVideosWithOwner } from '../moderation/visibility';
import { toPublicVideo, type PublicVideo } from '../videos/videos';
import type { Language } from '../../i18n';

export const RELATED_DEFAULT = 8;
export const RELATED_MAX = 24;

export interface SemanticIndex {
  relatedSelfieVideos(video: { id: string; title: string; description: string }, limit: number): Promise<PublicVideo[]>;
}

export async function relatedVideos(
  db: Kysely<Database>,
  index: SemanticIndex,
  video: { id: string; user_id: string; title: string; description: string },
  limit: number,
  language: Language,
): Promise<PublicVideo[]> {
  const semantic = await index.relatedSelfieVideos(video, limit);
  const seen = new Set([video.id, ...semantic.map((item) => item._id)]);
  const shown = semantic.filter((item) => item._id !== video.id);
  if (shown.length >= limit) return shown.slice(0, limit);
  const sameUploader = await listedVideosWithOwner(db)
    .where('videos.user_id', '=', video.user_id)
    .where('videos.id', 'not in', [...seen])
    .orderBy('videos.created_at', 'desc')
    .orderBy('videos.id', 'desc')
    .limit(limit - shown.length)
    .execute();
  return [...shown, ...sameUploader.map((row) => toPublicVideo(row, language))];
}

/** Public, ready, not moderated-away videos for the sitemap, newest first. */
export async function sitemapVideos(db: Kysely<Database>, page: number, perPage: number) {
  return listedVideosWithOwner(db)
    .orderBy('videos.created_at', 'desc')
    .orderBy('videos.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
}

export async function countSitemapVideos(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('videos')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
    .where((eb) => listedToEveryone(eb))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
