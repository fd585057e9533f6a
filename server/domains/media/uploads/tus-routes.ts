/**
 * Resumable uploads: a tus 1.0 endpoint at /v0/api/uploads (core protocol plus the creation,
 * termination and expiration extensions), served by @tus/server, not by hand.
 *
 * Fastify does the site's part before tus sees a request: the session (401), the origin check
 * of every write (a global hook, http/origin-check.ts), ownership (an upload's id starts with its
 * creator's user id, so anyone else gets 404 without a store lookup), and on creation the
 * Upload-Length limit (413) and the Upload-Metadata fields, checked with the multipart form's
 * rules and messages (400). Those answers are the API's usual `{ success: false, message }`.
 * Then the raw request goes to tus (reply.hijack()), which handles offsets (409), content type
 * (415), Tus-Resumable (412), locks and the store, on the upload id the route checked (never one
 * read from the URL). Its failures (500) are logged with the request id.
 *
 * Bytes live in @tus/file-store under DATA_DIR/uploads (they survive a restart), or in
 * @tus/s3-store when S3 is configured (domains/media/uploads/s3-store.ts); locks are in Redis when REDIS_URL is set
 * (domains/media/uploads/redis-locker.ts), so with both an upload continues on any instance. The PATCH that completes an upload copies the file into
 * this process's spool through receiveFile (the sniffing and size count of the multipart path),
 * has ffprobe inspect it, takes a poster frame as its thumbnail (the thumbnail stays optional:
 * it can be changed later), saves the video like the multipart path and answers with a Video-Id
 * header. Whatever the outcome, the tus bytes are removed then. Incomplete uploads expire after
 * UPLOAD_EXPIRY_HOURS (24 by default): swept at start and every hour.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { mkdir, readdir, stat } from 'node:fs/promises';

import { FileStore } from '@tus/file-store';
import { Metadata, Server, type Upload } from '@tus/server';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { errorBody, sendError, SERVER_ERROR_MESSAGE } from '../../../http/errors';
import { rateLimited } from '../../../http/rate-limits';
import { uploadsUnderWay } from '../../../http/upload-budget';
import { t, type MessageKey, type MessageVars } from '../../../i18n';
import { extractPoster } from '../poster';
import { inspectUpload, UndecodableMediaError } from '../probe';
import type { LocalWrite } from '../spool';
import { MEDIA_TYPES } from '../../../infra/storage/media-types';
import { newStorageKey } from '../../../infra/storage/storage';

import { createRedisLocker } from './redis-locker';
import { SiteS3Store } from './s3-store';
import {
  UploadRejection,
  UploadSourceError,
  checkVideoFields,
  formatByteLimit,
  receiveFile,
  receiveLocalFile,
  replaceVideoFile,
  saveVideo,
  videoFileRule,
  type ReceivedFile,
  type VideoFields,
} from './uploads';
import { UPLOAD_LIMITS, UPLOAD_REFUSALS } from './upload-routes';

export const TUS_PATH = '/v0/api/uploads';
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** `<user id>-<32 hex>`: the creator is part of the id. */
const UPLOAD_ID = /^([0-9a-f]{8,64})-[0-9a-f]{32}$/;
const PNG = MEDIA_TYPES.find((type) => type.ext === 'png');

/** What Fastify learnt about a request, for the tus hooks (keyed by the Node request). */
interface RequestContext {
  userId: string;
  request: FastifyRequest;
  /** The upload id of the route (`:id`), checked against the user: the only id tus acts on. */
  uploadId?: string;
  fields?: VideoFields;
  /** filename and filetype as checked at creation (checkFileFields). */
  file?: FileFields;
  /** The id of the own video whose file this upload replaces (Upload-Metadata `replaces`). */
  replaces?: string;
}

/** The client's file name and type, kept with the upload (shown when it is resumed). */
type FileFields = { filename?: string; filetype?: string };

const MAX_FILENAME_BYTES = 255;
/**
 * A media type (RFC 6838: type/subtype of restricted-name characters, 127 at most each), with
 * parameters as browsers write them (MediaRecorder: `video/webm;codecs=vp8,opus`).
 */
const MEDIA_TYPE = /^[a-z0-9][\w!#$&^.+-]{0,126}\/[a-z0-9][\w!#$&^.+-]{0,126}(?:\s*;\s*[\w!#$&^.+-]+=(?:[\x21\x23-\x3a\x3c-\x7e]+|"[\x20\x21\x23-\x7e]*"))*$/i;
const MAX_MEDIA_TYPE_LENGTH = 255;

/**
 * An over-long filename is refused (400): the site stores and shows it. A filetype that is no
 * media type is dropped, not refused: tus-js-client and Uppy send the browser's guess (File.type),
 * which the user neither sees nor chooses, and the site never relies on it (completion sniffs the
 * bytes), so refusing would fail a good video over a hint.
 */
function checkFileFields(metadata: Record<string, string | null>): FileFields | { problem: MessageKey; vars?: MessageVars } {
  const file: FileFields = {};
  const { filename, filetype } = metadata;
  if (filename) {
    if (Buffer.byteLength(filename, 'utf8') > MAX_FILENAME_BYTES) return { problem: 'upload.filenameTooLong', vars: { max: MAX_FILENAME_BYTES } };
    file.filename = filename;
  }
  if (filetype && filetype.length <= MAX_MEDIA_TYPE_LENGTH && MEDIA_TYPE.test(filetype)) file.filetype = filetype;
  return file;
}

/** A tus hook's failure, answered with the API's error shape. */
function hookError(request: FastifyRequest, status: number, key: MessageKey, vars?: MessageVars) {
  return { status_code: status, body: JSON.stringify(errorBody(t(request, key, vars))) };
}

export const tusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, storage } = app;
  const contexts = new WeakMap<IncomingMessage, RequestContext>();
  const findContext = (req: Request): RequestContext | undefined => {
    const node = (req as Request & { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
    return node ? contexts.get(node) : undefined;
  };
  const contextOf = (req: Request): RequestContext => {
    const context = findContext(req);
    if (!context) throw new Error('tus request without its Fastify context');
    return context;
  };

  const datastore: FileStore | SiteS3Store = config.s3
    ? new SiteS3Store({
        partSize: 8 * 1024 * 1024,
        // No object tags (not every S3-compatible server has them): expiry is the periodic sweep.
        useTags: false,
        expirationPeriodInMilliseconds: config.uploadExpiryMs,
        s3ClientConfig: {
          bucket: config.s3.bucket,
          forcePathStyle: config.s3.forcePathStyle,
          // Chunks are streams of unknown length: without this the SDK sends them aws-chunked with
          // a checksum trailer, which S3-compatible servers that lack it store verbatim.
          requestChecksumCalculation: 'WHEN_REQUIRED',
        },
      })
    : new FileStore({ directory: path.join(config.dataDir, 'uploads'), expirationPeriodInMilliseconds: config.uploadExpiryMs });

  // With Redis, locks are shared by every instance; else @tus/server's MemoryLocker (one process).
  const locker = app.redis ? await createRedisLocker(app.redis) : undefined;
  if (locker) app.addHook('onClose', () => locker.close());
  const tus = new Server({
    path: TUS_PATH,
    datastore,
    ...(locker ? { locker } : {}),
    maxSize: config.maxVideoBytes,
    relativeLocation: true,
    exposedHeaders: ['Video-Id'],
    // By default tus takes the id from the last segment of the whole URL, query string included
    // (`/uploads/<own id>?x=/<someone else's id>`): it must act on the id the route checked.
    getFileIdFromRequest: (req) => contextOf(req).uploadId,
    namingFunction: (req) => `${contextOf(req).userId}-${randomBytes(16).toString('hex')}`,
    onUploadCreate: async (req, upload) => {
      const { fields, replaces, file, userId } = contextOf(req);
      app.uploadBudget.created(upload.id, userId);
      // The checked, trimmed fields replace what was sent (stray keys are dropped); a replacement
      // keeps only its target (stored with the upload, so any instance can finish it).
      return { metadata: { ...(replaces ? { replaces } : fields), ...file } };
    },
    onResponseError: (req, error) => {
      // tus answers its own errors (4xx, plain text) as the protocol has them. Anything else is a
      // failure: logged with its request id, and answered like every 500 of the API (tus would
      // send "Something went wrong with that request" and the error's message).
      const status = 'status_code' in error ? error.status_code : 500;
      if (status < 500) return undefined;
      const request = findContext(req)?.request;
      (request?.log ?? app.log).error({ err: error, statusCode: status }, 'resumable upload failed');
      return { status_code: 500, body: JSON.stringify(errorBody(request ? t(request, 'error.server') : SERVER_ERROR_MESSAGE)) };
    },
    onUploadFinish: async (req, upload) => {
      const context = contextOf(req);
      try {
        const videoId = await finishUpload(context, upload);
        return { headers: { 'Video-Id': videoId } };
      } catch (error) {
        if (error instanceof UploadRejection) {
          context.request.log.info({ statusCode: error.statusCode, reason: error.messageKey }, 'resumable upload refused');
          throw hookError(context.request, error.statusCode, error.messageKey, error.vars);
        }
        if (error instanceof UploadSourceError) throw hookError(context.request, 400, 'upload.incomplete');
        throw error;
      } finally {
        // Done or refused, the bytes are not needed any more.
        app.uploadBudget.ended(upload.id);
        await datastore.remove(upload.id).catch(() => undefined);
      }
    },
  });

  /** ffprobe's verdict under the configured fence, refused with the multipart path's messages. */
  async function inspect(file: string) {
    const { limits } = config.media;
    try {
      return await inspectUpload(file, undefined, limits);
    } catch (error) {
      if (error instanceof UndecodableMediaError) {
        throw new UploadRejection(422, UPLOAD_REFUSALS[error.kind], {
          minutes: Math.floor(limits.maxSeconds / 60),
          megapixels: Math.round(limits.maxPixels / 1e5) / 10,
        });
      }
      throw error;
    }
  }

  /**
   * The finished upload's bytes into this process's spool, sniffed and counted like a multipart
   * file: on the file store copied by the kernel (no Buffers through this process), from S3 streamed.
   */
  async function receiveUpload(upload: Upload): Promise<ReceivedFile<LocalWrite> | undefined> {
    const rule = videoFileRule(config.maxVideoBytes);
    if (datastore instanceof FileStore) return receiveLocalFile(app.media.spool, path.join(datastore.directory, upload.id), rule);
    return receiveFile(app.media.spool, await datastore.read(upload.id), rule);
  }

  /** Sniffs, inspects and saves the finished upload; the new video's id. */
  async function finishUpload(context: RequestContext, upload: Upload): Promise<string> {
    const replaces = upload.metadata?.replaces;
    if (replaces) return finishReplacement(context, upload, replaces);
    const { queue } = app.media;
    const fields = checkVideoFields({
      title: upload.metadata?.title ?? undefined,
      description: upload.metadata?.description ?? undefined,
      visibility: upload.metadata?.visibility ?? undefined,
    });
    if ('problem' in fields) throw new UploadRejection(400, fields.problem, fields.vars);
    const video = await receiveUpload(upload);
    if (!video) throw new UploadRejection(400, 'upload.videoMissing');
    let thumbnail: ReceivedFile<LocalWrite> | undefined;
    try {
      // A few at a time per instance (UPLOAD_CHECKS_AT_ONCE): the rest wait their turn here.
      const checked = await app.media.uploadChecks(async () => {
        const info = await inspect(video.write.path);
        thumbnail = await posterOf(video.write.path, Math.min(1, info.duration / 2));
        return { info, poster: thumbnail };
      });
      const saved = await saveVideo(app.db, storage, queue, { userId: context.userId, ...fields, video, thumbnail: checked.poster, info: checked.info });
      queue.notify();
      context.request.log.info({ videoId: saved.id, videoBytes: saved.video_size, uploadId: upload.id }, 'video uploaded (resumable)');
      return saved.id;
    } catch (error) {
      await Promise.allSettled([video.write.abort(), thumbnail?.write.abort()]);
      throw error;
    }
  }

  /** A new file for an own video: sniffed and inspected like an upload, then swapped in (domains/media/uploads/uploads.ts). */
  async function finishReplacement(context: RequestContext, upload: Upload, videoId: string): Promise<string> {
    const video = await receiveUpload(upload);
    if (!video) throw new UploadRejection(400, 'upload.videoMissing');
    try {
      const info = await app.media.uploadChecks(() => inspect(video.write.path));
      const replaced = await replaceVideoFile(app.db, storage, app.media.queue, { videoId, userId: context.userId }, { video, info });
      // Deleted (or given away) while the bytes came in.
      if (!replaced) throw new UploadRejection(404, 'upload.replaceNotFound');
      context.request.log.info({ videoId, videoBytes: replaced.video_size, uploadId: upload.id }, 'video file replaced (resumable)');
      // Out of the lists and search until its new renditions are ready.
      await app.events.publish('video.changed', { videoId, change: 'updated' });
      return videoId;
    } catch (error) {
      await video.write.abort().catch(() => undefined);
      throw error;
    }
  }

  async function posterOf(videoPath: string, atSeconds: number): Promise<ReceivedFile<LocalWrite>> {
    if (!PNG) throw new Error('PNG media type missing');
    const key = newStorageKey('thumbnails', PNG.ext);
    const write = await app.media.spool.beginWrite(key);
    try {
      // ffmpeg writes the file itself: close our (empty) stream first.
      await new Promise<void>((resolve) => write.stream.end(resolve));
      await extractPoster(videoPath, write.path, atSeconds);
      const { size } = await stat(write.path);
      return { key, type: PNG, size, write };
    } catch (error) {
      await write.abort();
      throw error;
    }
  }

  /**
   * The library's sweep skips complete uploads; one stays behind only when the process died between
   * its last byte and the video (the finishing hook removes it otherwise). Removed once expired.
   * File store only (the S3 store would need a bucket listing).
   */
  async function sweepStrandedUploads(): Promise<number> {
    if (!(datastore instanceof FileStore)) return 0;
    const names = await readdir(datastore.directory).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : undefined;
      if (!id || !UPLOAD_ID.test(id)) continue;
      const upload = await datastore.getUpload(id).catch(() => undefined);
      if (!upload?.creation_date || upload.size === undefined || upload.offset !== upload.size) continue;
      if (Date.parse(upload.creation_date) + config.uploadExpiryMs > Date.now()) continue;
      await datastore.remove(id).catch(() => undefined);
      removed += 1;
    }
    return removed;
  }

  const sweep = async () => {
    try {
      const removed = (await tus.cleanUpExpiredUploads()) + (await sweepStrandedUploads());
      if (removed > 0) app.log.info({ removed }, 'expired resumable uploads removed');
    } catch (error) {
      app.log.warn({ err: error }, 'sweeping expired resumable uploads failed');
    }
  };
  // The file store makes its folder without waiting (in its constructor): the first sweep must
  // not look before the folder is there on a fresh data directory.
  if (datastore instanceof FileStore) await mkdir(datastore.directory, { recursive: true });
  await sweep();
  const timer = setInterval(() => void sweep(), CLEANUP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  const uploadsPerUser = app.createRateLimit({
    ...UPLOAD_LIMITS.uploadsPerUser,
    keyGenerator: async (request) => `tus:user:${(await request.currentUser())?.id ?? request.ip}`,
  });

  // tus reads the bodies itself, from the raw request: Fastify must not parse any of them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  async function handle(request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) {
    const context: RequestContext = { userId: '', request };
    if (request.method !== 'OPTIONS') {
      const user = await request.currentUser();
      if (!user) return sendError(reply, 401, t(request, 'error.unauthorized'));
      context.userId = user.id;
      const id = request.params.id;
      if (id !== undefined && UPLOAD_ID.exec(id)?.[1] !== user.id) return sendError(reply, 404, t(request, 'error.notFound'));
      context.uploadId = id;
      // tus itself would say 400 here; the protocol's answer for a wrong body type is 415.
      if (request.method === 'PATCH' && request.headers['content-type'] !== 'application/offset+octet-stream') {
        return sendError(reply, 415, t(request, 'upload.tusContentType'));
      }
      if (request.method === 'POST') {
        // Sessions come from a verified sign-in today; this keeps creation safe if that changes.
        if (user.verified !== 1) return sendError(reply, 403, t(request, 'auth.emailNotVerified'));
        const refused = checkCreation(request);
        if ('problem' in refused) return sendError(reply, refused.status, t(request, refused.problem, refused.vars));
        context.file = refused.file;
        if ('replaces' in refused) {
          // Only an own video (any state); someone else's or an unknown id: 404 before any byte is stored.
          const target = await app.db.selectFrom('videos').select('id').where('id', '=', refused.replaces).where('user_id', '=', user.id).executeTakeFirst();
          if (!target) return sendError(reply, 404, t(request, 'upload.replaceNotFound'));
          context.replaces = target.id;
        } else {
          context.fields = refused.fields;
        }
        if (await rateLimited(request, reply, { limiter: uploadsPerUser, message: 'upload.tooMany' })) return reply;
        const full = app.uploadBudget.refusal(user.id);
        if (full) return uploadsUnderWay(request, reply, full);
      }
      // A chunk of an upload already admitted: never refused, counted while it arrives.
      if (request.method === 'PATCH' && id !== undefined) app.uploadBudget.receiving(id, user.id, { request: request.raw, response: reply.raw });
    }
    contexts.set(request.raw, context);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
    if (request.method === 'DELETE' && context.uploadId !== undefined) app.uploadBudget.ended(context.uploadId);
    return reply;
  }

  /** Upload-Length and Upload-Metadata of a creation request, checked before anything is stored. */
  function checkCreation(
    request: FastifyRequest,
  ): ({ fields: VideoFields; file: FileFields } | { replaces: string; file: FileFields }) | { problem: MessageKey; vars?: MessageVars; status: number } {
    const lengthHeader = request.headers['upload-length'];
    if (typeof lengthHeader === 'string' && /^\d+$/.test(lengthHeader)) {
      const length = Number(lengthHeader);
      if (length > config.maxVideoBytes) return { status: 413, problem: 'upload.videoTooLarge', vars: { max: formatByteLimit(config.maxVideoBytes) } };
      if (length === 0) return { status: 400, problem: 'upload.videoEmpty' };
    } else if (request.headers['upload-defer-length'] !== undefined || lengthHeader !== undefined) {
      // The size must be known to check the limit before any byte is stored.
      return { status: 400, problem: 'upload.lengthRequired' };
    }
    let metadata: Record<string, string | null> = {};
    const header = request.headers['upload-metadata'];
    if (typeof header === 'string') {
      try {
        metadata = Metadata.parse(header);
      } catch {
        return { status: 400, problem: 'upload.metadataInvalid' };
      }
    }
    const file = checkFileFields(metadata);
    if ('problem' in file) return { status: 400, problem: file.problem, vars: file.vars };
    // A new file for an existing video: its title, description and visibility stay as they are.
    if (metadata.replaces !== undefined) {
      const replaces = (metadata.replaces ?? '').trim();
      if (replaces === '' || replaces.length > 64) return { status: 404, problem: 'upload.replaceNotFound' };
      return { replaces, file };
    }
    const checked = checkVideoFields({
      title: metadata.title ?? undefined,
      description: metadata.description ?? undefined,
      visibility: metadata.visibility ?? undefined,
    });
    if ('problem' in checked) return { status: 400, problem: checked.problem, vars: checked.vars };
    return { fields: checked, file };
  }

  // The schemas only document the protocol (tus answers on the raw response, after hijack()):
  // headers are optional here so that tus, not Fastify's validation, answers a missing one (412…).
  const tusResumable = { 'tus-resumable': Type.Optional(Type.String({ description: '1.0.0, the tus version; 412 without it' })) };
  const params = Type.Object({ id: Type.String({ description: "The upload's id (the last part of its Location)" }) });
  const options = (description: string) => ({ description, response: { 204: Type.Null({ description: 'Tus-Version, Tus-Extension, Tus-Max-Size headers' }) } });
  // Every method of both addresses: tus reads the body itself, for as long as a chunk takes (http/overload.ts).
  const readsOwnBody = { readsOwnBody: true };
  app.route({ method: 'OPTIONS', url: '/uploads', config: readsOwnBody, schema: options('tus discovery'), handler: handle });
  app.route({
    method: 'POST',
    url: '/uploads',
    config: readsOwnBody,
    schema: {
      description:
        'Creation (tus 1.0). Upload-Metadata (comma-separated `key base64value`): title (required), description, visibility, ' +
        'filename, filetype. Checked with the multipart form rules: 400; Upload-Length above the limit: 413; 0: 400. ' +
        'With `replaces` = the id of an own video, the upload becomes that video\'s new file (title and the other fields are not needed ' +
        'and ignored; someone else\'s or an unknown id: 404): on completion the video keeps its id, likes and comments and is processed again. ' +
        'Answers 201 with the upload URL in Location. Incomplete uploads expire (Upload-Expires).',
      headers: Type.Object({
        ...tusResumable,
        'upload-length': Type.Optional(Type.String({ description: 'The whole file size in bytes (required)' })),
        'upload-metadata': Type.Optional(Type.String()),
      }),
      response: { 201: Type.Null({ description: 'Created; Location: the upload URL' }) },
    },
    handler: handle,
  });
  app.route({ method: 'OPTIONS', url: '/uploads/:id', config: readsOwnBody, schema: { ...options('tus discovery'), params }, handler: handle });
  app.route({
    method: 'HEAD',
    url: '/uploads/:id',
    config: readsOwnBody,
    schema: { params, headers: Type.Object(tusResumable), response: { 200: Type.Null({ description: 'Upload-Offset, Upload-Length, Upload-Metadata' }) } },
    handler: handle,
  });
  app.route({
    method: 'PATCH',
    url: '/uploads/:id',
    config: readsOwnBody,
    schema: {
      description:
        'Appends the body (application/offset+octet-stream, else 415) at Upload-Offset (409 if it is not the current offset). ' +
        'The chunk that completes the upload creates the video: Video-Id header, or the multipart path\'s refusals (415, 422).',
      params,
      headers: Type.Object({ ...tusResumable, 'upload-offset': Type.Optional(Type.String({ description: 'The current offset (required)' })) }),
      response: { 204: Type.Null({ description: 'Stored; the new Upload-Offset (and Video-Id on completion)' }) },
    },
    handler: handle,
  });
  app.route({
    method: 'DELETE',
    url: '/uploads/:id',
    config: readsOwnBody,
    schema: { params, headers: Type.Object(tusResumable), response: { 204: Type.Null({ description: 'Terminated; its bytes are removed' }) } },
    handler: handle,
  });
};
