/**
 * The session cookie (`sid`): its name and options, reading it from a request, setting and
 * clearing it. Plain HTTP work over the config, kept in the http layer so that pages, the OpenAPI
 * document and the page cache can name the cookie without importing the sessions service
 * (domains/accounts/sessions.ts re-exports all of it).
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AppConfig } from '../config/index';

export const SESSION_COOKIE = 'sid';

/** A new session's cookie value and end. */
export interface SessionCookie {
  token: string;
  expiresAt: Date;
}

export function sessionCookieOptions(config: Pick<AppConfig, 'cookieSecure'>, expiresAt?: Date): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    ...(expiresAt ? { expires: expiresAt } : {}),
  };
}

export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

export function setSessionCookie(reply: FastifyReply, session: SessionCookie): FastifyReply {
  return reply.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(reply.server.config, session.expiresAt));
}

export function clearSessionCookie(reply: FastifyReply): FastifyReply {
  return reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(reply.server.config));
}
