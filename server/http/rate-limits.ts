/**
 * The routes' own abuse limits, made with `app.createRateLimit` (so they share @fastify/rate-limit's
 * store): the client-address key part, reading a limiter's verdict, and the 429 answer in the
 * standard error shape with Retry-After.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { errorBody } from './errors';

/** A limiter made by `app.createRateLimit`. */
export type RateLimiter = ReturnType<FastifyInstance['createRateLimit']>;

/** The client's address as a key part (normalized by @fastify/rate-limit). */
export function clientKey(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/** Counts this request; the seconds to wait when that went over the limit, else undefined. */
export async function countRequest(limiter: RateLimiter, request: FastifyRequest): Promise<number | undefined> {
  const state = await limiter(request);
  return !state.isAllowed && state.isExceeded ? state.ttlInSeconds : undefined;
}

/**
 * Without counting (for limits on failures, counted only when the attempt fails): the seconds to
 * wait when the limit is already used up, else undefined.
 */
export async function limitUsedUp(limiter: RateLimiter, request: FastifyRequest): Promise<number | undefined> {
  const state = await limiter(request, { increment: false });
  return !state.isAllowed && state.remaining <= 0 ? state.ttlInSeconds : undefined;
}

/** The 429 answer: `{ success: false, message }` with Retry-After (at least one second). */
export function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number, message: string): FastifyReply {
  return reply
    .code(429)
    .header('retry-after', String(Math.max(1, retryAfterSeconds)))
    .send(errorBody(message));
}
