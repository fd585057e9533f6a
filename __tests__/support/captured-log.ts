/**
 * The server's real logger options writing into memory: a test reads every line the app logged.
 */
import { Writable } from 'node:stream';

import { loggerOptions } from '../../server/http/logger';

export function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: { ...(loggerOptions({ logLevel: 'info', nodeEnv: 'test' }) as object), stream } };
}
