/**
 * The routes' one "count, then 429" helper (server/http/rate-limits.ts rateLimited), on a bare
 * Fastify app with @fastify/rate-limit's in-memory store: the 429's shape, Retry-After and message,
 * 'peek' (limits on failures), and several limiters in order (later ones not counted once one is over).
 */
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';

import { rateLimited, type RateLimiter } from '../../server/http/rate-limits';

describe('rateLimited', () => {
  let app: FastifyInstance;
  let first: RateLimiter;
  let second: RateLimiter;
  let failures: RateLimiter;
  let handled = 0;

  beforeAll(async () => {
    app = Fastify();
    await app.register(fastifyRateLimit, { global: false });
    first = app.createRateLimit({ max: 2, timeWindow: 60_000, keyGenerator: () => 'first' });
    second = app.createRateLimit({ max: 3, timeWindow: 60_000, keyGenerator: () => 'second' });
    failures = app.createRateLimit({ max: 1, timeWindow: 60_000, keyGenerator: () => 'failures' });
    app.post('/one', async (request, reply) => {
      if (await rateLimited(request, reply, { limiter: first, message: 'likes.tooManyToggles' })) return reply;
      handled += 1;
      return { ok: true };
    });
    app.post('/both', async (request, reply) => {
      if (await rateLimited(request, reply, { limiter: [first, second], message: 'auth.tooManyRequests' })) return reply;
      return { ok: true };
    });
    app.get('/second-left', async (request) => {
      const state = await second(request, { increment: false });
      return { remaining: 'remaining' in state ? state.remaining : null };
    });
    app.post('/peek', async (request, reply) => {
      if (await rateLimited(request, reply, { limiter: failures, message: 'auth.tooManyLoginAttempts', mode: 'peek' })) return reply;
      if (request.headers['x-fail'] === 'yes') await failures(request);
      return { ok: true };
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  it('counts each request; past the limit answers 429 with Retry-After and the translated message, and the handler stops', async () => {
    expect((await app.inject({ method: 'POST', url: '/one' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/one' })).statusCode).toBe(200);
    const refused = await app.inject({ method: 'POST', url: '/one' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({ success: false, message: 'You are liking too quickly. Please wait a moment and try again.' });
    expect(handled).toBe(2);
  });

  it('several limiters: the first one over answers, and the ones after it are not counted', async () => {
    // `first` is already over (the test above): `second` must not move.
    expect((await app.inject({ method: 'POST', url: '/both' })).statusCode).toBe(429);
    expect((await app.inject({ method: 'POST', url: '/both' })).json().message).toBe('Too many requests, please try again in a minute.');
    expect((await app.inject({ url: '/second-left' })).json()).toEqual({ remaining: 3 });
  });

  it("'peek' refuses only once failures used the limit up, and counts nothing itself", async () => {
    expect((await app.inject({ method: 'POST', url: '/peek' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/peek' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/peek', headers: { 'x-fail': 'yes' } })).statusCode).toBe(200);
    const refused = await app.inject({ method: 'POST', url: '/peek' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
