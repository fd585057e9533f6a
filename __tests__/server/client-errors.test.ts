/**
 * Requests the HTTP parser refuses (before any route runs), and HTTP/1.1 requests without Host
 * (which Node would answer with an empty 400), sent over a raw TCP socket to a listening server:
 * every one is answered in the one error shape with the right status, and the connection is
 * closed.
 */
import { connect } from 'node:net';

import { makeTestApp, type TestApp } from '../support/server';

/** Building an app (the catalogue stand-in included) takes seconds on a busy machine. */
const HOOK_TIMEOUT_MS = 30_000;

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Sends raw bytes, reads until the server closes the connection, parses the one response. */
function sendRaw(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(request));
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      try {
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) });
      } catch {
        reject(new Error(`not a JSON answer: ${JSON.stringify(text.slice(0, 300))}`));
      }
    });
  });
}

const BAD_REQUEST = { success: false, message: 'The request is not valid.' };

describe('requests the HTTP parser refuses', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await makeTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  }, HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await t.close();
  }, HOOK_TIMEOUT_MS);

  it.each([
    [
      'conflicting Content-Length and Transfer-Encoding',
      'POST /v0/api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    [
      'a chunk size that is not hexadecimal',
      'POST /v0/api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    ],
    ['a NUL byte in a header value', 'GET /health HTTP/1.1\r\nHost: localhost\r\nX-Test: a\u0000b\r\n\r\n'],
    ['a space in a header name', 'GET /health HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n'],
    ['a request line that is not HTTP', 'HELLO\r\n\r\n'],
    ['two Content-Length values that differ', 'POST /v0/api/auth/logout HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab'],
  ])('%s: 400 in the error shape', async (_label, raw) => {
    const answer = await sendRaw(port, raw);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: BAD_REQUEST });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
  });

  it('20 KB of headers: 431 in the error shape', async () => {
    const raw = `GET /health HTTP/1.1\r\nHost: localhost\r\n${Array.from({ length: 20 }, (_, i) => `X-Filler-${i}: ${'a'.repeat(1000)}\r\n`).join('')}\r\n`;
    const answer = await sendRaw(port, raw);
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 431,
      body: { success: false, message: 'The request headers are too large.' },
    });
  });

  it('answers in the language the raw request asked for', async () => {
    const answer = await sendRaw(port, 'GET /health HTTP/1.1\r\nHost: localhost\r\nAccept-Language: zh-CN\r\nX-Test: a\u0000b\r\n\r\n');
    expect(answer.body).toEqual({ success: false, message: '请求无效。' });
  });

  it('an HTTP/1.1 request without Host: 400 in the error shape, not an empty 400', async () => {
    const answer = await sendRaw(port, 'GET /health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 400,
      body: { success: false, message: 'The request has no Host header.' },
    });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
  });

  it('a request without Host on an API route is refused before it runs, in its language', async () => {
    const answer = await sendRaw(
      port,
      'POST /v0/api/auth/login HTTP/1.1\r\nAccept-Language: zh-CN\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 400,
      body: { success: false, message: '请求缺少 Host 头。' },
    });
  });

  it('an empty Host is refused too; HTTP/1.0, where Host is optional, is served', async () => {
    const empty = await sendRaw(port, 'GET /health HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n');
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ success: false, message: 'The request has no Host header.' });
    const old = await sendRaw(port, 'GET /health HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ status: 'ok' });
  });

  it('keeps serving well-formed requests', async () => {
    const answer = await sendRaw(port, 'GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'ok' });
  });
});
