/**
 * Production build of the SPA through webpack's Node API, with a content stamp so that
 * `npm start` rebuilds only when the SPA's sources changed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { webpack, type Configuration, type Stats, type StatsCompilation } from 'webpack';

import webpackConfig, { SERVER_RENDER_DIR, SERVER_RENDER_FILE, serverRenderConfig } from '../webpack.config';

import { REPORT_STATS_OPTIONS } from './bundle-report';

export const ROOT = path.resolve(__dirname, '..');
export const DIST_DIR = path.join(ROOT, 'dist');
const STAMP_FILE = path.join(DIST_DIR, '.build-stamp');
/** The browser build's chunk stats, for the bundle figures (a dotfile: never served). */
const STATS_FILE = path.join(DIST_DIR, '.build-stats.json');
const STAMPED_INPUTS = ['src', 'public', 'webpack.config.ts', 'package-lock.json', 'tsconfig.json'];

function* filesUnder(entry: string): Generator<string> {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) yield* filesUnder(path.join(entry, name));
}

/** A hash of everything the SPA build reads from the repository. */
export function sourceStamp(): string {
  const hash = createHash('sha256');
  for (const input of STAMPED_INPUTS) {
    for (const file of filesUnder(path.join(ROOT, input))) {
      hash.update(path.relative(ROOT, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

export function isBuildCurrent(): boolean {
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) return false;
  if (!fs.existsSync(path.join(SERVER_RENDER_DIR, SERVER_RENDER_FILE))) return false;
  try {
    return fs.readFileSync(STAMP_FILE, 'utf8').trim() === sourceStamp();
  } catch {
    return false;
  }
}

function compile(config: Configuration): Promise<Stats> {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (!stats) return reject(new Error('webpack returned no stats'));
      if (stats.hasErrors()) {
        return reject(new Error(stats.toString({ colors: false, all: false, errors: true, errorDetails: true })));
      }
      resolve(stats);
    });
  });
}

/**
 * The browser build, then the server-render bundle into dist/.ssr (after, because the browser
 * build empties dist). Resolves with the browser build's stats.
 */
export async function buildSpa(): Promise<Stats> {
  const stamp = sourceStamp();
  const stats = await compile(webpackConfig({}, { mode: 'production' }));
  await compile(serverRenderConfig());
  fs.writeFileSync(STATS_FILE, JSON.stringify(stats.toJson(REPORT_STATS_OPTIONS)));
  fs.writeFileSync(STAMP_FILE, `${stamp}\n`);
  return stats;
}

/** The current build's chunk stats, or null when dist/ is missing, stale or has none. */
export function currentBuildStats(): StatsCompilation | null {
  if (!isBuildCurrent()) return null;
  try {
    return JSON.parse(fs.readFileSync(STATS_FILE, 'utf8')) as StatsCompilation;
  } catch {
    return null;
  }
}
