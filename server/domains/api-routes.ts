/** Everything under /v0/api: one plugin per area, and the API's own 404 in the error shape. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { NOT_FOUND_MESSAGE, sendError } from '../http/errors';
import { namedPlugin } from '../http/plugins';
import { healthRoutes } from '../http/health';

import { actionRoutes } from './search/description-routes';
import { authRoutes } from './accounts/auth-routes';
import { captionRoutes } from './captions/caption-routes';
import { commentRoutes } from './comments/comment-routes';
import { followingRoutes } from './following/following-routes';
import { searchRoutes } from './search/search-routes';
import { sharingApiRoutes } from './sharing/sharing-routes';
import { likeRoutes } from './videos/like-routes';
import { moderationRoutes } from './moderation/moderation-routes';
import { playbackRoutes } from './playback/playback-routes';
import { playlistRoutes } from './following/playlist-routes';
import { sessionRoutes } from './accounts/session-routes';
import { tusRoutes } from './media/uploads/tus-routes';
import { unsubscribeRoutes } from './following/unsubscribe-routes';
import { uploadRoutes } from './media/uploads/upload-routes';
import { videoRoutes } from './videos/video-routes';
import { userRoutes } from './accounts/user-routes';
import { walletRoutes } from './accounts/wallet-routes';

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
