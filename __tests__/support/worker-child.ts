/**
 * A worker process for tests: server/worker.ts startWorker() with the site's variables, plus
 * WORKER_TEST_LEASE_MS to shorten how long a killed worker's job takes to be taken back (BullMQ
 * lockDuration / the embedded lease). Prints `worker ready` on stdout once it consumes.
 * `npm run worker` (scripts/worker.ts) is the same call without that knob.
 */
import { loadConfig } from '../../server/config/index';
import { startWorker } from '../../server/worker';

async function main(): Promise<void> {
  const loaded = loadConfig(process.env);
  const leaseMs = Number(process.env.WORKER_TEST_LEASE_MS ?? loaded.media.leaseMs);
  await startWorker({ ...loaded, media: { ...loaded.media, leaseMs, pollMs: 100, retryBaseMs: 100 } });
  process.stdout.write('worker ready\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
