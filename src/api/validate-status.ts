/**
 * What counts as an answer (RTK Query's `validateStatus`) for the API's own routes: a 2xx whose
 * body is not a refusal. Our API answers refusals `{ success: false, message }` (the search adds
 * an `error` code); such a body is an error even with a 2xx status, so the page shows its message
 * as a failure. No 2xx schema of the API has an `error` field, so that rule only ever catches a
 * refusal (the search's tests answer a 200 `{ error }`).
 */
export function acceptSuccessOnly(response: Response, body: unknown): boolean {
  if (!response.ok) return false;
  if (!body || typeof body !== 'object') return true;
  const { success, error } = body as { success?: unknown; error?: unknown };
  return success !== false && !error;
}
