/**
 * `npm run bench:static`: requests per second for a hashed static asset (the smallest entry
 * script, brotli as browsers ask for it) against `/health`, each with autocannon at 100
 * connections, from the site started as `npm start` starts it. Prints both rates and their ratio
 * (target ≥ 0.8).
 *
 *   BENCH_STATIC_PORT (default 4453)   BENCH_STATIC_SECONDS (default 10)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

const ROOT = path.resolve(__dirname, '..');
const PORT = Number(process.env.BENCH_STATIC_PORT ?? 4453);
const SECONDS = Number(process.env.BENCH_STATIC_SECONDS ?? 10);
const CONNECTIONS = 100;

async function waitForHealth(base: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no answer from ${base}/health`);
}

function run(url: string, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-static-'));
  const base = `http://127.0.0.1:${PORT}`;
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(base, 300_000);
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist', 'asset-manifest.json'), 'utf8')) as {
      entry: { js: string[] };
    };
    const sizes = manifest.entry.js.map((file) => ({ file, size: fs.statSync(path.join(ROOT, 'dist', file)).size }));
    // The smallest entry script: the per-request cost of a static answer, not the loopback's bandwidth.
    const asset = sizes.sort((a, b) => a.size - b.size)[0]!.file;

    await run(`${base}/health`); // warm-up
    const health = await run(`${base}/health`);
    const stat = await run(`${base}/${asset}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const errors = health.errors + health.non2xx + stat.errors + stat.non2xx;
    const ratio = stat.requests.average / health.requests.average;
    console.info(`\nbench:static — autocannon, ${CONNECTIONS} connections, ${SECONDS} s each`);
    console.info(`  /health                 ${health.requests.average.toFixed(0).padStart(7)} req/s`);
    console.info(`  /${asset}  ${stat.requests.average.toFixed(0).padStart(7)} req/s (brotli, ${(stat.throughput.average / 1024 / 1024).toFixed(1)} MiB/s)`);
    console.info(`  ratio static / health: ${ratio.toFixed(2)} (target ≥ 0.80)${errors > 0 ? `; ${errors} errors or non-2xx answers` : ''}`);
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
