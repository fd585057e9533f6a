/**
 * One error shape for every failure: `{ success: false, message }` with the right status. Client
 * errors (4xx) say what was wrong; anything else is a bug, logged in full and answered with a
 * generic 500 that reveals nothing.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { en } from '../i18n/en';
import { t, type MessageKey } from '../i18n';

import { validationMessage } from './localized-validation';

export interface ErrorBody {
  success: false;
  message: string;
}

export const SERVER_ERROR_MESSAGE = en['error.server'];
export const NOT_FOUND_MESSAGE = en['error.notFound'];

/** Throw from a handler or hook to answer a 4xx with this message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function errorBody(message: string): ErrorBody {
  return { success: false, message };
}

export function sendError(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).send(errorBody(message));
}

/**
 * The error shape from a hook that runs before the route (origin check, overload): sent as
 * ready-made JSON, so a route's own response schema for that status cannot get in the way.
 */
export function sendErrorFromHook(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(JSON.stringify(errorBody(message)));
}

/** Fastify's own client errors, in words for people (keys of the server message catalogue). */
const FASTIFY_MESSAGES: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'error.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'error.emptyJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'error.bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'error.unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'error.contentLength',
};

const STATUS_MESSAGES: Record<number, MessageKey> = {
  400: 'error.badRequest',
  401: 'error.unauthorized',
  403: 'error.forbidden',
  404: 'error.notFound',
  405: 'error.methodNotAllowed',
  406: 'error.notAcceptable',
  413: 'error.bodyTooLarge',
  415: 'error.unsupportedMediaType',
  416: 'error.rangeNotSatisfiable',
  429: 'error.tooManyRequests',
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    // request.log carries the request id (reqId): the answer's status line and this one meet.
    const statusCode = clientStatusCode(error);
    if (statusCode === undefined) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, t(request, 'error.server'));
    }
    // 503 is load shedding, "try later" rather than a failure: not an error line, but its error too.
    if (statusCode >= 500) request.log.info({ statusCode, err: error }, 'request rejected');
    else request.log.info({ statusCode, reason: error.message }, 'request rejected');
    return sendError(reply, statusCode, clientMessage(request, error, statusCode));
  });
}

/** The 4xx status an error carries (503 is allowed too: "try later" is not a bug), else undefined. */
function clientStatusCode(error: Error): number | undefined {
  const statusCode = (error as Partial<FastifyError>).statusCode;
  if (typeof statusCode !== 'number') return undefined;
  if ((statusCode >= 400 && statusCode < 500) || statusCode === 503) return statusCode;
  return undefined;
}

/** Generic texts follow the request's Accept-Language (server/i18n); specific ones are as thrown. */
function clientMessage(request: FastifyRequest, error: Error, statusCode: number): string {
  // Our own errors are written for people already; validation failures are worded in one place.
  if (error instanceof HttpError) return error.message;
  if ((error as FastifyError).validation) {
    const describe = request.routeOptions.config.invalidMessage;
    return validationMessage(request, error as FastifyError, describe && ((issue) => describe(request, issue)));
  }
  const code = (error as FastifyError).code;
  return t(request, (code && FASTIFY_MESSAGES[code]) || STATUS_MESSAGES[statusCode] || 'error.badRequest');
}
