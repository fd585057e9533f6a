/**
 * The one validateStatus of the API's own routes: a 2xx is an answer unless its body says it is
 * a refusal (`success: false`, or the search's `error` code); any other status is an error.
 */
import { acceptSuccessOnly } from '../../src/api/validate-status';

const withStatus = (status: number) => new Response(null, { status });

describe('acceptSuccessOnly', () => {
  it('accepts a 2xx answer, whatever its body, unless the body refuses', () => {
    expect(acceptSuccessOnly(withStatus(200), { success: true, message: 'Saved.' })).toBe(true);
    expect(acceptSuccessOnly(withStatus(201), { user: { _id: 'u1' } })).toBe(true);
    expect(acceptSuccessOnly(withStatus(200), undefined)).toBe(true);
    expect(acceptSuccessOnly(withStatus(200), 'plain text')).toBe(true);
    expect(acceptSuccessOnly(withStatus(200), { error: '' })).toBe(true);
  });

  it('rejects a 2xx `{ success: false }` or a body with an error code', () => {
    expect(acceptSuccessOnly(withStatus(200), { success: false, message: 'No.' })).toBe(false);
    expect(acceptSuccessOnly(withStatus(200), { error: 'No AI today' })).toBe(false);
  });

  it('rejects every status outside 2xx', () => {
    expect(acceptSuccessOnly(withStatus(400), { success: true })).toBe(false);
    expect(acceptSuccessOnly(withStatus(500), undefined)).toBe(false);
  });
});
