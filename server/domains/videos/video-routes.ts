/**
 * Self-shot videos (/videos/selfieVideos…): the public list, one video (counting a view),
 * and the owner's edit and delete. Likes live in domains/videos/like-routes.ts.
 *
 * Private videos exist only for their owner: everyone else gets the same 404 as for a video that
 * does not exist. For a public video, editing or deleting as another user is a 403.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { toTimestamp } from '../../infra/db/ids';
import type { UserRow } from '../../infra/db/schema';
import { sendError } from '../../http/errors';
import { rateLimited } from '../../http/rate-limits';
import { requireUser, signedInUser } from '../../http/guards';
import { requestLanguage, t, type MessageKey } from '../../i18n';
import { appKey } from '../../infra/app-keys';
import { DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH, checkVideoFields, type VideoWithOwner } from '../media/uploads/uploads';
import { syncMediaGeneration } from '../media/generations/rotate';
import { isSubscribed, subscriberCount } from '../following';
import { positionOf } from '../playback/positions';
import { estimateProcessing } from '../media/progress';
import { retryVideo } from '../media/uploads/uploads';
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from '../../schemas/paging';
import { SelfieVideoSchema, VideoStatusSchema, processingFields } from '../../schemas/videos';

import { toPublicVideo } from './videos';
import { countView, deleteVideo, listPublicVideos, purgeOldViews, viewDay, viewerKey } from './video-records';
import { loadViewableVideo } from './video-access';

const MINUTE = 60 * 1000;

export const VIDEO_LIMITS = {
  /** Edits (PATCH) per user. */
  editsPerUser: { max: 10, timeWindow: MINUTE },
} as const;

/** Old view rows are deleted while counting views, at most this often. */
const VIEW_PURGE_INTERVAL_MS = 10 * MINUTE;

// ---- schemas ----

/** GET /videos/selfieVideos/:id/processing: the light polling answer (counts no view). */
const ProcessingResponse = Type.Object({
  success: Type.Boolean(),
  status: VideoStatusSchema,
  processingProgress: Type.Integer({ minimum: 0, maximum: 100 }),
  processingError: Type.Union([Type.String(), Type.Null()]),
  ...processingFields,
  hlsUrl: Type.Union([Type.String(), Type.Null()]),
});

const ListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
  perPage: Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE }),
});

/** Any string: ids that cannot exist simply find nothing (404). */
const IdParams = Type.Object({ id: Type.String() });

/** Lengths are checked after trimming, in the handler; these bounds only stop absurd bodies. */
const UpdateBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: TITLE_MAX_LENGTH * 4 })),
    description: Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX_LENGTH * 4 })),
    visibility: Type.Optional(Type.String({ maxLength: 32 })),
    /** Let viewers download the video (docs/sharing.md). */
    downloadEnabled: Type.Optional(Type.Boolean()),
    /** Sent by the SPA; the owner is always the session's user, so it is ignored. */
    userId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

const ListResponse = Type.Object({ videos: Type.Array(SelfieVideoSchema), total: Type.Integer() });
const VideoResponse = Type.Object({ success: Type.Boolean(), video: SelfieVideoSchema });
const UpdateResponse = Type.Object({ success: Type.Boolean(), message: Type.String(), video: SelfieVideoSchema });
const MessageResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });

/** A failed edit body validation, in the request's language where it concerns a known field. */
function editValidationMessage(request: FastifyRequest, error: Pick<FastifyError, 'message' | 'validation'>): string {
  const issue = error.validation?.[0];
  const field = issue?.instancePath.split('/')[1];
  const tooLong = issue?.keyword === 'maxLength';
  if (field === 'title') {
    return tooLong ? t(request, 'video.titleTooLong', { max: TITLE_MAX_LENGTH }) : t(request, 'video.titleRequired');
  }
  if (field === 'description' && tooLong) return t(request, 'video.descriptionTooLong', { max: DESCRIPTION_MAX_LENGTH });
  if (field === 'visibility') return t(request, 'video.visibilityInvalid');
  if (field === 'downloadEnabled') return t(request, 'share.downloadEnabledInvalid');
  return error.message;
}

// ---- routes ----

export const videoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const editsPerUser = app.createRateLimit({
    ...VIDEO_LIMITS.editsPerUser,
    keyGenerator: async (request) => `videos:edit:user:${(await request.currentUser())?.id ?? request.ip}`,
  });

  /** Edits and retries count alike, a malformed edit too (http/rate-limits.ts). */
  const editLimit = { limiter: editsPerUser, message: 'video.editTooFast' } as const;

  let lastViewPurge = 0;
  const purgeViewsNowAndThen = (now: Date) => {
    if (now.getTime() - lastViewPurge < VIEW_PURGE_INTERVAL_MS) return;
    lastViewPurge = now.getTime();
    purgeOldViews(app.db, now).catch((error: unknown) => app.log.error({ err: error }, 'could not purge old video views'));
  };

  const notFound = (request: FastifyRequest, reply: FastifyReply) => sendError(reply, 404, t(request, 'video.notFound'));

  /** Queue place and ETA of a processing video, for its owner only (others: null). */
  const ownerEstimate = async (video: VideoWithOwner, viewerId: string | undefined) => {
    if (viewerId === undefined || viewerId !== video.user_id || video.status !== 'processing') return {};
    try {
      const { queuePosition, etaSeconds } = await estimateProcessing(app.db, app.media.queue, app.config.media.concurrency, video);
      return { queuePosition, etaSeconds };
    } catch (error) {
      // The queue (Redis) may be unreachable: the rest of the answer still stands.
      app.log.warn({ err: error, videoId: video.id }, 'could not estimate the processing time');
      return {};
    }
  };

  /**
   * The video for an owner-only action: 404 when it does not exist or is private to someone
   * else, 403 when it is someone else's public video.
   */
  const ownedVideo = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    forbidden: MessageKey,
  ): Promise<{ video: VideoWithOwner; user: UserRow } | FastifyReply> => {
    const user = await signedInUser(request);
    const video = await loadViewableVideo(request, reply, { id, viewer: user.id });
    if (!video) return reply;
    if (video.user_id !== user.id) return sendError(reply, 403, t(request, forbidden));
    return { video, user };
  };

  app.get(
    '/videos/selfieVideos',
    { schema: { querystring: ListQuery, response: { 200: ListResponse } } },
    async (request) => {
      const { page, perPage } = request.query;
      const { videos, total } = await listPublicVideos(app.db, page, perPage);
      const language = requestLanguage(request);
      return { videos: videos.map((video) => toPublicVideo(video, language)), total };
    },
  );

  app.get(
    '/videos/selfieVideos/:id',
    {
      // Per viewer (private videos, the view just counted): never cached.
      config: { noStore: true },
      schema: {
        description:
          'A GET counts one view per viewer per video per UTC day: a signed-in viewer is their account; an anonymous one is ' +
          'the client address (IPv6 by its /64), whatever its user agent or cookies. HEAD counts nothing.',
        params: IdParams,
        response: { 200: VideoResponse },
      },
    },
    async (request, reply) => {
      const viewer = await request.currentUser();
      const video = await loadViewableVideo(request, reply, { viewer });
      if (!video) return reply;

      // A HEAD request (Fastify answers it with this handler) is nobody watching.
      const now = new Date();
      const counted =
        request.method === 'GET' &&
        (await countView(app.db, video.id, viewerKey(viewer?.id, request.ip, await appKey(app.db, 'viewers'), viewDay(now)), now));
      purgeViewsNowAndThen(now);
      const [resumeAt, estimate, subscribers, subscribed] = await Promise.all([
        positionOf(app.db, viewer?.id, video.id),
        ownerEstimate(video, viewer?.id),
        // The subscribe button's count and state (docs/following.md), without asking for the uploader.
        subscriberCount(app.db, video.user_id),
        viewer ? isSubscribed(app.db, viewer.id, video.user_id) : undefined,
      ]);
      return {
        success: true,
        video: {
          ...toPublicVideo(counted ? { ...video, views: Number(video.views) + 1 } : video, requestLanguage(request), {
            resumeAt,
            ...estimate,
            downloadsAllowed: app.config.downloadsEnabled,
            forOwner: viewer?.id === video.user_id,
          }),
          subscriberCount: subscribers,
          ...(subscribed === undefined ? {} : { subscribed }),
        },
      };
    },
  );

  app.get(
    '/videos/selfieVideos/:id/processing',
    // Polled while a video is processing: per viewer, never cached, and no view is counted.
    { config: { noStore: true }, schema: { params: IdParams, response: { 200: ProcessingResponse } } },
    async (request, reply) => {
      const viewer = await request.currentUser();
      const video = await loadViewableVideo(request, reply, { viewer });
      if (!video) return reply;
      const shown = toPublicVideo(video, requestLanguage(request), await ownerEstimate(video, viewer?.id));
      return {
        success: true,
        status: shown.status,
        processingProgress: shown.processingProgress,
        processingError: shown.processingError,
        processingStage: shown.processingStage,
        processingErrorCode: shown.processingErrorCode,
        queuePosition: shown.queuePosition,
        etaSeconds: shown.etaSeconds,
        hlsUrl: shown.hlsUrl,
      };
    },
  );

  app.post(
    '/videos/selfieVideos/:id/retry',
    {
      preHandler: requireUser,
      schema: {
        description:
          "Runs a failed video's processing again (owner only; 403 for someone else's public video, 404 when unknown or invisible). " +
          'Only from status failed (else 409), and only while its uploaded file is still stored (else 409: replace the file instead).',
        params: IdParams,
        // Nothing to send: no body, `{}` or `null`.
        body: Type.Union([Type.Object({}, { additionalProperties: false }), Type.Null()]),
        response: { 200: UpdateResponse },
      },
    },
    async (request, reply) => {
      if (await rateLimited(request, reply, editLimit)) return reply;
      const owned = await ownedVideo(request, reply, request.params.id, 'video.notAuthorizedRetry');
      if (!('video' in owned)) return owned;
      const { video } = owned;
      const outcome = await retryVideo(app.db, app.storage, app.media.queue, video);
      if ('problem' in outcome) {
        return sendError(reply, 409, t(request, outcome.problem === 'noOriginal' ? 'video.retryNoOriginal' : 'video.retryNotFailed'));
      }
      request.log.info({ videoId: video.id }, 'video processing retried');
      await app.events.publish('video.changed', { videoId: video.id, change: 'updated' });
      const row = { ...outcome.row, username: video.username };
      return {
        success: true,
        message: t(request, 'video.retried'),
        video: toPublicVideo(row, requestLanguage(request), {
          resumeAt: await positionOf(app.db, owned.user.id, video.id),
          ...(await ownerEstimate(row, owned.user.id)),
          downloadsAllowed: app.config.downloadsEnabled,
          forOwner: true,
        }),
      };
    },
  );

  app.patch(
    '/videos/selfieVideos/:id',
    {
      preHandler: requireUser,
      attachValidation: true,
      config: {
        // A bad edit counts against the edit limit like any other, and gets the edit form's words (http/route-preambles.ts).
        onInvalid: async (request, reply, error) => {
          if (await rateLimited(request, reply, editLimit)) return reply;
          request.log.info({ reason: error.message }, 'request rejected');
          return sendError(reply, 400, editValidationMessage(request, error));
        },
      },
      schema: { params: IdParams, body: UpdateBody, response: { 200: UpdateResponse } },
    },
    async (request, reply) => {
      if (await rateLimited(request, reply, editLimit)) return reply;

      const owned = await ownedVideo(request, reply, request.params.id, 'video.notAuthorizedEdit');
      if (!('video' in owned)) return owned;
      const { video } = owned;

      const fields = checkVideoFields({
        title: request.body.title,
        description: request.body.description ?? video.description,
        visibility: request.body.visibility ?? video.visibility,
      });
      if ('problem' in fields) return sendError(reply, 400, t(request, fields.problem, fields.vars));

      // With the change, in one transaction: a narrower audience moves every medium to new keys.
      const result = await app.db.transaction().execute(async (trx) => {
        const downloads = request.body.downloadEnabled === undefined ? {} : { download_enabled: request.body.downloadEnabled ? 1 : 0 };
        const changed = await trx.updateTable('videos').set({ ...fields, ...downloads, updated_at: toTimestamp() }).where('id', '=', video.id).executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return undefined;
        const generation = await syncMediaGeneration(trx, video.id);
        const row = await trx.selectFrom('videos').selectAll().where('id', '=', video.id).executeTakeFirstOrThrow();
        return { row, rotated: generation === 'rotated' };
      });
      if (!result) return notFound(request, reply);
      if (result.rotated) await app.media.generations.kick([video.id]);
      const updated = result.row;
      request.log.info({ videoId: video.id }, 'video updated');
      // Title, description and visibility all change what search finds.
      await app.events.publish('video.changed', { videoId: video.id, change: 'updated' });
      return {
        success: true,
        message: t(request, 'video.updated'),
        video: toPublicVideo({ ...updated, username: video.username }, requestLanguage(request), {
          resumeAt: await positionOf(app.db, owned.user.id, video.id),
          downloadsAllowed: app.config.downloadsEnabled,
          forOwner: true,
        }),
      };
    },
  );

  app.delete(
    '/videos/selfieVideos/:id',
    { preHandler: requireUser, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (request, reply) => {
      const owned = await ownedVideo(request, reply, request.params.id, 'video.notAuthorizedDelete');
      if (!('video' in owned)) return owned;
      await deleteVideo(app.db, app.storage, owned.video, request.log);
      // Old locations of a move still pending are the mover's to delete now.
      void app.media.generations.kick([owned.video.id], 0);
      await app.events.publish('video.changed', { videoId: owned.video.id, change: 'deleted' });
      request.log.info({ videoId: owned.video.id }, 'video deleted');
      return { success: true, message: t(request, 'video.deleted') };
    },
  );
};
