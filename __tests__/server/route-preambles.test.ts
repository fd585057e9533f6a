/**
 * What routes say in their options instead of writing it first in every handler
 * (server/http/route-preambles.ts): answers without a shared cache (`config.noStore`), and the
 * 400 for a request that failed its schema under `attachValidation` — after the route's guards,
 * before its handler, worded by `config.invalidMessage` or answered whole by `config.onInvalid`.
 */
import { Type } from 'typebox';

import { sendError } from '../../server/http/errors';
import { makeTestApp, type TestApp } from '../support/server';

describe('route preambles', () => {
  let t: TestApp;
  let handled: string[];

  beforeAll(async () => {
    t = await makeTestApp();
    handled = [];
    const Body = Type.Object({ title: Type.String({ minLength: 1 }) }, { additionalProperties: false });
    const guard = async (request: { headers: Record<string, unknown> }, reply: Parameters<typeof sendError>[0]) => {
      if (request.headers['x-signed-in'] !== 'yes') return sendError(reply, 401, 'Sign in first.');
      return undefined;
    };
    t.app.post('/test/plain', { schema: { body: Body } }, async () => {
      handled.push('plain');
      return { ok: true };
    });
    t.app.post('/test/private', { config: { noStore: true }, preHandler: guard, schema: { body: Body } }, async () => {
      handled.push('private');
      return { ok: true };
    });
    t.app.post(
      '/test/worded',
      {
        attachValidation: true,
        config: { noStore: true, invalidMessage: (request, issue) => (issue.field === 'title' ? `Title, please (${request.headers['accept-language'] ?? 'en'}).` : undefined) },
        preHandler: guard,
        schema: { body: Body },
      },
      async () => {
        handled.push('worded');
        return { ok: true };
      },
    );
    t.app.post(
      '/test/own-shape',
      { attachValidation: true, config: { onInvalid: (_request, reply, error) => reply.code(422).send({ error: { type: 'invalid_request', detail: error.message } }) }, schema: { body: Body } },
      async () => {
        handled.push('own-shape');
        return { ok: true };
      },
    );
    await t.app.ready();
  });

  afterAll(async () => {
    await t.close();
  });

  beforeEach(() => {
    handled.length = 0;
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-signed-in': 'yes', ...headers } });

  it('marks every answer of a noStore route no-store, refusals included, and no other route', async () => {
    const ok = await post('/test/private', { title: 'A' });
    expect({ status: ok.statusCode, cache: ok.headers['cache-control'] }).toEqual({ status: 200, cache: 'no-store' });
    const refused = await post('/test/private', { title: 'A' }, { 'x-signed-in': 'no' });
    expect({ status: refused.statusCode, cache: refused.headers['cache-control'] }).toEqual({ status: 401, cache: 'no-store' });
    const plain = await post('/test/plain', { title: 'A' });
    expect({ status: plain.statusCode, cache: plain.headers['cache-control'] }).toEqual({ status: 200, cache: undefined });
  });

  it('answers an invalid request 400 after the guard and before the handler, in the route’s words for its fields', async () => {
    // The guard first: no word about the input to someone who may not send it.
    const anonymous = await post('/test/worded', { title: '' }, { 'x-signed-in': 'no' });
    expect({ status: anonymous.statusCode, body: anonymous.json() }).toEqual({ status: 401, body: { success: false, message: 'Sign in first.' } });
    const zh = await post('/test/worded', { title: '' }, { 'accept-language': 'zh' });
    expect({ status: zh.statusCode, body: zh.json(), cache: zh.headers['cache-control'] }).toEqual({
      status: 400,
      body: { success: false, message: 'Title, please (zh).' },
      cache: 'no-store',
    });
    // A field the route does not word: validation's own sentence in English, the generic one otherwise.
    const extra = await post('/test/worded', { title: 'A', other: 1 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/other/);
    const extraZh = await post('/test/worded', { title: 'A', other: 1 }, { 'accept-language': 'zh' });
    expect(extraZh.json()).toEqual({ success: false, message: '请求无效。' });
    expect(handled).toEqual([]);
    expect((await post('/test/worded', { title: 'A' })).statusCode).toBe(200);
    expect(handled).toEqual(['worded']);
  });

  it('lets a route answer an invalid request in its own shape', async () => {
    const res = await post('/test/own-shape', { title: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { type: 'invalid_request', detail: expect.stringMatching(/title/) } });
    expect(handled).toEqual([]);
  });
});
