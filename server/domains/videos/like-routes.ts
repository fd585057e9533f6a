/**
 * Likes on self-shot videos: the count and whether the viewer liked it, and the toggle.
 * A private video is answered 404 to everyone but its owner. The toggle's outcome under
 * concurrency is decided by the database (domains/videos/likes.ts); answers are per viewer, never cached.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { acceptEmptyJsonBody } from '../../http/empty-json-body';
import { sendError } from '../../http/errors';
import { rateLimited } from '../../http/rate-limits';
import { requireUser, signedInUser } from '../../http/guards';
import { t } from '../../i18n';

import { likeInfo, toggleLike } from './likes';
import { loadViewableVideo } from './video-access';

const MINUTE = 60 * 1000;

export const LIKE_LIMITS = {
  /** Toggles per user: far above what a person clicks, well below a script hammering the table. */
  togglesPerUser: { max: 60, timeWindow: MINUTE },
} as const;

/** Any id is looked up: one that names nothing is simply not found (404). */
const VideoParams = Type.Object({ id: Type.String({ minLength: 1 }) });
/** `{}`, `null`, or no body at all (an empty body declared as JSON included). */
const ToggleBody = Type.Union([Type.Object({}, { additionalProperties: false }), Type.Null()]);

const LikeInfoResponse = Type.Object({ likes: Type.Integer(), likedByUser: Type.Boolean() }, { title: 'LikeInfo' });
const ToggleLikeResponse = Type.Object({ success: Type.Boolean(), liked: Type.Boolean(), likes: Type.Integer() });

export const likeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  acceptEmptyJsonBody(app);

  const togglesPerUser = app.createRateLimit({
    ...LIKE_LIMITS.togglesPerUser,
    keyGenerator: async (request) => `likes:toggle:user:${(await request.currentUser())?.id ?? ''}`,
  });

  app.get(
    '/videos/selfieVideos/:id/likes',
    { attachValidation: true, config: { noStore: true }, schema: { params: VideoParams, response: { 200: LikeInfoResponse } } },
    async (request, reply) => {
      const viewer = await request.currentUser();
      const video = await loadViewableVideo(request, reply, { viewer });
      if (!video) return reply;
      return likeInfo(app.db, video.id, viewer?.id ?? null);
    },
  );

  app.post(
    '/videos/selfieVideos/:id/toggle-like',
    {
      attachValidation: true,
      config: { noStore: true },
      preHandler: requireUser,
      schema: { params: VideoParams, body: ToggleBody, response: { 200: ToggleLikeResponse } },
    },
    async (request, reply) => {
      const user = await signedInUser(request);

      if (await rateLimited(request, reply, { limiter: togglesPerUser, message: 'likes.tooManyToggles' })) return reply;

      const result = await toggleLike(app.db, request.params.id, user.id);
      if (!result) return sendError(reply, 404, t(request, 'video.notFound'));
      request.log.info({ videoId: request.params.id, userId: user.id, liked: result.liked }, 'like toggled');
      // Milestones (1, 10, 100, …) reach the video's owner (domains/following; never throws).
      if (result.liked) await app.following.videoLiked(request.params.id, user.id, result.likes);
      return { success: true, ...result };
    },
  );
};
