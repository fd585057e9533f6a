/**
 * Caption tracks (docs/captions.md):
 *
 * - PUT /videos/selfieVideos/:id/captions/:lang — the owner's multipart form with `captionFile`
 *   (SubRip or WebVTT, ≤ 2 MB) and an optional `label`; stores the track of that language as
 *   WebVTT, replacing any previous one, and answers the video.
 * - DELETE the same path removes it.
 *
 * Someone else's video, a private one or a deleted one: 404, like for a video that does not exist.
 * Every refusal is a 400 (409 while the video is still processing, or for a new language when it
 * has CAPTION_MAX_TRACKS tracks already) in the request's language and leaves nothing stored.
 * Uploads are limited per user (CAPTION_LIMITS: 429 with Retry-After).
 */
import { fastifyMultipart, type Multipart } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { sendError } from '../../http/errors';
import { rateLimited } from '../../http/rate-limits';
import { requireUser, signedInUser } from '../../http/guards';
import { requestLanguage, t } from '../../i18n';
import { loadViewableVideo } from '../videos/video-access';
import { toPublicVideo } from '../videos/videos';
import { SelfieVideoSchema } from '../../schemas/videos';

import { firstSegmentPts } from './subtitles';
import { CAPTION_MAX_BYTES, CaptionRejection, canonicalLanguage, parseCaptionFile } from './parse';
import {
  CAPTION_LABEL_MAX_LENGTH,
  CAPTION_MAX_TRACKS,
  CaptionStateError,
  cleanLabel,
  deleteCaptionTrack,
  putCaptionTrack,
  type CaptionDeps,
} from './tracks';

const Params = Type.Object({ id: Type.String(), lang: Type.String({ maxLength: 64 }) });
const VideoAnswer = Type.Object({ success: Type.Boolean(), message: Type.String(), video: SelfieVideoSchema });

const MINUTE = 60 * 1000;

export const CAPTION_LIMITS = {
  /** Caption uploads (PUT attempts) per user: a person adding or fixing tracks never gets near it; a script filling videos with languages does. */
  uploadsPerUser: { max: 30, timeWindow: 10 * MINUTE },
} as const;

const STATE_ANSWERS = {
  notReady: { status: 409, key: 'captions.notReady' },
  busy: { status: 409, key: 'captions.busy' },
  notFound: { status: 404, key: 'video.notFound' },
  tooManyTracks: { status: 409, key: 'captions.tooManyTracks' },
} as const;

export const captionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(fastifyMultipart);
  const deps: CaptionDeps = {
    db: app.db,
    storage: app.storage,
    firstPts: (prefix, variant) => firstSegmentPts(app.storage, prefix, variant),
  };
  /** Every answer here goes to the video's owner. */
  const ownerExtras = { downloadsAllowed: app.config.downloadsEnabled, forOwner: true };
  const uploadsPerUser = app.createRateLimit({
    ...CAPTION_LIMITS.uploadsPerUser,
    keyGenerator: async (request) => `captions:upload:user:${(await request.currentUser())?.id ?? request.ip}`,
  });

  /** The caller's own video, or undefined after the 404 of a video that does not exist (any other's too). */
  const ownVideo = async (request: FastifyRequest, reply: FastifyReply) =>
    loadViewableVideo(request, reply, { viewer: (await signedInUser(request)).id, ownerOnly: true });

  const stateAnswer = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (error instanceof CaptionStateError) {
      const answer = STATE_ANSWERS[error.reason];
      return sendError(reply, answer.status, t(request, answer.key, { max: CAPTION_MAX_TRACKS }));
    }
    throw error;
  };

  app.put(
    '/videos/selfieVideos/:id/captions/:lang',
    {
      preHandler: requireUser,
      schema: {
        description:
          'Multipart form: captionFile (SubRip .srt or WebVTT .vtt, at most 2 MB, any common encoding), optional label. ' +
          'Stored and served as WebVTT; replaces the track of that language. ' +
          `At most ${CAPTION_MAX_TRACKS} tracks per video (409 for another language; replacing one is fine); ` +
          `at most ${CAPTION_LIMITS.uploadsPerUser.max} uploads per ${CAPTION_LIMITS.uploadsPerUser.timeWindow / MINUTE} minutes per user (429 with Retry-After).`,
        params: Params,
        response: { 200: VideoAnswer },
      },
    },
    async (request, reply) => {
      // Every attempt counts, before the body is read: refused files cost parsing too.
      if (await rateLimited(request, reply, { limiter: uploadsPerUser, message: 'captions.tooManyUploads' })) return reply;
      const video = await ownVideo(request, reply);
      if (!video) return reply;
      const lang = canonicalLanguage(request.params.lang);
      if (!lang) return sendError(reply, 400, t(request, 'captions.badLanguage'));
      if (!request.isMultipart()) return sendError(reply, 415, t(request, 'upload.notMultipart'));

      let file: Buffer | undefined;
      let label: string | undefined;
      try {
        const parts = request.parts({ limits: { fields: 4, files: 1, parts: 5, fieldSize: 4096, fileSize: CAPTION_MAX_BYTES } });
        for await (const part of parts as AsyncIterableIterator<Multipart>) {
          if (part.type === 'field') {
            if (part.fieldname === 'label') label = String(part.value);
            continue;
          }
          if (part.fieldname !== 'captionFile') {
            part.file.resume();
            return sendError(reply.header('connection', 'close'), 400, t(request, 'captions.fileMissing'));
          }
          file = await part.toBuffer();
        }
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        reply.header('connection', 'close');
        if (code === 'FST_REQ_FILE_TOO_LARGE') return sendError(reply, 400, t(request, 'captions.tooLarge', { max: CAPTION_MAX_BYTES / 1024 / 1024 }));
        if (typeof code === 'string' && code.startsWith('FST_')) return sendError(reply, 400, t(request, 'upload.tooManyParts'));
        return sendError(reply, 400, t(request, 'upload.incomplete'));
      }
      if (!file) return sendError(reply, 400, t(request, 'captions.fileMissing'));
      if (label !== undefined && label.trim().length > CAPTION_LABEL_MAX_LENGTH) {
        return sendError(reply, 400, t(request, 'captions.labelTooLong', { max: CAPTION_LABEL_MAX_LENGTH }));
      }
      if (video.status !== 'ready') return sendError(reply, 409, t(request, 'captions.notReady'));

      let parsed;
      try {
        parsed = await parseCaptionFile(file, { duration: Number(video.duration) || 0 });
      } catch (error) {
        if (error instanceof CaptionRejection) {
          request.log.info({ videoId: video.id, reason: error.problem }, 'captions refused');
          return sendError(reply, 400, t(request, error.problem, error.vars));
        }
        throw error;
      }
      let row;
      try {
        row = await putCaptionTrack(deps, video.id, { lang, label: cleanLabel(label, lang), source: 'upload', parsed });
      } catch (error) {
        return stateAnswer(request, reply, error);
      }
      request.log.info({ videoId: video.id, lang, cues: parsed.cues.length, format: parsed.format, encoding: parsed.encoding }, 'captions saved');
      await app.events.publish('video.changed', { videoId: video.id, change: 'updated' });
      return { success: true, message: t(request, 'captions.saved'), video: toPublicVideo({ ...row, username: video.username }, requestLanguage(request), ownerExtras) };
    },
  );

  app.delete(
    '/videos/selfieVideos/:id/captions/:lang',
    { preHandler: requireUser, schema: { params: Params, response: { 200: VideoAnswer } } },
    async (request, reply) => {
      const video = await ownVideo(request, reply);
      if (!video) return reply;
      const lang = canonicalLanguage(request.params.lang);
      if (!lang) return sendError(reply, 400, t(request, 'captions.badLanguage'));
      try {
        const found = await deleteCaptionTrack(deps, video.id, lang);
        if (!found) return sendError(reply, 404, t(request, 'captions.notFound'));
      } catch (error) {
        return stateAnswer(request, reply, error);
      }
      await app.events.publish('video.changed', { videoId: video.id, change: 'updated' });
      const row = await app.db.selectFrom('videos').selectAll().where('id', '=', video.id).executeTakeFirstOrThrow();
      return { success: true, message: t(request, 'captions.deleted'), video: toPublicVideo({ ...row, username: video.username }, requestLanguage(request), ownerExtras) };
    },
  );
};
