/**
 * Fastify's pino logger options: structured JSON, secrets redacted wherever they might be
 * logged (headers, bodies, nested objects, URLs), human-friendly output only in development.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

import type { AppConfig } from '../config/index';

const SECRET_FIELDS = ['password', 'newPassword', 'currentPassword', 'token', 'signature'];

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((field) => [field, `body.${field}`, `req.body.${field}`, `*.${field}`]),
];

export const REDACTED = '[redacted]';

/**
 * Pages opened from an e-mailed link: their whole query is the credential (a reset or
 * verification token with its address), so none of it is logged. A token carried in the path
 * after /unsubscribe is dropped too.
 */
const EMAIL_LINK_PATHS = ['/reset-password', '/verify', '/unsubscribe'];
/** Query parameters whose value is never logged, on any path (matched anywhere in the name, any case). */
const SECRET_PARAMETER = /token|code|signature|email|password|secret|credential/i;
/** Names kept on e-mail link pages; any other name (it could be a bare token) is redacted too. */
const KNOWN_LINK_PARAMETER = /^(token|email|code|signature|lang|locale)$/i;

function isEmailLinkPath(pathName: string): boolean {
  const lower = pathName.toLowerCase().replace(/\/+$/, '');
  return EMAIL_LINK_PATHS.some((page) => lower === page || lower.startsWith(`${page}/`));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * The URL as it may be logged: the path, and the query with every secret value replaced by
 * [redacted] (every value, on the e-mail link pages). Names stay, so the log still says what
 * was asked.
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const at = url.indexOf('?');
  const rawPath = at === -1 ? url : url.slice(0, at);
  const query = at === -1 ? '' : url.slice(at + 1);
  const emailLink = isEmailLinkPath(safeDecode(rawPath));
  const unsubscribe = /^\/unsubscribe\/./i.exec(safeDecode(rawPath));
  const pathName = unsubscribe ? `/unsubscribe/${REDACTED}` : rawPath;
  if (at === -1) return pathName;
  const pairs = query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      const name = safeDecode(rawName);
      if (emailLink) return `${KNOWN_LINK_PARAMETER.test(name) ? rawName : REDACTED}=${REDACTED}`;
      return SECRET_PARAMETER.test(name) ? `${rawName}=${REDACTED}` : pair;
    });
  return `${pathName}?${pairs.join('&')}`;
}

/** Fastify's default request serializer, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version.join(', ') : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function loggerOptions(config: Pick<AppConfig, 'logLevel' | 'nodeEnv'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    serializers: { req: serializeRequest },
    ...(config.nodeEnv === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}
