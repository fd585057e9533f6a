/** Everything under /v0/api: one plugin per area, and the API's own 404 in the error shape. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { NOT_FOUND_MESSAGE, sendError } from '../http/errors';
import { namedPlugin } from '../http/plugins';

import { actionRoutes } from './actions';
import { authRoutes } from './auth';
import { captionRoutes } from './captions';
import { commentRoutes } from './comments';
import { followingRoutes } from './following';
import { healthRoutes } from './health';
import { searchRoutes } from './search';
import { sharingApiRoutes } from './sharing';
import { likeRoutes } from './likes';
import { moderationRoutes } from './moderation';
import { playbackRoutes } from './playback';
import { playlistRoutes } from './playlists';
import { sessionRoutes } from './session';
import { tusRoutes } from './tus';
import { unsubscribeRoutes } from './unsubscribe';
import { uploadRoutes } from './upload';
import { videoRoutes } from './videos';
import { userRoutes } from './users';
import { walletRoutes } from './wallet';

// In registration order.
const AREAS = [
  namedPlugin('health-routes', healthRoutes),
  namedPlugin('session-routes', sessionRoutes),
  namedPlugin('action-routes', actionRoutes),
  namedPlugin('auth-routes', authRoutes),
  namedPlugin('wallet-routes', walletRoutes),
  namedPlugin('search-routes', searchRoutes),
  namedPlugin('upload-routes', uploadRoutes),
  namedPlugin('tus-routes', tusRoutes),
  namedPlugin('video-routes', videoRoutes),
  namedPlugin('caption-routes', captionRoutes),
  namedPlugin('sharing-api-routes', sharingApiRoutes),
  namedPlugin('like-routes', likeRoutes),
  namedPlugin('playback-routes', playbackRoutes),
  namedPlugin('comment-routes', commentRoutes),
  namedPlugin('user-routes', userRoutes),
  namedPlugin('following-routes', followingRoutes),
  namedPlugin('unsubscribe-routes', unsubscribeRoutes),
  namedPlugin('playlist-routes', playlistRoutes),
  namedPlugin('moderation-routes', moderationRoutes),
];

export const apiRoutes: FastifyPluginAsyncTypebox = async (api) => {
  for (const area of AREAS) await api.register(area);

  api.setNotFoundHandler((_request, reply) => sendError(reply, 404, NOT_FOUND_MESSAGE));
};
