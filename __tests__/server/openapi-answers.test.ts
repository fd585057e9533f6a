/**
 * The contract holds for real answers: a walk through the API as visitor, user, owner and
 * moderator (successes and refusals), every answer checked against the served OpenAPI document —
 * its status must be declared for the operation, and a JSON body must match the declared schema
 * (with the document's named components). The document itself is linted by `npm run lint:openapi`.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

import type { AppInstance } from '../../server/app';
import { OPENAPI_PATH } from '../../server/http/openapi';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { API, addTestComment, addTestLike, createTestVideo, headersFor } from '../support/videos';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

let testApp: TestApp;
let app: AppInstance;
let document: Document;
let ajv: Ajv2020;
const checked: string[] = [];
const problems: string[] = [];

/** JSON Pointer escaping of one path segment. */
const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function findOperation(method: string, url: string): { path: string; operation: Operation } | undefined {
  const pathname = url.split('?')[0]!;
  for (const [path, item] of Object.entries(document.paths)) {
    const pattern = new RegExp(`^${path.replace(/\{key\}/g, '.+').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const operation = item[method.toLowerCase()];
    // A literal path (/comments/create) wins over a template (/comments/{id}) for the same method.
    if (operation && pattern.test(pathname) && (path === pathname || !document.paths[pathname]?.[method.toLowerCase()])) {
      return { path, operation };
    }
  }
  return undefined;
}

/** app.inject, with the answer checked against the document. */
async function call(options: InjectOptions & { method: string; url: string }): Promise<LightMyRequestResponse> {
  const res = await app.inject(options);
  const name = `${options.method} ${options.url} → ${res.statusCode}`;
  const found = findOperation(options.method, options.url);
  if (!found) {
    problems.push(`${name}: no operation in the document`);
    return res;
  }
  const status = String(res.statusCode);
  const declared = [status, `${status[0]}XX`, 'default'].find((key) => key in found.operation.responses);
  if (!declared) {
    problems.push(`${name}: status not declared (${Object.keys(found.operation.responses).join(', ')})`);
    return res;
  }
  const json = found.operation.responses[declared]!.content?.['application/json'];
  if (json?.schema && res.body.length > 0) {
    const ref = `openapi#/paths/${pointer(found.path)}/${options.method.toLowerCase()}/responses/${pointer(declared)}/content/${pointer('application/json')}/schema`;
    const validate = ajv.getSchema(ref)!;
    if (!validate(res.json())) problems.push(`${name}: ${ajv.errorsText(validate.errors)} in ${res.body.slice(0, 300)}`);
  }
  checked.push(name);
  return res;
}

beforeAll(async () => {
  testApp = await makeTestApp();
  app = testApp.app;
  document = (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; the document's other keys are not keywords.
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi');
});

afterAll(async () => {
  await testApp.close();
});

describe('real answers against the OpenAPI document', () => {
  it('match it: declared status, declared JSON shape', async () => {
    const [owner, other] = await Promise.all([createTestUser(app), createTestUser(app)]);
    const moderator = await createTestUser(app, { role: 'moderator' });
    const ownerCookie = await sessionCookieFor(app, owner.id);
    const otherCookie = await sessionCookieFor(app, other.id);
    const moderatorCookie = await sessionCookieFor(app, moderator.id);
    const video = await createTestVideo(app, owner.id);
    const privateVideo = await createTestVideo(app, owner.id, { visibility: 'private' });
    await addTestLike(app, video.id, other.id);
    const comment = await addTestComment(app, { videoId: video.id, userId: other.id });
    const json = (cookie?: string) => ({ ...headersFor(cookie), 'content-type': 'application/json' });

    // Health and the session.
    await call({ method: 'GET', url: '/health' });
    await call({ method: 'GET', url: `${API}/health` });
    await call({ method: 'GET', url: `${API}/check-session` });
    await call({ method: 'GET', url: `${API}/check-session`, headers: headersFor(ownerCookie) });

    // Accounts: refusals in the error shape.
    await call({ method: 'POST', url: `${API}/auth/login`, headers: json(), payload: { email: 'nobody@example.com', password: 'wrong-password' } });
    await call({ method: 'POST', url: `${API}/auth/login`, headers: json(), payload: { email: 'x' } });
    await call({ method: 'POST', url: `${API}/auth/register`, headers: json(), payload: { email: 'new@example.com', password: 'a long enough password' } });
    await call({ method: 'POST', url: `${API}/auth/forgot-password`, headers: json(), payload: { email: 'new@example.com' } });
    await call({ method: 'POST', url: `${API}/auth/verify`, headers: json(), payload: { token: 'nope', email: 'new@example.com' } });
    await call({ method: 'GET', url: `${API}/auth/metamask/challenge?address=0x0000000000000000000000000000000000000001` });
    await call({ method: 'GET', url: `${API}/auth/metamask/challenge?address=nope` });
    await call({
      method: 'POST',
      url: `${API}/auth/metamask/login`,
      headers: json(),
      payload: { address: '0x0000000000000000000000000000000000000001', signature: '0x00' },
    });
    await call({ method: 'POST', url: `${API}/auth/send-verification`, headers: json(), payload: { email: 'new@example.com' } });
    await call({
      method: 'POST',
      url: `${API}/auth/reset-password`,
      headers: json(),
      payload: { token: 'nope', email: 'new@example.com', newPassword: 'another long password' },
    });
    await call({ method: 'POST', url: `${API}/movies/upload`, headers: headersFor(), payload: '' });

    // Videos.
    await call({ method: 'GET', url: `${API}/videos/selfieVideos` });
    await call({ method: 'GET', url: `${API}/videos/selfieVideos?page=0` });
    await call({ method: 'GET', url: `${API}/videos/selfieVideos/${video.id}` });
    await call({ method: 'GET', url: `${API}/videos/selfieVideos/${privateVideo.id}` });
    await call({ method: 'GET', url: `${API}/videos/selfieVideos/${privateVideo.id}`, headers: headersFor(ownerCookie) });
    await call({ method: 'GET', url: `${API}/videos/selfieVideos/${video.id}/processing` });
    await call({ method: 'PATCH', url: `${API}/videos/selfieVideos/${video.id}`, headers: json(ownerCookie), payload: { title: 'Renamed' } });
    await call({ method: 'PATCH', url: `${API}/videos/selfieVideos/${video.id}`, headers: json(otherCookie), payload: { title: 'Mine now' } });
    await call({ method: 'PATCH', url: `${API}/videos/selfieVideos/${video.id}`, headers: json(), payload: { title: 'Anyone' } });

    // Likes and comments.
    await call({ method: 'GET', url: `${API}/videos/selfieVideos/${video.id}/likes`, headers: headersFor(otherCookie) });
    await call({ method: 'POST', url: `${API}/videos/selfieVideos/${video.id}/toggle-like`, headers: json(ownerCookie), payload: {} });
    await call({ method: 'GET', url: `${API}/comments/${video.id}` });
    await call({ method: 'GET', url: `${API}/comments/no-such-video` });
    const created = await call({
      method: 'POST',
      url: `${API}/comments/create`,
      headers: json(ownerCookie),
      payload: { content: 'A reply', videoId: video.id, parentComment: comment.id },
    });
    expect(created.statusCode).toBe(201);
    await call({ method: 'POST', url: `${API}/comments/create`, headers: json(ownerCookie), payload: { content: '  ', videoId: video.id } });
    await call({ method: 'DELETE', url: `${API}/comments/${comment.id}`, headers: headersFor(moderatorCookie) });
    await call({ method: 'DELETE', url: `${API}/comments/${comment.id}`, headers: headersFor(ownerCookie) });

    // Profiles.
    await call({ method: 'GET', url: `${API}/users/${owner.id}` });
    await call({ method: 'GET', url: `${API}/users/no-such-user` });
    await call({ method: 'PATCH', url: `${API}/users/profile`, headers: json(otherCookie), payload: { username: 'renamed-user' } });

    // Search and descriptions.
    await call({ method: 'POST', url: `${API}/search/normal-search`, headers: json(), payload: { query: 'Renamed' } });
    await call({ method: 'POST', url: `${API}/search/normal-search`, headers: json(), payload: {} });
    await call({ method: 'POST', url: `${API}/search/ai-search`, headers: json(), payload: { chat_history: 'short videos about cats' } });
    await call({ method: 'POST', url: `${API}/search/ai-search`, headers: json(), payload: { chat_history: '   ' } });
    await call({ method: 'POST', url: `${API}/action/upload-description`, headers: json(), payload: { movieId: 'abc', newContext: 'A film.' } });
    await call({ method: 'POST', url: `${API}/action/upload-description`, headers: json(), payload: { movieId: 'abc', newContext: '   ' } });

    // Moderation: a report, then the moderator API, and a plain user refused.
    await call({
      method: 'POST',
      url: `${API}/reports`,
      headers: json(otherCookie),
      payload: { targetType: 'video', targetId: video.id, reason: 'spam' },
    });
    const reports = await call({ method: 'GET', url: `${API}/admin/reports`, headers: headersFor(moderatorCookie) });
    const reportId = (reports.json() as { reports: Array<{ _id: string }> }).reports[0]!._id;
    await call({ method: 'POST', url: `${API}/admin/reports/${reportId}/resolve`, headers: json(moderatorCookie), payload: {} });
    await call({ method: 'GET', url: `${API}/admin/reports`, headers: headersFor(otherCookie) });
    await call({ method: 'GET', url: `${API}/admin/reports` });
    await call({ method: 'POST', url: `${API}/admin/videos/${video.id}/hide`, headers: json(moderatorCookie), payload: { reason: 'Spam' } });
    await call({ method: 'POST', url: `${API}/admin/videos/${video.id}/unhide`, headers: json(moderatorCookie), payload: {} });
    await call({ method: 'POST', url: `${API}/admin/users/${other.id}/suspend`, headers: json(moderatorCookie), payload: { reason: 'Spam' } });
    await call({ method: 'POST', url: `${API}/admin/users/${other.id}/unsuspend`, headers: json(moderatorCookie), payload: {} });
    await call({ method: 'GET', url: `${API}/admin/users?status=suspended`, headers: headersFor(moderatorCookie) });
    const descriptions = await call({ method: 'GET', url: `${API}/admin/descriptions`, headers: headersFor(moderatorCookie) });
    const descriptionId = (descriptions.json() as { descriptions: Array<{ _id: string }> }).descriptions[0]!._id;
    await call({ method: 'POST', url: `${API}/admin/descriptions/${descriptionId}/approve`, headers: json(moderatorCookie), payload: {} });
    await call({ method: 'POST', url: `${API}/admin/descriptions/${descriptionId}/reject`, headers: json(moderatorCookie), payload: {} });
    await call({ method: 'GET', url: `${API}/admin/audit`, headers: headersFor(moderatorCookie) });

    // Media: the file, a byte range, not modified, not found. Hiding the video above moved its
    // media to new keys (media-generations): read the current one.
    const { video_key: videoKey } = await app.db.selectFrom('videos').select('video_key').where('id', '=', video.id).executeTakeFirstOrThrow();
    const write = await app.storage.beginWrite(videoKey);
    await pipeline(Readable.from([Buffer.alloc(1024, 1)]), write.stream);
    await write.commit();
    const whole = await call({ method: 'GET', url: `/media/${videoKey}` });
    expect(whole.statusCode).toBe(200);
    await call({ method: 'GET', url: `/media/${videoKey}`, headers: { range: 'bytes=0-99' } });
    await call({ method: 'GET', url: `/media/${videoKey}`, headers: { 'if-none-match': String(whole.headers.etag) } });
    await call({ method: 'HEAD', url: `/media/${videoKey}` });
    await call({ method: 'GET', url: `/media/${videoKey}`, headers: { range: 'bytes=5000-6000' } });
    await call({ method: 'GET', url: `/media/videos/${privateVideo.id}.mp4` });

    // Deleting the own video, then it is gone.
    await call({ method: 'DELETE', url: `${API}/videos/selfieVideos/${video.id}`, headers: headersFor(ownerCookie) });
    await call({ method: 'DELETE', url: `${API}/videos/selfieVideos/${video.id}`, headers: headersFor(ownerCookie) });
    await call({ method: 'POST', url: `${API}/auth/logout`, headers: json(ownerCookie), payload: {} });

    expect(problems).toEqual([]);
    expect(checked.length).toBeGreaterThanOrEqual(55);
  });

  it('would catch an answer that broke it (the check is not vacuous)', () => {
    const schema = (path: string, method: string, status: string) =>
      ajv.getSchema(`openapi#/paths/${pointer(path)}/${method}/responses/${status}/content/${pointer('application/json')}/schema`)!;
    const list = schema('/v0/api/videos/selfieVideos', 'get', '200');
    expect(list({ videos: [], total: 0 })).toBe(true);
    expect(list({ videos: [{ _id: 'v1' }], total: 1 })).toBe(false);
    expect(schema('/v0/api/check-session', 'get', '200')({ isValid: true, user: { _id: 'u1' } })).toBe(false);
    expect(schema('/v0/api/comments/{id}', 'get', '4XX')({ success: true, message: 'ok' })).toBe(false);
  });
});
