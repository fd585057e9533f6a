/**
 * `npm run worker`: the job consumers only (server/worker.ts), with the same variables as
 * `npm start`; no public HTTP listener (METRICS_PORT adds the loopback /metrics and /health).
 * Stops gracefully on SIGINT/SIGTERM (running jobs go back to the queue for another worker).
 */
import { ConfigError, loadConfig } from '../server/config/index';
import { startWorker } from '../server/worker';

/** A stuck job must not keep a stopping worker alive for ever. */
const SHUTDOWN_GRACE_MS = 30_000;

async function main(): Promise<void> {
  const worker = await startWorker(loadConfig());
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    worker.app.log.info({ signal }, 'worker shutting down');
    setTimeout(() => {
      worker.app.log.error('worker shutdown timed out: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    worker.stop().then(
      () => worker.app.log.info('worker stopped'),
      (error: unknown) => {
        worker.app.log.error({ err: error }, 'error while stopping the worker');
        process.exitCode = 1;
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error:\n${error.message}` : error);
  process.exit(1);
});
