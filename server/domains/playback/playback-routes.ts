/**
 * Resume positions (docs/playback.md): `PUT /videos/selfieVideos/:id/position` with
 * `{ "seconds": number }` saves where the signed-in viewer is; the video object's `resumeAt`
 * reads it back. `POST` on the same path does the same, for navigator.sendBeacon (pagehide), which
 * can only POST and sends a string as text/plain: here a text/plain body is read as JSON too.
 * The origin check (http/origin-check.ts) applies to both, as to every state-changing request.
 *
 * 204 saved; 401 without a session; 400 for a body without a finite `seconds` ≥ 0; 404 for a
 * video the viewer may not see (video-access.ts, the same 404 as for a missing one); seconds past
 * the end are clamped to the duration; 429 past the per-user rate limit.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { sendError } from '../../http/errors';
import { rateLimited } from '../../http/rate-limits';
import { requireUser, signedInUser } from '../../http/guards';
import { t } from '../../i18n';
import { historyPaused } from '../following';
import { loadViewableVideo } from '../videos/video-access';

import { clampPosition, savePosition } from './positions';

const MINUTE = 60 * 1000;

export const PLAYBACK_LIMITS = {
  /**
   * Position saves per user. A player saves every ~10 s while playing plus on pause, seek and
   * pagehide; two or three tabs stay far below this, a script hammering the table does not.
   */
  positionsPerUser: { max: 120, timeWindow: MINUTE },
} as const;

/** A position body is a few bytes; anything larger is not one. */
const POSITION_BODY_LIMIT = 1024;

const VideoParams = Type.Object({ id: Type.String({ minLength: 1 }) });
/** Documented for OpenAPI; the handler checks it itself (JSON can carry 1e999, i.e. Infinity). */
const PositionBody = Type.Object({ seconds: Type.Number({ minimum: 0 }) }, { description: 'Seconds from the start' });

function validSeconds(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { seconds } = body as { seconds?: unknown };
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

export const playbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // In this plugin only: sendBeacon's string body arrives as text/plain; it carries the same JSON.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, typeof body === 'string' ? body : body.toString('utf8'), done);
  });

  const positionsPerUser = app.createRateLimit({
    ...PLAYBACK_LIMITS.positionsPerUser,
    keyGenerator: async (request) => `playback:position:user:${(await request.currentUser())?.id ?? ''}`,
  });

  /** Every save counts, a malformed one too (http/rate-limits.ts). */
  const positionLimit = { limiter: positionsPerUser, message: 'playback.tooManyPositions' } as const;

  app.route({
    method: ['PUT', 'POST'],
    url: '/videos/selfieVideos/:id/position',
    preHandler: requireUser,
    // One translated message for every bad shape, counted like any save (http/route-preambles.ts).
    attachValidation: true,
    config: {
      noStore: true,
      onInvalid: async (request, reply) => ((await rateLimited(request, reply, positionLimit)) ? reply : sendError(reply, 400, t(request, 'playback.positionInvalid'))),
    },
    bodyLimit: POSITION_BODY_LIMIT,
    schema: {
      description:
        'Body `{ "seconds": number }` as JSON, or (POST, sendBeacon) the same JSON as text/plain. Seconds past the end are ' +
        'clamped to the duration; read back as `resumeAt` on GET /videos/selfieVideos/{id}. 400 for negative or non-finite ' +
        'seconds, 401 without a session, 404 for a video the viewer may not see, 429 past 120 saves a minute.',
      params: VideoParams,
      body: PositionBody,
      response: { 204: Type.Null({ description: 'Saved' }) },
    },
    handler: async (request, reply) => {
      const user = await signedInUser(request);
      if (await rateLimited(request, reply, positionLimit)) return reply;
      const seconds = validSeconds(request.body);
      if (seconds === undefined) return sendError(reply, 400, t(request, 'playback.positionInvalid'));
      const video = await loadViewableVideo(request, reply, { viewer: user });
      if (!video) return reply;
      // A paused watch history records nothing (docs/following.md); the answer is the same.
      if (!(await historyPaused(app.db, user.id))) {
        await savePosition(app.db, user.id, video.id, clampPosition(seconds, Number(video.duration)));
      }
      return reply.code(204).send(null);
    },
  });
};
