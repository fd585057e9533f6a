/**
 * Reading and changing self-shot video rows: who may see a video, the public list, view
 * counting and deletion (with the video's files). Routes: domains/videos/video-routes.ts and domains/media/media-routes.ts.
 */
import { createHmac } from 'node:crypto';

import type { FastifyBaseLogger } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Kysely } from 'kysely';

import type { Database, VideoRow } from '../../infra/db/schema';
import { videoRenditionsPrefix } from '../media/pipeline';
import { listedToEveryone, listedVideosWithOwner } from '../moderation/visibility';
import type { Storage } from '../../infra/storage/storage';
import type { VideoWithOwner } from '../media/uploads/uploads';

/** Video ids are newId()s: 24 lower-case hex digits. Anything else cannot name a video. */
const VIDEO_ID_PATTERN = /^[0-9a-f]{24}$/;

export function isVideoId(id: string): boolean {
  return VIDEO_ID_PATTERN.test(id);
}

/** A video row with its owner's name and suspension (moderation/visibility.ts reads the latter). */
export type FoundVideo = VideoWithOwner & { owner_suspended_at: string | null };

export async function findVideo(db: Kysely<Database>, id: string): Promise<FoundVideo | undefined> {
  if (!isVideoId(id)) return undefined;
  return db
    .selectFrom('videos')
    .innerJoin('users', 'users.id', 'videos.user_id')
    .selectAll('videos')
    .select(['users.username', 'users.suspended_at as owner_suspended_at'])
    .where('videos.id', '=', id)
    .executeTakeFirst();
}

/**
 * Public videos are for everyone once ready; private ones, and videos still processing or
 * failed, only for their owner.
 */
export function canView(video: Pick<VideoRow, 'visibility' | 'user_id' | 'status'>, viewerId: string | null | undefined): boolean {
  // Unlisted: anyone who has the link (the id) may watch; lists never name it (listPublicVideos,
  // video-access.ts videoVisibleTo, search, related, sitemap all ask for `public`).
  const byLink = video.visibility === 'public' || video.visibility === 'unlisted';
  return (byLink && video.status === 'ready') || (viewerId != null && video.user_id === viewerId);
}

export interface VideoPage {
  videos: VideoWithOwner[];
  total: number;
}

/** Ready public videos, newest first (ties broken by id, so pages never overlap). */
export async function listPublicVideos(db: Kysely<Database>, page: number, perPage: number): Promise<VideoPage> {
  const [videos, count] = await Promise.all([
    listedVideosWithOwner(db)
      .orderBy('videos.created_at', 'desc')
      .orderBy('videos.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
      .where((eb) => listedToEveryone(eb))
      .executeTakeFirstOrThrow(),
  ]);
  return { videos, total: Number(count.total) };
}

// ---- views ----
//
// A view is one viewer opening a video's page (its GET; HEAD and the processing poll are not
// views) on one UTC day. The viewer is the account when signed in; otherwise the address the
// request came from (after TRUST_PROXY), an IPv6 address by its /64 — the block one household
// or phone gets — whatever user agent or cookies it sends, so changing either adds nothing.

/** The part of an address that names an anonymous viewer: IPv4 whole (also when IPv4-mapped), IPv6 by its /64. */
export function viewerAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const bytes = address.toByteArray().slice(0, 8);
  return `${Buffer.from(bytes).toString('hex')}::/64`;
}

/**
 * `u:<user id>` for a signed-in viewer; otherwise `a:` and an HMAC of the day and the address,
 * so the stored key neither reveals the address (the IPv4 space is small enough to try whole
 * without the secret) nor links one day's viewer to the next.
 */
export function viewerKey(userId: string | null | undefined, ip: string, secret: Buffer, day: string): string {
  if (userId) return `u:${userId}`;
  return `a:${createHmac('sha256', secret).update(`${day}\n${viewerAddress(ip)}`).digest('hex')}`;
}

/** The UTC day a moment falls in, e.g. 2026-11-21. */
export function viewDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Counts a view unless this viewer was already counted for this video on the same day:
 * the (video, viewer, day) primary key refuses the repeat, and views only grow when the row
 * went in. True when the view was counted.
 */
export async function countView(db: Kysely<Database>, videoId: string, viewer: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('video_views')
      .values({ video_id: videoId, viewer_key: viewer, day: viewDay(now) })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await trx
      .updateTable('videos')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', videoId)
      .execute();
    return true;
  });
}

/** View rows matter only for the current day; older ones are deleted. Returns how many. */
export async function purgeOldViews(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('video_views').where('day', '<', viewDay(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---- deletion ----

/**
 * Deletes the row (likes, comments, views and its transcoding job go with it: foreign keys
 * cascade), then every file the video owns: original, thumbnail and all renditions (playlists,
 * segments, MP4, poster, card images). The row goes first: a row pointing at missing files is
 * worse than a leftover file, and a job still running for it removes its own output when it
 * finds the row gone (server/domains/media/pipeline.ts); the start-up sweep removes any rendition folder
 * without a row.
 */
export async function deleteVideo(
  db: Kysely<Database>,
  storage: Storage,
  video: Pick<VideoRow, 'id' | 'video_key' | 'thumbnail_key'>,
  log: FastifyBaseLogger,
): Promise<void> {
  await db.deleteFrom('videos').where('id', '=', video.id).execute();
  const results = await Promise.allSettled([
    storage.delete(video.video_key),
    storage.delete(video.thumbnail_key),
    storage.deletePrefix(videoRenditionsPrefix(video.id)),
  ]);
  for (const result of results) {
    if (result.status === 'rejected') log.error({ err: result.reason, videoId: video.id }, 'could not delete a video file');
  }
}
