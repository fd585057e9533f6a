/** The app and search service the search benches measure (bench-search.ts, bench-sentence-model.ts). */
import path from 'node:path';

import { buildApp, type AppInstance } from '../server/app';
import { loadConfig } from '../server/config/index';
import { injectCatalogueFetch } from '../server/domains/search/ingest';
import { SearchService } from '../server/domains/search/service';

import { BENCH_NOW } from './search-relevance';

export async function makeApp(dataDir: string): Promise<AppInstance> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' });
  return buildApp({ ...config, spaDir: path.join(dataDir, 'no-spa') }, { logger: false });
}

/** The AI search service on the app's database, reading the catalogue stand-in through app.inject, "now" fixed. */
export function serviceFor(app: AppInstance): SearchService {
  return new SearchService({
    database: app.database,
    config: app.config,
    log: app.log,
    catalogueFetch: injectCatalogueFetch((request) => app.inject(request)),
    now: () => BENCH_NOW,
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}
