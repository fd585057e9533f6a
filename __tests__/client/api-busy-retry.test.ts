/**
 * The API slice's base query: a read answered 503 with Retry-After (the server shedding load) is
 * tried again after the named wait, at most twice; writes are never repeated, and a 503 without
 * Retry-After is returned as the answer it is.
 */
import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';

import { api, BUSY_RETRIES } from '../../src/api/api';
import { server } from '../support/msw-server';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    busyRead: build.query<{ ok: boolean }, void>({ query: () => '/busy-probe' }),
    busyWrite: build.mutation<{ ok: boolean }, void>({ query: () => ({ url: '/busy-probe', method: 'POST' }) }),
  }),
});

function makeStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

const busy = () =>
  HttpResponse.json({ success: false, message: 'The site is very busy right now.' }, { status: 503, headers: { 'retry-after': '0' } });

describe('reads retry a busy server', () => {
  it('tries a read again after Retry-After and returns the answer that follows', async () => {
    let calls = 0;
    server.use(http.get('*/v0/api/busy-probe', () => (++calls === 1 ? busy() : HttpResponse.json({ ok: true }))));
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.busyRead.initiate());
    expect(result.data).toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it(`gives up after ${BUSY_RETRIES} retries with the server's message`, async () => {
    let calls = 0;
    server.use(
      http.get('*/v0/api/busy-probe', () => {
        calls += 1;
        return busy();
      }),
    );
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.busyRead.initiate());
    expect(result.error).toMatchObject({ status: 503, data: { message: 'The site is very busy right now.' } });
    expect(calls).toBe(BUSY_RETRIES + 1);
  });

  it('never repeats a write', async () => {
    let calls = 0;
    server.use(
      http.post('*/v0/api/busy-probe', () => {
        calls += 1;
        return busy();
      }),
    );
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.busyWrite.initiate());
    expect(result).toMatchObject({ error: { status: 503 } });
    expect(calls).toBe(1);
  });

  it('returns a 503 without Retry-After at once', async () => {
    let calls = 0;
    server.use(
      http.get('*/v0/api/busy-probe', () => {
        calls += 1;
        return HttpResponse.json({ success: false, message: 'Down for maintenance.' }, { status: 503 });
      }),
    );
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.busyRead.initiate());
    expect(result.error).toMatchObject({ status: 503 });
    expect(calls).toBe(1);
  });
});
