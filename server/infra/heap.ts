/**
 * The server process's heap policy, set before anything is loaded (server/index.ts imports this
 * first). On a machine with plenty of RAM, V8 lets the old generation grow to up to ~4× what is
 * live before collecting it, and never gives the pages back: under a burst of requests the
 * process grew by ~300 MiB of garbage (live heap ~140 MiB) and stayed there once idle. Growing by
 * at most half of what is live keeps the heap near its live size, for more frequent (mostly
 * concurrent) major collections. HEAP_GROWING_PERCENT overrides it; 0 leaves V8's default.
 *
 * The young generation's size cannot be changed once the process runs: it is the
 * `--max-semi-space-size=16` of the start commands (Dockerfile, npm start), which keeps it at
 * 32 MiB instead of the 128 MiB V8 picks on a large machine.
 */
import { setFlagsFromString } from 'node:v8';

const DEFAULT_HEAP_GROWING_PERCENT = 50;

const raw = process.env.HEAP_GROWING_PERCENT;
const percent = raw !== undefined && /^\d{1,3}$/.test(raw) ? Number(raw) : DEFAULT_HEAP_GROWING_PERCENT;
if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
