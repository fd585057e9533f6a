/**
 * Profiles (/users/…): a user's public face with uploads and liked videos, and changing
 * one's own username. The e-mail address and private videos are shown to the owner only; the
 * username rules are in domains/accounts/profiles.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { sendError } from '../../http/errors';
import type { FieldIssue } from '../../http/localized-validation';
import { rateLimited } from '../../http/rate-limits';
import { requireUser, signedInUser } from '../../http/guards';
import { requestLanguage, t } from '../../i18n';
import { CURSOR_MAX_LENGTH, decodeCursor, encodeCursor } from '../../infra/cursors';
import { isSubscribed, subscriberCount } from '../following';
import { PublicUserSchema } from '../../schemas/users';
import { SelfieVideoSchema } from '../../schemas/videos';

import { toPublicUser } from './users';
import {
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  PROFILE_PAGE_DEFAULT,
  PROFILE_PAGE_MAX,
  changeUsername,
  checkUsername,
  findUserById,
  listProfileVideos,
  loadProfile,
  type ListPosition,
  type ProfileList,
  type UsernameProblem,
} from './profiles';

const MINUTE = 60 * 1000;

export const PROFILE_LIMITS = {
  /** Username changes per user (requests that pass validation), against squatting sprees. */
  updatesPerUser: { max: 10, timeWindow: 10 * MINUTE },
} as const;

/** Any id is looked up: one that names nothing is simply not found (404). */
const UserParams = Type.Object({ id: Type.String({ minLength: 1 }) });
/** Only the username: the e-mail address (or anything else) cannot be changed here. */
const UpdateProfileBody = Type.Object(
  // Generous: the real limit applies to the trimmed name, counted in characters.
  { username: Type.String({ maxLength: USERNAME_MAX_LENGTH * 4 }) },
  { additionalProperties: false },
);

const ProfileResponse = Type.Object({
  success: Type.Boolean(),
  user: Type.Object({
    _id: Type.String(),
    username: Type.String(),
    email: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    subscriberCount: Type.Integer({ description: 'How many users follow this one.' }),
    subscribed: Type.Optional(Type.Boolean({ description: 'For a signed-in viewer: whether they follow this user.' })),
  }),
  videos: Type.Array(SelfieVideoSchema, { description: `The first ${PROFILE_PAGE_DEFAULT} uploads the viewer may see, newest first.` }),
  likedVideos: Type.Array(SelfieVideoSchema, {
    description: `The first ${PROFILE_PAGE_DEFAULT} liked videos the viewer may see, most recently liked first.`,
  }),
  videosTotal: Type.Integer({ description: 'Uploads the viewer may see, in all.' }),
  likedVideosTotal: Type.Integer({ description: 'Liked videos the viewer may see, in all.' }),
  videosNextCursor: Type.Union([Type.String(), Type.Null()], { description: 'For GET /users/{id}/videos?cursor=; null when the list is whole.' }),
  likedVideosNextCursor: Type.Union([Type.String(), Type.Null()], { description: 'For GET /users/{id}/liked?cursor=; null when the list is whole.' }),
});
const ListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: PROFILE_PAGE_MAX, default: PROFILE_PAGE_DEFAULT, description: `Videos in this page (1–${PROFILE_PAGE_MAX}).` }),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: CURSOR_MAX_LENGTH,
      description: 'The next cursor of the previous page (opaque; bound to this user and list; accepted for 24 hours). Absent: the first page.',
    }),
  ),
});
const VideoListResponse = Type.Object({
  success: Type.Boolean(),
  videos: Type.Array(SelfieVideoSchema),
  total: Type.Integer({ description: 'Videos in the list the viewer may see, in all.' }),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as ?cursor= for the next page; null at the end.' }),
});
const UpdateProfileResponse = Type.Object({ success: Type.Boolean(), user: PublicUserSchema, message: Type.String() });

function usernameMessage(request: FastifyRequest, problem: UsernameProblem): string {
  if (problem === 'required') return t(request, 'profile.usernameRequired');
  if (problem === 'length') return t(request, 'profile.usernameLength', { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH });
  return t(request, 'profile.usernameInvalid');
}

/** The profile form's fields in the viewer's language (http/route-preambles.ts). */
function profileFieldMessage(request: FastifyRequest, issue: FieldIssue): string | undefined {
  if (issue.part !== 'body') return undefined;
  if (issue.field === 'email' && issue.keyword === 'additionalProperties') return t(request, 'profile.emailReadOnly');
  if (issue.field !== 'username') return undefined;
  return usernameMessage(request, issue.keyword === 'maxLength' ? 'length' : 'required');
}

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const updatesPerUser = app.createRateLimit({
    ...PROFILE_LIMITS.updatesPerUser,
    keyGenerator: async (request) => `profile:update:user:${(await request.currentUser())?.id ?? ''}`,
  });

  const cursorScope = (list: ProfileList, userId: string) => `profile-${list}:${userId}`;
  const nextCursor = (list: ProfileList, userId: string, next: ListPosition | null) =>
    next ? encodeCursor(app.db, cursorScope(list, userId), next) : Promise.resolve(null);

  app.get(
    '/users/:id',
    {
      attachValidation: true,
      // The owner's view holds their e-mail address and private videos.
      config: { noStore: true },
      schema: {
        description: `Each list holds at most ${PROFILE_PAGE_DEFAULT} videos; the rest come from /users/{id}/videos and /users/{id}/liked.`,
        params: UserParams,
        response: { 200: ProfileResponse },
      },
    },
    async (request, reply) => {
      const viewer = await request.currentUser();
      const profile = await loadProfile(app.db, request.params.id, viewer, requestLanguage(request));
      if (!profile) return sendError(reply, 404, t(request, 'profile.userNotFound'));
      const { uploads, liked, user } = profile;
      const [count, subscribed] = await Promise.all([
        subscriberCount(app.db, user._id),
        viewer ? isSubscribed(app.db, viewer.id, user._id) : Promise.resolve(undefined),
      ]);
      return {
        success: true,
        user: { ...user, subscriberCount: count, ...(subscribed === undefined ? {} : { subscribed }) },
        videos: uploads.videos,
        likedVideos: liked.videos,
        videosTotal: uploads.total,
        likedVideosTotal: liked.total,
        videosNextCursor: await nextCursor('uploads', user._id, uploads.next),
        likedVideosNextCursor: await nextCursor('liked', user._id, liked.next),
      };
    },
  );

  const listRoute = (path: string, list: ProfileList) =>
    app.get(
      path,
      {
        attachValidation: true,
        config: { noStore: true },
        schema: { params: UserParams, querystring: ListQuery, response: { 200: VideoListResponse } },
      },
      async (request, reply) => {
        const viewer = await request.currentUser();
        const user = await findUserById(app.db, request.params.id);
        if (!user) return sendError(reply, 404, t(request, 'profile.userNotFound'));
        const { cursor, limit } = request.query;
        const after = cursor === undefined ? undefined : await decodeCursor(app.db, cursorScope(list, user.id), cursor);
        if (cursor !== undefined && !after) return sendError(reply, 400, t(request, 'list.badCursor'));
        const page = await listProfileVideos(app.db, user.id, list, viewer, { limit, after }, requestLanguage(request));
        return { success: true, videos: page.videos, total: page.total, nextCursor: await nextCursor(list, user.id, page.next) };
      },
    );
  listRoute('/users/:id/videos', 'uploads');
  listRoute('/users/:id/liked', 'liked');

  app.patch(
    '/users/profile',
    {
      attachValidation: true,
      config: { noStore: true, invalidMessage: profileFieldMessage },
      preHandler: requireUser,
      schema: { body: UpdateProfileBody, response: { 200: UpdateProfileResponse } },
    },
    async (request, reply) => {
      const user = await signedInUser(request);

      const checked = checkUsername(request.body.username);
      if ('problem' in checked) return sendError(reply, 400, usernameMessage(request, checked.problem));

      if (await rateLimited(request, reply, { limiter: updatesPerUser, message: 'profile.tooManyUpdates' })) return reply;

      const result = await changeUsername(app.db, user.id, checked.username);
      if (!result.ok) {
        return result.reason === 'taken'
          ? sendError(reply, 409, t(request, 'profile.usernameTaken'))
          : sendError(reply, 401, t(request, 'error.unauthorized'));
      }
      request.log.info({ userId: user.id }, 'username changed');
      // Every page naming them (profile, videos, comments) shows the new name (pages/page-cache.ts).
      await app.events.publish('user.changed', { userId: user.id });
      return { success: true, user: toPublicUser(result.user), message: t(request, 'profile.updated') };
    },
  );
};
