/**
 * `npm start`: validate configuration, build the SPA when it is missing or its sources
 * changed, then run the one server process (SPA + API + media + catalogue stand-in).
 */
import { ConfigError, loadConfig } from '../server/config/index';

import { buildSpa, isBuildCurrent } from './spa-build';

async function main(): Promise<void> {
  // Fail fast on a bad variable, before spending time on a build.
  loadConfig();
  if (!isBuildCurrent()) {
    console.info('Building the SPA (first start or sources changed)…');
    const stats = await buildSpa();
    console.info(`SPA built in ${((stats.endTime - stats.startTime) / 1000).toFixed(1)} s`);
  }
  await import('../server/index');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
