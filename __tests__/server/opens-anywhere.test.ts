/**
 * The site works at whatever address it is opened: with the default configuration (PUBLIC_URL
 * unset, so it names localhost), a browser at http://127.0.0.1:PORT or at the machine's LAN
 * address can sign up, sign in, like and upload. A real server on a real socket is driven the
 * way a browser drives it (Origin and Sec-Fetch-Site as the browser sets them, the Host it was
 * opened at). The LAN address is given as the Host header over loopback: what the server sees is
 * the same, and no traffic leaves this machine. Foreign origins stay refused.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NetworkInterfaceInfo } from 'node:os';

import { isOwnOrigin, openAddresses, requestOrigin } from '../../server/http/request-origin';
import { multipart, uploadParts } from '../support/media';
import { linkIn, tokenAndEmail, waitForMail } from '../support/outbox';
import { makeTestApp, type TestApp } from '../support/server';

const HOOK_TIMEOUT_MS = 30_000;
const LAN_HOST = '192.168.1.23';
const PASSWORD = 'correct horse battery';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json(): Record<string, unknown>;
}

describe('the site opened at 127.0.0.1 or a LAN address, default configuration', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    // PUBLIC_URL unset: the default (http://localhost:3000) is not the address used below.
    t = await makeTestApp({ env: { PUBLIC_URL: undefined, PASSWORD_HASH_COST: '10' } });
    expect(t.config.publicUrl).toBe('http://localhost:3000');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  }, HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await t.close();
  }, HOOK_TIMEOUT_MS);

  /** A request over the socket to 127.0.0.1, addressed (Host) as a browser at `hostName` would. */
  function send(
    hostName: string,
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: Buffer | string } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method, path, headers: { host: `${hostName}:${port}`, ...options.headers } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body, json: () => JSON.parse(body) });
          });
        },
      );
      request.on('error', reject);
      if (options.body !== undefined) request.write(options.body);
      request.end();
    });
  }

  /** What a same-origin fetch from a page at http://hostName:port carries. */
  const browserAt = (hostName: string, cookie?: string): Record<string, string> => ({
    origin: `http://${hostName}:${port}`,
    'sec-fetch-site': 'same-origin',
    ...(cookie ? { cookie } : {}),
  });

  const json = (value: unknown) => ({ body: JSON.stringify(value), 'content-type': 'application/json' });

  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['a LAN address', LAN_HOST],
  ])('signs up, verifies, signs in, likes and uploads at %s', async (_label, hostName) => {
    const email = `someone-${hostName.replace(/\W/g, '')}@example.com`;
    const write = (path: string, payload: unknown, cookie?: string) => {
      const { body, 'content-type': contentType } = json(payload);
      return send(hostName, 'POST', `/v0/api${path}`, { headers: { ...browserAt(hostName, cookie), 'content-type': contentType }, body });
    };

    const register = await write('/auth/register', { email, password: PASSWORD });
    expect(register.status).toBe(201);
    const mail = await waitForMail(t.config.mailDir, email, { purpose: 'verify' });
    // The e-mailed link still names the configured public address.
    const link = linkIn(mail, '/verify');
    expect(link.origin).toBe('http://localhost:3000');
    expect((await write('/auth/verify', tokenAndEmail(link))).status).toBe(200);

    const login = await write('/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    const setCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    const cookie = setCookie.map((value) => value.split(';')[0]).join('; ');
    expect(cookie).toMatch(/=/);

    const form = multipart(uploadParts({ title: `Opened at ${hostName}`, visibility: 'public' }));
    const upload = await send(hostName, 'POST', '/v0/api/movies/upload', {
      headers: { ...browserAt(hostName, cookie), 'content-type': form.contentType },
      body: form.body,
    });
    expect(upload.status).toBe(200);
    const videoId = (upload.json() as { video: { _id: string } }).video._id;
    expect(typeof videoId).toBe('string');

    const like = await write(`/videos/selfieVideos/${videoId}/toggle-like`, {}, cookie);
    expect(like.status).toBe(200);

    const logout = await write('/auth/logout', {}, cookie);
    expect(logout.status).toBe(200);
  });

  it('still refuses a foreign origin, whatever address the site was opened at', async () => {
    for (const hostName of ['127.0.0.1', LAN_HOST, 'localhost']) {
      const { body, 'content-type': contentType } = json({ email: 'x@example.com', password: PASSWORD });
      const refused = await send(hostName, 'POST', '/v0/api/auth/login', {
        headers: { origin: 'http://evil.example', 'content-type': contentType },
        body,
      });
      expect({ hostName, status: refused.status, success: refused.json().success }).toEqual({ hostName, status: 403, success: false });
      // A page on another port of the same address is another origin too.
      const otherPort = await send(hostName, 'POST', '/v0/api/auth/login', {
        headers: { origin: `http://${hostName}:${port + 1}`, 'content-type': contentType },
        body,
      });
      expect(otherPort.status).toBe(403);
    }
  });

  it('serves the catalogue stand-in with URLs at the address the page was opened at', async () => {
    const answer = await send(LAN_HOST, 'GET', '/catalogue/api/v2/video/search/?query=cooking&per_page=1&format=json');
    expect(answer.status).toBe(200);
    const [video] = (answer.json() as { videos: Array<{ embed: string; default_thumb: { src: string } }> }).videos;
    expect(video?.embed.startsWith(`http://${LAN_HOST}:${port}/catalogue/embed/`)).toBe(true);
    expect(video?.default_thumb.src.startsWith(`http://${LAN_HOST}:${port}/catalogue/thumbs/`)).toBe(true);
  });

  it('names the opened address in a wallet sign-in message when it is surely this machine', async () => {
    const address = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
    const atLoopback = await send('127.0.0.1', 'GET', `/v0/api/auth/metamask/challenge?address=${address}`);
    expect(atLoopback.status).toBe(200);
    expect(String(atLoopback.json().challenge).split('\n')[0]).toBe(`127.0.0.1:${port} wants you to sign in with your Ethereum account:`);
    // A name this server cannot vouch for (a relaying look-alike) gets the configured one.
    const elsewhere = await send('evil.example', 'GET', `/v0/api/auth/metamask/challenge?address=${address}`);
    expect(String(elsewhere.json().challenge).split('\n')[0]).toBe('localhost:3000 wants you to sign in with your Ethereum account:');
  });
});

describe('request-origin helpers', () => {
  it('reads the addressed origin and refuses malformed hosts', () => {
    expect(requestOrigin({ protocol: 'http', host: '127.0.0.1:3000' })).toBe('http://127.0.0.1:3000');
    expect(requestOrigin({ protocol: 'https', host: 'Example.COM:443' })).toBe('https://example.com');
    expect(requestOrigin({ protocol: 'http', host: '[::1]:3000' })).toBe('http://[::1]:3000');
    for (const host of ['', 'a b', 'user@host', 'host/path', 'host:99999']) {
      expect({ host, origin: requestOrigin({ protocol: 'http', host }) }).toEqual({ host, origin: undefined });
    }
  });

  const interfaces = {
    lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
    eth0: [
      { address: '192.168.1.23', family: 'IPv4', internal: false },
      { address: 'fe80::1', family: 'IPv6', internal: false },
      { address: '2001:db8::5', family: 'IPv6', internal: false },
    ],
  } as unknown as NodeJS.Dict<NetworkInterfaceInfo[]>;

  it('lists every address the server can be opened at', () => {
    expect(openAddresses('0.0.0.0', 3000, interfaces)).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://192.168.1.23:3000']);
    expect(openAddresses('::', 3000, interfaces)).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://192.168.1.23:3000',
      'http://[2001:db8::5]:3000',
    ]);
    expect(openAddresses('127.0.0.1', 8080, interfaces)).toEqual(['http://127.0.0.1:8080']);
  });

  it('vouches only for configured, loopback and own interface origins', () => {
    const configured = ['https://video.example.org'];
    expect(isOwnOrigin('https://video.example.org', configured, interfaces)).toBe(true);
    expect(isOwnOrigin('http://127.0.0.1:3000', configured, interfaces)).toBe(true);
    expect(isOwnOrigin('http://localhost:4000', configured, interfaces)).toBe(true);
    expect(isOwnOrigin('http://[::1]:3000', configured, interfaces)).toBe(true);
    expect(isOwnOrigin('http://192.168.1.23:3000', configured, interfaces)).toBe(true);
    expect(isOwnOrigin('http://192.168.1.24:3000', configured, interfaces)).toBe(false);
    expect(isOwnOrigin('http://evil.example', configured, interfaces)).toBe(false);
    expect(isOwnOrigin('http://localhost.evil.example', configured, interfaces)).toBe(false);
  });
});
