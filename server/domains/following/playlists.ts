/**
 * Playlists (docs/following.md): a user's ordered lists of self-shot videos, public, unlisted
 * (anyone with the link) or private, and every user's private "Watch later". A playlist holds
 * videos its owner may see; whoever reads it sees only the videos they may see (a video made
 * private or hidden since leaves other people's view; a deleted one leaves the list).
 */
import type { Kysely } from 'kysely';

import { newId, toTimestamp } from '../../infra/db/ids';
import type { Database, PlaylistVisibility } from '../../infra/db/schema';
import { DEFAULT_LANGUAGE, type Language } from '../../i18n';
import { characterCount } from '../comments/comments';
import { viewerIdOf } from '../moderation/visibility';
import { findViewableVideo, videoVisibleTo, type ViewerId } from '../videos/video-access';
import { toPublicVideo, videoMediaUrl, type PublicVideo } from '../videos/videos';

export const PLAYLIST_MAX_VIDEOS = 500;
export const PLAYLISTS_PER_USER = 200;
export const PLAYLIST_TITLE_MAX = 150;
export const PLAYLIST_DESCRIPTION_MAX = 5000;

export interface PlaylistSummary {
  _id: string;
  title: string;
  description: string;
  visibility: PlaylistVisibility;
  watchLater: boolean;
  owner: { _id: string; username: string };
  /** Videos the reader may see. */
  videoCount: number;
  /** The first such video's thumbnail, or null. */
  thumbnailCdnUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export type PlaylistProblem = 'notFound' | 'forbidden' | 'tooMany' | 'full' | 'videoNotFound' | 'position' | 'watchLater' | 'title' | 'description';
export type PlaylistResult<T> = { ok: true; value: T } | { ok: false; problem: PlaylistProblem };

/** Trimmed title and description, or what is wrong with them. */
export function checkPlaylistText(fields: { title?: string; description?: string }): PlaylistResult<{ title?: string; description?: string }> {
  const title = fields.title?.trim();
  const description = fields.description?.trim();
  if (title !== undefined && (title === '' || characterCount(title) > PLAYLIST_TITLE_MAX)) return { ok: false, problem: 'title' };
  if (description !== undefined && characterCount(description) > PLAYLIST_DESCRIPTION_MAX) return { ok: false, problem: 'description' };
  return { ok: true, value: { ...(title !== undefined ? { title } : {}), ...(description !== undefined ? { description } : {}) } };
}

function mayRead(playlist: { user_id: string; visibility: string }, viewer: ViewerId): boolean {
  return playlist.visibility !== 'private' || viewerIdOf(viewer) === playlist.user_id;
}

async function summaries(db: Kysely<Database>, ids: string[], viewer: ViewerId): Promise<PlaylistSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('playlists')
    .innerJoin('users', 'users.id', 'playlists.user_id')
    .selectAll('playlists')
    .select('users.username')
    .where('playlists.id', 'in', ids)
    .execute();
  // CROSS JOIN: SQLite keeps the playlist's entries as the outer loop (see readPlaylist).
  const counts = await db
    .selectFrom('playlist_videos')
    .crossJoin('videos')
    .whereRef('videos.id', '=', 'playlist_videos.video_id')
    .select(['playlist_videos.playlist_id', (eb) => eb.fn.countAll<number | string | bigint>().as('count'), (eb) => eb.fn.min('playlist_videos.position').as('first')])
    .where('playlist_videos.playlist_id', 'in', ids)
    .where((eb) => videoVisibleTo(eb, viewer))
    .groupBy('playlist_videos.playlist_id')
    .execute();
  const firsts = await Promise.all(
    counts.map(async (count) => {
      const row = await db
        .selectFrom('playlist_videos')
        .innerJoin('videos', 'videos.id', 'playlist_videos.video_id')
        .select('videos.thumbnail_key')
        .where('playlist_videos.playlist_id', '=', count.playlist_id)
        .where('playlist_videos.position', '=', Number(count.first))
        .executeTakeFirst();
      return [count.playlist_id, row?.thumbnail_key ?? null] as const;
    }),
  );
  const countOf = new Map(counts.map((c) => [c.playlist_id, Number(c.count)]));
  const thumbOf = new Map(firsts);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const thumb = thumbOf.get(id);
    return [
      {
        _id: row.id,
        title: row.title,
        description: row.description,
        visibility: row.visibility,
        watchLater: Number(row.watch_later) === 1,
        owner: { _id: row.user_id, username: row.username },
        videoCount: countOf.get(id) ?? 0,
        thumbnailCdnUrl: thumb ? videoMediaUrl(thumb) : null,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      },
    ];
  });
}

/** The user's own playlists (all of them), or another user's public ones; most recently changed first. */
export async function listPlaylists(db: Kysely<Database>, ownerId: string, viewer: ViewerId): Promise<PlaylistSummary[]> {
  const own = viewerIdOf(viewer) === ownerId;
  const rows = await db
    .selectFrom('playlists')
    .select('id')
    .where('user_id', '=', ownerId)
    .$if(!own, (query) => query.where('visibility', '=', 'public'))
    .orderBy('watch_later', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PLAYLISTS_PER_USER + 1)
    .execute();
  return summaries(
    db,
    rows.map((row) => row.id),
    viewer,
  );
}

/** The user's "Watch later", made on first use. */
export async function watchLaterId(db: Kysely<Database>, userId: string, language: Language = DEFAULT_LANGUAGE): Promise<string> {
  const find = () => db.selectFrom('playlists').select('id').where('user_id', '=', userId).where('watch_later', '=', 1).executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  const now = toTimestamp();
  try {
    await db
      .insertInto('playlists')
      .values({
        id: newId(),
        user_id: userId,
        title: language === 'zh' ? '稍后观看' : 'Watch later',
        visibility: 'private',
        watch_later: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  } catch (error) {
    // Made meanwhile by a concurrent request (the partial unique index); else a real failure.
    if (!(await find())) throw error;
  }
  return (await find())!.id;
}

export async function createPlaylist(
  db: Kysely<Database>,
  userId: string,
  fields: { title: string; description?: string; visibility: PlaylistVisibility },
): Promise<PlaylistResult<string>> {
  const checked = checkPlaylistText(fields);
  if (!checked.ok) return checked;
  const count = await db
    .selectFrom('playlists')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('user_id', '=', userId)
    .where('watch_later', '=', 0)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= PLAYLISTS_PER_USER) return { ok: false, problem: 'tooMany' };
  const id = newId();
  const now = toTimestamp();
  await db
    .insertInto('playlists')
    .values({
      id,
      user_id: userId,
      title: checked.value.title!,
      description: checked.value.description ?? '',
      visibility: fields.visibility,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { ok: true, value: id };
}

export interface PlaylistDetail {
  playlist: PlaylistSummary;
  videos: PublicVideo[];
}

/** The playlist with the videos the viewer may see, in order; notFound for a private one of someone else. */
export async function readPlaylist(
  db: Kysely<Database>,
  playlistId: string,
  viewer: ViewerId,
  language: Language = DEFAULT_LANGUAGE,
): Promise<PlaylistResult<PlaylistDetail>> {
  const row = await db.selectFrom('playlists').select(['id', 'user_id', 'visibility']).where('id', '=', playlistId).executeTakeFirst();
  if (!row || !mayRead(row, viewer)) return { ok: false, problem: 'notFound' };
  const [[playlist], videos] = await Promise.all([
    summaries(db, [row.id], viewer),
    db
      .selectFrom('playlist_videos')
      // CROSS JOIN keeps the playlist's entries (at most 500) as SQLite's outer loop; with an inner
      // join its planner walked every public video instead (npm run bench:social). PostgreSQL
      // plans a cross join with a join condition like any join.
      .crossJoin('videos')
      .whereRef('videos.id', '=', 'playlist_videos.video_id')
      .innerJoin('users', 'users.id', 'videos.user_id')
      .selectAll('videos')
      .select('users.username')
      .where('playlist_videos.playlist_id', '=', row.id)
      .where((eb) => videoVisibleTo(eb, viewer))
      .orderBy('playlist_videos.position')
      .orderBy('playlist_videos.added_at')
      .limit(PLAYLIST_MAX_VIDEOS)
      .execute(),
  ]);
  return { ok: true, value: { playlist: playlist!, videos: videos.map((video) => toPublicVideo(video, language)) } };
}

/** The playlist when `userId` owns it; notFound when they may not see it, forbidden when they may but do not own it. */
async function owned(db: Kysely<Database>, playlistId: string, userId: string) {
  const row = await db.selectFrom('playlists').selectAll().where('id', '=', playlistId).executeTakeFirst();
  if (!row || !mayRead(row, userId)) return { ok: false as const, problem: 'notFound' as const };
  if (row.user_id !== userId) return { ok: false as const, problem: 'forbidden' as const };
  return { ok: true as const, row };
}

export async function updatePlaylist(
  db: Kysely<Database>,
  playlistId: string,
  userId: string,
  fields: { title?: string; description?: string; visibility?: PlaylistVisibility },
): Promise<PlaylistResult<true>> {
  const found = await owned(db, playlistId, userId);
  if (!found.ok) return found;
  if (Number(found.row.watch_later) === 1 && (fields.title !== undefined || fields.visibility !== undefined)) return { ok: false, problem: 'watchLater' };
  const checked = checkPlaylistText(fields);
  if (!checked.ok) return checked;
  await db
    .updateTable('playlists')
    .set({ ...checked.value, ...(fields.visibility ? { visibility: fields.visibility } : {}), updated_at: toTimestamp() })
    .where('id', '=', playlistId)
    .execute();
  return { ok: true, value: true };
}

export async function deletePlaylist(db: Kysely<Database>, playlistId: string, userId: string): Promise<PlaylistResult<true>> {
  const found = await owned(db, playlistId, userId);
  if (!found.ok) return found;
  if (Number(found.row.watch_later) === 1) return { ok: false, problem: 'watchLater' };
  await db.deleteFrom('playlists').where('id', '=', playlistId).execute();
  return { ok: true, value: true };
}

async function orderedIds(db: Kysely<Database>, playlistId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('playlist_videos')
    .select('video_id')
    .where('playlist_id', '=', playlistId)
    .orderBy('position')
    .orderBy('added_at')
    .execute();
  return rows.map((row) => row.video_id);
}

/** Writes positions 0…n-1 for `ids` (only the rows whose position changes). */
async function writeOrder(db: Kysely<Database>, playlistId: string, before: string[], after: string[]): Promise<void> {
  for (let index = 0; index < after.length; index += 1) {
    if (before[index] === after[index]) continue;
    await db.updateTable('playlist_videos').set({ position: index }).where('playlist_id', '=', playlistId).where('video_id', '=', after[index]!).execute();
  }
}

/** Adds a video the owner may see, at `position` (0-based; default: the end). Adding one already there moves it. */
export async function addToPlaylist(
  db: Kysely<Database>,
  playlistId: string,
  userId: string,
  videoId: string,
  position?: number,
): Promise<PlaylistResult<true>> {
  const found = await owned(db, playlistId, userId);
  if (!found.ok) return found;
  const video = await findViewableVideo(db, videoId, userId);
  if (!video) return { ok: false, problem: 'videoNotFound' };
  return db.transaction().execute(async (trx) => {
    const before = await orderedIds(trx, playlistId);
    const rest = before.filter((id) => id !== video.id);
    if (rest.length >= PLAYLIST_MAX_VIDEOS) return { ok: false, problem: 'full' } as const;
    const at = position ?? rest.length;
    if (!Number.isInteger(at) || at < 0 || at > rest.length) return { ok: false, problem: 'position' } as const;
    if (rest.length === before.length) {
      await trx
        .insertInto('playlist_videos')
        .values({ playlist_id: playlistId, video_id: video.id, position: rest.length, added_at: toTimestamp() })
        .onConflict((oc) => oc.columns(['playlist_id', 'video_id']).doNothing())
        .execute();
      before.push(video.id);
    }
    const after = [...rest.slice(0, at), video.id, ...rest.slice(at)];
    await writeOrder(trx, playlistId, before, after);
    await trx.updateTable('playlists').set({ updated_at: toTimestamp() }).where('id', '=', playlistId).execute();
    return { ok: true, value: true } as const;
  });
}

/** Moves a video of the playlist to `position` (0-based). */
export async function moveInPlaylist(
  db: Kysely<Database>,
  playlistId: string,
  userId: string,
  videoId: string,
  position: number,
): Promise<PlaylistResult<true>> {
  const found = await owned(db, playlistId, userId);
  if (!found.ok) return found;
  return db.transaction().execute(async (trx) => {
    const before = await orderedIds(trx, playlistId);
    if (!before.includes(videoId)) return { ok: false, problem: 'videoNotFound' } as const;
    if (!Number.isInteger(position) || position < 0 || position >= before.length) return { ok: false, problem: 'position' } as const;
    const rest = before.filter((id) => id !== videoId);
    const after = [...rest.slice(0, position), videoId, ...rest.slice(position)];
    await writeOrder(trx, playlistId, before, after);
    await trx.updateTable('playlists').set({ updated_at: toTimestamp() }).where('id', '=', playlistId).execute();
    return { ok: true, value: true } as const;
  });
}

export async function removeFromPlaylist(db: Kysely<Database>, playlistId: string, userId: string, videoId: string): Promise<PlaylistResult<true>> {
  const found = await owned(db, playlistId, userId);
  if (!found.ok) return found;
  await db.transaction().execute(async (trx) => {
    const before = await orderedIds(trx, playlistId);
    await trx.deleteFrom('playlist_videos').where('playlist_id', '=', playlistId).where('video_id', '=', videoId).execute();
    // Only the videos after the removed one move up.
    await writeOrder(
      trx,
      playlistId,
      before,
      before.filter((id) => id !== videoId),
    );
    await trx.updateTable('playlists').set({ updated_at: toTimestamp() }).where('id', '=', playlistId).execute();
  });
  return { ok: true, value: true };
}
