/**
 * The one place ffmpeg and ffprobe are run (docs/transcoding.md).
 *
 * Which binaries, in this order (chosen once, logged with their version at start):
 * FFMPEG_PATH / FFPROBE_PATH; else a system ffmpeg/ffprobe on PATH whose major version is ≥ 5
 * (Debian's `ffmpeg` package: current decoder security fixes); else the ones bundled in the
 * registry packages @ffmpeg-installer/ffmpeg (a 2018 static build) and @ffprobe-installer/ffprobe,
 * with a warning. No registry package ships a newer static build that installs without a download.
 *
 * Every run: arguments as an array (never a shell), in its own process group (a timeout or an
 * abort kills the whole group with SIGKILL), under an address-space limit (`prlimit --as`),
 * encoders at low CPU and I/O priority (`nice -n 10`, `ionice -t -c 2 -n 7`, and the same niceness
 * for its session's scheduling group: see lowerSessionPriority); each wrapper is used when the
 * machine has it and skipped otherwise. stderr's tail is kept for the failure reason,
 * progress is read from `-progress pipe:1`.
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/** Kept of stderr, for error messages and logs. */
const STDERR_TAIL_BYTES = 4096;
/** Nice value for encoders: 10 = well below the web server, still progressing when idle. */
export const ENCODER_NICENESS = 10;
/** The oldest major version taken from the system. */
export const MIN_SYSTEM_MAJOR = 5;

function packageBinary(moduleName: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const found = (require(moduleName) as { path: string }).path;
  // The packages' postinstall only sets the executable bit; do it here if it did not run.
  try {
    accessSync(found, constants.X_OK);
  } catch {
    try {
      chmodSync(found, 0o755);
    } catch {
      // reported by spawn
    }
  }
  return found;
}

/** An executable of this name on PATH, or null. */
export function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // next
    }
  }
  return null;
}

/** "5.1.9-0+deb12u1" from `ffmpeg -version`'s first line; null when it does not run. */
export function toolVersion(binary: string): string | null {
  const result = spawnSync(binary, ['-version'], { encoding: 'utf8', timeout: 10_000 });
  if (result.status !== 0) return null;
  return /version (\S+)/.exec(result.stdout)?.[1] ?? 'unknown';
}

const execFileAsync = promisify(execFile);

/** A tool's standard output, read without blocking; null when it does not run or fails. */
async function outputOf(binary: string, args: string[]): Promise<string | null> {
  try {
    return (await execFileAsync(binary, args, { encoding: 'utf8', timeout: 10_000, maxBuffer: 4 * 1024 * 1024 })).stdout;
  } catch {
    return null;
  }
}

async function toolVersionAsync(binary: string): Promise<string | null> {
  const stdout = await outputOf(binary, ['-version']);
  return stdout === null ? null : (/version (\S+)/.exec(stdout)?.[1] ?? 'unknown');
}

/** Major version of a version string; null for git snapshots ("N-47683-g…") and the unknown. */
export function majorVersion(version: string | null): number | null {
  const match = /^n?(\d+)\./.exec(version ?? '');
  return match ? Number(match[1]) : null;
}

export interface ToolChoice {
  path: string;
  version: string | null;
  source: 'env' | 'system' | 'bundled';
}

/** The choice, asking for each candidate's version by yielding its path (choose, chooseAsync). */
function* choice(tool: 'ffmpeg' | 'ffprobe', envName: string, packageName: string): Generator<string, ToolChoice, string | null> {
  const fromEnv = process.env[envName]?.trim();
  if (fromEnv) return { path: fromEnv, version: yield fromEnv, source: 'env' };
  const system = onPath(tool);
  if (system) {
    const version = yield system;
    if ((majorVersion(version) ?? 0) >= MIN_SYSTEM_MAJOR) return { path: system, version, source: 'system' };
  }
  const bundled = packageBinary(packageName);
  return { path: bundled, version: yield bundled, source: 'bundled' };
}

function choose(tool: 'ffmpeg' | 'ffprobe', envName: string, packageName: string): ToolChoice {
  const steps = choice(tool, envName, packageName);
  let step = steps.next();
  while (!step.done) step = steps.next(toolVersion(step.value));
  return step.value;
}

async function chooseAsync(tool: 'ffmpeg' | 'ffprobe', envName: string, packageName: string): Promise<ToolChoice> {
  const steps = choice(tool, envName, packageName);
  let step = steps.next();
  while (!step.done) step = steps.next(await toolVersionAsync(step.value));
  return step.value;
}

let resolved: { ffmpeg?: ToolChoice; ffprobe?: ToolChoice } = {};
/** Moves at each resetBinaryPaths: a probe begun before keeps its findings to itself. */
let resolvedGeneration = 0;

export function ffmpegTool(): ToolChoice {
  resolved.ffmpeg ??= choose('ffmpeg', 'FFMPEG_PATH', '@ffmpeg-installer/ffmpeg');
  return resolved.ffmpeg;
}

export function ffprobeTool(): ToolChoice {
  resolved.ffprobe ??= choose('ffprobe', 'FFPROBE_PATH', '@ffprobe-installer/ffprobe');
  return resolved.ffprobe;
}

export function ffmpegPath(): string {
  return ffmpegTool().path;
}

export function ffprobePath(): string {
  return ffprobeTool().path;
}

/** Forget resolved paths and capabilities (tests that change FFMPEG_PATH). */
export function resetBinaryPaths(): void {
  resolvedGeneration += 1;
  resolved = {};
  filterCache = undefined;
}

let filterCache: { binary: string; filters: Set<string> } | undefined;

/** The filter names of `ffmpeg -filters`. */
function parseFilters(stdout: string): Set<string> {
  const filters = new Set<string>();
  for (const line of stdout.split('\n')) {
    const match = /^\s*[.A-Z|]{2,3}\s+(\w+)\s/.exec(line);
    if (match?.[1]) filters.add(match[1]);
  }
  return filters;
}

/** Whether the chosen ffmpeg has this filter (`ffmpeg -filters`), e.g. zscale (libzimg). */
export function hasFilter(name: string): boolean {
  const binary = ffmpegPath();
  if (filterCache?.binary !== binary) {
    const result = spawnSync(binary, ['-hide_banner', '-filters'], { encoding: 'utf8', timeout: 10_000 });
    filterCache = { binary, filters: parseFilters(result.stdout ?? '') };
  }
  return filterCache.filters.has(name);
}

/** What the fence can use on this machine (each wrapper skipped when absent). */
export interface FenceTools {
  prlimit: string | null;
  nice: string | null;
  ionice: string | null;
}

let fenceTools: FenceTools | undefined;

export function availableFenceTools(): FenceTools {
  fenceTools ??= { prlimit: onPath('prlimit'), nice: onPath('nice'), ionice: onPath('ionice') };
  return fenceTools;
}

let memoryLimitBytes = 4096 * 1024 * 1024;

/** The address-space limit of every ffmpeg/ffprobe run (TRANSCODE_MEMORY_MB); 0 = none. */
export function setMemoryLimit(bytes: number): void {
  memoryLimitBytes = bytes;
}

/** The command line that runs `binary args` inside the fence. */
export function fencedCommand(binary: string, args: string[], lowPriority: boolean): { command: string; args: string[] } {
  const tools = availableFenceTools();
  const prefix: string[] = [];
  if (tools.prlimit && memoryLimitBytes > 0) prefix.push(tools.prlimit, `--as=${memoryLimitBytes}`, '--');
  if (lowPriority && tools.nice) prefix.push(tools.nice, '-n', String(ENCODER_NICENESS));
  if (lowPriority && tools.ionice) prefix.push(tools.ionice, '-t', '-c', '2', '-n', '7');
  const [command, ...rest] = [...prefix, binary, ...args];
  return { command: command as string, args: rest };
}

/** A start-up line: which binaries, their versions, and the fence available. */
export function describeMediaTools(): { ffmpeg: ToolChoice; ffprobe: ToolChoice; zscale: boolean; fence: FenceTools; warning: string | null } {
  const ffmpeg = ffmpegTool();
  const ffprobe = ffprobeTool();
  const old = [ffmpeg, ffprobe].filter((tool) => tool.source === 'bundled' || (majorVersion(tool.version) ?? 0) < MIN_SYSTEM_MAJOR);
  const warning = old.length
    ? `old ${old.map((tool) => `${path.basename(tool.path)} ${tool.version ?? '?'}`).join(', ')} decodes uploads: install a current ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH/FFPROBE_PATH`
    : null;
  return { ffmpeg, ffprobe, zscale: hasFilter('zscale'), fence: availableFenceTools(), warning };
}

/**
 * describeMediaTools without holding up the event loop: the versions and filters are read by
 * child processes nobody waits on synchronously (each takes a second or more on a busy
 * machine), then remembered for the synchronous accessors above. For the start-up line.
 */
export async function probeMediaTools(): Promise<ReturnType<typeof describeMediaTools>> {
  const generation = resolvedGeneration;
  if (!resolved.ffmpeg) {
    const ffmpeg = await chooseAsync('ffmpeg', 'FFMPEG_PATH', '@ffmpeg-installer/ffmpeg');
    if (generation === resolvedGeneration) resolved.ffmpeg ??= ffmpeg;
  }
  if (!resolved.ffprobe) {
    const ffprobe = await chooseAsync('ffprobe', 'FFPROBE_PATH', '@ffprobe-installer/ffprobe');
    if (generation === resolvedGeneration) resolved.ffprobe ??= ffprobe;
  }
  const binary = ffmpegPath();
  if (filterCache?.binary !== binary) {
    const filters = parseFilters((await outputOf(binary, ['-hide_banner', '-filters'])) ?? '');
    if (generation === resolvedGeneration && filterCache?.binary !== binary) filterCache = { binary, filters };
  }
  return describeMediaTools();
}

export class MediaToolError extends Error {
  constructor(
    message: string,
    readonly stderrTail: string,
    readonly exitCode: number | null,
    readonly reason: 'exit' | 'timeout' | 'aborted' | 'spawn',
  ) {
    super(message);
    this.name = 'MediaToolError';
  }
}

export interface RunOptions {
  /** Killed (SIGKILL) after this long. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Run below the server's priority (encoders, and the checks of a finished upload: the server's own requests come first). */
  lowPriority?: boolean;
  /** Called with each `-progress pipe:1` block (key=value pairs) when the arguments ask for it. */
  onProgress?: (fields: Record<string, string>) => void;
  /** Collect stdout (ffprobe's JSON); off when stdout carries progress. */
  captureStdout?: boolean;
  /** Told the child's pid once it runs (the benchmark samples its memory). */
  onSpawn?: (pid: number) => void;
}

export interface RunResult {
  stdout: string;
  stderrTail: string;
}

/** Runs `binary args…`; resolves when it exits 0, rejects with a MediaToolError otherwise. */
export function runTool(binary: string, args: string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new MediaToolError('aborted before start', '', null, 'aborted'));
      return;
    }
    const fenced = fencedCommand(binary, args, options.lowPriority ?? false);
    // Its own process group, so a kill reaches whatever it started too.
    const child = spawn(fenced.command, fenced.args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    if (child.pid !== undefined) {
      if (options.lowPriority) lowerSessionPriority(child.pid);
      options.onSpawn?.(child.pid);
    }
    let stderrTail = '';
    const stdoutChunks: Buffer[] = [];
    let progressBuffer = '';
    let progressBlock: Record<string, string> = {};
    let ended: MediaToolError['reason'] | undefined;

    child.stderr.on('data', (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.captureStdout) stdoutChunks.push(chunk);
      if (!options.onProgress) return;
      progressBuffer += chunk.toString('utf8');
      let newline = progressBuffer.indexOf('\n');
      while (newline >= 0) {
        const line = progressBuffer.slice(0, newline).trim();
        progressBuffer = progressBuffer.slice(newline + 1);
        const eq = line.indexOf('=');
        if (eq > 0) {
          const key = line.slice(0, eq);
          progressBlock[key] = line.slice(eq + 1);
          if (key === 'progress') {
            try {
              options.onProgress(progressBlock);
            } catch {
              // a listener's problem is not the encoder's
            }
            progressBlock = {};
          }
        }
        newline = progressBuffer.indexOf('\n');
      }
    });

    const kill = (why: 'timeout' | 'aborted') => {
      ended ??= why;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => kill('timeout'), options.timeoutMs);
    const onAbort = () => kill('aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const finish = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      finish();
      reject(new MediaToolError(`could not run ${binary}: ${error.message}`, stderrTail, null, 'spawn'));
    });
    child.on('close', (code) => {
      finish();
      if (ended) {
        reject(new MediaToolError(`${binaryName(binary)} ${ended === 'timeout' ? 'timed out' : 'was stopped'}`, stderrTail, code, ended));
      } else if (code !== 0) {
        reject(new MediaToolError(`${binaryName(binary)} exited with ${code}: ${lastLine(stderrTail)}`, stderrTail, code, 'exit'));
      } else {
        resolve({ stdout: Buffer.concat(stdoutChunks).toString('utf8'), stderrTail });
      }
    });
  });
}

/**
 * A detached tool leads a session of its own, and with the kernel's autogroup scheduling (on by
 * default in Debian's kernel for processes outside a CPU cgroup: a server started from a shell)
 * each session is a scheduling group weighted like the whole server. `nice` only ranks threads
 * within a group, so each "low priority" ffmpeg took as much CPU as the server: bench:soak's
 * twenty upload checks starved its event loop. The group gets the encoder's niceness too
 * (/proc/PID/autogroup; the same pid runs the fence's execs and the tool). Where there is no
 * autogroup (containers, systemd services, other kernels) the file is absent and `nice` suffices.
 */
function lowerSessionPriority(pid: number): void {
  void writeFile(`/proc/${pid}/autogroup`, String(ENCODER_NICENESS)).catch(() => undefined);
}

function binaryName(binary: string): string {
  return binary.split('/').pop() ?? binary;
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n');
  return (lines[lines.length - 1] ?? '').slice(0, 300);
}

/** ffmpeg with the quiet defaults every run wants. */
export function runFfmpeg(args: string[], options: RunOptions): Promise<RunResult> {
  return runTool(ffmpegPath(), ['-hide_banner', '-nostdin', '-y', ...args], options);
}

export function runFfprobe(args: string[], options: RunOptions): Promise<RunResult> {
  return runTool(ffprobePath(), ['-hide_banner', ...args], { ...options, captureStdout: true });
}

/** `-progress` reports out_time_us (and, in older builds, out_time_ms, also in microseconds). */
export function progressSeconds(fields: Record<string, string>): number | undefined {
  const micros = Number(fields.out_time_us ?? fields.out_time_ms);
  if (Number.isFinite(micros) && micros >= 0) return micros / 1_000_000;
  return undefined;
}
