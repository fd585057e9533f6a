/**
 * Bundle figures: JavaScript that loading `/` needs (the entry's initial chunks plus the home
 * page's lazy chunk) raw, gzipped and brotli-compressed as the build writes them, and every lazy
 * chunk on its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import type { StatsChunk, StatsCompilation } from 'webpack';

/** Chunk-name prefix the router gives each lazily loaded page ("page-home", "page-login"…). */
const HOME_PAGE_CHUNK = 'page-home';
/** Packages that must never be in what `/` downloads. */
const WALLET_PACKAGES = ['wagmi', 'viem', '@wagmi', '@tanstack/react-query'];
export const HOME_BUDGET_BYTES = 150 * 1024;

export interface BundleReport {
  homeGzipBytes: number;
  homeBrotliBytes: number;
  homeRawBytes: number;
  homeFiles: string[];
  walletModulesInHome: string[];
  lazyChunks: Array<{ name: string; files: string[]; gzipBytes: number }>;
}

const gzipSize = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length;
/** The build's own .br copy when there is one (what the server sends), else brotli at quality 11. */
const brotliSize = (file: string) =>
  fs.existsSync(`${file}.br`)
    ? fs.statSync(`${file}.br`).size
    : brotliCompressSync(fs.readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const rawSize = (file: string) => fs.statSync(file).size;
const jsFiles = (chunk: StatsChunk) => (chunk.files ?? []).filter((f) => f.endsWith('.js'));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** What the report reads of a build's stats (spa-build.ts keeps this much next to the build). */
export const REPORT_STATS_OPTIONS = { all: false, chunks: true, chunkModules: true, entrypoints: true, ids: true } as const;

export function bundleReport(json: StatsCompilation, distDir: string): BundleReport {
  const chunks = json.chunks ?? [];
  const entry = json.entrypoints?.main;
  const initialIds = new Set((entry?.chunks ?? []).map(String));
  const homeChunks = chunks.filter((c) => initialIds.has(String(c.id)) || (c.names ?? []).includes(HOME_PAGE_CHUNK));
  // A lazy page's shared vendor code splits into sibling chunks loaded with it.
  const homeChunk = chunks.find((c) => (c.names ?? []).includes(HOME_PAGE_CHUNK));
  const siblingIds = new Set((homeChunk?.siblings ?? []).map(String));
  for (const c of chunks) if (siblingIds.has(String(c.id)) && !homeChunks.includes(c)) homeChunks.push(c);

  const homeFiles = [...new Set(homeChunks.flatMap(jsFiles))];
  const walletModulesInHome = homeChunks
    .flatMap((c) => (c.modules ?? []).map((m) => m.name ?? ''))
    .filter((name) => WALLET_PACKAGES.some((pkg) => name.includes(`node_modules/${pkg}/`)));
  const lazyChunks = chunks
    .filter((c) => !c.initial)
    .map((c) => {
      const files = jsFiles(c);
      return {
        name: (c.names ?? []).join(',') || String(c.id),
        files,
        gzipBytes: files.reduce((sum, f) => sum + gzipSize(path.join(distDir, f)), 0),
      };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);

  return {
    homeGzipBytes: homeFiles.reduce((sum, f) => sum + gzipSize(path.join(distDir, f)), 0),
    homeBrotliBytes: homeFiles.reduce((sum, f) => sum + brotliSize(path.join(distDir, f)), 0),
    homeRawBytes: homeFiles.reduce((sum, f) => sum + rawSize(path.join(distDir, f)), 0),
    homeFiles,
    walletModulesInHome,
    lazyChunks,
  };
}

export function printBundleReport(report: BundleReport): void {
  console.info('\nBundle figures');
  console.info(
    `  JavaScript for "/": ${kb(report.homeBrotliBytes)} brotli, ${kb(report.homeGzipBytes)} gzip -9, ` +
      `${kb(report.homeRawBytes)} raw (budget ${kb(HOME_BUDGET_BYTES)}) in ${report.homeFiles.length} files`,
  );
  for (const f of report.homeFiles) console.info(`    ${f}`);
  console.info(`  wallet libraries in "/": ${report.walletModulesInHome.length === 0 ? 'none' : report.walletModulesInHome.length + ' modules'}`);
  console.info('  lazy chunks (gzip -9):');
  for (const c of report.lazyChunks) console.info(`    ${kb(c.gzipBytes).padStart(9)}  ${c.name}`);
}
