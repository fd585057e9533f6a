/** `npm run build`: production build of the SPA, then its bundle figures. */
import { bundleReport, printBundleReport, REPORT_STATS_OPTIONS } from './bundle-report';
import { buildSpa, DIST_DIR } from './spa-build';

buildSpa()
  .then((stats) => {
    console.info(`SPA built into ${DIST_DIR} in ${((stats.endTime - stats.startTime) / 1000).toFixed(1)} s`);
    printBundleReport(bundleReport(stats.toJson(REPORT_STATS_OPTIONS), DIST_DIR));
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
