/**
 * PUT /videos/selfieVideos/:id/thumbnail (below) sets a thumbnail later, for any upload path.
 *
 * POST /movies/upload: a multipart form with title, description, visibility, movieFile
 * and thumbnailFile, from a logged-in user.
 *
 * Files are streamed into local temporary files of this process as they arrive
 * (domains/media/uploads/uploads.ts, server/domains/media/spool.ts): their type comes from their content (415
 * otherwise), their size is counted while streaming (413 past the limit), and nothing is held
 * whole in memory. Text fields are small and buffered, so they may come before or after the
 * files. Then ffprobe decides (server/domains/media/probe.ts): a file without a decodable video stream
 * (truncated, audio only, garbage behind a valid header) is refused with 422. Only then are the
 * files moved into storage and the row inserted, in state `processing`, with its transcoding
 * job; the answer does not wait for the transcode. Whatever goes wrong — a bad field, a missing
 * or refused file, the client going away — no file and no row remain.
 */
import { fastifyMultipart, type Multipart } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { sendError } from '../../../http/errors';
import { namedPlugin } from '../../../http/plugins';
import { rateLimited } from '../../../http/rate-limits';
import { uploadsUnderWay } from '../../../http/upload-budget';
import { requireUser, signedInUser } from '../../../http/guards';
import { requestLanguage, t, type MessageKey } from '../../../i18n';
import { inspectUpload, UndecodableMediaError, type RefusalKind } from '../probe';
import type { LocalWrite } from '../spool';
import { loadViewableVideo } from '../../videos/video-access';
import { toPublicVideo } from '../../videos/videos';
import { SelfieVideoSchema } from '../../../schemas/videos';

import {
  UploadRejection,
  UploadSourceError,
  checkVideoFields,
  receiveFile,
  replaceThumbnail,
  saveVideo,
  thumbnailFileRule,
  videoFileRule,
  type ReceivedFile,
} from './uploads';

const MINUTE = 60 * 1000;

export const UPLOAD_LIMITS = {
  /** Upload attempts per user: plenty for a person, a brake on scripts filling the disk. */
  uploadsPerUser: { max: 20, timeWindow: 60 * MINUTE },
} as const;

/** A client that sends nothing for this long is dropped (its partial files are removed). */
export const UPLOAD_IDLE_TIMEOUT_MS = 2 * MINUTE;

/** Leftovers of uploads cut short by a crash are swept at start-up once this old. */
const STALE_WRITE_AGE_MS = 24 * 60 * MINUTE;

/** The 422 answer for each reason an upload is refused as a video. */
export const UPLOAD_REFUSALS: Record<RefusalKind, MessageKey> = {
  unsupported: 'upload.videoUnsupported',
  tooLong: 'upload.videoTooLong',
  tooLarge: 'upload.videoPictureTooLarge',
  corrupt: 'upload.videoUndecodable',
};

const TEXT_FIELDS = new Set(['title', 'description', 'visibility']);
const FIELD_MAX_BYTES = 64 * 1024;

const UploadResponse = Type.Object({ success: Type.Boolean(), message: Type.String(), video: SelfieVideoSchema });

/** Errors @fastify/multipart raises while parsing, as answers. */
const PARSER_ERRORS: Record<string, UploadRejection> = {
  FST_PARTS_LIMIT: new UploadRejection(400, 'upload.tooManyParts'),
  FST_FILES_LIMIT: new UploadRejection(400, 'upload.tooManyParts'),
  FST_FIELDS_LIMIT: new UploadRejection(400, 'upload.tooManyParts'),
  FST_PROTO_VIOLATION: new UploadRejection(400, 'validation.invalidRequest'),
  FST_INVALID_JSON_FIELD_ERROR: new UploadRejection(400, 'validation.invalidRequest'),
};

export const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Registered here, so only this plugin's routes accept multipart bodies.
  await app.register(fastifyMultipart);
  const { config, storage } = app;

  if (storage.sweepIncompleteWrites) {
    const swept = await storage.sweepIncompleteWrites(STALE_WRITE_AGE_MS);
    if (swept > 0) app.log.info({ swept }, 'leftovers of interrupted uploads removed');
  }

  const uploadsPerUser = app.createRateLimit({
    ...UPLOAD_LIMITS.uploadsPerUser,
    keyGenerator: async (request) => `upload:user:${(await request.currentUser())?.id ?? request.ip}`,
  });

  const busboyLimits = {
    fields: 10,
    fieldSize: FIELD_MAX_BYTES,
    files: 2,
    parts: 12,
    headerPairs: 100,
    // A backstop only: each file's own limit is enforced while streaming it (domains/media/uploads/uploads.ts).
    fileSize: Math.max(config.maxVideoBytes, config.maxThumbnailBytes) + 1,
  };

  await app.register(namedPlugin('thumbnail-route', thumbnailRoute));

  app.post(
    '/movies/upload',
    // A body of up to a gigabyte, read by the handler as it arrives (http/overload.ts).
    { preHandler: requireUser, config: { readsOwnBody: true }, schema: { response: { 200: UploadResponse } } },
    async (request, reply) => {
      const user = await signedInUser(request);
      if (!request.isMultipart()) return sendError(reply, 415, t(request, 'upload.notMultipart'));
      if (await rateLimited(request, reply, { limiter: uploadsPerUser, message: 'upload.tooMany' })) return reply;
      const full = app.uploadBudget.refusal(user.id);
      if (full) return uploadsUnderWay(request, reply, full);
      app.uploadBudget.receivingWhole(user.id, { request: request.raw, response: reply.raw });

      const fields = new Map<string, string>();
      const seenFiles = new Set<string>();
      let video: ReceivedFile<LocalWrite> | undefined;
      let thumbnail: ReceivedFile<LocalWrite> | undefined;
      const { spool } = app.media;
      const stopIdleTimer = startIdleTimer(request);
      try {
        const parts = request.parts({ limits: busboyLimits });
        for (;;) {
          const part = await nextPart(parts);
          if (!part) break;
          if (part.type === 'field') {
            acceptField(fields, part.fieldname, part.value, part.valueTruncated);
            continue;
          }
          const { fieldname } = part;
          if (fieldname !== 'movieFile' && fieldname !== 'thumbnailFile') {
            part.file.destroy();
            throw new UploadRejection(400, 'upload.unexpectedFile', { name: fieldname.slice(0, 50) });
          }
          if (seenFiles.has(fieldname)) {
            part.file.destroy();
            throw new UploadRejection(400, 'upload.duplicateField', { name: fieldname });
          }
          seenFiles.add(fieldname);
          if (fieldname === 'movieFile') video = await receiveFile(spool, part.file, videoFileRule(config.maxVideoBytes));
          else thumbnail = await receiveFile(spool, part.file, thumbnailFileRule(config.maxThumbnailBytes));
        }

        const checked = checkVideoFields({
          title: fields.get('title'),
          description: fields.get('description'),
          visibility: fields.get('visibility'),
        });
        if ('problem' in checked) throw new UploadRejection(400, checked.problem, checked.vars);
        if (!video) throw new UploadRejection(400, 'upload.videoMissing');
        if (!thumbnail) throw new UploadRejection(400, 'upload.thumbnailMissing');

        let info;
        try {
          // A few at a time per instance (UPLOAD_CHECKS_AT_ONCE): the rest wait their turn here.
          const file = video.write.path;
          info = await app.media.uploadChecks(() => inspectUpload(file, undefined, config.media.limits));
        } catch (error) {
          if (error instanceof UndecodableMediaError) {
            request.log.info({ reason: error.reason, kind: error.kind }, 'upload is not a decodable video');
            throw new UploadRejection(422, UPLOAD_REFUSALS[error.kind], {
              minutes: Math.floor(config.media.limits.maxSeconds / 60),
              megapixels: Math.round(config.media.limits.maxPixels / 1e5) / 10,
            });
          }
          throw error;
        }

        const saved = await saveVideo(app.db, storage, app.media.queue, { userId: user.id, ...checked, video, thumbnail, info });
        app.media.queue.notify();
        request.log.info(
          { videoId: saved.id, videoBytes: saved.video_size, videoType: saved.video_type, codec: info.videoCodec, width: info.width, height: info.height },
          'video uploaded',
        );
        // Search learns about it once it is ready (server/domains/media/pipeline.ts publishes the change).
        return { success: true, message: t(request, 'video.uploaded'), video: toPublicVideo(saved, requestLanguage(request), { downloadsAllowed: app.config.downloadsEnabled, forOwner: true }) };
      } catch (error) {
        await Promise.allSettled([video?.write.abort(), thumbnail?.write.abort()]);
        return answerFailure(request, reply, error);
      } finally {
        stopIdleTimer();
      }
    },
  );
};

/**
 * PUT /videos/selfieVideos/:id/thumbnail: a multipart form with one `thumbnailFile`, from the
 * video's owner; sets or changes the thumbnail of a video uploaded either way.
 */
const thumbnailRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { config, storage } = app;
  app.put(
    '/videos/selfieVideos/:id/thumbnail',
    {
      preHandler: requireUser,
      schema: { params: Type.Object({ id: Type.String({ minLength: 1 }) }), response: { 200: UploadResponse } },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const video = await loadViewableVideo(request, reply, { viewer: user.id });
      if (!video) return reply;
      if (video.user_id !== user.id) return sendError(reply, 403, t(request, 'video.notAuthorizedEdit'));
      if (!request.isMultipart()) return sendError(reply, 415, t(request, 'upload.notMultipart'));

      let thumbnail: ReceivedFile<LocalWrite> | undefined;
      const stopIdleTimer = startIdleTimer(request);
      try {
        const parts = request.parts({ limits: { fields: 5, files: 1, parts: 6, fieldSize: 1024, fileSize: config.maxThumbnailBytes + 1 } });
        for (;;) {
          const part = await nextPart(parts);
          if (!part) break;
          if (part.type === 'field') continue;
          if (part.fieldname !== 'thumbnailFile') {
            part.file.destroy();
            throw new UploadRejection(400, 'upload.unexpectedFile', { name: part.fieldname.slice(0, 50) });
          }
          thumbnail = await receiveFile(app.media.spool, part.file, thumbnailFileRule(config.maxThumbnailBytes));
        }
        if (!thumbnail) throw new UploadRejection(400, 'upload.thumbnailMissing');
        const updated = await replaceThumbnail(app.db, storage, video, thumbnail);
        request.log.info({ videoId: video.id }, 'thumbnail replaced');
        await app.events.publish('video.changed', { videoId: video.id, change: 'updated' });
        return {
          success: true,
          message: t(request, 'video.updated'),
          video: toPublicVideo({ ...updated, username: video.username }, requestLanguage(request), { downloadsAllowed: app.config.downloadsEnabled, forOwner: true }),
        };
      } catch (error) {
        await thumbnail?.write.abort().catch(() => undefined);
        return answerFailure(request, reply, error);
      } finally {
        stopIdleTimer();
      }
    },
  );
};

/** The next part; parser failures become UploadRejections or UploadSourceErrors. */
async function nextPart(parts: AsyncIterableIterator<Multipart>): Promise<Multipart | undefined> {
  try {
    const { value, done } = await parts.next();
    return done ? undefined : value;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const known = typeof code === 'string' ? PARSER_ERRORS[code] : undefined;
    throw known ?? new UploadSourceError(error);
  }
}

/** Keeps the form's text fields; anything wrong with a known field is refused at once. */
function acceptField(fields: Map<string, string>, name: string, value: unknown, truncated: boolean): void {
  if (!TEXT_FIELDS.has(name)) return;
  if (fields.has(name)) throw new UploadRejection(400, 'upload.duplicateField', { name });
  if (truncated) throw new UploadRejection(400, 'upload.fieldTooLong', { name });
  if (typeof value !== 'string') throw new UploadRejection(400, 'validation.invalidRequest');
  fields.set(name, value);
  // Refuse early, before any file is read: a blank or overlong title, an unknown visibility…
  const checked = checkVideoFields({
    title: name === 'title' ? value : 'x',
    description: name === 'description' ? value : '',
    visibility: name === 'visibility' ? value : '',
  });
  if ('problem' in checked) throw new UploadRejection(400, checked.problem, checked.vars);
}

/**
 * Drops the connection when the client stalls mid-upload; returns the function that stops
 * watching. (Absent under app.inject, whose fake socket has no timers.)
 */
function startIdleTimer(request: FastifyRequest): () => void {
  const socket = request.raw.socket as (typeof request.raw.socket & { setTimeout?: unknown }) | null;
  if (!socket || typeof socket.setTimeout !== 'function') return () => undefined;
  const onIdle = () => {
    request.log.info('upload idle for too long: closing the connection');
    socket.destroy();
  };
  socket.setTimeout(UPLOAD_IDLE_TIMEOUT_MS, onIdle);
  return () => {
    socket.setTimeout(0);
    socket.removeListener('timeout', onIdle);
  };
}

function answerFailure(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  let rejection: UploadRejection | undefined;
  if (error instanceof UploadRejection) rejection = error;
  else if (error instanceof UploadSourceError) rejection = new UploadRejection(400, 'upload.incomplete');
  if (!rejection) throw error;

  const cause = error instanceof UploadSourceError ? (error.cause as Error | undefined)?.message : undefined;
  request.log.info({ statusCode: rejection.statusCode, reason: rejection.messageKey, cause }, 'upload rejected');
  // The rest of a refused body is not worth reading: close the connection after answering.
  if (!request.raw.readableEnded) reply.header('connection', 'close');
  return sendError(reply, rejection.statusCode, t(request, rejection.messageKey, rejection.vars));
}
