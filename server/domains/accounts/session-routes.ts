/** The SPA's start-up question: "am I logged in, and as whom?" (GET /check-session). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { PublicUserSchema } from '../../schemas/users';

import { clearSessionCookie, readSessionToken } from './sessions';
import { toPublicUser } from './users';

const CheckSessionResponse = Type.Object(
  { isValid: Type.Boolean(), user: Type.Optional(PublicUserSchema) },
  { title: 'SessionCheckResponse' },
);

export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Per-user answer: never cached by the browser or a proxy.
  app.get('/check-session', { config: { noStore: true }, schema: { response: { 200: CheckSessionResponse } } }, async (request, reply) => {
    const user = await request.currentUser();
    if (!user) {
      // An unknown or expired token is useless: drop it so the browser stops sending it.
      if (readSessionToken(request)) clearSessionCookie(reply);
      return { isValid: false };
    }
    return { isValid: true, user: toPublicUser(user) };
  });
};
