/**
 * On-the-fly compression of dynamic answers (API and catalogue JSON, the SPA's HTML) above a
 * small threshold, negotiated by Accept-Encoding with `Vary: Accept-Encoding`. Media is never
 * compressed (its types are not compressible), nor are partial (Range) answers; the SPA's
 * hashed assets are compressed at build time and skip this (route option `compress: false`).
 */
import { constants } from 'node:zlib';

import type { FastifyCompressOptions } from '@fastify/compress';

/** Below this many bytes compression costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export const compressionOptions: FastifyCompressOptions = {
  global: true,
  threshold: COMPRESS_THRESHOLD_BYTES,
  encodings: ['br', 'gzip'],
  // Fast settings: answers are compressed per request (the build uses the slow, small ones).
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
};
