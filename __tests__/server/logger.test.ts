import Fastify from 'fastify';

import { loggerOptions } from '../../server/http/logger';
import { capturedLog } from '../support/captured-log';

describe('logger options', () => {
  it('redact credentials in headers and secret body fields', async () => {
    const { lines, logger } = capturedLog();
    const app = Fastify({ logger });
    app.log.info(
      {
        req: { headers: { authorization: 'Bearer abc', cookie: 'sid=secret-session' } },
        body: { email: 'a@example.com', password: 'hunter2', token: 'tok-123' },
        attempt: { newPassword: 'hunter3' },
      },
      'test entry',
    );
    await app.close();

    const output = lines.join('');
    expect(output).toContain('a@example.com');
    for (const secret of ['Bearer abc', 'secret-session', 'hunter2', 'tok-123', 'hunter3']) {
      expect(output).not.toContain(secret);
    }
  });

  it('pretty-prints only in development', () => {
    expect(loggerOptions({ logLevel: 'info', nodeEnv: 'production' })).not.toHaveProperty('transport');
    expect(loggerOptions({ logLevel: 'debug', nodeEnv: 'development' })).toMatchObject({
      level: 'debug',
      transport: { target: 'pino-pretty' },
    });
  });
});
