import { makeTestApp } from './__tests__/support/server';
(async () => {
  const t = await makeTestApp({ env: { SEARCH_REFRESH_HOURS: '6' } });
  await t.app.ready();
  const svc = t.app.searchIndex as any;
  const t0 = performance.now();
  console.log('refresh', await svc.refreshCatalogue?.().then((r: any) => JSON.stringify(r).slice(0, 200)));
  await svc.loadPackageEmbeddings?.();
  console.log('prep ms', performance.now() - t0, await svc.status());
  const words = 'funny cats playing piano under ten minutes with dogs and birds in the garden at sunset '.repeat(6).slice(0, 500);
  for (const text of ['cats', 'short funny dog videos from this year', words]) {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) { const s = performance.now(); await svc.aiSearch({ text, perPage: 18, page: 1 }); times.push(performance.now() - s); }
    times.sort((a, b) => a - b);
    console.log(text.length, 'p50', times[10].toFixed(1), 'max', times[19].toFixed(1));
  }
  await t.close();
})();
