/**
 * `npm run bench:bundle`: builds the SPA (or takes the current build of the same sources) and
 * prints the JavaScript that `/` needs (brotli, gzip and raw) and each lazy chunk; then serves the
 * build from the real app on a loopback port and counts the bytes the wire carries for those files
 * when the client accepts brotli, and for gzip-only clients. Exits non-zero when `/` is over
 * budget on the wire or carries a wallet library.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';

import { buildApp } from '../server/app';
import { loadConfig } from '../server/config/index';

import { bundleReport, HOME_BUDGET_BYTES, printBundleReport, REPORT_STATS_OPTIONS } from './bundle-report';
import { buildSpa, currentBuildStats, DIST_DIR } from './spa-build';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Bytes of the body as sent (not decoded), and the encoding the server chose. */
function wireBytes(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${url}: HTTP ${response.statusCode}`));
          else resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') });
        });
      })
      .on('error', reject);
  });
}

async function measureWire(files: string[]): Promise<{ br: number; gzip: number; encodings: Set<string> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-bundle-'));
  // Production delivery, minus what has no bearing on the bytes: the background search indexing,
  // and shedding on event-loop delay (right after the build in this same process, or on a busy
  // machine, the loop lags and the first requests would be answered 503).
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    SEARCH_REFRESH_HOURS: '0',
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const app = await buildApp({ ...config, spaDir: DIST_DIR }, { logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    let br = 0;
    let gzip = 0;
    const encodings = new Set<string>();
    for (const file of files) {
      const url = `http://127.0.0.1:${port}/${file}`;
      const viaBrotli = await wireBytes(url, 'gzip, deflate, br, zstd');
      const viaGzip = await wireBytes(url, 'gzip, deflate');
      br += viaBrotli.bytes;
      gzip += viaGzip.bytes;
      encodings.add(viaBrotli.encoding);
    }
    return { br, gzip, encodings };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  // The build `npm start` made of these same sources (CI's end-to-end run) is measured as it is.
  let stats = currentBuildStats();
  if (stats) console.info(`bench:bundle: measuring the current build in ${DIST_DIR}`);
  else stats = (await buildSpa()).toJson(REPORT_STATS_OPTIONS);
  const report = bundleReport(stats, DIST_DIR);
  printBundleReport(report);
  const wire = await measureWire(report.homeFiles);
  console.info(
    `  on the wire for "/": ${kb(wire.br)} (Accept-Encoding with br: ${[...wire.encodings].join(', ')}), ` +
      `${kb(wire.gzip)} for gzip-only clients (budget ${kb(HOME_BUDGET_BYTES)})`,
  );
  const problems = [
    wire.br > HOME_BUDGET_BYTES ? 'the JavaScript for "/" on the wire is over budget' : '',
    wire.gzip > HOME_BUDGET_BYTES ? 'the gzipped JavaScript for "/" on the wire is over budget' : '',
    report.walletModulesInHome.length > 0 ? 'a wallet library is in the JavaScript for "/"' : '',
  ].filter(Boolean);
  if (problems.length > 0) {
    console.error(`\nbench:bundle: ${problems.join('; ')}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
