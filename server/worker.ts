/**
 * The background worker (`npm run worker`, scripts/worker.ts): the same app and configuration as
 * an instance, but it takes no HTTP requests — it only runs the job consumers, i.e. transcoding
 * (the media job queue: BullMQ when REDIS_URL is set, else the embedded queue in the database).
 *
 * What else runs here, and what does not:
 * - media start-up clean-up and, with Redis, the periodic reconcile of lost enqueues: yes;
 * - the AI search index: no. It is memory each HTTP instance keeps to answer searches; a worker
 *   answers none, so it keeps an empty index (SEARCH_REFRESH_HOURS forced to 0: no ingestion, no
 *   word embeddings loaded). A video the worker makes ready reaches every instance's index
 *   through app.events (Redis pub/sub), and each instance re-syncs every 10 minutes anyway.
 *   Catalogue ingestion stays on the instances (one of them ingests when it is due; see README).
 * - WORKER is ignored here (a worker always consumes): instances run with WORKER=off.
 *
 * With METRICS_PORT it has the loopback metrics listener, which also answers /health (its probe).
 *
 * Tests start one in-process with startWorker(config), or as a process: `npm run worker`.
 */
import { buildApp, type AppInstance, type BuildAppOptions } from './app';
import type { AppConfig } from './config/index';

export interface RunningWorker {
  app: AppInstance;
  /** Graceful stop: running jobs are interrupted and put back for another worker, then connections close. */
  stop(): Promise<void>;
}

/** The configuration a worker runs with: the instance's, consuming jobs, without a search index. */
export function workerConfig(config: AppConfig): AppConfig {
  return { ...config, media: { ...config.media, worker: true }, search: { ...config.search, refreshHours: 0 } };
}

export async function startWorker(config: AppConfig, options: BuildAppOptions = {}): Promise<RunningWorker> {
  const app = await buildApp(workerConfig(config), options);
  try {
    // Runs the onReady hooks: media clean-up, then the queue's consumers.
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  app.log.info(
    { queue: app.media.queue.kind, concurrency: config.media.concurrency },
    'worker ready: consuming transcoding jobs (no public HTTP listener)',
  );
  return { app, stop: () => app.close() };
}
