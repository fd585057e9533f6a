/**
 * Admission control (http/admission.ts, wired in http/overload.ts): a bounded number of requests
 * worked on at once per class, the next ones waiting in a bounded queue, the rest answered 503
 * with Retry-After in the one error shape before any work; /health is never held back.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

import { AdmissionGate, STARTS_PER_TURN, type Refusal } from '../../server/http/admission';
import { makeTestApp } from '../support/server';
import { API } from '../support/videos';

/** Lets the event loop turn until `done()` (an inject is dispatched over a few turns). */
async function turnsUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !done(); i += 1) await nextTurn();
  expect(done()).toBe(true);
}

/** Records what the gate decided for each request it was asked about. */
function recorder() {
  const decisions: Array<{ id: number; admitted: boolean; refusal?: Refusal }> = [];
  let next = 0;
  return {
    decisions,
    ask(gate: AdmissionGate) {
      const id = next++;
      const withdraw = gate.enter((admitted, refusal) => decisions.push({ id, admitted, refusal }));
      return { id, withdraw };
    },
    admitted: () => decisions.filter((d) => d.admitted).map((d) => d.id),
    refused: () => decisions.filter((d) => !d.admitted).map((d) => [d.id, d.refusal]),
  };
}

describe('the admission gate', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('never has more than its limit in flight; the oldest waiter gets the next free place', async () => {
    const gate = new AdmissionGate({ maxInFlight: 2, maxWaitMs: 10_000, maxQueue: 10 });
    const r = recorder();
    for (let i = 0; i < 5; i += 1) r.ask(gate);
    expect(r.admitted()).toEqual([0, 1]);
    expect({ inFlight: gate.inFlight, queued: gate.queued, full: gate.full() }).toEqual({ inFlight: 2, queued: 3, full: true });

    gate.leave();
    // The place passes on the next turn of the event loop, in arrival order.
    await nextTurn();
    expect(r.admitted()).toEqual([0, 1, 2]);
    expect(gate.inFlight).toBe(2);
    gate.leave();
    gate.leave();
    await nextTurn();
    expect(r.admitted()).toEqual([0, 1, 2, 3, 4]);
    expect({ inFlight: gate.inFlight, queued: gate.queued }).toEqual({ inFlight: 2, queued: 0 });
    gate.leave();
    gate.leave();
    expect({ inFlight: gate.inFlight, full: gate.full() }).toEqual({ inFlight: 0, full: false });
    // Free again: admitted at once.
    r.ask(gate);
    expect(r.admitted()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(r.refused()).toEqual([]);
  });

  it('refuses at once when every place is taken and the queue is full (or there is no queue)', () => {
    const gate = new AdmissionGate({ maxInFlight: 1, maxWaitMs: 10_000, maxQueue: 2 });
    const r = recorder();
    for (let i = 0; i < 5; i += 1) r.ask(gate);
    expect(r.admitted()).toEqual([0]);
    expect(r.refused()).toEqual([
      [3, 'busy'],
      [4, 'busy'],
    ]);
    expect(gate.refused).toBe(2);

    const noQueue = new AdmissionGate({ maxInFlight: 1, maxWaitMs: 0, maxQueue: 100 });
    const q = recorder();
    q.ask(noQueue);
    q.ask(noQueue);
    expect(q.admitted()).toEqual([0]);
    expect(q.refused()).toEqual([[1, 'busy']]);
  });

  it('refuses a waiter not started by its deadline, and the place it never had stays free for the next', async () => {
    jest.useFakeTimers();
    const gate = new AdmissionGate({ maxInFlight: 1, maxWaitMs: 1000, maxQueue: 10 });
    const r = recorder();
    r.ask(gate);
    r.ask(gate);
    jest.advanceTimersByTime(999);
    expect(r.refused()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(r.refused()).toEqual([[1, 'deadline']]);
    expect(gate.queued).toBe(0);
    gate.leave();
    jest.runOnlyPendingTimers();
    expect(gate.inFlight).toBe(0);
    r.ask(gate);
    expect(r.admitted()).toEqual([0, 2]);
  });

  it('says it is shedding only while it turns requests away: a full gate working through its queue is not', () => {
    jest.useFakeTimers();
    const gate = new AdmissionGate({ maxInFlight: 1, maxWaitMs: 1000, maxQueue: 2 });
    const r = recorder();
    r.ask(gate);
    expect({ full: gate.full(), shedding: gate.shedding() }).toEqual({ full: true, shedding: false });
    r.ask(gate);
    expect({ queued: gate.queued, shedding: gate.shedding() }).toEqual({ queued: 1, shedding: false });
    // The queue is full: the next arrival would be refused.
    r.ask(gate);
    expect(gate.shedding()).toBe(true);
    // Both waiters run out of time: refused, and shedding for one more wait period.
    jest.advanceTimersByTime(1000);
    expect(r.refused()).toEqual([
      [1, 'deadline'],
      [2, 'deadline'],
    ]);
    expect({ queued: gate.queued, shedding: gate.shedding() }).toEqual({ queued: 0, shedding: true });
    jest.advanceTimersByTime(999);
    expect(gate.shedding()).toBe(true);
    jest.advanceTimersByTime(1);
    expect(gate.shedding()).toBe(false);
    // Free places: never shedding, whatever happened before.
    gate.leave();
    expect(gate.shedding()).toBe(false);

    const noQueue = new AdmissionGate({ maxInFlight: 1, maxWaitMs: 0, maxQueue: 100 });
    recorder().ask(noQueue);
    expect(noQueue.shedding()).toBe(true);
  });

  it('lets a waiter whose client went away withdraw: it takes no place', async () => {
    const gate = new AdmissionGate({ maxInFlight: 1, maxWaitMs: 10_000, maxQueue: 10 });
    const r = recorder();
    r.ask(gate);
    const gone = r.ask(gate);
    r.ask(gate);
    gone.withdraw?.();
    expect(r.refused()).toEqual([[1, 'gone']]);
    gate.leave();
    await nextTurn();
    expect(r.admitted()).toEqual([0, 2]);
    // Withdrawing once decided does nothing.
    gone.withdraw?.();
    expect(r.decisions).toHaveLength(3);
    gate.leave();
  });

  it('starts a bounded number per turn of the event loop, even with places free: the rest wait for the next turn', async () => {
    const gate = new AdmissionGate({ maxInFlight: 1000, maxWaitMs: 10_000, maxQueue: 1000 });
    const r = recorder();
    const total = STARTS_PER_TURN * 2 + 3;
    for (let i = 0; i < total; i += 1) r.ask(gate);
    expect(r.admitted()).toHaveLength(STARTS_PER_TURN);
    // Nobody passes those waiting, even once the budget renews.
    await nextTurn();
    expect(r.admitted()).toHaveLength(STARTS_PER_TURN * 2);
    await nextTurn();
    expect(r.admitted()).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(r.refused()).toEqual([]);
  });
});

describe('admission control in the app', () => {
  it('holds no more than its limit in flight, queues the next, answers 503 + Retry-After at once past the queue, and admits again after', async () => {
    const t = await makeTestApp({ env: { OVERLOAD_MAX_IN_FLIGHT: '2', OVERLOAD_MAX_QUEUE: '1', OVERLOAD_MAX_QUEUE_WAIT_MS: '60000' } });
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let running = 0;
    let mostRunning = 0;
    t.app.get('/test-slow', async () => {
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      await gate;
      running -= 1;
      return { ok: true };
    });
    await t.app.ready();
    try {
      const held = [t.app.inject({ url: '/test-slow' }), t.app.inject({ url: '/test-slow' }), t.app.inject({ url: '/test-slow' })];
      await turnsUntil(() => running === 2 && t.app.admission.other.queued === 1);
      expect({ inFlight: t.app.admission.other.inFlight, queued: t.app.admission.other.queued }).toEqual({ inFlight: 2, queued: 1 });

      const shed = await t.app.inject({ method: 'GET', url: `${API}/videos/selfieVideos` });
      expect({ status: shed.statusCode, retryAfter: shed.headers['retry-after'], cache: shed.headers['cache-control'], body: shed.json() }).toEqual({
        status: 503,
        retryAfter: '2',
        cache: 'no-store',
        body: { success: false, message: 'The site is very busy right now. Please try again in a few seconds.' },
      });
      const zh = await t.app.inject({ method: 'GET', url: `${API}/videos/selfieVideos`, headers: { 'accept-language': 'zh' } });
      expect(zh.json()).toEqual({ success: false, message: '网站当前非常繁忙，请几秒钟后再试。' });

      // Health is never held back nor shed: it answers, and says the process is saturated.
      const health = await t.app.inject({ url: '/health' });
      expect({ status: health.statusCode, body: health.json() }).toEqual({ status: 503, body: { status: 'error', database: 'ok', load: 'overloaded' } });

      const metrics = await t.app.metrics.registry.getSingleMetricAsString('http_requests_shed_total');
      expect(metrics).toContain('http_requests_shed_total{class="other",reason="busy"} 2');

      open();
      expect((await Promise.all(held)).map((res) => res.statusCode)).toEqual([200, 200, 200]);
      expect(mostRunning).toBe(2);
      expect((await t.app.inject({ method: 'GET', url: `${API}/videos/selfieVideos` })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/health' })).json()).toEqual({ status: 'ok', database: 'ok', load: 'ok' });
      expect({ inFlight: t.app.admission.other.inFlight, queued: t.app.admission.other.queued }).toEqual({ inFlight: 0, queued: 0 });
    } finally {
      open();
      await t.close();
    }
  });

  it('keeps /health ok while every place is taken and requests wait their turn, overloaded once arrivals are refused', async () => {
    const t = await makeTestApp({ env: { OVERLOAD_MAX_IN_FLIGHT: '1', OVERLOAD_MAX_QUEUE: '2', OVERLOAD_MAX_QUEUE_WAIT_MS: '60000' } });
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    t.app.get('/test-slow', async () => {
      await gate;
      return { ok: true };
    });
    await t.app.ready();
    const health = async () => {
      const res = await t.app.inject({ url: '/health' });
      return { status: res.statusCode, load: res.json<{ load: string }>().load };
    };
    try {
      const held = [t.app.inject({ url: '/test-slow' }), t.app.inject({ url: '/test-slow' })];
      await turnsUntil(() => t.app.admission.other.inFlight === 1 && t.app.admission.other.queued === 1);
      // Full, one waiting within its deadline: busy, not overloaded.
      expect(await health()).toEqual({ status: 200, load: 'ok' });

      held.push(t.app.inject({ url: '/test-slow' }));
      await turnsUntil(() => t.app.admission.other.queued === 2);
      // The queue is full: the next arrival is refused, and /health says so.
      expect(await health()).toEqual({ status: 503, load: 'overloaded' });
      expect((await t.app.inject({ url: `${API}/videos/selfieVideos` })).statusCode).toBe(503);

      open();
      expect((await Promise.all(held)).map((res) => res.statusCode)).toEqual([200, 200, 200]);
      expect(await health()).toEqual({ status: 200, load: 'ok' });
    } finally {
      open();
      await t.close();
    }
  });

  it('refuses a request that waited past the deadline with 503 before its handler ran', async () => {
    const t = await makeTestApp({ env: { OVERLOAD_MAX_IN_FLIGHT: '1', OVERLOAD_MAX_QUEUE_WAIT_MS: '50' } });
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let handled = 0;
    t.app.get('/test-slow', async () => {
      handled += 1;
      await gate;
      return { ok: true };
    });
    await t.app.ready();
    try {
      const first = t.app.inject({ url: '/test-slow' });
      await turnsUntil(() => handled === 1);
      const late = await t.app.inject({ url: '/test-slow' });
      expect({ status: late.statusCode, retryAfter: late.headers['retry-after'], body: late.json() }).toEqual({
        status: 503,
        retryAfter: '2',
        body: { success: false, message: 'The site is very busy right now. Please try again in a few seconds.' },
      });
      expect(handled).toBe(1);
      expect(await t.app.metrics.registry.getSingleMetricAsString('http_requests_shed_total')).toContain('reason="deadline"} 1');
      open();
      expect((await first).statusCode).toBe(200);
    } finally {
      open();
      await t.close();
    }
  });

  it('gives page views their own places, and a shed page view gets the busy page', async () => {
    const t = await makeTestApp({ env: { OVERLOAD_MAX_IN_FLIGHT: '1', OVERLOAD_MAX_IN_FLIGHT_PAGES: '1', OVERLOAD_MAX_QUEUE_WAIT_MS: '0' } });
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let entered = 0;
    t.app.get('/test-slow', async () => {
      entered += 1;
      await gate;
      return { ok: true };
    });
    t.app.get('/test-slow-page', async (_request, reply) => {
      entered += 1;
      await gate;
      return reply.type('text/html').send('<p>page</p>');
    });
    const html = { accept: 'text/html' };
    await t.app.ready();
    try {
      const api = t.app.inject({ url: '/test-slow' });
      await turnsUntil(() => entered === 1);
      // The API's only place is taken; a page view still gets its own.
      const page = t.app.inject({ url: '/test-slow-page', headers: html });
      await turnsUntil(() => entered === 2);
      expect({ page: t.app.admission.page.inFlight, other: t.app.admission.other.inFlight }).toEqual({ page: 1, other: 1 });
      const shedPage = await t.app.inject({ url: '/test-slow-page', headers: html });
      expect({ status: shedPage.statusCode, type: shedPage.headers['content-type'], retryAfter: shedPage.headers['retry-after'] }).toEqual({
        status: 503,
        type: 'text/html; charset=utf-8',
        retryAfter: '2',
      });
      expect(shedPage.body).toContain('<h1>Busy right now</h1>');
      open();
      expect([(await api).statusCode, (await page).statusCode]).toEqual([200, 200]);
    } finally {
      open();
      await t.close();
    }
  });

  it('counts a stream only until it starts sending: a long answer does not hold a place for ever', async () => {
    const t = await makeTestApp({ env: { OVERLOAD_MAX_IN_FLIGHT: '1', OVERLOAD_MAX_QUEUE_WAIT_MS: '0' } });
    const stream = new Readable({ read() {} });
    let started = false;
    t.app.get('/test-stream', async (_request, reply) => {
      started = true;
      return reply.type('text/plain').send(stream);
    });
    await t.app.ready();
    try {
      stream.push('first part, ');
      const streaming = t.app.inject({ url: '/test-stream' });
      await turnsUntil(() => started && t.app.admission.other.inFlight === 0);
      // Still sending, yet its place is free.
      expect(t.app.admission.other.inFlight).toBe(0);
      expect((await t.app.inject({ method: 'GET', url: `${API}/videos/selfieVideos` })).statusCode).toBe(200);
      stream.push('the end');
      stream.push(null);
      expect((await streaming).body).toBe('first part, the end');
    } finally {
      stream.destroy();
      await t.close();
    }
  });
});
