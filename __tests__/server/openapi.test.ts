/**
 * The OpenAPI document: generated from the routes' own schemas, OpenAPI 3.x, every
 * /v0/api route in it with request and response shapes, and the reference UI at /v0/api/docs.
 * A new /v0/api route without a schema fails here.
 */
import type { AppInstance } from '../../server/app';
import { DOCS_PREFIX, OPENAPI_PATH } from '../../server/http/openapi';
import { makeTestApp, type TestApp } from '../support/server';

let testApp: TestApp;
let app: AppInstance;

beforeAll(async () => {
  testApp = await makeTestApp();
  app = testApp.app;
  await app.ready();
});

afterAll(async () => {
  await testApp.close();
});

/** /v0/api routes of the API itself (not the document and its viewer). */
function apiRoutes() {
  return app.routeCatalog.filter(
    (route) => route.url.startsWith('/v0/api/') && route.method !== 'HEAD' && route.url !== OPENAPI_PATH && !route.url.startsWith(DOCS_PREFIX),
  );
}

/** Fastify's /a/:id → OpenAPI's /a/{id}. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('OpenAPI', () => {
  it('gives every /v0/api route a schema: responses always, params, query and body where they apply', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const { method, url, schema } of routes) {
      const name = `${method} ${url}`;
      if (!schema?.response || Object.keys(schema.response).length === 0) missing.push(`${name}: response`);
      if (url.includes('/:') && !schema?.params) missing.push(`${name}: params`);
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(method);
      // Multipart uploads are read part by part, tus uploads (no body on creation, raw chunks on
      // PATCH) by @tus/server: their body is described in the document only.
      const streamed = ['/v0/api/movies/upload', '/v0/api/videos/selfieVideos/:id/thumbnail', '/v0/api/videos/selfieVideos/:id/captions/:lang', '/v0/api/uploads', '/v0/api/uploads/:id'].includes(url);
      if (hasBody && !schema?.body && !streamed) missing.push(`${name}: body`);
    }
    expect(missing).toEqual([]);
  });

  it('serves an OpenAPI 3.x document listing the product routes and the moderation routes', async () => {
    const res = await app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toMatch(/^3\./);
    const paths = document.paths as Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
    for (const { method, url } of apiRoutes()) {
      const operation = paths[openApiPath(url)]?.[method.toLowerCase()];
      expect([method, url, operation !== undefined]).toEqual([method, url, true]);
      expect(Object.keys(operation!.responses).length).toBeGreaterThan(0);
    }
    for (const [method, path] of [
      ['get', '/v0/api/check-session'],
      ['post', '/v0/api/auth/login'],
      ['post', '/v0/api/movies/upload'],
      ['get', '/v0/api/videos/selfieVideos/{id}'],
      ['delete', '/v0/api/comments/{id}'],
      ['post', '/v0/api/reports'],
      ['get', '/v0/api/admin/reports'],
      ['post', '/v0/api/admin/videos/{id}/hide'],
      ['post', '/v0/api/admin/users/{id}/suspend'],
      ['get', '/v0/api/admin/audit'],
    ] as const) {
      expect([path, method, paths[path]?.[method] !== undefined]).toEqual([path, method, true]);
    }
    const report = paths['/v0/api/reports']!.post!;
    expect(report.requestBody).toBeDefined();
    expect(report.responses).toHaveProperty('201');
    expect(paths['/v0/api/movies/upload']!.post!.requestBody).toMatchObject({ content: { 'multipart/form-data': expect.anything() } });
    // The SPA's history fallback and the catalogue stand-in are not part of the API.
    expect(Object.keys(paths).filter((path) => path.startsWith('/catalogue'))).toEqual([]);
  });

  it('describes every operation: unique camelCase operationId, summary, a declared tag, security by the cookie scheme', async () => {
    const document = (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(Object.keys(document.components.securitySchemes)).toEqual(['cookieAuth']);
    const tags = new Set((document.tags as Array<{ name: string }>).map((tag) => tag.name));
    const ids: string[] = [];
    const problems: string[] = [];
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Record<string, unknown>>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const name = `${method} ${path}`;
        const id = operation.operationId as string;
        ids.push(id);
        if (!/^[a-z][A-Za-z0-9]*$/.test(id ?? '')) problems.push(`${name}: operationId ${id}`);
        if (!operation.summary) problems.push(`${name}: summary`);
        const operationTags = operation.tags as string[] | undefined;
        if (!operationTags?.length || !operationTags.every((tag) => tags.has(tag))) problems.push(`${name}: tags`);
        if (!Array.isArray(operation.security)) problems.push(`${name}: security`);
        for (const requirement of (operation.security ?? []) as Array<Record<string, unknown>>) {
          if (Object.keys(requirement).some((scheme) => scheme !== 'cookieAuth')) problems.push(`${name}: unknown scheme`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    // Guarded routes declare the cookie as required; public ones declare none.
    expect(document.paths['/v0/api/comments/create'].post.security).toEqual([{ cookieAuth: [] }]);
    expect(document.paths['/v0/api/admin/audit'].get.security).toEqual([{ cookieAuth: [] }]);
    expect(document.paths['/v0/api/auth/login'].post.security).toEqual([]);
    // ajv-errors' messages are for our validator only, not OpenAPI.
    expect(JSON.stringify(document)).not.toContain('errorMessage');
    // The media wildcard is a named parameter.
    expect(document.paths['/media/{key}'].get.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'key', in: 'path' })]));
  });

  it('shows a reference UI at /v0/api/docs under the site CSP', async () => {
    const res = await app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger-ui');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const script = await app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/swagger-initializer.js` });
    expect(script.statusCode).toBe(200);
  });
});
