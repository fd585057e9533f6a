/**
 * Fastify's pino logger options: structured JSON, secrets redacted wherever they might be
 * logged (headers, bodies, nested objects), human-friendly output only in development.
 */
import type { FastifyServerOptions } from 'fastify';

import type { AppConfig } from '../config';

const SECRET_FIELDS = ['password', 'newPassword', 'currentPassword', 'token', 'signature'];

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((field) => [field, `body.${field}`, `req.body.${field}`, `*.${field}`]),
];

export function loggerOptions(config: Pick<AppConfig, 'logLevel' | 'nodeEnv'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(config.nodeEnv === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}
