/**
 * `npm run bench:transcode`: a generated 60 s 1080p clip (H.264 + AAC, from ffmpeg's own test
 * pattern) through the default ladder, as the worker runs it (one ffmpeg for every rung, then
 * segmenting, poster and cards). Prints the wall time of the whole job and its ratio to real
 * time, then each rung encoded on its own (wall time, ratio), the output bytes of each rendition
 * against the source, and the peak memory (RSS high-water mark) of the ffmpeg processes.
 *
 * BENCH_SECONDS (default 60) shortens the clip; BENCH_SKIP_SINGLE=1 skips the per-rung runs.
 */
import { mkdtemp, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { runFfmpeg } from '../server/media/ffmpeg';
import { probeMedia } from '../server/media/probe';
import { LADDER, X264_PRESET, transcode, type Rung } from '../server/media/renditions';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);

/** Samples /proc/<pid>/status VmHWM while the process lives; the largest value seen. */
function memorySampler() {
  let peakKb = 0;
  const timers: NodeJS.Timeout[] = [];
  return {
    watch(pid: number) {
      const timer = setInterval(() => {
        readFile(`/proc/${pid}/status`, 'utf8')
          .then((text) => {
            const kb = Number(/VmHWM:\s+(\d+)/.exec(text)?.[1] ?? 0);
            peakKb = Math.max(peakKb, kb);
          })
          .catch(() => clearInterval(timer));
      }, 100);
      timers.push(timer);
    },
    stop() {
      for (const timer of timers) clearInterval(timer);
      return peakKb;
    },
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-transcode-'));
  try {
    const source = path.join(dir, 'source.mp4');
    console.info(`Generating a ${SECONDS} s 1920×1080 25 fps clip (H.264 High + AAC)…`);
    await runFfmpeg(
      [
        '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=1920x1080:r=25:d=${SECONDS}`,
        '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`,
        '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '192k', '-shortest', source,
      ],
      { timeoutMs: 30 * 60_000 },
    );
    const sourceBytes = (await stat(source)).size;
    const info = await probeMedia(source);
    console.info(`source: ${info.width}×${info.height}, ${info.duration.toFixed(1)} s, ${mb(sourceBytes)}; x264 preset ${X264_PRESET}`);

    const work = path.join(dir, 'job');
    await mkdir(work);
    const memory = memorySampler();
    const started = performance.now();
    const result = await transcode({ source, thumbnail: null, info, workDir: work, allowQuick: false, onSpawn: (pid) => memory.watch(pid) });
    const totalMs = performance.now() - started;
    const peakKb = memory.stop();

    console.info('\nWhole job (one ffmpeg for every rung, then segmenting and poster):');
    for (const [step, ms] of Object.entries(result.timings)) console.info(`  ${step.padEnd(16)} ${(ms / 1000).toFixed(1)} s`);
    console.info(`  total            ${(totalMs / 1000).toFixed(1)} s = ${(totalMs / 1000 / info.duration).toFixed(2)} × real time`);
    console.info(`  peak ffmpeg memory (RSS high-water mark): ${(peakKb / 1024).toFixed(0)} MB`);
    console.info('\nOutput per rendition:');
    for (const variant of result.manifest.variants) {
      console.info(
        `  ${variant.name.padEnd(6)} ${`${variant.width}×${variant.height}`.padEnd(10)} HLS ${mb(variant.bytes).padStart(9)} ` +
          `(${((variant.bytes / sourceBytes) * 100).toFixed(1)} % of source), average ${(variant.averageBandwidth / 1000).toFixed(0)} kbit/s, peak ${(variant.bandwidth / 1000).toFixed(0)} kbit/s`,
      );
    }
    console.info(`  MP4 (${result.manifest.mp4Width}×${result.manifest.mp4Height}, progressive) ${mb(result.manifest.mp4Bytes)}`);

    if (process.env.BENCH_SKIP_SINGLE !== '1') {
      console.info('\nEach rung encoded on its own (for comparison):');
      for (const rung of LADDER) {
        const single = path.join(dir, `single-${rung.shortSide}`);
        await mkdir(single);
        const ladder: Rung[] = [rung];
        const t0 = performance.now();
        const one = await transcode({ source, thumbnail: null, info, workDir: single, ladder, allowQuick: false });
        const ms = performance.now() - t0;
        console.info(`  ${`${rung.shortSide}p`.padEnd(6)} ${(ms / 1000).toFixed(1)} s = ${(ms / 1000 / info.duration).toFixed(2)} × real time (encode ${((one.timings.encode ?? 0) / 1000).toFixed(1)} s)`);
        await rm(single, { recursive: true, force: true });
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
