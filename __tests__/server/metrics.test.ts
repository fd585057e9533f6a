/**
 * Prometheus metrics: with METRICS_PORT, a separate listener on 127.0.0.1 answers
 * /metrics in the text format with HTTP request counts and latencies by route and status, upload
 * bytes, the media queue's metrics and Node's defaults; the public app has no /metrics.
 */
import { rm } from 'node:fs/promises';

import { loadConfig } from '../../server/config/index';
import { startWorker } from '../../server/worker';
import { makeTestApp, makeTestDataDir, type TestApp } from '../support/server';

let testApp: TestApp | undefined;

afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

describe('metrics', () => {
  it('serves Prometheus text on a separate loopback listener', async () => {
    // Port 0: any free port (the real setting is METRICS_PORT, 1-65535).
    testApp = await makeTestApp({ config: { metricsPort: 0 } });
    const { app } = testApp;
    await app.ready();
    const address = app.metricsAddress?.();
    expect(address?.address).toBe('127.0.0.1');

    await app.inject({ method: 'GET', url: '/v0/api/check-session' });
    await app.inject({ method: 'GET', url: '/v0/api/videos/selfieVideos/0123456789abcdef01234567' });
    app.metrics.media.queueDepth.set({ queue: 'transcode' }, 3);
    app.metrics.media.observeTranscode(12.5, 'ready');

    const res = await fetch(`http://127.0.0.1:${address!.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/v0\/api\/check-session",status="200"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/v0\/api\/videos\/selfieVideos\/:id",status="404"\} 1/);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('media_queue_depth{queue="transcode"} 3');
    expect(text).toContain('media_transcode_duration_seconds_count{outcome="ready"} 1');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('upload_bytes_total');

    const health = await fetch(`http://127.0.0.1:${address!.port}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', load: 'ok' });
    expect((await fetch(`http://127.0.0.1:${address!.port}/other`)).status).toBe(404);
    // Not on the public app.
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  }, 30_000);

  it('gives a worker (no public port) its health check and metrics on the same listener', async () => {
    const dataDir = await makeTestDataDir();
    try {
      // Migrate a database as an instance would, then run a worker alone on it.
      const instance = await makeTestApp({ dataDir });
      const config = { ...instance.config, metricsPort: 0 };
      await instance.close();
      const worker = await startWorker(config, { logger: false });
      try {
        const address = worker.app.metricsAddress?.();
        expect(address?.address).toBe('127.0.0.1');
        const health = await fetch(`http://127.0.0.1:${address!.port}/health`);
        expect(health.status).toBe(200);
        expect(health.headers.get('cache-control')).toBe('no-store');
        expect(await health.json()).toEqual({ status: 'ok', database: 'ok', load: 'ok' });
        const metrics = await (await fetch(`http://127.0.0.1:${address!.port}/metrics`)).text();
        expect(metrics).toContain('# TYPE media_queue_depth gauge');
        expect(metrics).toContain('process_cpu_user_seconds_total');
      } finally {
        await worker.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('is off without METRICS_PORT, and a bad METRICS_PORT stops start-up', async () => {
    testApp = await makeTestApp();
    await testApp.app.ready();
    expect(testApp.app.metricsAddress).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadConfig({ METRICS_PORT: 'abc' })).toThrow('METRICS_PORT must be an integer 1-65535, got "abc"');
  });
});
