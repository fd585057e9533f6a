/** A user as the API answers it (sessions, sign-in, profiles) and the roles (moderation). */
import { Type } from 'typebox';

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
