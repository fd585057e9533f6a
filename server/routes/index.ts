/** Everything under /v0/api: one plugin per area, and the API's own 404 in the error shape. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { NOT_FOUND_MESSAGE, sendError } from '../http/errors';

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
import { uploadRoutes } from './upload';
import { videoRoutes } from './videos';
import { userRoutes } from './users';
import { walletRoutes } from './wallet';

export const apiRoutes: FastifyPluginAsyncTypebox = async (api) => {
  await api.register(healthRoutes);
  await api.register(sessionRoutes);
  await api.register(actionRoutes);
  await api.register(authRoutes);
  await api.register(walletRoutes);
  await api.register(searchRoutes);
  await api.register(uploadRoutes);
  await api.register(tusRoutes);
  await api.register(videoRoutes);
  await api.register(captionRoutes);
  await api.register(sharingApiRoutes);
  await api.register(likeRoutes);
  await api.register(playbackRoutes);
  await api.register(commentRoutes);
  await api.register(userRoutes);
  await api.register(followingRoutes);
  await api.register(playlistRoutes);
  await api.register(moderationRoutes);

  api.setNotFoundHandler((_request, reply) => sendError(reply, 404, NOT_FOUND_MESSAGE));
};
