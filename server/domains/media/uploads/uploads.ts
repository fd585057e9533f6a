/**
 * Receiving uploaded files and turning them into videos, independent of HTTP: the upload route
 * (domains/media/uploads/upload-routes.ts) feeds multipart file streams in, the demo seed (scripts/seed-demo.ts) feeds
 * files from the repository.
 *
 * A file is streamed — never held whole in memory — into a local temporary file of this process
 * (server/domains/media/spool.ts): its first bytes are read to learn its real type
 * (infra/storage/media-types.ts), then every chunk is counted on its way, and the write fails the
 * moment the size limit is passed. The route then has ffprobe inspect the local file
 * (server/domains/media/probe.ts) and only a decodable video reaches storage.
 *
 * saveVideo records the keys it is about to write (storage_pending) before moving the files into
 * storage, and inserts the row, its transcoding job and the removal of those records in one
 * transaction: a crash at any point leaves either a whole video or records that the start-up
 * sweep (server/domains/media/recovery.ts) uses to remove the files. A failure leaves nothing behind.
 */
import { constants as fsConstants } from 'node:fs';
import { copyFile, open, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { Kysely } from 'kysely';

import { newId, toTimestamp } from '../../../infra/db/ids';
import { VISIBILITIES, type Database, type VideoRow, type Visibility } from '../../../infra/db/schema';
import type { MessageKey, MessageVars } from '../../../i18n';
import { INSTANCE_ID } from '../../../infra/instance';
import type { JobQueue } from '../../../infra/jobs/queue';
import type { MediaInfo } from '../probe';
import type { LocalWrite } from '../spool';
import { sourceFacts } from '../../videos/source-facts';
import { SNIFF_BYTES, sniffMediaType, type MediaKind, type MediaType } from '../../../infra/storage/media-types';
import { newStorageKey, type Storage, type StorageFolder, type StorageWrite } from '../../../infra/storage/storage';

export const TITLE_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 5000;

/**
 * An upload refused for a reason the uploader can fix: an HTTP status and a message key of the
 * server catalogue (the route translates it for the request's language).
 */
export class UploadRejection extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly vars: MessageVars = {},
  ) {
    super(messageKey);
    this.name = 'UploadRejection';
  }
}

/** The file's source failed (client gone, form cut short) rather than our side of the write. */
export class UploadSourceError extends Error {
  constructor(cause: unknown) {
    super('the upload stream failed', { cause });
    this.name = 'UploadSourceError';
  }
}

// ---- form fields ----

export interface VideoFields {
  title: string;
  description: string;
  visibility: Visibility;
}

export interface FieldProblem {
  problem: MessageKey;
  vars?: MessageVars;
}

/**
 * Trims and checks title, description and visibility (upload form and edits alike): the clean
 * fields, or the message key of the first problem. Visibility defaults to public.
 */
export function checkVideoFields(input: {
  title?: string | undefined;
  description?: string | undefined;
  visibility?: string | undefined;
}): VideoFields | FieldProblem {
  const title = (input.title ?? '').trim();
  if (title === '') return { problem: 'video.titleRequired' };
  if (title.length > TITLE_MAX_LENGTH) return { problem: 'video.titleTooLong', vars: { max: TITLE_MAX_LENGTH } };
  const description = (input.description ?? '').trim();
  if (description.length > DESCRIPTION_MAX_LENGTH) {
    return { problem: 'video.descriptionTooLong', vars: { max: DESCRIPTION_MAX_LENGTH } };
  }
  const visibility = (input.visibility ?? '').trim() || 'public';
  if (!(VISIBILITIES as readonly string[]).includes(visibility)) return { problem: 'video.visibilityInvalid' };
  return { title, description, visibility: visibility as Visibility };
}

// ---- files ----

export interface FileRule {
  kind: MediaKind;
  folder: StorageFolder;
  maxBytes: number;
  tooLarge: MessageKey;
  wrongType: MessageKey;
}

export function videoFileRule(maxBytes: number): FileRule {
  return { kind: 'video', folder: 'videos', maxBytes, tooLarge: 'upload.videoTooLarge', wrongType: 'upload.videoType' };
}

export function thumbnailFileRule(maxBytes: number): FileRule {
  return {
    kind: 'image',
    folder: 'thumbnails',
    maxBytes,
    tooLarge: 'upload.thumbnailTooLarge',
    wrongType: 'upload.thumbnailType',
  };
}

/** "1 GB", "2 MB", "512 KB" or "1000 bytes": limits as people read them. */
export function formatByteLimit(bytes: number): string {
  const units: Array<[number, string]> = [
    [1024 ** 3, 'GB'],
    [1024 ** 2, 'MB'],
    [1024, 'KB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return `${bytes} bytes`;
}

/** A file written (to storage or a local temporary file) but not committed yet. */
export interface ReceivedFile<W extends StorageWrite = StorageWrite> {
  key: string;
  type: MediaType;
  size: number;
  write: W;
}

/** Where receiveFile writes: a Storage, or the local spool (server/domains/media/spool.ts). */
export interface FileSink<W extends StorageWrite> {
  beginWrite(key: string): Promise<W>;
}

/**
 * Streams `source` into storage under a new key whose extension comes from the sniffed type.
 * Resolves with the uncommitted write, or undefined for an empty file (a form's empty file input);
 * rejects with an UploadRejection (wrong type, too large), an UploadSourceError (the source
 * failed), or the storage's own error — in every rejection the written bytes are gone.
 */
export async function receiveFile<W extends StorageWrite>(
  sink: FileSink<W>,
  source: Readable,
  rule: FileRule,
): Promise<ReceivedFile<W> | undefined> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const next = async (): Promise<IteratorResult<Buffer>> => {
    try {
      return await chunks.next();
    } catch (error) {
      throw new UploadSourceError(error);
    }
  };
  const tooLarge = () => new UploadRejection(413, rule.tooLarge, { max: formatByteLimit(rule.maxBytes) });

  let write: W | undefined;
  let size = 0;
  try {
    // The first bytes tell the type; nothing is written before it is known.
    const headChunks: Buffer[] = [];
    let headLength = 0;
    while (headLength < SNIFF_BYTES) {
      const { value, done } = await next();
      if (done) break;
      headChunks.push(value);
      headLength += value.length;
    }
    const head = Buffer.concat(headChunks);
    if (head.length === 0) return undefined;
    const type = sniffMediaType(head);
    if (!type || type.kind !== rule.kind) throw new UploadRejection(415, rule.wrongType);

    const key = newStorageKey(rule.folder, type.ext);
    write = await sink.beginWrite(key);
    // Every chunk is counted on its way to storage; past the limit the write fails at once.
    const counted = async function* (): AsyncGenerator<Buffer> {
      let chunk: Buffer | undefined = head;
      while (chunk) {
        size += chunk.length;
        if (size > rule.maxBytes) throw tooLarge();
        yield chunk;
        const result = await next();
        chunk = result.done ? undefined : result.value;
      }
    };
    await pipeline(counted(), write.stream);
    return { key, type, size, write };
  } catch (error) {
    // Stop reading: the rest of this file is not wanted.
    await chunks.return?.().catch(() => undefined);
    if (!source.destroyed) source.destroy();
    await write?.abort();
    throw error;
  }
}

/**
 * receiveFile for a complete file already on this machine's disk (a finished resumable upload in
 * the file store): the same sniffing, size limit and outcome, but the bytes are copied by the
 * kernel (copy_file_range, or a reflink where the file system has them) into the sink's temporary
 * file instead of passing through this process in Buffers — a 1 GiB upload leaves no garbage
 * behind for the garbage collector, and the copy is faster.
 */
export async function receiveLocalFile<W extends StorageWrite & { readonly path: string }>(
  sink: FileSink<W>,
  file: string,
  rule: FileRule,
): Promise<ReceivedFile<W> | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new UploadSourceError(error);
  }
  let write: W | undefined;
  try {
    const { size } = await handle.stat();
    if (size === 0) return undefined;
    if (size > rule.maxBytes) throw new UploadRejection(413, rule.tooLarge, { max: formatByteLimit(rule.maxBytes) });
    const head = Buffer.alloc(Math.min(SNIFF_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    const type = sniffMediaType(head);
    if (!type || type.kind !== rule.kind) throw new UploadRejection(415, rule.wrongType);
    const key = newStorageKey(rule.folder, type.ext);
    write = await sink.beginWrite(key);
    const target = write.path;
    // The copy writes the file itself: close the (empty) stream first.
    await new Promise<void>((resolve, reject) => write!.stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
    await copyFile(file, target, fsConstants.COPYFILE_FICLONE);
    return { key, type, size, write };
  } catch (error) {
    await write?.abort();
    throw error;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

export interface NewVideo {
  userId: string;
  title: string;
  description: string;
  visibility: Visibility;
  /** Local files (the spool), already inspected. */
  video: ReceivedFile<LocalWrite>;
  thumbnail: ReceivedFile<LocalWrite>;
  /** What ffprobe found (server/domains/media/probe.ts). */
  info: MediaInfo;
  /** Defaults to now (the seed spreads its videos over the past weeks). */
  createdAt?: Date;
}

export type VideoWithOwner = VideoRow & { username: string };

/**
 * Moves both files into storage and inserts the row (state `processing`) with its transcoding
 * job. The keys are recorded in storage_pending first, and that record goes in the same
 * transaction as the row: after a crash, the start-up sweep removes files whose record remains.
 * If anything fails here, the files are removed again, so there is never a file without a row
 * nor a row without its files.
 */
export async function saveVideo(
  db: Kysely<Database>,
  storage: Storage,
  jobs: Pick<JobQueue, 'enqueue' | 'joinsTransactions'>,
  input: NewVideo,
): Promise<VideoWithOwner> {
  const { video, thumbnail, info } = input;
  const keys = [video.key, thumbnail.key];
  let recorded = false;
  try {
    const owner = await db.selectFrom('users').select('username').where('id', '=', input.userId).executeTakeFirstOrThrow();
    const now = toTimestamp(input.createdAt);
    await db
      .insertInto('storage_pending')
      .values(keys.map((key) => ({ key, owner: INSTANCE_ID, created_at: toTimestamp() })))
      .execute();
    recorded = true;
    await video.write.commit();
    await thumbnail.write.commit();
    await storage.putFile(video.key, video.write.path);
    await storage.putFile(thumbnail.key, thumbnail.write.path);

    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('videos')
        .values({
          id: newId(input.createdAt),
          user_id: input.userId,
          title: input.title,
          description: input.description,
          visibility: input.visibility,
          views: 0,
          video_key: video.key,
          video_type: video.type.mime,
          video_size: video.size,
          thumbnail_key: thumbnail.key,
          thumbnail_type: thumbnail.type.mime,
          thumbnail_size: thumbnail.size,
          created_at: now,
          updated_at: now,
          status: 'processing',
          processing_progress: 0,
          processing_error: null,
          duration: info.duration,
          width: info.width,
          height: info.height,
          ...sourceFacts(info),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (jobs.joinsTransactions) await jobs.enqueue(inserted.id, trx);
      await trx.deleteFrom('storage_pending').where('key', 'in', keys).execute();
      return inserted;
    });
    if (!jobs.joinsTransactions) {
      // No transaction spans the database and Redis: enqueue once the row is committed. The upload
      // is kept whatever happens here; a lost enqueue (Redis down, or this process dying right now)
      // leaves a processing video without a job, which the queue's requeueMissing() repairs.
      await jobs.enqueue(row.id).catch(() => undefined);
    }
    return { ...row, username: owner.username };
  } catch (error) {
    await Promise.allSettled([video.write.abort(), thumbnail.write.abort(), ...keys.map((key) => storage.delete(key))]);
    if (recorded) await db.deleteFrom('storage_pending').where('key', 'in', keys).execute().catch(() => undefined);
    throw error;
  }
}

/**
 * Sets a new thumbnail on a video (any upload path). The new key is recorded in storage_pending
 * before it is written, and the row's switch to it drops that record in one transaction, as in
 * saveVideo; the old file is removed afterwards. The WebP cards made from the old thumbnail are
 * dropped from the manifest (the page then uses the new thumbnail itself).
 */
export async function replaceThumbnail(
  db: Kysely<Database>,
  storage: Storage,
  video: Pick<VideoRow, 'id' | 'thumbnail_key' | 'renditions'>,
  thumbnail: ReceivedFile<LocalWrite>,
): Promise<VideoRow> {
  let recorded = false;
  try {
    await db.insertInto('storage_pending').values({ key: thumbnail.key, owner: INSTANCE_ID, created_at: toTimestamp() }).execute();
    recorded = true;
    await thumbnail.write.commit();
    await storage.putFile(thumbnail.key, thumbnail.write.path);
    const renditions = withoutCards(video.renditions);
    const row = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('videos')
        .set({
          thumbnail_key: thumbnail.key,
          thumbnail_type: thumbnail.type.mime,
          thumbnail_size: thumbnail.size,
          renditions,
          updated_at: toTimestamp(),
        })
        .where('id', '=', video.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('storage_pending').where('key', '=', thumbnail.key).execute();
      return updated;
    });
    await storage.delete(video.thumbnail_key).catch(() => undefined);
    return row;
  } catch (error) {
    await Promise.allSettled([thumbnail.write.abort(), storage.delete(thumbnail.key)]);
    if (recorded) await db.deleteFrom('storage_pending').where('key', '=', thumbnail.key).execute().catch(() => undefined);
    throw error;
  }
}

function withoutCards(renditions: string | null): string | null {
  if (!renditions) return renditions;
  try {
    const manifest = JSON.parse(renditions) as { cards?: unknown };
    return JSON.stringify({ ...manifest, cards: [] });
  } catch {
    return renditions;
  }
}

export type RetryOutcome = { row: VideoRow } | { problem: 'notFailed' | 'noOriginal' };

/**
 * Runs a failed video's processing again: only from `failed` (a conditional update, so two
 * retries at once make one job), only while its original is still stored (failed videos keep
 * theirs for this). The row goes back to `processing`, queued, with its job enqueued in the same
 * transaction on the embedded queue (after the commit on Redis, repaired by requeueMissing).
 */
export async function retryVideo(
  db: Kysely<Database>,
  storage: Storage,
  jobs: Pick<JobQueue, 'enqueue' | 'joinsTransactions' | 'notify'>,
  video: Pick<VideoRow, 'id' | 'status' | 'video_key'>,
): Promise<RetryOutcome> {
  if (video.status !== 'failed') return { problem: 'notFailed' };
  if (!(await storage.stat(video.video_key))) return { problem: 'noOriginal' };
  const row = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('videos')
      .set({ status: 'processing', processing_progress: 0, processing_error: null, processing_stage: null, processing_started_at: null, processing_stage_at: null, updated_at: toTimestamp() })
      .where('id', '=', video.id)
      .where('status', '=', 'failed')
      .returningAll()
      .executeTakeFirst();
    if (updated && jobs.joinsTransactions) await jobs.enqueue(updated.id, trx);
    return updated;
  });
  if (!row) return { problem: 'notFailed' };
  if (!jobs.joinsTransactions) await jobs.enqueue(row.id).catch(() => undefined);
  jobs.notify();
  return { row };
}

export interface ReplacementFile {
  /** The new original, in the local spool, already inspected. */
  video: ReceivedFile<LocalWrite>;
  info: MediaInfo;
}

/**
 * Gives an existing video a new original (a resumable upload with `replaces`): the id, title,
 * likes, comments and thumbnail stay; the row goes back to `processing` (queued) with no
 * renditions, and its job is enqueued as for a new upload. The new key is recorded in
 * storage_pending before it is written and that record goes in the transaction that switches the
 * row, as in saveVideo. The old original is removed after the switch; the old renditions are no
 * longer named by the row (so never served again) and the job removes them before it makes the
 * new ones (the pipeline starts from a clean `renditions/<id>/`).
 */
export async function replaceVideoFile(
  db: Kysely<Database>,
  storage: Storage,
  jobs: Pick<JobQueue, 'enqueue' | 'joinsTransactions' | 'notify'>,
  target: { videoId: string; userId: string },
  input: ReplacementFile,
): Promise<VideoWithOwner | undefined> {
  const { video, info } = input;
  let recorded = false;
  try {
    await db.insertInto('storage_pending').values({ key: video.key, owner: INSTANCE_ID, created_at: toTimestamp() }).execute();
    recorded = true;
    await video.write.commit();
    await storage.putFile(video.key, video.write.path);
    const result = await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('videos')
        .select(['video_key'])
        .where('id', '=', target.videoId)
        .where('user_id', '=', target.userId)
        .executeTakeFirst();
      if (!before) return undefined;
      const row = await trx
        .updateTable('videos')
        .set({
          video_key: video.key,
          video_type: video.type.mime,
          video_size: video.size,
          status: 'processing',
          processing_progress: 0,
          processing_error: null,
          processing_stage: null,
          processing_started_at: null,
          processing_stage_at: null,
          duration: info.duration,
          width: info.width,
          height: info.height,
          ...sourceFacts(info),
          renditions_prefix: null,
          renditions: null,
          updated_at: toTimestamp(),
        })
        .where('id', '=', target.videoId)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (jobs.joinsTransactions) await jobs.enqueue(row.id, trx);
      await trx.deleteFrom('storage_pending').where('key', '=', video.key).execute();
      // Pending moves of the old original or renditions (domains/media/generations) would carry
      // old bytes to the row's current locations: they are dropped, their sources removed below.
      const staleMoves = await trx
        .selectFrom('media_moves')
        .select(['id', 'from_key'])
        .where('video_id', '=', target.videoId)
        .where('slot', 'in', ['video_key', 'renditions_prefix'])
        .execute();
      if (staleMoves.length > 0) await trx.deleteFrom('media_moves').where('id', 'in', staleMoves.map((move) => move.id)).execute();
      return { row, oldKey: before.video_key, staleSources: staleMoves.map((move) => move.from_key) };
    });
    if (!result) {
      await storage.delete(video.key).catch(() => undefined);
      await db.deleteFrom('storage_pending').where('key', '=', video.key).execute().catch(() => undefined);
      return undefined;
    }
    if (!jobs.joinsTransactions) await jobs.enqueue(result.row.id).catch(() => undefined);
    jobs.notify();
    if (result.oldKey !== video.key) await storage.delete(result.oldKey).catch(() => undefined);
    for (const source of result.staleSources) {
      await (source.endsWith('/') ? storage.deletePrefix(source) : storage.delete(source)).catch(() => undefined);
    }
    const owner = await db.selectFrom('users').select('username').where('id', '=', result.row.user_id).executeTakeFirstOrThrow();
    return { ...result.row, username: owner.username };
  } catch (error) {
    await Promise.allSettled([video.write.abort(), storage.delete(video.key)]);
    if (recorded) await db.deleteFrom('storage_pending').where('key', '=', video.key).execute().catch(() => undefined);
    throw error;
  }
}
