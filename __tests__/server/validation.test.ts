import { Type } from 'typebox';

import { makeTestApp, type TestApp } from '../support/server';

describe('request validation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
    t.app.get(
      '/v0/api/test-only/list',
      {
        schema: {
          querystring: Type.Object({
            page: Type.Integer({ minimum: 1, default: 1 }),
            order: Type.Optional(Type.Union([Type.Literal('newest'), Type.Literal('views')])),
          }),
        },
      },
      async (request) => ({ query: request.query }),
    );
    t.app.post(
      '/v0/api/test-only/profile',
      {
        schema: {
          body: Type.Object(
            {
              email: Type.String({ format: 'email' }),
              age: Type.Optional(Type.Integer({ maximum: 150 })),
              tags: Type.Optional(Type.Array(Type.String({ minLength: 2 }), { maxItems: 2 })),
            },
            { additionalProperties: false },
          ),
        },
      },
      async (request) => ({ body: request.body }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (query: string) => t.app.inject({ method: 'GET', url: `/v0/api/test-only/list${query}` });
  const post = (payload: object) => t.app.inject({ method: 'POST', url: '/v0/api/test-only/profile', payload });

  it('coerces query strings and applies schema defaults', async () => {
    expect((await get('?page=3&order=views')).json()).toEqual({ query: { page: 3, order: 'views' } });
    expect((await get('')).json()).toEqual({ query: { page: 1 } });
  });

  it.each([
    ['?page=abc', 'page must be a whole number.'],
    ['?page=0', 'page must be at least 1.'],
    ['?order=oldest', 'order must be one of: newest, views.'],
  ])('explains a bad query %s', async (query, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });

  it('does not coerce JSON bodies', async () => {
    const res = await post({ email: 'a@example.com', age: '42' });
    expect(res.json()).toEqual({ success: false, message: 'age must be a whole number.' });
  });

  it.each<[object, string]>([
    [{ email: 'not-an-address' }, 'email must be a valid e-mail address.'],
    [{ email: 'a@example.com', age: 151 }, 'age must be at most 150.'],
    [{ email: 'a@example.com', tags: ['ok', 'x'] }, 'tags[1] must be at least 2 characters long.'],
    [{ email: 'a@example.com', tags: ['aa', 'bb', 'cc'] }, 'tags must have at most 2 items.'],
  ])('explains a bad body %j', async (payload, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });
});
