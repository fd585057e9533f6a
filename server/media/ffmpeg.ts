/**
 * The one place ffmpeg and ffprobe are run. Binaries come from the registry packages
 * @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe (they ship inside the packages, so
 * `npm ci` is the whole set-up); FFMPEG_PATH / FFPROBE_PATH name others (e.g. a newer system build).
 *
 * Every run: arguments as an array (never a shell), a timeout (SIGKILL when it passes), an abort
 * signal, the tail of stderr kept for the failure reason, progress read from `-progress pipe:1`,
 * and low CPU priority (os.setPriority) so the site stays responsive while it encodes.
 */
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import os from 'node:os';

/** Kept of stderr, for error messages and logs. */
const STDERR_TAIL_BYTES = 4096;
/** Nice value for encoders: 10 = well below the web server, still progressing when idle. */
export const ENCODER_NICENESS = 10;

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

let resolved: { ffmpeg?: string; ffprobe?: string } = {};

export function ffmpegPath(): string {
  resolved.ffmpeg ??= process.env.FFMPEG_PATH?.trim() || packageBinary('@ffmpeg-installer/ffmpeg');
  return resolved.ffmpeg;
}

export function ffprobePath(): string {
  resolved.ffprobe ??= process.env.FFPROBE_PATH?.trim() || packageBinary('@ffprobe-installer/ffprobe');
  return resolved.ffprobe;
}

/** Forget resolved paths (tests that change FFMPEG_PATH). */
export function resetBinaryPaths(): void {
  resolved = {};
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
  /** Run below the server's priority (encoders). */
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
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    if (options.lowPriority && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, ENCODER_NICENESS);
      } catch {
        // Not permitted here: run at normal priority.
      }
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
      child.kill('SIGKILL');
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
