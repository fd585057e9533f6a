/**
 * A process that takes media jobs and never finishes them, for the "a worker dies mid-job" tests:
 * it prints `started <video id>` when a job starts, then hangs until it is killed (kill -9).
 * Run with tsx; reads the same variables as the site (DATA_DIR, DATABASE_URL, REDIS_URL) plus
 * QUEUE_LEASE_MS. The queue is the one the site would choose (domains/media/index.ts createJobQueue).
 */
import Fastify from 'fastify';

import { loadConfig } from '../../server/config/index';
import { createDatabase } from '../../server/infra/db';
import { createJobQueue } from '../../server/domains/media';

async function main(): Promise<void> {
  const loaded = loadConfig(process.env);
  const leaseMs = Number(process.env.QUEUE_LEASE_MS ?? 1000);
  const config = { ...loaded, media: { ...loaded.media, leaseMs, pollMs: 50, retryBaseMs: 50 } };
  const database = await createDatabase(config);
  const app = Fastify({ logger: false });
  app.decorate('config', config);
  app.decorate('db', database.db);
  const queue = createJobQueue(app);
  await queue.start(async (job) => {
    process.stdout.write(`started ${job.videoId}\n`);
    await new Promise(() => undefined);
  });
  process.stdout.write('ready\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
