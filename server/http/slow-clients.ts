/**
 * Slow and idle clients cannot hold the server (docs/overload.md, Slow and idle clients).
 *
 * - **Headers**: a request's headers must arrive within HEADERS_TIMEOUT_MS (Node's own
 *   `headersTimeout`, checked every second instead of Node's default 30 s): 408, connection closed.
 * - **Idle**: a connection with nothing read or written for IDLE_TIMEOUT_MS is closed (the socket
 *   timeout; event streams write a comment every 25 s, so they stay open).
 * - **Bodies**: after BODY_GRACE_MS, a body must keep coming at BODY_MIN_BYTES_PER_SECOND over the
 *   last 30 s, or what is left of it if that is less: a phone on a bad link (tens of KB/s, a few
 *   seconds in a tunnel) finishes; a client that sends 9 bytes a minute is cut after the grace.
 *   Node's `requestTimeout` (the whole request within a fixed time) cannot tell them apart: a 1 GB
 *   upload on a phone takes an hour. Bodies take no admission place while they arrive
 *   (http/overload.ts), so this bound is what keeps their sockets and buffers in check.
 * - **Per address**: at most MAX_CONNECTIONS_PER_ADDRESS open connections from one address (more
 *   are closed as they open); behind a trusted proxy, whose connections carry many clients, at most
 *   that many open requests per forwarded address (429 + Retry-After beyond).
 *
 * Slow clients cost a socket and a timer each, never an admission place nor CPU: the same limits
 * nginx and HAProxy set by default (client_header_timeout, client_body_timeout, limit_conn).
 */
import type { ServerOptions } from 'node:http';
import { Socket } from 'node:net';

import type { FastifyInstance } from 'fastify';

import type { ConnectionConfig } from '../config/index';
import { t } from '../i18n';

import { sendErrorFromHook } from './errors';

/** How often a body's progress is sampled, and over how long its rate is judged. */
const BODY_SAMPLE_MS = 2_000;
const BODY_RATE_WINDOW_MS = 30_000;

/** Options for Node's http.createServer. */
export function slowClientServerOptions(limits: ConnectionConfig): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    // The whole request's time is not bounded (uploads are long): the body rate is (below).
    requestTimeout: 0,
    // Node checks the header deadline this often (30 s by default: a 15 s limit could take 45).
    connectionsCheckingInterval: 1_000,
  };
}

/** An address as the connection cap counts it: IPv4-mapped IPv6 as IPv4. */
function addressKey(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

/** Bytes a body still owed when the window began, from Content-Length (unknown for chunked bodies). */
function declaredLength(header: string | undefined): number | undefined {
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

/** What is open per address (connections, or requests behind a proxy), up to a limit. */
class OpenPerAddress {
  private readonly open = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** Counts one more for `key`; false (nothing counted) when it already has `limit`. */
  take(key: string): boolean {
    const count = (this.open.get(key) ?? 0) + 1;
    if (count > this.limit) return false;
    this.open.set(key, count);
    return true;
  }

  give(key: string): void {
    const left = (this.open.get(key) ?? 1) - 1;
    if (left <= 0) this.open.delete(key);
    else this.open.set(key, left);
  }
}

export function installSlowClientGuards(app: FastifyInstance, limits: ConnectionConfig, behindProxy: boolean): void {
  const { bodyGraceMs, bodyMinBytesPerSecond, maxConnectionsPerAddress } = limits;

  const perAddress = new OpenPerAddress(maxConnectionsPerAddress);

  // ---- open connections per address (direct clients) ----
  if (maxConnectionsPerAddress > 0 && !behindProxy) {
    app.server.on('connection', (socket: Socket) => {
      const key = addressKey(socket.remoteAddress);
      if (!perAddress.take(key)) {
        app.metrics.connectionsRefused.inc({ reason: 'per_address' });
        socket.destroy();
        return;
      }
      socket.once('close', () => perAddress.give(key));
    });
  }

  // ---- open requests per forwarded address (behind a trusted proxy) ----
  if (maxConnectionsPerAddress > 0 && behindProxy) {
    const counted = new WeakSet<object>();
    const leave = (request: { ip: string; raw: object }) => {
      if (counted.delete(request.raw)) perAddress.give(request.ip);
    };
    app.addHook('onRequest', (request, reply, done) => {
      if (!perAddress.take(request.ip)) {
        app.metrics.connectionsRefused.inc({ reason: 'per_address' });
        reply.header('retry-after', '10').header('cache-control', 'no-store');
        sendErrorFromHook(reply, 429, t(request, 'error.tooManyConnections'));
        return;
      }
      counted.add(request.raw);
      // Whichever comes first; an event stream counts until it closes.
      request.raw.once('close', () => leave(request));
      done();
    });
    app.addHook('onResponse', (request, _reply, done) => {
      leave(request);
      done();
    });
  }

  // ---- body data rate ----
  if (bodyMinBytesPerSecond <= 0) return;
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const socket = raw.socket;
    const length = declaredLength(request.headers['content-length']);
    const chunked = request.headers['transfer-encoding'] !== undefined;
    // In-process requests (app.inject) have their whole body and no real connection.
    if (raw.complete || (!chunked && !length) || !(socket instanceof Socket)) {
      done();
      return;
    }
    const startedAt = Date.now();
    const startBytes = socket.bytesRead;
    // (time, bytes read so far): the oldest inside the window is where the rate is measured from.
    const samples: Array<{ at: number; bytes: number }> = [{ at: startedAt, bytes: startBytes }];
    const stop = () => clearInterval(timer);
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) {
        stop();
        return;
      }
      const now = Date.now();
      const bytes = socket.bytesRead;
      // Bytes wait unread (a handler not reading yet, a slow store pushing back): the server is
      // the slow side, not the client. The window starts again.
      if (raw.readableLength > 0 || raw.readableFlowing === false) {
        samples.splice(0, samples.length, { at: now, bytes });
        return;
      }
      samples.push({ at: now, bytes });
      while (samples.length > 2 && now - samples[1]!.at >= BODY_RATE_WINDOW_MS) samples.shift();
      if (now - startedAt < bodyGraceMs) return;
      const from = samples[0]!;
      const owedAtWindowStart = length === undefined ? Infinity : Math.max(0, length - (from.bytes - startBytes));
      const required = Math.min(owedAtWindowStart, (bodyMinBytesPerSecond * (now - from.at)) / 1000);
      if (bytes - from.bytes >= required) return;
      stop();
      app.metrics.connectionsRefused.inc({ reason: 'slow_body' });
      request.log.info({ received: bytes - startBytes, length, seconds: Math.round((now - startedAt) / 1000) }, 'slow request body: connection closed');
      socket.destroy();
    }, BODY_SAMPLE_MS);
    timer.unref();
    raw.once('end', stop);
    raw.once('close', stop);
    // Answered (a refusal before the body was read, 413, 415): the rest of the body does not matter.
    reply.raw.once('finish', stop);
    done();
  });
}
