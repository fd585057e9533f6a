/**
 * GET/HEAD /media/<key>: uploaded videos and thumbnails, straight from storage.
 *
 * - Only keys of the strict storage pattern are looked up (no path can name anything else), and
 *   only keys a video row holds are served, with the type detected at upload.
 * - A private video's files go to its owner only; everyone else gets the same 404 as for a key
 *   that does not exist.
 * - HTTP Range (one range; players seek with it): 206 with Content-Range, 416 when the range lies
 *   beyond the file, the whole file (200) without a Range or for a multi-range request.
 * - Caching: every key a video names moves to a new generation whenever fewer people may see the
 *   video (domains/media/generations: made private, hidden, owner suspended), so the keys of a
 *   public video never serve anything else and are `public, max-age=31536000, immutable` — the
 *   uploaded thumbnail as much as renditions, poster and cards (never an original: below). Anything not public
 *   is `private, no-store` (also a public video whose keys are not yet recorded as handed to
 *   everyone: caches may keep only keys that will move if the audience shrinks). ETag and
 *   Last-Modified with 304 answers.
 * - Renditions (`renditions/<video id>/<generation>/<file>`, server/domains/media): served only while the
 *   row points at that generation, under the same rule as the video itself (public and ready for
 *   everyone, otherwise the owner only). Playlists as application/vnd.apple.mpegurl, segments as
 *   video/mp2t, the MP4 as video/mp4 (with Range like everything here), poster and card images.
 * - While a move to new keys is pending (its bytes still at the old location), a current key is
 *   served from there: the switch is never seen as a missing file.
 * - An original (the uploaded file of a video that has renditions, or will: kept with
 *   KEEP_ORIGINALS) goes to its owner only, `private, no-store`, whatever the video's visibility:
 *   it may carry the camera's location and other personal metadata, and others get it only through
 *   the download route, cleaned (docs/media-privacy.md#originals). A video made before the
 *   pipeline plays its uploaded file, so that one follows the video's rule.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { VideoStatus, Visibility } from '../../infra/db/schema';
import { sendError } from '../../http/errors';
import { t } from '../../i18n';
import { passesModeration } from '../moderation/visibility';
import { isStorageKey, parseRenditionKey, type StoredObjectInfo } from '../../infra/storage/storage';
import { canView } from '../videos/video-records';
import { MEDIA_PREFIX, originalIsPlayback } from '../videos/videos';

import type { SlotColumn } from './generations/rotate';
import { pendingSources } from './generations/moves';
import { AUDIENCE } from './generations/audience';

export const PRIVATE_MEDIA_CACHE_CONTROL = 'private, no-store';
/** A public video's keys change before its audience shrinks: caches can keep them for good. */
export const IMMUTABLE_MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/**
 * An unlisted video's media (anyone with the link): kept by the viewer's browser, never by a
 * shared cache, which would go on serving them after the video is made private (docs/sharing.md).
 */
export const UNLISTED_MEDIA_CACHE_CONTROL = 'private, max-age=31536000, immutable';

const RENDITION_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  // Storyboards (domains/media/storyboard.ts): the seek-preview index.
  vtt: 'text/vtt; charset=utf-8',
};

interface MediaTarget {
  type: string;
  videoId: string;
  user_id: string;
  visibility: Visibility;
  status: VideoStatus;
  /** videos.media_exposure: the widest audience these keys are recorded as handed to. */
  exposure: number;
  /** Which medium it is, and the file within a generation: where to look while a move is pending. */
  slot: SlotColumn;
  file?: string;
  /** Moderation (domains/moderation/visibility.ts): hidden videos and suspended owners. */
  hidden_at: string | null;
  owner_suspended_at: string | null;
  /** An original beside renditions: its owner's only. */
  ownerOnly?: boolean;
}

/** The first byte to the last, inclusive. */
export interface ResolvedRange {
  start: number;
  end: number;
}

/**
 * Reads a Range header against a file of `size` bytes: a single satisfiable range, 'unsatisfiable'
 * (answer 416), or undefined to ignore the header and send everything (absent, malformed, not
 * bytes, or several ranges — which HTTP allows a server to ignore).
 */
export function parseRange(header: string | undefined, size: number): ResolvedRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // Suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

function etagOf(info: StoredObjectInfo): string {
  return `"${info.size.toString(16)}-${Math.floor(info.modifiedAt.getTime()).toString(16)}"`;
}

/** If-None-Match (or, without it, If-Modified-Since) says the client's copy is current. */
function isNotModified(request: FastifyRequest, etag: string, modifiedAt: Date): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) {
    return noneMatch.split(',').some((tag) => {
      const value = tag.trim();
      return value === '*' || value.replace(/^W\//, '') === etag;
    });
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(modifiedAt.getTime() / 1000) <= Math.floor(since / 1000);
}

/** A Range applies unless If-Range names another version. */
function rangeStillApplies(request: FastifyRequest, etag: string, modifiedAt: Date): boolean {
  const header = request.headers['if-range'];
  if (header === undefined) return true;
  const ifRange = (Array.isArray(header) ? header.join(',') : header).trim();
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === etag;
  const date = Date.parse(ifRange);
  return Number.isFinite(date) && Math.floor(modifiedAt.getTime() / 1000) === Math.floor(date / 1000);
}

/** The video a key belongs to and the type to serve it with; undefined when no row names it. */
async function findTarget(app: FastifyInstance, key: string): Promise<MediaTarget | undefined> {
  const rendition = parseRenditionKey(key);
  if (rendition) {
    const video = await app.db
      .selectFrom('videos')
      .innerJoin('users', 'users.id', 'videos.user_id')
      .select(['videos.user_id', 'videos.visibility', 'videos.status', 'videos.renditions_prefix', 'videos.media_exposure'])
      .select(['videos.hidden_at', 'users.suspended_at as owner_suspended_at'])
      .where('videos.id', '=', rendition.videoId)
      .executeTakeFirst();
    if (!video || video.renditions_prefix !== `renditions/${rendition.videoId}/${rendition.generation}`) return undefined;
    const ext = rendition.file.split('.').pop() ?? '';
    const type = RENDITION_TYPES[ext];
    if (!type) return undefined;
    return {
      type,
      videoId: rendition.videoId,
      user_id: video.user_id,
      visibility: video.visibility,
      status: video.status,
      exposure: Number(video.media_exposure),
      slot: 'renditions_prefix',
      file: rendition.file,
      hidden_at: video.hidden_at,
      owner_suspended_at: video.owner_suspended_at,
    };
  }
  const owner = await app.db
    .selectFrom('videos')
    .innerJoin('users', 'users.id', 'videos.user_id')
    .select(['videos.id', 'videos.user_id', 'videos.visibility', 'videos.status', 'videos.video_key', 'videos.video_type', 'videos.thumbnail_type'])
    .select(['videos.media_exposure', 'videos.renditions', 'videos.renditions_prefix'])
    .select(['videos.hidden_at', 'users.suspended_at as owner_suspended_at'])
    .where((eb) => eb.or([eb('videos.video_key', '=', key), eb('videos.thumbnail_key', '=', key)]))
    .executeTakeFirst();
  if (!owner) return undefined;
  const isOriginal = key === owner.video_key;
  return {
    type: isOriginal ? owner.video_type : owner.thumbnail_type,
    videoId: owner.id,
    user_id: owner.user_id,
    visibility: owner.visibility,
    // The uploaded thumbnail shows on cards like the video; the original follows the video's state.
    status: owner.status,
    exposure: Number(owner.media_exposure),
    slot: isOriginal ? 'video_key' : 'thumbnail_key',
    hidden_at: owner.hidden_at,
    owner_suspended_at: owner.owner_suspended_at,
    ownerOnly: isOriginal && !originalIsPlayback(owner),
  };
}

/** Where the bytes of `key` are: the key itself, or while its move is pending, an old location. */
async function locate(app: FastifyInstance, key: string, target: MediaTarget): Promise<{ info: StoredObjectInfo; storedAt: string } | undefined> {
  const info = await app.storage.stat(key);
  if (info) return { info, storedAt: key };
  for (const source of await pendingSources(app.db, target.videoId, target.slot, target.file)) {
    const moved = await app.storage.stat(source);
    if (moved) return { info: moved, storedAt: source };
  }
  // The move may have finished (and its record gone) since the first look.
  const late = await app.storage.stat(key);
  return late ? { info: late, storedAt: key } : undefined;
}

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    // Never stored by caches: the owner of a private video must not get someone else's 404.
    sendError(reply.header('cache-control', 'no-store'), 404, t(request, 'error.notFound'));

  app.route({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_PREFIX}/*`,
    handler: async (request, reply) => {
      const key = (request.params as { '*'?: string })['*'] ?? '';
      if (!isStorageKey(key)) return notFound(request, reply);

      const target = await findTarget(app, key);
      if (!target) return notFound(request, reply);
      // Hidden by moderators or owned by a suspended user: as private as a private video.
      const isPublic = !target.ownerOnly && target.visibility === 'public' && target.status === 'ready' && passesModeration(target, null);
      if (target.ownerOnly) {
        if ((await request.currentUser())?.id !== target.user_id) return notFound(request, reply);
      } else if (!isPublic) {
        const viewer = await request.currentUser();
        if (!canView(target, viewer?.id) || !passesModeration(target, viewer)) {
          return notFound(request, reply);
        }
      }

      const found = await locate(app, key, target);
      if (!found) {
        request.log.warn({ key }, 'media file missing from storage');
        return notFound(request, reply);
      }
      const { info, storedAt } = found;

      const etag = etagOf(info);
      reply
        .header('accept-ranges', 'bytes')
        .header(
          'cache-control',
          isPublic && target.exposure >= AUDIENCE.EVERYONE
            ? IMMUTABLE_MEDIA_CACHE_CONTROL
            : !target.ownerOnly && target.visibility === 'unlisted' && target.status === 'ready' && passesModeration(target, null) && target.exposure === AUDIENCE.LINK
              ? UNLISTED_MEDIA_CACHE_CONTROL
              : PRIVATE_MEDIA_CACHE_CONTROL,
        )
        .header('etag', etag)
        .header('last-modified', info.modifiedAt.toUTCString());
      if (isNotModified(request, etag, info.modifiedAt)) return reply.code(304).send();

      const { type } = target;
      const range = rangeStillApplies(request, etag, info.modifiedAt) ? parseRange(request.headers.range, info.size) : undefined;
      if (range === 'unsatisfiable') {
        return sendError(reply.header('content-range', `bytes */${info.size}`), 416, t(request, 'error.rangeNotSatisfiable'));
      }

      reply.type(type);
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
          .header('content-length', String(range.end - range.start + 1));
      } else {
        reply.header('content-length', String(info.size));
      }
      if (request.method === 'HEAD') return reply.send();
      return reply.send(app.storage.createReadStream(storedAt, range));
    },
  });
}
