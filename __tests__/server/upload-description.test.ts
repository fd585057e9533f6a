import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';

const URL = '/v0/api/action/upload-description';

describe('POST /v0/api/action/upload-description', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const submit = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: URL, payload: payload as object, headers });

  const submissions = () => t.app.db.selectFrom('description_submissions').selectAll().execute();

  it('stores a visitor submission as pending, trimmed, with the IP', async () => {
    const res = await submit({ movieId: 'ph5f3a_9-Z', newContext: '  Title: Cats\nKeywords: cat, funny  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Thank you! Your description was submitted for review.' });

    const rows = await submissions();
    expect(rows).toEqual([
      expect.objectContaining({
        movie_id: 'ph5f3a_9-Z',
        new_context: 'Title: Cats\nKeywords: cat, funny',
        status: 'pending',
        user_id: null,
        ip: '127.0.0.1',
        reviewed_at: null,
      }),
    ]);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{24}$/);
    expect(Date.parse(rows[0]!.created_at)).not.toBeNaN();
  });

  it('records the submitting user when logged in, and keeps the row if the user is deleted', async () => {
    const user = await createTestUser(t.app);
    const res = await submit({ movieId: 'abc', newContext: 'A better description' }, { cookie: await sessionCookieFor(t.app, user.id) });
    expect(res.statusCode).toBe(200);
    expect((await submissions())[0]!.user_id).toBe(user.id);

    await t.app.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await submissions()).toEqual([expect.objectContaining({ movie_id: 'abc', user_id: null })]);
  });

  it('accepts exactly 5,000 characters', async () => {
    const res = await submit({ movieId: 'abc', newContext: 'x'.repeat(5000) });
    expect(res.statusCode).toBe(200);
  });

  const movieIdRule = 'movieId must be 1-32 characters long and use only letters, digits, "_" and "-".';

  it.each<[string, unknown, string]>([
    ['no movieId', { newContext: 'text' }, 'movieId is required.'],
    ['no newContext', { movieId: 'abc' }, 'newContext is required.'],
    ['an empty movieId', { movieId: '', newContext: 'text' }, movieIdRule],
    ['a movieId over 32 characters', { movieId: 'a'.repeat(33), newContext: 'text' }, movieIdRule],
    ['a movieId with other characters', { movieId: 'abc/../x', newContext: 'text' }, movieIdRule],
    ['a numeric movieId', { movieId: 42, newContext: 'text' }, movieIdRule],
    ['a blank newContext', { movieId: 'abc', newContext: ' \n\t ' }, 'newContext must not be blank.'],
    ['an empty newContext', { movieId: 'abc', newContext: '' }, 'newContext must not be blank.'],
    ['a newContext over 5,000 characters', { movieId: 'abc', newContext: 'x'.repeat(5001) }, 'newContext must be at most 5000 characters long.'],
    ['a non-string newContext', { movieId: 'abc', newContext: ['text'] }, 'newContext must be a string.'],
    ['an extra property', { movieId: 'abc', newContext: 'text', status: 'approved' }, 'status is not an accepted field.'],
    ['an array body', [{ movieId: 'abc', newContext: 'text' }], 'The request body must be an object.'],
  ])('rejects %s with 400', async (_case, payload, message) => {
    const res = await submit(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
    expect(await submissions()).toHaveLength(0);
  });

  it('rejects a request without a body with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'The request body must be an object.' });
  });

  it('limits each address to 10 submissions per 10 minutes', async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await submit({ movieId: 'abc', newContext: `description ${i}` });
      expect(res.statusCode).toBe(200);
    }
    const limited = await submit({ movieId: 'abc', newContext: 'one too many' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: 'Too many requests, please try again in 10 minutes.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(590);
    expect(await submissions()).toHaveLength(10);

    const elsewhere = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: { movieId: 'abc', newContext: 'from another address' },
      remoteAddress: '10.1.2.3',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
