/**
 * Starts the server: configuration, app, listen, and a graceful stop on SIGINT/SIGTERM
 * (in-flight requests finish, the database closes). Importing this module starts it.
 */
// First: the heap policy applies from the first allocation on.
import './infra/heap';

import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config/index';
import { trustProxyWarning } from './http/client-address';
import { openAddresses } from './http/request-origin';

/** A stuck request must not keep a stopping process alive for ever. */
const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error:\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const app = await buildApp(config);
  const proxyWarning = trustProxyWarning(config.trustProxy, config.host);
  if (proxyWarning) app.log.warn(proxyWarning);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Unref'd: it fires only if something still holds the process open after the grace period.
    setTimeout(() => {
      app.log.error('shutdown timed out: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // No process.exit on success: the process ends once idle, after the logger has flushed.
    app.close().then(
      () => app.log.info('stopped'),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exitCode = 1;
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  await app.listen({ host: config.host, port: config.port });
  // Every address a person can open the site at; pages and writes work at each of them. Links in
  // e-mails and previews use PUBLIC_URL.
  const addresses = openAddresses(config.host, config.port);
  app.log.info({ addresses, publicUrl: config.publicUrl }, `Site ready at ${addresses.join(' , ')} (links in e-mails use ${config.publicUrl})`);
  // A person at a terminal gets them readable too; log collectors keep the one JSON line above.
  if (process.stdout.isTTY) {
    process.stdout.write(`\nThe site is ready. Open it at:\n${addresses.map((address) => `  ${address}\n`).join('')}\n`);
  }
}

main().catch((error: unknown) => {
  console.error('The server failed to start:', error);
  process.exit(1);
});
