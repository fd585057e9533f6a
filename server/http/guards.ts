/**
 * Every route guard, in one place: preHandlers that answer 401/403 in the standard error shape
 * before the handler runs, and the accessor for the signed-in user behind them. http/openapi.ts
 * reads a route's guard from its preHandler (requireUser: a session; requireModerator: staff).
 *
 * The guards only ask `request.currentUser()`, declared here and registered by the sessions
 * service (domains/accounts/sessions.ts, installSessions), so this layer never imports a service or a route.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

import { isStaffRole } from '../infra/db/roles';
import type { UserRow } from '../infra/db/schema';
import { t } from '../i18n';

import { sendError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The logged-in user, resolved from the session cookie at most once per request (registered
     * by domains/accounts/sessions.ts installSessions).
     */
    currentUser(): Promise<UserRow | null>;
  }
}

/** preHandler for routes that need a logged-in user: 401 in the standard error shape otherwise. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const user = await request.currentUser();
  // Returning the reply tells Fastify the hook answered; the handler does not run.
  if (!user) return sendError(reply, 401, t(request, 'error.unauthorized'));
  return undefined;
}

/** preHandler: 401 for visitors, 403 for users who are neither moderator nor admin. */
export async function requireModerator(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const user = await request.currentUser();
  if (!user) return sendError(reply, 401, t(request, 'error.unauthorized'));
  if (!isStaffRole(user.role)) return sendError(reply, 403, t(request, 'moderation.forbidden'));
  return undefined;
}

/**
 * The signed-in user, in a handler behind `requireUser` (which answered 401 without one). Throws
 * if used elsewhere: a route that forgot its preHandler fails loudly, never serves a visitor.
 */
export async function signedInUser(request: FastifyRequest): Promise<UserRow> {
  const user = await request.currentUser();
  if (!user) throw new Error(`${request.routeOptions.url ?? request.url}: signedInUser without requireUser`);
  return user;
}
