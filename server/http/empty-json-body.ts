import type { FastifyInstance } from 'fastify';

/**
 * In the calling plugin only: a JSON content type with an empty body is no body (`undefined`),
 * not a 400. For actions that carry nothing (a like toggle, subscribe): clients differ in what
 * they send for "nothing" — no body, `{}`, `null`, or an empty body declared as JSON.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
