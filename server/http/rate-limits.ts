/**
 * The routes' own abuse limits, made with `app.createRateLimit` (so they share @fastify/rate-limit's
 * store): the client-address key part, reading a limiter's verdict, and the 429 answer in the
 * standard error shape with Retry-After. A route says "count, then 429" with one call:
 * `if (await rateLimited(request, reply, { limiter, message: 'likes.tooManyToggles' })) return reply;`
 * (the key and the limit are the limiter's, made once per plugin).
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { t, type MessageKey } from '../i18n';

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

/** What `rateLimited` checks and how it answers. */
export interface RateLimitCheck {
  /**
   * The limiter, or several in order: the first one over its limit answers, and the ones after it
   * are not asked (nor counted).
   */
  limiter: RateLimiter | readonly RateLimiter[];
  /** The 429's sentence, in the request's language. */
  message: MessageKey;
  /**
   * 'count' (the default): this request counts against the limit. 'peek': a limit on failures,
   * counted by the route only when the attempt fails; refused only once it is already used up.
   */
  mode?: 'count' | 'peek';
}

/**
 * Counts the request against the limit (or only looks, `mode: 'peek'`); past it, answers 429 with
 * Retry-After and the message, and says true: the caller then returns the reply. A boolean, never
 * the reply: a reply is thenable, and awaiting one waits for the answer to be sent.
 */
export async function rateLimited(request: FastifyRequest, reply: FastifyReply, check: RateLimitCheck): Promise<boolean> {
  const limiters: readonly RateLimiter[] = Array.isArray(check.limiter) ? check.limiter : [check.limiter as RateLimiter];
  const verdict = check.mode === 'peek' ? limitUsedUp : countRequest;
  for (const limiter of limiters) {
    const wait = await verdict(limiter, request);
    if (wait !== undefined) {
      tooManyRequests(reply, wait, t(request, check.message));
      return true;
    }
  }
  return false;
}
