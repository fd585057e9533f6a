/**
 * An HTTP/1.1 request must carry a Host header (RFC 9112 §3.2). Node's HTTP server refuses one
 * without it itself, with an empty 400 that no hook sees; the app turns that check off
 * (`requireHostHeader: false`, see hostHeaderServerOptions) and makes it here instead, so the
 * refusal is the API's one error shape, in the request's language, like every other 4xx.
 * HTTP/1.0 requests may omit Host, as Node allows.
 */
import type { ServerOptions } from 'node:http';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { t } from '../i18n';

import { sendErrorFromHook } from './errors';

/** Options for Node's http.createServer: the Host check moves into the app (installHostCheck). */
export const hostHeaderServerOptions: ServerOptions = { requireHostHeader: false };

/** True when the request breaks the Host rule: HTTP/1.1 or later and no (or an empty) Host. */
export function missesHost(httpVersion: string, host: string | undefined): boolean {
  const [major = 0, minor = 0] = httpVersion.split('.').map(Number);
  const needsHost = major > 1 || (major === 1 && minor >= 1);
  return needsHost && (host === undefined || host.trim() === '');
}

/** Adds the global onRequest check; call on the root instance before the other request hooks. */
export function installHostCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (!missesHost(request.raw.httpVersion, request.headers.host)) {
      done();
      return;
    }
    request.log.info({ method: request.method, url: request.url }, 'request without Host refused');
    // As Node does: nothing after a request this malformed is trusted on the connection.
    reply.header('connection', 'close').header('cache-control', 'no-store');
    sendErrorFromHook(reply, 400, t(request, 'error.hostRequired'));
  });
}
