/**
 * Long-lived connections and slow clients cannot take the site down (issue "stays up"):
 * notification streams and slow bodies take no admission place, streams have budgets of their own
 * (per session, per user, per instance), and slow or idle clients are cut off or refused
 * (http/slow-clients.ts, http/stream-budget.ts). Every case runs against a real listening server:
 * these are socket behaviours that app.inject() does not have.
 */
import { request, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

import { StreamBudget } from '../../server/http/stream-budget';
import { eventually } from '../support/eventually';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp, type TestAppOptions } from '../support/server';
import { API, createTestVideo, headersFor } from '../support/videos';

/** The production admission defaults (tests run without admission unless they ask). */
const PRODUCTION_ADMISSION = { OVERLOAD_MAX_IN_FLIGHT: '32', OVERLOAD_MAX_IN_FLIGHT_PAGES: '4' };

interface Live {
  t: TestApp;
  port: number;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: string }>;
}

const servers: Live[] = [];
const sockets: Socket[] = [];
const responses: IncomingMessage[] = [];

async function listen(options: TestAppOptions = {}): Promise<Live> {
  const t = await makeTestApp(options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const live: Live = {
    t,
    port,
    get: (path, headers = {}) =>
      new Promise((resolve, reject) => {
        request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
          .on('error', reject)
          .end();
      }),
  };
  servers.push(live);
  return live;
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const res of responses.splice(0)) res.destroy();
  for (const live of servers.splice(0)) await live.t.close();
});

/** An open notification stream: what it has received so far, and whether it ended. */
interface Stream {
  status: number;
  text(): string;
  ended(): boolean;
  response: IncomingMessage;
}

function openStream(live: Live, cookie: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port: live.port, path: `${API}/notifications/stream`, headers: { cookie, ...headers }, agent: false }, (response) => {
      responses.push(response);
      let text = '';
      let ended = false;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        ended = true;
      });
      response.on('close', () => {
        ended = true;
      });
      resolve({ status: response.statusCode ?? 0, text: () => text, ended: () => ended, response });
    })
      .on('error', reject)
      .end();
  });
}

async function signedIn(live: Live): Promise<{ id: string; cookie: string }> {
  const user = await createTestUser(live.t.app);
  return { id: user.id, cookie: await sessionCookieFor(live.t.app, user.id) };
}

/** Opens a raw connection and writes `text` (a request cut short on purpose). */
interface RawClient {
  socket: Socket;
  /** The server closed the connection (or it was destroyed). */
  gone(): boolean;
  received(): string;
}

function rawConnection(live: Live, text: string): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = connect(live.port, '127.0.0.1');
    sockets.push(socket);
    let closed = false;
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('close', () => {
      closed = true;
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(text);
      resolve({ socket, gone: () => closed, received: () => received });
    });
    socket.once('error', reject);
  });
}

const HALF_SENT_LOGIN = 'POST /v0/api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":';

describe('notification streams are not requests in flight', () => {
  it('32 open streams (and one more) leave the API and /health answering at once', async () => {
    const live = await listen({ env: PRODUCTION_ADMISSION });
    const streams: Stream[] = [];
    // Eight users, four tabs each (the per-session budget), then one more on a ninth.
    for (let u = 0; u < 9; u += 1) {
      const user = await signedIn(live);
      for (let tab = 0; tab < (u < 8 ? 4 : 1); tab += 1) streams.push(await openStream(live, user.cookie));
    }
    expect(streams).toHaveLength(33);
    await eventually(() => expect(streams.every((stream) => stream.text().includes('event: unread'))).toBe(true));
    expect(streams.every((stream) => stream.status === 200 && !stream.ended())).toBe(true);
    expect(live.t.app.admission.other.inFlight).toBe(0);

    const list = await live.get(`${API}/videos/selfieVideos`);
    expect(list.status).toBe(200);
    const health = await live.get('/health');
    expect({ status: health.status, body: JSON.parse(health.body) }).toEqual({ status: 200, body: { status: 'ok', database: 'ok', load: 'ok' } });
    expect(live.t.app.isOverloaded()).toBe(false);
    expect(await live.t.app.metrics.registry.getSingleMetricAsString('http_open_streams')).toContain('http_open_streams{kind="notifications"} 33');
  });

  it('closes the oldest stream of a session past its budget, which then steps aside, and a reconnect gets what it missed', async () => {
    const live = await listen({ env: { NOTIFICATION_STREAMS_PER_SESSION: '2', NOTIFICATION_STREAMS_PER_USER: '3' } });
    const alice = await signedIn(live);
    const bob = await signedIn(live);
    const first = await openStream(live, alice.cookie);
    const second = await openStream(live, alice.cookie);
    await eventually(() => expect(first.text()).toContain('data: {"unread":0}'));
    const third = await openStream(live, alice.cookie);
    // The oldest of the session is told to step aside (and for how long), and closed.
    await eventually(() => expect(first.ended()).toBe(true));
    expect(first.text()).toContain('event: closing\ndata: {"reason":"session","retryAfterMs":300000}\nretry: 300000\n\n');
    expect(second.ended()).toBe(false);
    expect(third.ended()).toBe(false);

    // A notification arrives while the first tab is away: on reconnecting it gets the count.
    const subscribed = await live.t.app.inject({ method: 'POST', url: `${API}/users/${bob.id}/subscribe`, headers: headersFor(alice.cookie) });
    expect(subscribed.statusCode).toBe(200);
    await live.t.app.following.announceVideo((await createTestVideo(live.t.app, bob.id)).id);
    await eventually(() => expect(second.text()).toContain('data: {"unread":1}'));
    expect(first.text()).not.toContain('data: {"unread":1}');
    const again = await openStream(live, alice.cookie);
    await eventually(() => expect(again.text()).toContain('event: unread\ndata: {"unread":1}'));
  });

  it('closes the oldest stream of a user past the per-user budget, across sessions', async () => {
    const live = await listen({ env: { NOTIFICATION_STREAMS_PER_SESSION: '2', NOTIFICATION_STREAMS_PER_USER: '2' } });
    const user = await createTestUser(live.t.app);
    const phone = await sessionCookieFor(live.t.app, user.id);
    const laptop = await sessionCookieFor(live.t.app, user.id);
    const a = await openStream(live, phone);
    const b = await openStream(live, laptop);
    await eventually(() => expect(a.text()).toContain('event: unread'));
    const c = await openStream(live, laptop);
    await eventually(() => expect(a.ended()).toBe(true));
    expect(a.text()).toContain('"reason":"user"');
    expect([b.ended(), c.ended()]).toEqual([false, false]);
  });

  it('refuses a stream past the instance budget with 503, and the site goes on', async () => {
    const live = await listen({ env: { NOTIFICATION_STREAMS_MAX: '2' } });
    const users = [await signedIn(live), await signedIn(live), await signedIn(live)];
    const open = [await openStream(live, users[0]!.cookie), await openStream(live, users[1]!.cookie)];
    const refused = await openStream(live, users[2]!.cookie);
    expect(refused.status).toBe(503);
    expect(refused.response.headers['retry-after']).toBe('300');
    await eventually(() => expect(refused.ended()).toBe(true));
    expect(JSON.parse(refused.text())).toEqual({ success: false, message: 'Live notifications are busy right now; new ones will still appear within a minute.' });
    // The polled count still answers, and a closed stream frees its place.
    expect((await live.get(`${API}/notifications/unread`, { cookie: users[2]!.cookie })).status).toBe(200);
    open[0]!.response.destroy();
    await eventually(async () => expect((await openStream(live, users[2]!.cookie)).status).toBe(200));
  });
});

describe('slow and idle clients cannot hold the server', () => {
  it('32 half-sent bodies take no place: the API answers at once, and they are cut after the grace', async () => {
    const live = await listen({ env: { ...PRODUCTION_ADMISSION, BODY_GRACE_MS: '1000' } });
    const slow = await Promise.all(Array.from({ length: 32 }, () => rawConnection(live, HALF_SENT_LOGIN)));
    // Every one is open, its headers read and its body waiting.
    await eventually(async () => expect(await new Promise((resolve) => live.t.app.server.getConnections((_e, count) => resolve(count)))).toBe(32));
    const list = await live.get(`${API}/videos/selfieVideos`);
    expect(list.status).toBe(200);
    const health = await live.get('/health');
    expect(JSON.parse(health.body)).toEqual({ status: 'ok', database: 'ok', load: 'ok' });
    expect(live.t.app.admission.other.inFlight).toBe(0);
    // Nine bytes in over a second of grace: every one of them is closed.
    await eventually(() => expect(slow.filter((client) => !client.gone())).toHaveLength(0));
    expect(await live.t.app.metrics.registry.getSingleMetricAsString('http_connections_refused_total')).toContain('reason="slow_body"} 32');
  });

  it('lets a slow but steady body finish (a phone on a bad link)', async () => {
    const live = await listen({ env: { BODY_GRACE_MS: '1000', BODY_MIN_BYTES_PER_SECOND: '50' } });
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'x'.repeat(250) });
    const client = await rawConnection(
      live,
      `POST /v0/api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    );
    // 20 bytes every 200 ms: 100 B/s, above the floor, for two seconds past the grace.
    for (let offset = 0; offset < body.length; offset += 20) {
      client.socket.write(body.slice(offset, offset + 20));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await eventually(() => expect(client.gone()).toBe(true));
    expect(client.received()).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('answers 408 to headers that do not arrive in time', async () => {
    const live = await listen({ env: { HEADERS_TIMEOUT_MS: '1000' } });
    const client = await rawConnection(live, 'GET /v0/api/videos/selfieVideos HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    await eventually(() => expect(client.gone()).toBe(true));
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes idle connections', async () => {
    const live = await listen({ env: { IDLE_TIMEOUT_MS: '1000' } });
    const client = await rawConnection(live, '');
    await eventually(() => expect(client.gone()).toBe(true));
  });

  it('caps open connections per address: the next one is closed as it opens', async () => {
    const live = await listen({ env: { MAX_CONNECTIONS_PER_ADDRESS: '4' } });
    const held = await Promise.all(Array.from({ length: 4 }, () => rawConnection(live, 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')));
    await eventually(() => expect(held.every((client) => client.received().startsWith('HTTP/1.1 200'))).toBe(true));
    const extra = await rawConnection(live, 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await eventually(() => expect(extra.gone()).toBe(true));
    expect(extra.received()).toBe('');
    expect(held.some((socket) => socket.gone())).toBe(false);
    // One closes: a place for the next.
    held[0]!.socket.destroy();
    await eventually(async () => expect((await live.get('/health')).status).toBe(200));
  });

  it('behind a trusted proxy, caps open requests per forwarded address (429), not per proxy connection', async () => {
    const live = await listen({ env: { TRUST_PROXY: '1', MAX_CONNECTIONS_PER_ADDRESS: '2' } });
    const user = await signedIn(live);
    const from = (address: string) => ({ cookie: user.cookie, 'x-forwarded-for': address });
    // Two streams from one client hold its two places; another client behind the same proxy is unaffected.
    await openStream(live, user.cookie, { 'x-forwarded-for': '203.0.113.7' });
    await openStream(live, user.cookie, { 'x-forwarded-for': '203.0.113.7' });
    const third = await live.get(`${API}/notifications/unread`, from('203.0.113.7'));
    expect({ status: third.status, body: JSON.parse(third.body) }).toEqual({
      status: 429,
      body: { success: false, message: 'Too many open connections from your address. Please close some tabs or try again in a few seconds.' },
    });
    expect((await live.get(`${API}/notifications/unread`, from('198.51.100.2'))).status).toBe(200);
  });
});

describe('StreamBudget', () => {
  it('closes the oldest of a session, then of a user, refuses past the instance limit, and frees places', () => {
    const evicted: string[] = [];
    let open = 0;
    const budget = new StreamBudget({ streamsPerSession: 2, streamsPerUser: 3, maxStreams: 5 }, (count) => {
      open = count;
    });
    const leave = (name: string, user: string, session: string) => budget.open(user, session, (reason) => evicted.push(`${name}:${reason}`));
    leave('a1', 'alice', 's1');
    leave('a2', 'alice', 's1');
    leave('a3', 'alice', 's1');
    expect(evicted).toEqual(['a1:session']);
    leave('a4', 'alice', 's2');
    leave('a5', 'alice', 's2');
    expect(evicted).toEqual(['a1:session', 'a2:user']);
    expect(open).toBe(3);
    const b1 = leave('b1', 'bob', 's3');
    leave('b2', 'bob', 's3');
    expect(budget.size).toBe(5);
    expect(leave('c1', 'carol', 's4')).toBeUndefined();
    b1!();
    b1!();
    expect(budget.size).toBe(4);
    expect(leave('c1', 'carol', 's4')).toBeDefined();
    expect(evicted).toEqual(['a1:session', 'a2:user']);
  });
});
