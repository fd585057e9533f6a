/**
 * Playlists and "Watch later" (docs/following.md). Reading follows the playlist's visibility
 * (someone else's private playlist is not found); every change is the owner's alone.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { sendError } from '../../http/errors';
import type { FieldIssue } from '../../http/localized-validation';
import { requireUser, signedInUser } from '../../http/guards';
import { requestLanguage, t } from '../../i18n';
import { SelfieVideoSchema } from '../../schemas/videos';

import {
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_MAX_VIDEOS,
  PLAYLIST_TITLE_MAX,
  PLAYLISTS_PER_USER,
  addToPlaylist,
  createPlaylist,
  deletePlaylist,
  listPlaylists,
  moveInPlaylist,
  readPlaylist,
  removeFromPlaylist,
  updatePlaylist,
  watchLaterId,
  type PlaylistProblem,
} from '.';

const Visibility = Type.Union([Type.Literal('public'), Type.Literal('unlisted'), Type.Literal('private')], { title: 'PlaylistVisibility' });
const PlaylistSchema = Type.Object(
  {
    _id: Type.String(),
    title: Type.String(),
    description: Type.String(),
    visibility: Visibility,
    watchLater: Type.Boolean(),
    owner: Type.Object({ _id: Type.String(), username: Type.String() }),
    videoCount: Type.Integer({ description: 'Videos the reader may see.' }),
    thumbnailCdnUrl: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { title: 'Playlist' },
);
const ListQuery = Type.Object({
  owner: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "A user's id: their public playlists (all of them for the owner). Absent: the viewer's own." })),
});
const ListResponse = Type.Object({ success: Type.Boolean(), playlists: Type.Array(PlaylistSchema) });
const DetailResponse = Type.Object({ success: Type.Boolean(), playlist: PlaylistSchema, videos: Type.Array(SelfieVideoSchema) });
const MessageResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });
const IdParams = Type.Object({ id: Type.String({ minLength: 1 }) });
const ItemParams = Type.Object({ id: Type.String({ minLength: 1 }), videoId: Type.String({ minLength: 1 }) });
// Generous bounds: the real limits apply to trimmed text, in characters (a clear message).
const CreateBody = Type.Object(
  {
    title: Type.String({ maxLength: PLAYLIST_TITLE_MAX * 4 }),
    description: Type.Optional(Type.String({ maxLength: PLAYLIST_DESCRIPTION_MAX * 4 })),
    visibility: Visibility,
  },
  { additionalProperties: false },
);
const UpdateBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: PLAYLIST_TITLE_MAX * 4 })),
    description: Type.Optional(Type.String({ maxLength: PLAYLIST_DESCRIPTION_MAX * 4 })),
    visibility: Type.Optional(Visibility),
  },
  { additionalProperties: false },
);
const AddBody = Type.Object(
  { videoId: Type.String({ minLength: 1, maxLength: 64 }), position: Type.Optional(Type.Integer({ description: '0-based; default: the end.' })) },
  { additionalProperties: false },
);
const MoveBody = Type.Object({ position: Type.Integer({ description: '0-based.' }) }, { additionalProperties: false });

export const playlistRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const refuse = (request: FastifyRequest, reply: FastifyReply, problem: PlaylistProblem) => {
    switch (problem) {
      case 'notFound':
        return sendError(reply, 404, t(request, 'playlists.notFound'));
      case 'videoNotFound':
        return sendError(reply, 404, t(request, 'video.notFound'));
      case 'forbidden':
        return sendError(reply, 403, t(request, 'playlists.forbidden'));
      case 'tooMany':
        return sendError(reply, 400, t(request, 'playlists.tooMany', { max: PLAYLISTS_PER_USER }));
      case 'full':
        return sendError(reply, 400, t(request, 'playlists.full', { max: PLAYLIST_MAX_VIDEOS }));
      case 'position':
        return sendError(reply, 400, t(request, 'playlists.position'));
      case 'watchLater':
        return sendError(reply, 400, t(request, 'playlists.watchLater'));
      case 'title':
        return sendError(reply, 400, t(request, 'playlists.title', { max: PLAYLIST_TITLE_MAX }));
      case 'description':
        return sendError(reply, 400, t(request, 'playlists.description', { max: PLAYLIST_DESCRIPTION_MAX }));
    }
  };
  /** The fields people type, in their language (http/route-preambles.ts). */
  const fieldMessage = (request: FastifyRequest, issue: FieldIssue) => {
    if (issue.part !== 'body') return undefined;
    if (issue.field === 'title') return t(request, 'playlists.title', { max: PLAYLIST_TITLE_MAX });
    if (issue.field === 'description') return t(request, 'playlists.description', { max: PLAYLIST_DESCRIPTION_MAX });
    return undefined;
  };

  app.get('/playlists', { attachValidation: true, config: { noStore: true }, schema: { querystring: ListQuery, response: { 200: ListResponse } } }, async (request, reply) => {
    const viewer = await request.currentUser();
    const owner = request.query.owner ?? viewer?.id;
    if (!owner) return sendError(reply, 401, t(request, 'error.unauthorized'));
    if (owner === viewer?.id) await watchLaterId(app.db, viewer.id, requestLanguage(request));
    return { success: true, playlists: await listPlaylists(app.db, owner, viewer) };
  });

  app.post(
    '/playlists',
    { attachValidation: true, config: { noStore: true, invalidMessage: fieldMessage }, preHandler: requireUser, schema: { body: CreateBody, response: { 201: DetailResponse } } },
    async (request, reply) => {
      const user = await signedInUser(request);
      const created = await createPlaylist(app.db, user.id, request.body);
      if (!created.ok) return refuse(request, reply, created.problem);
      const read = await readPlaylist(app.db, created.value, user, requestLanguage(request));
      if (!read.ok) return refuse(request, reply, read.problem);
      return reply.code(201).send({ success: true, ...read.value });
    },
  );

  app.get('/playlists/watch-later', { config: { noStore: true }, preHandler: requireUser, schema: { response: { 200: DetailResponse } } }, async (request, reply) => {
    const user = await signedInUser(request);
    const read = await readPlaylist(app.db, await watchLaterId(app.db, user.id, requestLanguage(request)), user, requestLanguage(request));
    if (!read.ok) return refuse(request, reply, read.problem);
    return { success: true, ...read.value };
  });

  app.get('/playlists/:id', { attachValidation: true, config: { noStore: true }, schema: { params: IdParams, response: { 200: DetailResponse } } }, async (request, reply) => {
    const read = await readPlaylist(app.db, request.params.id, await request.currentUser(), requestLanguage(request));
    if (!read.ok) return refuse(request, reply, read.problem);
    return { success: true, ...read.value };
  });

  app.patch(
    '/playlists/:id',
    { attachValidation: true, config: { noStore: true, invalidMessage: fieldMessage }, preHandler: requireUser, schema: { params: IdParams, body: UpdateBody, response: { 200: DetailResponse } } },
    async (request, reply) => {
      const user = await signedInUser(request);
      const updated = await updatePlaylist(app.db, request.params.id, user.id, request.body);
      if (!updated.ok) return refuse(request, reply, updated.problem);
      const read = await readPlaylist(app.db, request.params.id, user, requestLanguage(request));
      if (!read.ok) return refuse(request, reply, read.problem);
      return { success: true, ...read.value };
    },
  );

  app.delete(
    '/playlists/:id',
    { attachValidation: true, preHandler: requireUser, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (request, reply) => {
      const user = await signedInUser(request);
      const deleted = await deletePlaylist(app.db, request.params.id, user.id);
      if (!deleted.ok) return refuse(request, reply, deleted.problem);
      return { success: true, message: t(request, 'playlists.deleted') };
    },
  );

  app.post(
    '/playlists/:id/videos',
    { attachValidation: true, config: { noStore: true }, preHandler: requireUser, schema: { params: IdParams, body: AddBody, response: { 200: DetailResponse } } },
    async (request, reply) => {
      const user = await signedInUser(request);
      const added = await addToPlaylist(app.db, request.params.id, user.id, request.body.videoId, request.body.position);
      if (!added.ok) return refuse(request, reply, added.problem);
      const read = await readPlaylist(app.db, request.params.id, user, requestLanguage(request));
      if (!read.ok) return refuse(request, reply, read.problem);
      return { success: true, ...read.value };
    },
  );

  app.patch(
    '/playlists/:id/videos/:videoId',
    { attachValidation: true, config: { noStore: true }, preHandler: requireUser, schema: { params: ItemParams, body: MoveBody, response: { 200: DetailResponse } } },
    async (request, reply) => {
      const user = await signedInUser(request);
      const moved = await moveInPlaylist(app.db, request.params.id, user.id, request.params.videoId, request.body.position);
      if (!moved.ok) {
        return moved.problem === 'videoNotFound'
          ? sendError(reply, 404, t(request, 'playlists.notInPlaylist'))
          : refuse(request, reply, moved.problem);
      }
      const read = await readPlaylist(app.db, request.params.id, user, requestLanguage(request));
      if (!read.ok) return refuse(request, reply, read.problem);
      return { success: true, ...read.value };
    },
  );

  app.delete(
    '/playlists/:id/videos/:videoId',
    { attachValidation: true, config: { noStore: true }, preHandler: requireUser, schema: { params: ItemParams, response: { 200: DetailResponse } } },
    async (request, reply) => {
      const user = await signedInUser(request);
      const removed = await removeFromPlaylist(app.db, request.params.id, user.id, request.params.videoId);
      if (!removed.ok) return refuse(request, reply, removed.problem);
      const read = await readPlaylist(app.db, request.params.id, user, requestLanguage(request));
      if (!read.ok) return refuse(request, reply, read.problem);
      return { success: true, ...read.value };
    },
  );
};
