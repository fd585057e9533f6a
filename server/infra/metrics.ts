/**
 * Prometheus metrics, with prom-client. Every app has `app.metrics` (its own
 * registry, so test apps never share counters); with METRICS_PORT set, the app also records
 * HTTP requests and Node's default process metrics (including event-loop lag) and serves them
 * all at http://127.0.0.1:$METRICS_PORT/metrics — a separate listener on the loopback interface,
 * never on the public port. The same listener answers /health (the app's own check), so a
 * worker, which has no public port, can be probed too.
 *
 * For the media job queue (the media pipeline reports into these; nothing else is needed):
 *   app.metrics.media.queueDepth.set(n)                                   jobs waiting
 *   app.metrics.media.observeTranscode(seconds, 'ready' | 'failed')        one finished job
 *   const done = app.metrics.media.startTranscode(); …; done('ready')      the same, timed
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type TranscodeOutcome = 'ready' | 'failed';

export interface MediaMetrics {
  /** Jobs waiting in the media queue. */
  queueDepth: Gauge<'queue'>;
  /** Seconds per finished transcode job, by outcome. */
  transcodeSeconds: Histogram<'outcome'>;
  observeTranscode(seconds: number, outcome: TranscodeOutcome): void;
  /** Starts a timer; call the returned function when the job ends. */
  startTranscode(): (outcome: TranscodeOutcome) => void;
}

export interface AppMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Request body bytes of uploads (multipart requests), by status. */
  uploadBytes: Counter<'status'>;
  /** Requests answered 503 by load shedding (http/overload.ts), by admission class and reason. */
  shed: Counter<'class' | 'reason'>;
  /** Connections and requests refused or cut by the slow-client guards (http/slow-clients.ts), by reason. */
  connectionsRefused: Counter<'reason'>;
  /** Long-lived connections open now (notification streams), outside the admission places. */
  openStreams: Gauge<'kind'>;
  media: MediaMetrics;
  /** The Prometheus text exposition of everything registered. */
  render(): Promise<{ contentType: string; body: string }>;
}

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const uploadBytes = new Counter({
    name: 'upload_bytes_total',
    help: 'Bytes of multipart (upload) request bodies received, by status code',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const shed = new Counter({
    name: 'http_requests_shed_total',
    help: 'Requests answered 503 by load shedding before any work, by class (page, other) and reason (busy: every place taken and the queue full; deadline: waited too long for a place; event_loop: the event-loop backstop)',
    labelNames: ['class', 'reason'] as const,
    registers: [registry],
  });
  const connectionsRefused = new Counter({
    name: 'http_connections_refused_total',
    help: 'Connections closed or requests refused by the slow-client guards, by reason (per_address: over the open connections per address; slow_body: a body below the minimum data rate)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const openStreams = new Gauge({
    name: 'http_open_streams',
    help: 'Long-lived connections open now, by kind (notifications: event streams of the bell)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const queueDepth = new Gauge({
    name: 'media_queue_depth',
    help: 'Media jobs waiting to be processed',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const transcodeSeconds = new Histogram({
    name: 'media_transcode_duration_seconds',
    help: 'Duration of finished transcode jobs, by outcome',
    labelNames: ['outcome'] as const,
    buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1200, 3600],
    registers: [registry],
  });
  return {
    registry,
    httpRequests,
    httpDuration,
    uploadBytes,
    shed,
    connectionsRefused,
    openStreams,
    media: {
      queueDepth,
      transcodeSeconds,
      observeTranscode: (seconds, outcome) => transcodeSeconds.observe({ outcome }, seconds),
      startTranscode: () => {
        const end = transcodeSeconds.startTimer();
        return (outcome) => {
          end({ outcome });
        };
      },
    },
    render: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** The route pattern (never the raw URL: ids would explode the label set). */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * Decorates `app.metrics`; with `port` (METRICS_PORT) set, also records requests and default
 * metrics and serves them on 127.0.0.1:port from when the app is ready until it closes.
 */
export function installMetrics(app: FastifyInstance, port: number | null): AppMetrics {
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  if (port === null) return metrics;

  collectDefaultMetrics({ register: metrics.registry, eventLoopMonitoringPrecision: 20 });

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeLabel(request), status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (request.headers['content-type']?.startsWith('multipart/')) {
      const bytes = Number(request.headers['content-length'] ?? 0);
      if (Number.isFinite(bytes) && bytes > 0) metrics.uploadBytes.inc({ status: labels.status }, bytes);
    }
  });

  let server: Server | undefined;
  app.addHook('onReady', async () => {
    server = createServer((request, response) => {
      const pathname = (request.url ?? '').split('?')[0];
      if (request.method === 'GET' && pathname === '/health') {
        // The app's own /health (database, load), for processes with no public port: a worker.
        app.inject({ method: 'GET', url: '/health' }).then(
          (health) => response.writeHead(health.statusCode, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(health.body),
          () => response.writeHead(503).end(),
        );
        return;
      }
      if (request.method !== 'GET' || pathname !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found. Metrics are at /metrics, health at /health.\n');
        return;
      }
      metrics.render().then(
        ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics: could not render');
          response.writeHead(500).end();
        },
      );
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    const address = listening.address() as AddressInfo;
    app.log.info(`Metrics at http://127.0.0.1:${address.port}/metrics`);
  });
  app.addHook('onClose', async () => {
    const listening = server;
    if (!listening) return;
    await new Promise<void>((resolve) => listening.close(() => resolve()));
  });
  app.decorate('metricsAddress', () => (server?.address() as AddressInfo | null) ?? null);
  return metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the metrics listener is bound (null until ready, or without METRICS_PORT). */
    metricsAddress?: () => AddressInfo | null;
  }
}
