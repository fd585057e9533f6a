/**
 * Load shedding (http/overload.ts): while the event loop is saturated, requests are answered at
 * once with 503, Retry-After and the one error shape; /health says so too; once the loop
 * recovers, everything is served again. The saturation is made by blocking the loop, and held
 * by the test until it has asserted on it.
 */
import { eventually } from '../support/eventually';
import { makeTestApp, type TestApp } from '../support/server';
import { API } from '../support/videos';

/** Building an app (the catalogue stand-in included) takes seconds on a busy machine. */
const HOOK_TIMEOUT_MS = 30_000;

/** Keeps the event loop busy for `ms` (what a flood of requests does to it). */
function blockEventLoop(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy
  }
}

/**
 * Holds the event loop saturated until released: every turn of its timers starts with a 300 ms
 * block, so every sample of the loop's delay (twice a second) reads far above the 100 ms limit,
 * and a window with no sample reads as overloaded too. The state the test asserts on lasts until
 * the test ends it, however slow or busy the machine (a one-off block ended on its own, and on a
 * busy machine before /health was asked).
 */
function holdSaturation(): { release(): void } {
  const timer = setInterval(() => blockEventLoop(300), 1);
  return { release: () => clearInterval(timer) };
}

describe('load shedding', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await makeTestApp({ env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '100' } });
    await t.app.ready();
  }, HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await t.close();
  }, HOOK_TIMEOUT_MS);

  it('is off by default in tests and on by default elsewhere', async () => {
    const plain = await makeTestApp();
    expect(plain.config.overload).toMatchObject({ maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0, maxInFlight: 0, maxInFlightPages: 0 });
    await plain.close();
    const { loadConfig } = await import('../../server/config/index');
    expect(loadConfig({}).overload).toEqual({
      maxEventLoopDelayMs: 300,
      maxEventLoopUtilization: 0,
      maxInFlight: 32,
      maxInFlightPages: 4,
      maxQueueWaitMs: 1000,
      maxQueue: 1000,
      retryAfterSeconds: 2,
    });
  });

  it('answers 503 with Retry-After in the error shape while saturated, /health included, then recovers', async () => {
    const saturation = holdSaturation();
    try {
      await eventually(() => expect(t.app.isOverloaded()).toBe(true), 20_000);
      await expectShedding();
    } finally {
      saturation.release();
    }

    // Idle again: the next samples clear the state.
    await eventually(() => expect(t.app.isOverloaded()).toBe(false), 20_000, 100);
    const after = await t.app.inject({ method: 'GET', url: '/health' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ok', database: 'ok', load: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: `${API}/videos/selfieVideos` })).statusCode).toBe(200);
  }, 90_000);

  /** Every kind of request is shed while the saturation is held; /health says so. */
  async function expectShedding(): Promise<void> {
    const [list, comments, login, zh, health] = await Promise.all([
      t.app.inject({ method: 'GET', url: `${API}/videos/selfieVideos` }),
      t.app.inject({ method: 'GET', url: `${API}/comments/abc` }),
      t.app.inject({ method: 'POST', url: `${API}/auth/login`, payload: { email: 'a@example.com', password: 'whatever' } }),
      t.app.inject({ method: 'GET', url: '/catalogue/api/v2/video/search/', headers: { 'accept-language': 'zh' } }),
      t.app.inject({ method: 'GET', url: '/health' }),
    ]);
    for (const res of [list, comments, login]) {
      expect({ status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() }).toEqual({
        status: 503,
        retryAfter: '2',
        body: { success: false, message: 'The site is very busy right now. Please try again in a few seconds.' },
      });
    }
    expect(zh.statusCode).toBe(503);
    expect(zh.json()).toEqual({ success: false, message: '网站当前非常繁忙，请几秒钟后再试。' });
    expect({ status: health.statusCode, retryAfter: health.headers['retry-after'], body: health.json() }).toEqual({
      status: 503,
      retryAfter: '2',
      body: { status: 'error', database: 'ok', load: 'overloaded' },
    });

    // A browser navigating to a page gets a localized HTML page with a link to try again, not JSON
    // text; it does not reload itself (a timed refresh fails WCAG 2.2.1).
    const [page, pageZh] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/videos?q=<b>', headers: { accept: 'text/html,application/xhtml+xml' } }),
      t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', 'accept-language': 'zh-CN' } }),
    ]);
    expect({ status: page.statusCode, type: page.headers['content-type'], retryAfter: page.headers['retry-after'] }).toEqual({
      status: 503,
      type: 'text/html; charset=utf-8',
      retryAfter: '2',
    });
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<title>Busy right now</title>');
    expect(page.body).toContain('<h1>Busy right now</h1>');
    expect(page.body).toContain('The site is very busy right now. Please try again in a few seconds.');
    expect(page.body).not.toContain('http-equiv="refresh"');
    expect(page.body).toContain('href="/videos?q=%3Cb%3E"');
    expect(page.body).not.toContain('<b>');
    expect(pageZh.statusCode).toBe(503);
    expect(pageZh.body).toContain('<html lang="zh-CN">');
    expect(pageZh.body).toContain('网站当前非常繁忙，请几秒钟后再试。');
  }

  it('caps the requests worked on at once: the next one gets 503 at once, and the cap frees as answers go out', async () => {
    const capped = await makeTestApp({ env: { OVERLOAD_MAX_IN_FLIGHT: '2' } });
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    capped.app.get('/test-slow', async () => {
      await gate;
      return { ok: true };
    });
    try {
      const slow = [capped.app.inject({ url: '/test-slow' }), capped.app.inject({ url: '/test-slow' })];
      // Both hold their place (behind the gate) before the third arrives.
      await eventually(() => expect(capped.app.admission.other.inFlight).toBe(2));
      const shed = await capped.app.inject({ method: 'GET', url: `${API}/videos/selfieVideos`, headers: { 'accept-language': 'zh' } });
      expect({ status: shed.statusCode, retryAfter: shed.headers['retry-after'], body: shed.json() }).toEqual({
        status: 503,
        retryAfter: '2',
        body: { success: false, message: '网站当前非常繁忙，请几秒钟后再试。' },
      });
      const health = await capped.app.inject({ url: '/health' });
      expect({ status: health.statusCode, body: health.json() }).toEqual({
        status: 503,
        body: { status: 'error', database: 'ok', load: 'overloaded' },
      });

      open();
      expect((await Promise.all(slow)).map((res) => res.statusCode)).toEqual([200, 200]);
      expect((await capped.app.inject({ method: 'GET', url: `${API}/videos/selfieVideos` })).statusCode).toBe(200);
      expect((await capped.app.inject({ url: '/health' })).json()).toEqual({ status: 'ok', database: 'ok', load: 'ok' });
      // Refused and failed requests free their place too.
      for (let i = 0; i < 5; i += 1) {
        await capped.app.inject({ method: 'POST', url: `${API}/auth/login`, payload: '{not json', headers: { 'content-type': 'application/json' } });
        await capped.app.inject({ method: 'GET', url: `${API}/no-such-route` });
      }
      expect(capped.app.isOverloaded()).toBe(false);
    } finally {
      open();
      await capped.close();
    }
  });
});
