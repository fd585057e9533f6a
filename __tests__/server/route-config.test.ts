/**
 * Route options other modules act on (declared in server/http/route-preambles.ts):
 * - `config.noStore` is an onRequest hook of that route alone (routes without it carry none);
 * - `config.readsOwnBody` lets a route that reads its body itself past the in-flight cap
 *   (http/overload.ts), as the upload routes say; any multipart request too, whatever its route.
 */
import type { RouteOptions } from 'fastify';

import { makeTestApp, type TestApp } from '../support/server';
import { API } from '../support/videos';

describe('route config', () => {
  let t: TestApp;
  const hooks = new Map<string, unknown[]>();
  let open: () => void = () => undefined;
  let held: Promise<unknown> | undefined;
  let running = 0;

  beforeAll(async () => {
    // One place, no queue: while /test/slow holds it, anything counted is refused at once.
    t = await makeTestApp({ env: { OVERLOAD_MAX_IN_FLIGHT: '1', OVERLOAD_MAX_QUEUE_WAIT_MS: '0' } });
    // After the preambles' onRoute hook (registered first): sees what it left on each route.
    t.app.addHook('onRoute', (route: RouteOptions) => {
      if (route.url.startsWith('/test/')) hooks.set(`${route.method} ${route.url}`, [route.onRequest ?? []].flat());
    });
    // Tells what the matched route says, and answers at once (before any handler).
    t.app.addHook('onRequest', (request, reply, done) => {
      if (request.headers['x-test-config'] !== 'yes') return done();
      void reply.header('x-test-reads-own-body', String(request.routeOptions.config.readsOwnBody === true)).code(299).send();
    });
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    t.app.get('/test/slow', async () => {
      running += 1;
      await gate;
      return { ok: true };
    });
    t.app.get('/test/private', { config: { noStore: true } }, async () => ({ ok: true }));
    t.app.get('/test/public', async () => ({ ok: true }));
    t.app.post('/test/own-body', { config: { readsOwnBody: true } }, async () => ({ ok: true }));
    t.app.post('/test/plain', async () => ({ ok: true }));
    await t.app.ready();
  });

  afterAll(async () => {
    open();
    await held;
    await t.close();
  });

  it('noStore: the route has its own onRequest hook, and only that route', async () => {
    const names = (key: string) => (hooks.get(key) ?? []).map((hook) => (hook as { name: string }).name);
    expect(names('GET /test/private')).toContain('setNoStore');
    expect(names('HEAD /test/private')).toContain('setNoStore');
    expect(names('GET /test/public')).not.toContain('setNoStore');
    expect((await t.app.inject({ url: '/test/private' })).headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'HEAD', url: '/test/private' })).headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/test/public' })).headers['cache-control']).toBeUndefined();
  });

  it('readsOwnBody: the upload routes say it, tus at every method of both its addresses', async () => {
    const said = async (method: 'POST' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'DELETE' | 'GET', url: string) => {
      const response = await t.app.inject({ method, url, headers: { 'x-test-config': 'yes' } });
      return response.headers['x-test-reads-own-body'];
    };
    for (const [method, url] of [
      ['POST', `${API}/movies/upload`],
      ['POST', `${API}/uploads`],
      ['OPTIONS', `${API}/uploads`],
      ['HEAD', `${API}/uploads/x`],
      ['PATCH', `${API}/uploads/x`],
      ['DELETE', `${API}/uploads/x`],
      ['OPTIONS', `${API}/uploads/x`],
    ] as const) {
      expect({ method, url, says: await said(method, url) }).toEqual({ method, url, says: 'true' });
    }
    expect(await said('GET', `${API}/videos/selfieVideos`)).toBe('false');
  });

  it('readsOwnBody: such routes (the uploads among them) and multipart requests pass the full in-flight cap; others get 503', async () => {
    held = t.app.inject({ url: '/test/slow' });
    for (let i = 0; i < 1000 && running === 0; i += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(t.app.admission.other.inFlight).toBe(1);

    const body = { payload: { a: 1 } };
    expect((await t.app.inject({ method: 'POST', url: '/test/plain', ...body })).statusCode).toBe(503);
    expect((await t.app.inject({ url: '/test/public' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'POST', url: '/test/own-body', ...body })).statusCode).toBe(200);
    const multipart = { 'content-type': 'multipart/form-data; boundary=x' };
    expect((await t.app.inject({ method: 'POST', url: '/test/plain', headers: multipart, payload: '--x--\r\n' })).statusCode).not.toBe(503);

    // The upload routes: past the cap, to their own answers (here: no session).
    expect((await t.app.inject({ method: 'POST', url: `${API}/movies/upload`, headers: multipart, payload: '--x--\r\n' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `${API}/movies/upload`, ...body })).statusCode).toBe(401);

    open();
    expect((await held) as { statusCode: number }).toMatchObject({ statusCode: 200 });
    held = undefined;
  });
});
