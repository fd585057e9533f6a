/** The SPA's start-up question: "am I logged in, and as whom?" (GET /check-session). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { clearSessionCookie, readSessionToken } from '../services/sessions';
import { toPublicUser } from '../services/users';

// Titles name the shared shapes in the OpenAPI document (components.schemas) and so in the SPA's
// generated types (src/api/generated/openapi.ts): see hoistNamedSchemas in http/openapi.ts.
export const RoleSchema = Type.Union([Type.Literal('user'), Type.Literal('moderator'), Type.Literal('admin')], { title: 'Role' });

export const PublicUserSchema = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  verified: Type.Boolean(),
  walletAddress: Type.Union([Type.String(), Type.Null()]),
  role: RoleSchema,
}, { title: 'User' });

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
