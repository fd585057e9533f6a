/**
 * `npm run bench:transcode`: a generated 60 s 1080p clip (H.264 + AAC, from ffmpeg's own test
 * pattern) through the default ladder, as the worker runs it (one ffmpeg for every rung, then
 * segmenting, poster and cards). Prints the wall time of the whole job and its ratio to real
 * time, then each rung encoded on its own (wall time, ratio), the output bytes of each rendition
 * against the source, and the peak memory (RSS high-water mark) of the ffmpeg processes.
 *
 * Then the real-time factor per input kind, each a BENCH_KIND_SECONDS (default 20) 1080p clip
 * through the whole ladder: SDR H.264, HEVC (8-bit, as older phones), HDR HLG (HEVC Main 10,
 * BT.2020, as iPhones record; tone-mapped to SDR BT.709). The binary used is printed first.
 *
 * Then the ETA error: a real app (temporary DATA_DIR, SQLite, the embedded queue, one job at a
 * time) gets BENCH_ETA_VIDEOS (default 6) uploads at once through the multipart route: a 720p
 * H.264 clip of BENCH_ETA_SECONDS (default 20) first, then H.264 clips of other sizes (1080p, 480p)
 * and lengths, and a holdout of input kinds the estimator never measured before estimating them
 * (HEVC 720p, HDR HLG 1080p). Once the first is ready (the first measurement of this machine's
 * speed), the owner's `etaSeconds` of every video still waiting is read from GET …/processing and
 * compared with when it actually became ready (goal: within ±25 %); and each video's estimate
 * while its encode is half done (the estimate as the job progresses).
 *
 * BENCH_SECONDS (default 60) shortens the clip; BENCH_SKIP_SINGLE=1 skips the per-rung runs,
 * BENCH_SKIP_KINDS=1 the per-kind runs, BENCH_SKIP_ETA=1 the ETA run, BENCH_ONLY_ETA=1 runs only it.
 * On a shared machine the wall time depends on the other load (the encoder runs at nice 10), so
 * the ffmpeg CPU time is printed too, with the wall time it means on an idle 2-core machine.
 */
import { mkdtemp, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describeMediaTools, runFfmpeg } from '../server/domains/media/ffmpeg';
import { probeMedia } from '../server/domains/media/probe';
import { LADDER, X264_PRESET, transcode, type Rung } from '../server/domains/media/renditions';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const KIND_SECONDS = Number(process.env.BENCH_KIND_SECONDS ?? 20);
const ETA_VIDEOS = Number(process.env.BENCH_ETA_VIDEOS ?? 6);
const ETA_SECONDS = Number(process.env.BENCH_ETA_SECONDS ?? 20);
const ETA_GOAL = 0.25;
/** A 1×1 PNG: the thumbnail the multipart upload requires. */
const THUMBNAIL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The encoder settings of each input kind's 1080p source (from testsrc2 and a sine tone). */
const KINDS: Array<{ label: string; args: string[] }> = [
  { label: 'SDR H.264', args: ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p'] },
  { label: 'HEVC', args: ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p', '-tag:v', 'hvc1'] },
  {
    label: 'HDR HLG',
    args: [
      '-vf', 'zscale=tin=bt709:pin=bt709:min=bt709:rin=full:t=arib-std-b67:p=bt2020:m=bt2020nc:r=tv,format=yuv420p10le',
      '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1',
      '-color_primaries', 'bt2020', '-color_trc', 'arib-std-b67', '-colorspace', 'bt2020nc',
    ],
  },
];

/**
 * Samples /proc/<pid>/status (VmHWM: the RSS high-water mark) and /proc/<pid>/stat (user + system
 * CPU time) while each process lives. CPU time does not depend on what else the machine runs, so
 * it also gives the wall time an otherwise idle 2-core machine would take.
 */
function processSampler() {
  let peakKb = 0;
  const cpuTicks = new Map<number, number>();
  const timers: NodeJS.Timeout[] = [];
  return {
    watch(pid: number) {
      const timer = setInterval(() => {
        Promise.all([readFile(`/proc/${pid}/status`, 'utf8'), readFile(`/proc/${pid}/stat`, 'utf8')])
          .then(([status, stat]) => {
            peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
            const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
            cpuTicks.set(pid, Number(fields[11]) + Number(fields[12]));
          })
          .catch(() => clearInterval(timer));
      }, 50);
      timers.push(timer);
    },
    stop() {
      for (const timer of timers) clearInterval(timer);
      const cpuSeconds = [...cpuTicks.values()].reduce((sum, ticks) => sum + ticks, 0) / 100;
      return { peakKb, cpuSeconds };
    },
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-transcode-'));
  const tools = describeMediaTools();
  console.info(`ffmpeg: ${tools.ffmpeg.path} ${tools.ffmpeg.version ?? '?'} (${tools.ffmpeg.source}); zscale ${tools.zscale ? 'yes' : 'no'}`);
  if (tools.warning) console.warn(`warning: ${tools.warning}`);
  try {
    if (process.env.BENCH_ONLY_ETA === '1') {
      await benchEta(dir);
      return;
    }
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
    const sampler = processSampler();
    const load = (await readFile('/proc/loadavg', 'utf8')).split(' ')[0];
    const started = performance.now();
    const result = await transcode({ source, thumbnail: null, info, workDir: work, allowQuick: false, onSpawn: (pid) => sampler.watch(pid) });
    const totalMs = performance.now() - started;
    const { peakKb, cpuSeconds } = sampler.stop();

    console.info('\nWhole job (one ffmpeg for every rung, then segmenting and poster):');
    for (const [step, ms] of Object.entries(result.timings)) console.info(`  ${step.padEnd(16)} ${(ms / 1000).toFixed(1)} s`);
    console.info(`  total            ${(totalMs / 1000).toFixed(1)} s = ${(totalMs / 1000 / info.duration).toFixed(2)} × real time`);
    console.info(`  peak ffmpeg memory (RSS high-water mark): ${(peakKb / 1024).toFixed(0)} MB`);
    console.info(
      `  ffmpeg CPU time ${cpuSeconds.toFixed(1)} s: on an otherwise idle 2-core machine ≈ ${(cpuSeconds / 2).toFixed(1)} s = ` +
        `${(cpuSeconds / 2 / info.duration).toFixed(2)} × real time (load average when started: ${load})`,
    );
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
        const rungSampler = processSampler();
        const t0 = performance.now();
        const one = await transcode({ source, thumbnail: null, info, workDir: single, ladder, allowQuick: false, onSpawn: (pid) => rungSampler.watch(pid) });
        const ms = performance.now() - t0;
        const { cpuSeconds: rungCpu } = rungSampler.stop();
        console.info(
          `  ${`${rung.shortSide}p`.padEnd(6)} wall ${(ms / 1000).toFixed(1)} s = ${(ms / 1000 / info.duration).toFixed(2)} × real time ` +
            `(encode ${((one.timings.encode ?? 0) / 1000).toFixed(1)} s); CPU ${rungCpu.toFixed(1)} s ≈ ${(rungCpu / 2).toFixed(1)} s on an idle 2-core machine`,
        );
        await rm(single, { recursive: true, force: true });
      }
    }
    if (process.env.BENCH_SKIP_KINDS !== '1') await benchKinds(dir);
    if (process.env.BENCH_SKIP_ETA !== '1') await benchEta(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Real-time factor of the whole ladder per input kind. */
async function benchKinds(dir: string): Promise<void> {
  console.info(`\nPer input kind (${KIND_SECONDS} s 1920×1080 25 fps + AAC, whole ladder, no quick path):`);
  for (const kind of KINDS) {
    const source = path.join(dir, `kind-${KINDS.indexOf(kind)}.mov`);
    await runFfmpeg(
      [
        '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=1920x1080:r=25:d=${KIND_SECONDS}`,
        '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${KIND_SECONDS}`,
        ...kind.args, '-c:a', 'aac', '-b:a', '128k', '-shortest', '-f', 'mov', source,
      ],
      { timeoutMs: 30 * 60_000 },
    );
    const info = await probeMedia(source);
    const work = path.join(dir, `kind-${KINDS.indexOf(kind)}`);
    await mkdir(work);
    const sampler = processSampler();
    const started = performance.now();
    await transcode({ source, thumbnail: null, info, workDir: work, allowQuick: false, onSpawn: (pid) => sampler.watch(pid) });
    const seconds = (performance.now() - started) / 1000;
    const { peakKb, cpuSeconds } = sampler.stop();
    console.info(
      `  ${kind.label.padEnd(10)} ${info.videoCodec} ${info.pixelFormat}${info.hdr ? ` ${info.hdr.toUpperCase()}` : ''}: wall ${seconds.toFixed(1)} s = ` +
        `${(seconds / info.duration).toFixed(2)} × real time; CPU ${cpuSeconds.toFixed(1)} s ≈ ${(cpuSeconds / 2 / info.duration).toFixed(2)} × real time ` +
        `on an idle 2-core machine; peak memory ${(peakKb / 1024).toFixed(0)} MB`,
    );
    await rm(work, { recursive: true, force: true });
    await rm(source, { force: true });
  }
}

function multipartBody(fields: Record<string, string>, video: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----eta${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  const file = (name: string, filename: string, type: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
      data,
      Buffer.from('\r\n'),
    ]);
  parts.push(file('movieFile', 'clip.mov', 'video/quicktime', video), file('thumbnailFile', 'thumb.png', 'image/png', THUMBNAIL));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The ETA's error on a queue of several videos: every estimate read once the first job is done
 * (this machine's first measurement), against when each video really became ready.
 */
async function benchEta(dir: string): Promise<void> {
  const { buildApp } = await import('../server/app');
  const { loadConfig } = await import('../server/config/index');
  const seconds = (factor: number) => Math.max(2, Math.round(ETA_SECONDS * factor));
  // The first (the machine's first measurement) is a 720p H.264 clip. Then H.264 at other sizes and
  // lengths, and the holdout: input kinds never measured when they are estimated (HEVC, HDR HLG),
  // which the estimator was not tuned on.
  const queue: Array<{ kind: number; width: number; height: number; seconds: number; holdout: boolean }> = [
    { kind: 0, width: 1280, height: 720, seconds: seconds(1), holdout: false },
    { kind: 0, width: 1920, height: 1080, seconds: seconds(0.5), holdout: false },
    { kind: 1, width: 1280, height: 720, seconds: seconds(0.75), holdout: true },
    { kind: 0, width: 854, height: 480, seconds: seconds(1.5), holdout: false },
    { kind: 2, width: 1920, height: 1080, seconds: seconds(0.5), holdout: true },
    { kind: 0, width: 1280, height: 720, seconds: seconds(1.25), holdout: false },
  ].slice(0, Math.max(2, ETA_VIDEOS));
  const describe = (clip: (typeof queue)[number]) => `${KINDS[clip.kind]!.label} ${clip.height}p ${clip.seconds} s${clip.holdout ? ' (holdout)' : ''}`;
  console.info(`\nETA on a queue of ${queue.length} videos (25 fps + AAC; one job at a time): ${queue.map(describe).join(', ')}:`);
  const clips: Buffer[] = [];
  for (const [i, clip] of queue.entries()) {
    const file = path.join(dir, `eta-${i}.mov`);
    await runFfmpeg(
      [
        '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=${clip.width}x${clip.height}:r=25:d=${clip.seconds}`,
        '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${clip.seconds}`,
        ...KINDS[clip.kind]!.args, '-c:a', 'aac', '-b:a', '128k', '-shortest', '-f', 'mov', file,
      ],
      { timeoutMs: 30 * 60_000 },
    );
    clips.push(await readFile(file));
  }
  const dataDir = path.join(dir, 'eta-data');
  await mkdir(dataDir);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    S3_BUCKET: '',
    PUBLIC_URL: 'http://localhost:3000',
    AUTO_VERIFY_ACCOUNTS: 'true',
    PASSWORD_HASH_COST: '10',
    TRANSCODE_CONCURRENCY: '1',
  });
  const app = await buildApp({ ...config, media: { ...config.media, pollMs: 100 } });
  try {
    await app.ready();
    const credentials = { email: 'eta@bench.example', password: 'bench-password' };
    await app.inject({ method: 'POST', url: '/v0/api/auth/register', payload: credentials });
    const login = await app.inject({ method: 'POST', url: '/v0/api/auth/login', payload: credentials });
    const cookie = String(login.headers['set-cookie'] ?? '')
      .split(';')[0]!;
    const ids: string[] = [];
    for (const [i, clip] of clips.entries()) {
      const form = multipartBody({ title: `ETA ${i}`, visibility: 'private' }, clip);
      const res = await app.inject({ method: 'POST', url: '/v0/api/movies/upload', headers: { cookie, 'content-type': form.contentType }, payload: form.body });
      if (res.statusCode !== 200) throw new Error(`upload ${i}: ${res.statusCode} ${res.body}`);
      ids.push(res.json().video._id as string);
    }
    const read = async (id: string) =>
      (await app.inject({ url: `/v0/api/videos/selfieVideos/${id}/processing`, headers: { cookie } })).json() as {
        status: string;
        processingStage: string;
        queuePosition: number | null;
        etaSeconds: number | null;
      };
    const predicted = new Map<string, { at: number; eta: number | null; position: number | null; stage: string }>();
    const readyAt = new Map<string, number>();
    // Each job's own estimate read once, while its encode is between 40 and 60 % done.
    const midway = new Map<string, { at: number; eta: number | null; progress: number }>();
    const started = Date.now();
    const deadline = started + 60 * 60_000;
    while (readyAt.size < ids.length) {
      if (Date.now() > deadline) throw new Error('the queue did not drain within an hour');
      const now = Date.now();
      for (const id of ids) {
        if (readyAt.has(id)) continue;
        const state = await read(id);
        if (state.status === 'failed') throw new Error(`video ${id} failed`);
        if (state.status === 'ready') readyAt.set(id, now);
        const progress = (state as { processingProgress?: number }).processingProgress ?? 0;
        if (state.processingStage === 'transcoding' && progress >= 40 && progress <= 60 && !midway.has(id)) {
          midway.set(id, { at: now, eta: state.etaSeconds, progress });
        }
      }
      // The first ready video is this machine's first measurement: read every other estimate now.
      if (readyAt.size >= 1 && predicted.size === 0) {
        const speeds = await app.db.selectFrom('media_stage_speed').select(['measure', 'seconds_per_unit']).orderBy('measure').execute();
        console.info(`  measured on the first job: ${speeds.map((row) => `${row.measure} ${Number(row.seconds_per_unit).toPrecision(3)}`).join(', ')}`);
        for (const id of ids) {
          if (readyAt.has(id)) continue;
          const state = await read(id);
          predicted.set(id, { at: Date.now(), eta: state.etaSeconds, position: state.queuePosition, stage: state.processingStage });
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const errors: number[] = [];
    const holdoutErrors: number[] = [];
    for (const [i, id] of ids.entries()) {
      const guess = predicted.get(id);
      if (!guess) {
        console.info(`  #${i + 1} (${describe(queue[i]!)}): the first one, measured ${((readyAt.get(id)! - started) / 1000).toFixed(1)} s`);
        continue;
      }
      const actual = (readyAt.get(id)! - guess.at) / 1000;
      const error = guess.eta === null ? null : (guess.eta - actual) / actual;
      if (error !== null) (queue[i]!.holdout ? holdoutErrors : errors).push(error);
      console.info(
        `  #${i + 1} (${describe(queue[i]!)}): ${guess.stage}${guess.position ? ` #${guess.position} in the queue` : ''}, ETA ${guess.eta ?? 'unknown'} s, ` +
          `ready after ${actual.toFixed(1)} s: error ${error === null ? '—' : `${(error * 100).toFixed(1)} %`}`,
      );
    }
    const summary = (values: number[]) =>
      `mean |error| ${((values.reduce((sum, error) => sum + Math.abs(error), 0) / Math.max(1, values.length)) * 100).toFixed(1)} %, ` +
      `worst ${(values.reduce((max, error) => Math.max(max, Math.abs(error)), 0) * 100).toFixed(1)} %`;
    console.info(`  ETA error once the first job is done (goal within ±${ETA_GOAL * 100} %):`);
    console.info(`    H.264 videos: ${summary(errors)}`);
    if (holdoutErrors.length > 0) console.info(`    holdout videos (HEVC, HDR): ${summary(holdoutErrors)}`);
    const all = [...errors, ...holdoutErrors];
    console.info(`    all: ${summary(all)}`);
    const worst = all.reduce((max, error) => Math.max(max, Math.abs(error)), 0);
    const running: number[] = [];
    const details: string[] = [];
    for (const [id, guess] of midway) {
      if (guess.eta === null) continue;
      const actual = (readyAt.get(id)! - guess.at) / 1000;
      running.push((guess.eta - actual) / actual);
      details.push(`#${ids.indexOf(id) + 1} at ${guess.progress} %: ${guess.eta} s for ${actual.toFixed(1)} s (${(((guess.eta - actual) / actual) * 100).toFixed(1)} %)`);
    }
    if (running.length > 0) {
      console.info(`  A running job's time left, read half-way through its encode: ${details.join('; ')}; ${summary(running)}`);
    }
    if (all.length < ids.length - 1) console.warn('bench:transcode: some estimates were unknown');
    if (worst > ETA_GOAL) console.warn('bench:transcode: an estimate missed the ±25 % goal');
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
