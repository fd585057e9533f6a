/**
 * Uploads under way have a budget of their own (http/upload-budget.ts): a new upload (a tus
 * creation, a multipart upload) is refused with 429 + Retry-After while the user, or the instance,
 * has as many under way as allowed; a chunk of an upload already created is never refused, and
 * finishing or terminating one frees its place. Real sockets: tus answers on the raw response.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventEmitter } from 'node:events';

import { UploadBudget } from '../../server/http/upload-budget';
import { fixtures, multipart, uploadParts } from '../support/media';
import { sendRaw, type RawAnswer } from '../support/raw-http';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';

const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

describe('uploads under way', () => {
  let t: TestApp;
  let port: number;

  afterEach(async () => {
    await t?.close();
  });

  async function start(env: Record<string, string>): Promise<void> {
    t = await makeTestApp({ env });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  }

  const send = (method: string, url: string, headers: Record<string, string> = {}, body?: Buffer) => sendRaw(port, method, url, headers, body);

  const tus = (cookie: string, extra: Record<string, string> = {}) => ({ cookie, 'tus-resumable': '1.0.0', ...extra });
  const create = (cookie: string, length = fixtures.mp4.length) =>
    send('POST', '/v0/api/uploads', tus(cookie, { 'upload-length': String(length), 'upload-metadata': `title ${b64('A clip')}` }));
  const urlOf = (answer: RawAnswer) => new URL(String(answer.headers.location), `http://127.0.0.1:${port}/v0/api/uploads/`).pathname;
  const signedIn = async () => sessionCookieFor(t.app, (await createTestUser(t.app)).id);

  it('refuses a user\'s new upload while their limit is under way, never a chunk of one already created; finishing one frees a place', async () => {
    await start({ UPLOADS_ACTIVE_PER_USER: '2' });
    const cookie = await signedIn();
    const first = await create(cookie);
    const second = await create(cookie);
    expect([first.status, second.status]).toEqual([201, 201]);

    const third = await create(cookie);
    expect({ status: third.status, retryAfter: third.headers['retry-after'], body: JSON.parse(third.body) }).toEqual({
      status: 429,
      retryAfter: '30',
      body: { success: false, message: 'You already have several uploads under way. Please let one finish, then try again.' },
    });
    const multipartForm = multipart(uploadParts());
    const form = await send('POST', '/v0/api/movies/upload', { cookie, 'content-type': multipartForm.contentType, 'accept-language': 'zh' }, multipartForm.body);
    expect({ status: form.status, body: JSON.parse(form.body) }).toEqual({
      status: 429,
      body: { success: false, message: '你已有多个上传正在进行。请等其中一个完成后再试。' },
    });
    // Someone else is not affected.
    expect((await create(await signedIn())).status).toBe(201);

    // The chunks of an upload already created are never refused: the first one completes.
    const done = await send('PATCH', urlOf(first), tus(cookie, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), fixtures.mp4);
    expect(done.status).toBe(204);
    expect(done.headers['video-id']).toMatch(/^[0-9a-f]{24}$/);
    // Finished: a place again. Terminated: another.
    expect((await create(cookie)).status).toBe(201);
    expect((await send('DELETE', urlOf(second), tus(cookie))).status).toBe(204);
    expect((await create(cookie)).status).toBe(201);
    expect((await create(cookie)).status).toBe(429);
  });

  it('refuses anyone\'s new upload while the instance\'s limit is under way', async () => {
    await start({ UPLOADS_ACTIVE_MAX: '2' });
    expect((await create(await signedIn())).status).toBe(201);
    expect((await create(await signedIn())).status).toBe(201);
    const refused = await create(await signedIn());
    expect({ status: refused.status, retryAfter: refused.headers['retry-after'], body: JSON.parse(refused.body) }).toEqual({
      status: 429,
      retryAfter: '60',
      body: { success: false, message: 'Many uploads are under way on the site right now. Please try again in a minute.' },
    });
    expect(t.app.uploadBudget.size).toBe(2);
  });
});

describe('UploadBudget', () => {
  /** An exchange whose end the test decides (its request closes). */
  const request = () => {
    const emitter = new EventEmitter();
    return { request: emitter as unknown as IncomingMessage, response: new EventEmitter() as unknown as ServerResponse, emit: (event: string) => emitter.emit(event) };
  };

  it('counts an upload while a body arrives and for the idle time after, per user and per instance', () => {
    let now = 0;
    const budget = new UploadBudget({ perUser: 2, perInstance: 3, idleMs: 1000 }, () => now);
    budget.created('a1', 'alice');
    const chunk = request();
    budget.receiving('a1', 'alice', chunk);
    budget.created('a2', 'alice');
    expect(budget.refusal('alice')).toBe('user');
    expect(budget.refusal('bob')).toBeUndefined();
    // Long after: a2 (no body) no longer counts; a1 does while its chunk arrives.
    now = 5000;
    expect(budget.size).toBe(1);
    expect(budget.refusal('alice')).toBeUndefined();
    chunk.emit('close');
    now = 5999;
    expect(budget.size).toBe(1);
    now = 6000;
    expect(budget.size).toBe(0);

    const forms = [request(), request(), request()];
    budget.receivingWhole('bob', forms[0]!);
    budget.receivingWhole('carol', forms[1]!);
    budget.receivingWhole('dan', forms[2]!);
    expect(budget.refusal('erin')).toBe('instance');
    forms[0]!.emit('close');
    expect(budget.refusal('erin')).toBeUndefined();
    budget.created('e1', 'erin');
    budget.ended('e1');
    expect(budget.size).toBe(2);
  });
});
