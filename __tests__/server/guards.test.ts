/**
 * The route guards (server/http/guards.ts), on a bare Fastify app whose `request.currentUser()` is
 * a stand-in (the sessions service registers the real one): the exact 401 and 403 answers, and
 * that the http layer imports no service or route.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import Fastify, { type FastifyInstance } from 'fastify';

import type { UserRow } from '../../server/infra/db/schema';
import { requireModerator, requireUser, signedInUser } from '../../server/http/guards';

const users: Record<string, Partial<UserRow>> = {
  plain: { id: 'u1', username: 'plain', role: 'user' },
  mod: { id: 'u2', username: 'mod', role: 'moderator' },
  admin: { id: 'u3', username: 'admin', role: 'admin' },
};

describe('route guards', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    app.decorateRequest('currentUser', async function currentUser(this: { headers: Record<string, unknown> }) {
      return (users[String(this.headers['x-user'])] as UserRow | undefined) ?? null;
    });
    app.get('/user', { preHandler: requireUser }, async (request) => ({ id: (await signedInUser(request)).id }));
    app.get('/staff', { preHandler: requireModerator }, async (request) => ({ id: (await signedInUser(request)).id }));
    app.get('/unguarded', async (request) => ({ id: (await signedInUser(request)).id }));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  it('requireUser: 401 in the standard error shape for a visitor, the handler for a user', async () => {
    const visitor = await app.inject({ url: '/user' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ success: false, message: 'Please log in to continue.' });
    const zh = await app.inject({ url: '/user', headers: { 'accept-language': 'zh-CN' } });
    expect(zh.statusCode).toBe(401);
    expect(zh.json().message).not.toBe(visitor.json().message);

    const user = await app.inject({ url: '/user', headers: { 'x-user': 'plain' } });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({ id: 'u1' });
  });

  it('requireModerator: 401 for a visitor, 403 for a plain user, the handler for moderators and admins', async () => {
    expect((await app.inject({ url: '/staff' })).statusCode).toBe(401);
    const plain = await app.inject({ url: '/staff', headers: { 'x-user': 'plain' } });
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toEqual({ success: false, message: expect.any(String) });
    expect((await app.inject({ url: '/staff', headers: { 'x-user': 'mod' } })).json()).toEqual({ id: 'u2' });
    expect((await app.inject({ url: '/staff', headers: { 'x-user': 'admin' } })).json()).toEqual({ id: 'u3' });
  });

  it('signedInUser without a guard fails loudly instead of serving a visitor', async () => {
    expect((await app.inject({ url: '/unguarded' })).statusCode).toBe(500);
  });

  it('the guards module imports nothing from services/ or routes/', () => {
    const source = readFileSync(path.join(__dirname, '../../server/http/guards.ts'), 'utf8');
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
    expect(imports.filter((name) => /services\/|routes\//.test(name!))).toEqual([]);
  });
});
