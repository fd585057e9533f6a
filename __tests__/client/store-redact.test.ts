import { REDACTED, redactSecrets } from '../../src/app/redact';

describe('redactSecrets (what Redux DevTools may show)', () => {
  it('hides password, newPassword, token and signature at any depth', () => {
    const action = {
      type: 'api/executeMutation/pending',
      meta: {
        arg: {
          originalArgs: { email: 'a@example.com', password: 'hunter2' },
          nested: [{ deeper: { newPassword: 'n3w', token: 't0k', signature: '0xsig' } }],
        },
      },
    };
    const shown = redactSecrets(action);

    expect(shown.meta.arg.originalArgs).toEqual({ email: 'a@example.com', password: REDACTED });
    expect(shown.meta.arg.nested[0]!.deeper).toEqual({ newPassword: REDACTED, token: REDACTED, signature: REDACTED });
    expect(JSON.stringify(shown)).not.toMatch(/hunter2|n3w|t0k|0xsig/);
  });

  it('leaves the original untouched and other values as they are', () => {
    const state = { auth: { user: { username: 'alice' }, password: 'secret' }, count: 3, flag: null };
    const shown = redactSecrets(state);

    expect(state.auth.password).toBe('secret');
    expect(shown).toEqual({ auth: { user: { username: 'alice' }, password: REDACTED }, count: 3, flag: null });
  });

  it('leaves absent secrets absent rather than inventing a value', () => {
    expect(redactSecrets({ password: null, token: undefined })).toEqual({ password: null, token: undefined });
  });
});
