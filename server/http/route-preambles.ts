/**
 * What most API handlers used to write first, said once in their route options and done here by
 * an onRoute hook that wraps the handler:
 *
 * - `attachValidation: true` (Fastify's own option: validate, but let the route's preHandlers run
 *   first, so a guard's 401 or 403 comes before any word about the input): a request that failed
 *   its schema is answered 400 in the one error shape before the handler runs. The message is
 *   http/localized-validation.ts's, with the route's `config.invalidMessage` wording the fields
 *   people type in their own language; `config.onInvalid` answers in a route's own shape instead
 *   (the AI search's error object, the edit form's messages).
 * - `config.noStore`: every answer of the route carries `Cache-Control: no-store` (private or
 *   per-viewer answers, and ones that change at once), its refusals included; set on arrival by an
 *   onRequest hook of that route alone (after the global ones; routes without it pay nothing), so
 *   the handler may still choose another for an answer of its own.
 *
 * Other keys routes declare here and other modules read: `config.readsOwnBody` (http/overload.ts).
 *
 * Registered before any route (onRoute sees only routes added after it).
 */
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteHandlerMethod,
} from 'fastify';

import { sendError } from './errors';
import { validationMessage, type FieldIssue } from './localized-validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every answer carries `Cache-Control: no-store`. */
    noStore?: boolean;
    /** With attachValidation: the translated sentence for a failure of a field people type (undefined: the generic one). */
    invalidMessage?: (request: FastifyRequest, issue: FieldIssue) => string | undefined;
    /** With attachValidation: the whole answer to an invalid request, for a route with its own error shape. */
    onInvalid?: (request: FastifyRequest, reply: FastifyReply, error: FastifyError) => FastifyReply | Promise<FastifyReply>;
    /**
     * The handler reads the request body itself, for as long as the client takes to send it (the
     * uploads): the load-shedding backstop and deadline let it through (http/overload.ts).
     */
    readsOwnBody?: boolean;
  }
}

/** `config.noStore`'s hook. */
const setNoStore: onRequestHookHandler = (_request, reply, done) => {
  reply.header('cache-control', 'no-store');
  done();
};

export function installRoutePreambles(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.noStore) {
      // First of the route's own hooks (before a route rate limit's 429, say), as the global hook was.
      const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
      if (!own.includes(setNoStore)) route.onRequest = [setNoStore, ...own];
    }
    if (route.attachValidation !== true) return;
    const handler = route.handler as RouteHandlerMethod;
    const { invalidMessage, onInvalid } = route.config ?? {};
    route.handler = function validated(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const error = request.validationError as FastifyError | undefined;
      if (!error) return handler.call(this, request, reply);
      if (onInvalid) return onInvalid(request, reply, error);
      request.log.info({ reason: error.message }, 'request rejected');
      return sendError(reply, 400, validationMessage(request, error, invalidMessage && ((issue) => invalidMessage(request, issue))));
    } as typeof route.handler;
  });
}
