/**
 * `npm run bench:bundle`: builds the SPA and prints the gzipped JavaScript that `/` needs and
 * each lazy chunk. Exits non-zero when `/` is over budget or carries a wallet library.
 */
import { bundleReport, HOME_BUDGET_BYTES, printBundleReport } from './bundle-report';
import { buildSpa, DIST_DIR } from './spa-build';

buildSpa()
  .then((stats) => {
    const report = bundleReport(stats, DIST_DIR);
    printBundleReport(report);
    const problems = [
      report.homeGzipBytes > HOME_BUDGET_BYTES ? 'the JavaScript for "/" is over budget' : '',
      report.walletModulesInHome.length > 0 ? 'a wallet library is in the JavaScript for "/"' : '',
    ].filter(Boolean);
    if (problems.length > 0) {
      console.error(`\nbench:bundle: ${problems.join('; ')}`);
      process.exit(1);
    }
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
