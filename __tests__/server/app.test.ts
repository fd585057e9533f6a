import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { injectMeta } from '../../server/pages/spa';
import { requireUser } from '../../server/http/guards';
import { hashSessionToken, SESSION_COOKIE } from '../../server/domains/accounts/sessions';
import { createTestVideo, fixtures } from '../support/media';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('the app', () => {
  // The tests that only read share one app; a test that changes data or the app itself (a
  // session, a route, a closed database) starts with `t = await ownApp()`.
  let shared: TestApp;
  let own: TestApp | undefined;
  let t: TestApp;
  beforeAll(async () => {
    shared = await makeTestApp();
  });
  afterAll(async () => {
    await shared.close();
  });
  beforeEach(() => {
    t = shared;
  });
  afterEach(async () => {
    await own?.close();
    own = undefined;
  });
  const ownApp = async (): Promise<TestApp> => {
    own = await makeTestApp();
    return own;
  };

  describe('health', () => {
    it.each(['/health', '/v0/api/health'])('GET %s reports the database', async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: 'ok', load: 'ok' });
    });

    it('answers 503 when the database is gone', async () => {
      t = await ownApp();
      await t.app.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/v0/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', database: 'unavailable', load: 'ok' });
    });
  });

  it('creates DATA_DIR with media/ and mail/', async () => {
    expect(existsSync(path.join(t.dataDir, 'media'))).toBe(true);
    expect(existsSync(path.join(t.dataDir, 'mail'))).toBe(true);
    // The SQLite file lives there too (unless DATABASE_URL names a PostgreSQL server).
    expect(existsSync(path.join(t.dataDir, 'app.db'))).toBe(t.app.database.dialect === 'sqlite');
  });

  it('sends security headers with a CSP that allows the catalogue origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("img-src 'self' data: blob: http://localhost:3000");
    expect(csp).toContain("frame-src 'self' http://localhost:3000");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('mounts the catalogue stand-in under /catalogue', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/catalogue/api/v2/video/id/?id=nosuchvideo&format=json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  describe('GET /v0/api/check-session', () => {
    it('says a visitor is not logged in', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v0/api/check-session' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ isValid: false });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('returns the user of a valid session', async () => {
      t = await ownApp();
      const user = await createTestUser(t.app, { username: 'alice', email: 'alice@example.com', verified: 0 });
      const res = await t.app.inject({
        method: 'GET',
        url: '/v0/api/check-session',
        headers: { cookie: await sessionCookieFor(t.app, user.id) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        isValid: true,
        user: { _id: user.id, username: 'alice', email: 'alice@example.com', verified: false, walletAddress: null, role: 'user' },
      });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('rejects an expired session and clears its cookie', async () => {
      t = await ownApp();
      const user = await createTestUser(t.app);
      const cookie = await sessionCookieFor(t.app, user.id);
      const token = cookie.slice(`${SESSION_COOKIE}=`.length);
      await t.app.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id_hash', '=', hashSessionToken(token))
        .execute();

      const res = await t.app.inject({ method: 'GET', url: '/v0/api/check-session', headers: { cookie } });
      expect(res.json()).toEqual({ isValid: false });
      expect(String(res.headers['set-cookie'])).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
      // The expired row is gone, not merely ignored.
      const rows = await t.app.db.selectFrom('sessions').selectAll().execute();
      expect(rows).toHaveLength(0);
    });

    it('clears an unknown or malformed session cookie', async () => {
      for (const cookie of [`${SESSION_COOKIE}=${'A'.repeat(43)}`, `${SESSION_COOKIE}=garbage`]) {
        const res = await t.app.inject({ method: 'GET', url: '/v0/api/check-session', headers: { cookie } });
        expect(res.json()).toEqual({ isValid: false });
        expect(String(res.headers['set-cookie'])).toMatch(/^sid=;/);
      }
    });
  });

  describe('sessions', () => {
    it('stores only the hash of the token', async () => {
      t = await ownApp();
      const user = await createTestUser(t.app);
      const { token, expiresAt } = await t.app.sessions.createSession(user.id, { userAgent: 'jest', ip: '10.0.0.1' });
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
      const rows = await t.app.db.selectFrom('sessions').selectAll().execute();
      expect(rows).toEqual([
        expect.objectContaining({ id_hash: hashSessionToken(token), user_id: user.id, user_agent: 'jest', ip: '10.0.0.1' }),
      ]);
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('destroys one session, all of a user, and cascades when the user is deleted', async () => {
      t = await ownApp();
      const user = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      const first = await t.app.sessions.createSession(user.id);
      const second = await t.app.sessions.createSession(user.id);
      const others = await t.app.sessions.createSession(other.id);

      await t.app.sessions.destroySession(first.token);
      expect(await t.app.sessions.findSessionUser(first.token)).toBeNull();
      expect((await t.app.sessions.findSessionUser(second.token))?.id).toBe(user.id);

      await t.app.sessions.destroyUserSessions(user.id);
      expect(await t.app.sessions.findSessionUser(second.token)).toBeNull();

      await t.app.db.deleteFrom('users').where('id', '=', other.id).execute();
      expect(await t.app.sessions.findSessionUser(others.token)).toBeNull();
    });

    it('guards routes with requireUser', async () => {
      t = await ownApp();
      t.app.get('/v0/api/test-only/me', { preHandler: requireUser }, async (request) => ({
        id: (await request.currentUser())?.id,
      }));
      const anonymous = await t.app.inject({ method: 'GET', url: '/v0/api/test-only/me' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ success: false, message: 'Please log in to continue.' });

      const user = await createTestUser(t.app);
      const res = await t.app.inject({
        method: 'GET',
        url: '/v0/api/test-only/me',
        headers: { cookie: await sessionCookieFor(t.app, user.id) },
      });
      expect(res.json()).toEqual({ id: user.id });
    });
  });

  describe('errors under /v0/api', () => {
    it('answers an unknown route with 404 in the error shape', async () => {
      for (const [method, url] of [
        ['GET', '/v0/api/nope'],
        ['POST', '/v0/api/nope'],
        ['DELETE', '/v0/api/check-session'],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: HTML });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ success: false, message: 'Not found.' });
      }
    });

    it('answers malformed JSON with 400', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v0/api/action/upload-description',
        headers: { 'content-type': 'application/json' },
        payload: '{"movieId": "abc",',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'The request body is not valid JSON.' });
    });

    it('answers a body over the limit with 413', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v0/api/action/upload-description',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ movieId: 'abc', newContext: 'x'.repeat(100 * 1024) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ success: false, message: 'The request body is too large.' });
    });

    it('answers an unsupported content type with 415', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v0/api/action/upload-description',
        headers: { 'content-type': 'application/xml' },
        payload: '<movie/>',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ success: false });
    });

    it('hides the details of a real bug behind a 500', async () => {
      t = await ownApp();
      t.app.get('/v0/api/test-only/boom', async () => {
        throw new Error('secret internal detail');
      });
      const res = await t.app.inject({ method: 'GET', url: '/v0/api/test-only/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: 'Something went wrong. Please try again later.' });
      expect(res.body).not.toContain('secret');
    });
  });

  describe('without a built SPA', () => {
    it('explains how to build it', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/', headers: HTML });
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe('The SPA is not built yet: run npm run build');
    });
  });

  describe('media', () => {
    it('serves uploaded files with Range support', async () => {
      t = await ownApp();
      // Only files of stored videos are served (domains/media/media-routes.ts; details in media-api.test.ts).
      const video = await createTestVideo(t.app, (await createTestUser(t.app)).id);
      const res = await t.app.inject({ method: 'GET', url: `/media/${video.video_key}`, headers: { range: 'bytes=2-5' } });
      expect(res.statusCode).toBe(206);
      expect(res.rawPayload.equals(fixtures.mp4.subarray(2, 6))).toBe(true);
      expect(res.headers['content-range']).toBe(`bytes 2-5/${fixtures.mp4.length}`);
    });

    it('answers a missing file with a 404, never the SPA', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/media/missing.mp4', headers: HTML });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Not found.' });
    });
  });
});

describe('the SPA', () => {
  let t: TestApp;
  let spaDir: string;

  async function startWith(env: Record<string, string> = {}) {
    spaDir = await mkdtemp(path.join(tmpdir(), 'selfie-spa-test-'));
    await mkdir(path.join(spaDir, 'assets'), { recursive: true });
    await writeFile(
      path.join(spaDir, 'index.html'),
      '<!doctype html><html><head><title>Selfie</title></head><body><div id="root"></div></body></html>',
    );
    await writeFile(path.join(spaDir, 'assets', 'main.0123456789.js'), 'console.log("app")');
    await writeFile(path.join(spaDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await makeTestApp({ env, config: { spaDir } });
  }

  afterEach(async () => {
    await t.close();
    await rm(spaDir, { recursive: true, force: true });
  });

  it('serves index.html with the built-in catalogue URL for / and client routes', async () => {
    await startWith();
    for (const url of ['/', '/video/abc123', '/profile/42?tab=likes', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<meta name="catalogue-url" content="/catalogue">');
    }
  });

  it('injects an external catalogue URL, attribute-escaped', async () => {
    await startWith({ CATALOGUE_URL: 'https://provider.example.com/v2&x' });
    const res = await t.app.inject({ method: 'GET', url: '/video/abc123', headers: HTML });
    expect(res.body).toContain('<meta name="catalogue-url" content="https://provider.example.com/v2&amp;x">');
    expect(String(res.headers['content-security-policy'])).toContain('https://provider.example.com');
  });

  it('does not mount the stand-in when CATALOGUE_URL names another provider', async () => {
    await startWith({ CATALOGUE_URL: 'https://provider.example.com' });
    const res = await t.app.inject({ method: 'GET', url: '/catalogue/api/v2/video/id/?id=abc' });
    expect(res.statusCode).toBe(404);
  });

  it('caches hashed assets for a year and revalidates other files', async () => {
    await startWith();
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main.0123456789.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('never serves the build’s own dotfiles (its stamp and chunk stats)', async () => {
    await startWith();
    await writeFile(path.join(spaDir, '.build-stamp'), 'stamp-secret\n');
    await writeFile(path.join(spaDir, '.build-stats.json'), '{"chunks":["stats-secret"]}');
    for (const url of ['/.build-stamp', '/.build-stats.json']) {
      for (const headers of [HTML, { accept: '*/*' }]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.body).not.toMatch(/stamp-secret|stats-secret/);
      }
    }
  });

  it('answers 404 to non-HTML requests and to server paths', async () => {
    await startWith();
    const cases: Array<[string, Record<string, string>]> = [
      ['/video/abc123', { accept: 'application/json' }],
      ['/assets/missing.js', { accept: '*/*' }],
      ['/v0/api/unknown', HTML],
      ['/media/none.mp4', HTML],
      ['/health/deep', HTML],
    ];
    for (const [url, headers] of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 404,
        body: { success: false, message: 'Not found.' },
      });
    }
  });

  it('does not fall back for other methods', async () => {
    await startWith();
    const res = await t.app.inject({ method: 'POST', url: '/video/abc123', headers: HTML });
    expect(res.statusCode).toBe(404);
  });
});

describe('injectMeta', () => {
  it('escapes the value and replaces an existing tag of the same name', () => {
    const html = '<html><head><meta name="catalogue-url" content="old"><title>x</title></head></html>';
    expect(injectMeta(html, 'catalogue-url', 'https://a.example/"><script>&\'')).toBe(
      '<html><head><meta name="catalogue-url" content="https://a.example/&quot;&gt;&lt;script&gt;&amp;&#39;"><title>x</title></head></html>',
    );
  });

  it('inserts before </head> whatever its case', () => {
    expect(injectMeta('<HEAD></HEAD>', 'catalogue-url', '/catalogue')).toBe(
      '<HEAD><meta name="catalogue-url" content="/catalogue"></HEAD>',
    );
  });
});

describe('errors raised by the router', () => {
  it('answers an over-long id and a malformed URL in the one error shape', async () => {
    const t = await makeTestApp();
    try {
      const long = await t.app.inject({ method: 'DELETE', url: `/v0/api/comments/${'a'.repeat(300)}` });
      expect(long.statusCode).toBe(404);
      expect(long.json()).toEqual({ success: false, message: 'Not found.' });
      const malformed = await t.app.inject({ method: 'GET', url: '/v0/api/comments/%E0%A4%A' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ success: false });
    } finally {
      await t.close();
    }
  });
});
