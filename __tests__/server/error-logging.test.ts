/**
 * Every 5xx that reaches the error handler (server/http/errors.ts) is logged with its error and
 * the request id, so an operator can find the failure behind an answer. The app runs with its
 * real logger options; the test reads every line it wrote.
 */
import { HttpError } from '../../server/http/errors';
import { capturedLog } from '../support/captured-log';
import { makeTestApp, type TestApp } from '../support/server';

interface Entry {
  level: number;
  reqId?: string;
  msg: string;
  statusCode?: number;
  err?: { message?: string; stack?: string };
  res?: { statusCode: number };
}

describe('the error log', () => {
  let t: TestApp;
  let log: ReturnType<typeof capturedLog>;
  beforeAll(async () => {
    log = capturedLog();
    t = await makeTestApp({ logger: log.logger });
    t.app.get('/v0/api/test-failure', async () => {
      throw new Error('the database went away');
    });
    t.app.get('/v0/api/test-busy', async () => {
      throw new HttpError(503, 'Busy.');
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The answer's "request completed" line and the other lines of the same request. */
  async function linesOf(url: string, status: number) {
    log.lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    const entries = log.lines.map((line) => JSON.parse(line) as Entry);
    const completed = entries.find((entry) => entry.msg === 'request completed');
    expect(completed?.res?.statusCode).toBe(status);
    expect(completed?.reqId).toBeTruthy();
    return { res, lines: entries.filter((entry) => entry.reqId === completed!.reqId && entry !== completed) };
  }

  it('an unexpected failure: a generic 500, and an error line with the error, its stack and the request id', async () => {
    const { res, lines } = await linesOf('/v0/api/test-failure', 500);
    expect(res.json()).toEqual({ success: false, message: 'Something went wrong. Please try again later.' });
    expect(res.body).not.toContain('database');
    const failure = lines.find((entry) => entry.level === 50);
    expect(failure).toMatchObject({ msg: 'request failed', err: { message: 'the database went away' } });
    expect(failure?.err?.stack).toContain('error-logging.test.ts');
  });

  it('a 503 ("try later") is logged with its error and the request id too', async () => {
    const { res, lines } = await linesOf('/v0/api/test-busy', 503);
    expect(res.json()).toEqual({ success: false, message: 'Busy.' });
    expect(lines.find((entry) => entry.msg === 'request rejected')).toMatchObject({ statusCode: 503, err: { message: 'Busy.' } });
  });
});
