/**
 * Requests Node's HTTP parser refuses before Fastify sees them (conflicting Content-Length and
 * Transfer-Encoding, a bad chunk size, NUL or other bytes not allowed in a header, headers beyond
 * the size limit, a request that takes too long to arrive) answered in the one error shape,
 * `{ success: false, message }`, with the right status — instead of Fastify's own
 * `{ statusCode, error, message }`. The connection is closed afterwards: after a framing error
 * nothing more on it can be trusted. The language comes from the raw bytes' Accept-Language when
 * the parser got that far.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

import type { FastifyBaseLogger } from 'fastify';

import { pickLanguage, translate, type MessageKey } from '../i18n';

import { errorBody } from './errors';

interface ParserError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

/** Status and message for a parser error code (llhttp's HPE_* or Node's ERR_HTTP_*). */
export function clientErrorAnswer(code: string | undefined): { status: number; key: MessageKey } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, key: 'error.headersTooLarge' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { status: 408, key: 'error.requestTimeout' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, key: 'error.bodyTooLarge' };
    default:
      return { status: 400, key: 'error.badRequest' };
  }
}

/** Accept-Language from the raw request bytes, if they hold one. */
function rawAcceptLanguage(rawPacket: Buffer | undefined): string | undefined {
  if (!rawPacket) return undefined;
  const text = rawPacket.subarray(0, 16 * 1024).toString('latin1');
  return /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(text)?.[1];
}

/** The raw HTTP/1.1 response for a parser error. */
export function clientErrorResponse(error: ParserError): string {
  const { status, key } = clientErrorAnswer(error.code);
  const language = pickLanguage(rawAcceptLanguage(error.rawPacket));
  const body = Buffer.from(JSON.stringify(errorBody(translate(language, key))), 'utf8');
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${body.length}\r\n` +
    'Cache-Control: no-store\r\n' +
    'X-Content-Type-Options: nosniff\r\n' +
    'Connection: close\r\n\r\n' +
    body.toString('latin1')
  );
}

/** Fastify's clientErrorHandler option (called with the Fastify instance as `this`). */
export function handleClientError(this: unknown, connectionError: Error, socket: Socket): void {
  const error = connectionError as ParserError;
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  (this as { log?: FastifyBaseLogger } | undefined)?.log?.info({ code: error.code, reason: error.message }, 'malformed request refused');
  // Headers already went out for a request on this connection: the answer can only be to close it.
  const responding = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !responding) {
    socket.end(clientErrorResponse(error), 'latin1', () => socket.destroy());
  } else {
    socket.destroy();
  }
}
