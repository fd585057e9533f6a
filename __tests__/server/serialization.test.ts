/**
 * The response serializer compiler (http/serialization.ts): fast-json-stringify, compiled once
 * per route schema and shared by every app instance of the process.
 */
import { sharedSerializerCompiler } from '../../server/http/serialization';
import { makeTestApp } from '../support/server';

const compile = (schema: object) => sharedSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('sharedSerializerCompiler', () => {
  it('serializes by the schema, leaving out what it does not name', () => {
    const schema = { type: 'object', properties: { success: { type: 'boolean' }, total: { type: 'integer' } } };
    expect(JSON.parse(compile(schema)({ success: true, total: 3, secret: 'x' }))).toEqual({ success: true, total: 3 });
  });

  it('compiles a schema once, and a new schema object anew', () => {
    const schema = { type: 'object', properties: { id: { type: 'string' } } };
    expect(compile(schema)).toBe(compile(schema));
    expect(compile({ ...schema })).not.toBe(compile(schema));
  });

  it('serves two apps of one process with the same answers', async () => {
    const first = await makeTestApp();
    const second = await makeTestApp();
    try {
      const [a, b] = await Promise.all([first, second].map((t) => t.app.inject({ method: 'GET', url: '/v0/api/videos/selfieVideos' })));
      expect(a?.statusCode).toBe(200);
      expect(a?.json()).toEqual(b?.json());
      expect(a?.json()).toMatchObject({ videos: [], total: 0 });
    } finally {
      await first.close();
      await second.close();
    }
  });
});
