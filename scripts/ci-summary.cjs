/*
 * The end of a CI run (.ci/run), from jest's and Playwright's JSON reports: the slowest jest suites
 * and the slowest e2e tests (where the time goes), then one closing line, "ci: N passed, N failed".
 */
const fs = require('node:fs');
const path = require('node:path');

/** How many of the slowest suites and e2e tests are listed. */
const SLOWEST = 10;

const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

function printSlowest(title, rows) {
  if (rows.length === 0) return;
  console.log(`ci: ${title}`);
  for (const row of rows.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) console.log(`ci: ${seconds(row.ms)}  ${row.name}`);
}

/** Every test in a Playwright JSON report's suites (files, then describe blocks), with its time (all attempts). */
function e2eTests(suites, titles = [], files = true) {
  return suites.flatMap((suite) => {
    const inner = files ? titles : [...titles, suite.title];
    const here = (suite.specs ?? []).map((spec) => ({
      name: `${spec.file}:${spec.line} ${[...inner, spec.title].join(' › ')}`,
      ms: spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + (result.duration ?? 0), 0),
    }));
    return [...here, ...e2eTests(suite.suites ?? [], inner, false)];
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;
/** Suites jest marks failed: also those that failed outside any test (an import, an afterAll). */
let failedSuites = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof report.numPassedTests === 'number') {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    failedSuites += report.numFailedTestSuites ?? 0;
    const suites = report.testResults
      .filter((suite) => suite.startTime && suite.endTime)
      .map((suite) => ({ name: path.relative(process.cwd(), suite.name), ms: suite.endTime - suite.startTime }));
    printSlowest(`slowest jest suites (${file}):`, suites);
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    printSlowest(`slowest e2e tests (${file}):`, e2eTests(report.suites ?? []));
  }
}
const suiteNote = failedSuites ? ` (${failedSuites} jest suite${failedSuites === 1 ? '' : 's'} failed)` : '';
console.log(`ci: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${suiteNote}`);
process.exit(failed > 0 || failedSuites > 0 || passed === 0 ? 1 : 0);
