/**
 * `npm run bench:upload`: uploads a generated 1 GB video (plus a thumbnail) to a real server and
 * prints the throughput and how much the server's memory grew meanwhile — uploads are streamed
 * to storage, so the growth must stay far below the file size (budget: 64 MB).
 *
 * Then the resumable run (tus, /v0/api/uploads): a 1 GB video file (a real short MP4 padded with
 * a `free` box, so the completed upload becomes a video) sent by the real tus-js-client through a
 * small TCP proxy in this process, once uninterrupted and once with the proxy cutting every
 * connection three times (at 25, 50 and 75 %). Reported: total time of the cut run against the
 * uninterrupted one (goal ≤ 1.15×), bytes sent again because of the cuts (goal ≤ one chunk per
 * cut) and the server's memory growth (goal < 64 MB). BENCH_UPLOAD_BYTES sets a smaller size for
 * a quick check; BENCH_SKIP_MULTIPART=1 runs only the resumable part.
 *
 * The server runs in a child process (this same file with --server) on a random loopback port,
 * with a temporary DATA_DIR, with the production start's memory settings (--max-semi-space-size=16,
 * server/infra/heap.ts); it samples its own RSS every 50 ms. This process registers and logs
 * in a user, then streams the multipart body from a generator through http.request: a real
 * 1 s MP4 padded with a `free` box to the size (the upload is probed, so it must be a video),
 * never holding more than one 1 MiB chunk (the server's worker is off: nothing is transcoded).
 * The temporary directory is removed at the end, whatever happens.
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { Upload } from 'tus-js-client';

import { DEFAULT_MAX_VIDEO_BYTES } from '../server/config/index';

/** 1 GiB by default: exactly the limit. */
const VIDEO_BYTES = Number(process.env.BENCH_UPLOAD_BYTES) || DEFAULT_MAX_VIDEO_BYTES;
/**
 * tus-js-client's chunk, one PATCH request each (what a cut may cost at most): the Upload page's
 * 8 MiB, or a sixteenth of a smaller quick-check file.
 */
const TUS_CHUNK_BYTES = Math.min(8 * 1024 * 1024, Math.max(1024 * 1024, Math.floor(VIDEO_BYTES / 16)));
/** Where the connection is cut: inside a chunk, not on a chunk's edge (a cut mid-request is the costly one). */
const CUTS = [0.3, 0.55, 0.8];
/** Uninterrupted and cut runs, alternating which goes first (the machine's state drifts). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_UPLOAD_ROUNDS) || 3);
const TIME_GOAL = 1.15;
const CHUNK_BYTES = 1024 * 1024;
const MEMORY_BUDGET_BYTES = 64 * 1024 * 1024;
const SAMPLE_INTERVAL_MS = 50;
const PASSWORD = 'bench-password';
const MiB = 1024 * 1024;

/** A 1×1 PNG: the thumbnail. */
const THUMBNAIL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A real MP4 (the test fixture, 1 s) followed by one `free` box up to `bytes`: a decodable video
 * of that size (ffprobe skips free boxes), generated one 1 MiB chunk at a time.
 */
function* paddedVideo(bytes: number): Generator<Buffer> {
  const video = readFileSync(path.join(__dirname, '..', '__tests__', 'fixtures', 'tiny.mp4'));
  const padding = bytes - video.length;
  if (padding < 8) throw new Error('BENCH_UPLOAD_BYTES is too small');
  const box = Buffer.alloc(8);
  box.writeUInt32BE(padding, 0);
  box.write('free', 4, 'latin1');
  yield video;
  yield box;
  const filler = randomBytes(CHUNK_BYTES);
  let left = padding - box.length;
  while (left > 0) {
    const size = Math.min(left, CHUNK_BYTES);
    yield size === CHUNK_BYTES ? filler : filler.subarray(0, size);
    left -= size;
  }
}

// ---- child: the server ----

type ToServer = { type: 'baseline' } | { type: 'report' } | { type: 'stop' };
type FromServer =
  | { type: 'listening'; port: number }
  | { type: 'report'; baselineRss: number; peakRss: number; samples: number };

async function runServer(): Promise<void> {
  const send = (message: FromServer) => process.send?.(message);
  // The heap policy server/index.ts applies first.
  await import('../server/infra/heap');
  const { buildApp } = await import('../server/app');
  const { loadConfig } = await import('../server/config/index');
  const app = await buildApp(loadConfig());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');

  let baselineRss = process.memoryUsage().rss;
  let peakRss = baselineRss;
  let samples = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    samples += 1;
  }, SAMPLE_INTERVAL_MS);

  process.on('message', (message: ToServer) => {
    if (message.type === 'baseline') {
      baselineRss = process.memoryUsage().rss;
      peakRss = baselineRss;
      samples = 0;
    } else if (message.type === 'report') {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      send({ type: 'report', baselineRss, peakRss, samples });
    } else if (message.type === 'stop') {
      clearInterval(sampler);
      void app.close().then(() => process.exit(0));
    }
  });
  send({ type: 'listening', port: address.port });
}

// ---- parent: the client ----

function nextMessage<T extends FromServer['type']>(child: ChildProcess, type: T): Promise<Extract<FromServer, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromServer) => {
      if (message.type !== type) return;
      cleanup();
      resolve(message as Extract<FromServer, { type: T }>);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`the server exited (code ${code})`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

async function postJson(base: string, route: string, body: unknown): Promise<Response> {
  return fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function logIn(base: string): Promise<string> {
  const email = 'bench@bench.example';
  const registered = await postJson(base, '/v0/api/auth/register', { email, password: PASSWORD });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const login = await postJson(base, '/v0/api/auth/login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().find((value) => value.startsWith('sid='));
  if (!cookie) throw new Error('login: no session cookie');
  return cookie.split(';')[0]!;
}

interface UploadResult {
  status: number;
  body: string;
  seconds: number;
  bytesSent: number;
}

async function upload(port: number, cookie: string): Promise<UploadResult> {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const fileHead = (name: string, filename: string, type: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    );
  const before = Buffer.concat([
    field('title', 'Benchmark: 1 GB'),
    field('description', 'Generated by npm run bench:upload'),
    field('visibility', 'private'),
    fileHead('movieFile', 'bench.mp4', 'video/mp4'),
  ]);
  const after = Buffer.concat([
    Buffer.from('\r\n'),
    fileHead('thumbnailFile', 'thumb.png', 'image/png'),
    THUMBNAIL,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const contentLength = before.length + VIDEO_BYTES + after.length;

  async function* body(): AsyncGenerator<Buffer> {
    yield before;
    // A real video (the upload is probed), padded to the size.
    yield* paddedVideo(VIDEO_BYTES);
    yield after;
  }

  const started = process.hrtime.bigint();
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/v0/api/movies/upload',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(contentLength),
      cookie,
    },
  });
  const response = once(request, 'response') as Promise<[http.IncomingMessage]>;
  await pipeline(Readable.from(body()), request);
  const [res] = await response;
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), seconds, bytesSent: contentLength };
}

// ---- the resumable run ----

async function writePaddedVideo(file: string, bytes: number): Promise<void> {
  await pipeline(Readable.from(paddedVideo(bytes)), createWriteStream(file));
}

/** A TCP proxy that counts the bytes sent to the server and can cut every connection. */
async function startProxy(targetPort: number) {
  const sockets = new Set<net.Socket>();
  let forwarded = 0;
  let onForward: ((total: number) => void) | undefined;
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      forwarded += chunk.length;
      onForward?.(forwarded);
    });
    client.pipe(upstream);
    upstream.pipe(client);
    for (const socket of [client, upstream]) {
      socket.on('error', close);
      socket.on('close', close);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as net.AddressInfo).port,
    get forwarded() {
      return forwarded;
    },
    reset() {
      forwarded = 0;
    },
    watch(listener: ((total: number) => void) | undefined) {
      onForward = listener;
    },
    cut() {
      for (const socket of sockets) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface TusRun {
  seconds: number;
  /** Bytes that went to the server (request lines, headers and bodies). */
  bytesForwarded: number;
  cuts: number;
  /** Per cut: milliseconds from the cut to the next PATCH that the client sent. */
  resumeMs: number[];
  /**
   * Per cut: milliseconds from the cut until the upload was back at the offset it had reached
   * (noticing the cut, HEAD, PATCH and the bytes sent again): what the cut cost, under the same
   * load as the rest of the run.
   */
  lostMs: number[];
  videoId: string | null;
}

const elapsedMs = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;

async function tusUpload(file: string, proxy: Awaited<ReturnType<typeof startProxy>>, cookie: string, cutAt: number[]): Promise<TusRun> {
  proxy.reset();
  const pending = cutAt.map((fraction) => Math.floor(fraction * VIDEO_BYTES));
  let cuts = 0;
  const started = process.hrtime.bigint();
  const resumeMs: number[] = [];
  const lostMs: number[] = [];
  let cutAtMs: number | undefined;
  let sentBytes = 0;
  let recovering: { at: number; bytes: number } | undefined;
  proxy.watch((total) => {
    if (pending.length > 0 && total >= pending[0]!) {
      pending.shift();
      cuts += 1;
      cutAtMs = elapsedMs(started);
      recovering = { at: cutAtMs, bytes: sentBytes };
      setImmediate(() => proxy.cut());
    }
  });
  const videoId = await new Promise<string | null>((resolve, reject) => {
    let id: string | null = null;
    const upload = new Upload(createReadStream(file), {
      endpoint: `http://127.0.0.1:${proxy.port}/v0/api/uploads`,
      chunkSize: TUS_CHUNK_BYTES,
      uploadSize: VIDEO_BYTES,
      // The Upload page's first delays (src/features/videos/resumableUpload.ts): at once, then 1 s…
      retryDelays: [0, 1000, 3000, 5000],
      headers: { cookie },
      metadata: { filename: 'bench.mp4', filetype: 'video/mp4', title: 'Benchmark: resumable', visibility: 'private' },
      onBeforeRequest: (request) => {
        if (request.getMethod() === 'PATCH' && cutAtMs !== undefined) {
          resumeMs.push(elapsedMs(started) - cutAtMs);
          cutAtMs = undefined;
        }
      },
      onAfterResponse: (_request, response) => {
        id = response.getHeader('Video-Id') ?? id;
      },
      onProgress: (bytes) => {
        sentBytes = bytes;
        if (recovering && bytes >= recovering.bytes && bytes > 0 && resumeMs.length === lostMs.length + 1) {
          lostMs.push(elapsedMs(started) - recovering.at);
          recovering = undefined;
        }
      },
      onSuccess: () => resolve(id),
      onError: reject,
    });
    upload.start();
  });
  proxy.watch(undefined);
  return { seconds: elapsedMs(started) / 1000, bytesForwarded: proxy.forwarded, cuts, resumeMs, lostMs, videoId };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Between runs: the finished upload's video original is removed (each run starts with the same
 * files on disk) and the written pages are flushed, so one run's write-back does not slow the next.
 */
async function settle(dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'media', 'videos');
  for (const name of await readdir(dir).catch(() => [] as string[])) await rm(path.join(dir, name), { force: true });
  await new Promise<void>((resolve) => execFile('sync', () => resolve()));
}

async function runResumable(child: ChildProcess, port: number, cookie: string, dataDir: string): Promise<void> {
  const file = path.join(dataDir, 'bench-resumable.mp4');
  await writePaddedVideo(file, VIDEO_BYTES);
  const proxy = await startProxy(port);
  try {
    console.info(
      `\nResumable (tus-js-client, ${TUS_CHUNK_BYTES / MiB} MiB chunks as on the Upload page) through a TCP proxy, ${VIDEO_BYTES / MiB} MiB, ` +
        `${ROUNDS} rounds of one uninterrupted and one cut run (order alternating), cuts at ${CUTS.map((cut) => `${Math.round(cut * 100)} %`).join(', ')}…`,
    );
    const plain: TusRun[] = [];
    const cut: TusRun[] = [];
    const growth: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const kind of round % 2 === 0 ? (['plain', 'cut'] as const) : (['cut', 'plain'] as const)) {
        await settle(dataDir);
        if (kind === 'plain') {
          const run = await tusUpload(file, proxy, cookie, []);
          if (!run.videoId) throw new Error('the uninterrupted tus upload gave no Video-Id');
          plain.push(run);
        } else {
          child.send({ type: 'baseline' } satisfies ToServer);
          const run = await tusUpload(file, proxy, cookie, CUTS);
          child.send({ type: 'report' } satisfies ToServer);
          const memory = await nextMessage(child, 'report');
          if (!run.videoId) throw new Error('the interrupted tus upload gave no Video-Id');
          cut.push(run);
          growth.push(memory.peakRss - memory.baselineRss);
        }
      }
      const last = (runs: TusRun[]) => runs[runs.length - 1]!;
      const resent = Math.max(0, last(cut).bytesForwarded - last(plain).bytesForwarded);
      console.info(
        `  round ${round + 1}: uninterrupted ${last(plain).seconds.toFixed(2)} s, cut ${last(cut).cuts}× ${last(cut).seconds.toFixed(2)} s ` +
          `(${(last(cut).seconds / last(plain).seconds).toFixed(3)}×); resumed ${last(cut).resumeMs.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} after the cuts, ` +
          `back where it was after ${last(cut).lostMs.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}; ` +
          `sent again ${(resent / MiB).toFixed(2)} MiB; server growth ${(growth[growth.length - 1]! / MiB).toFixed(1)} MiB`,
      );
    }

    const plainSeconds = median(plain.map((run) => run.seconds));
    const cutSeconds = median(cut.map((run) => run.seconds));
    const ratio = cutSeconds / plainSeconds;
    // Each cut run against the uninterrupted run of its round (same state of the machine).
    const resentPerCut = cut.map((run, i) => Math.max(0, run.bytesForwarded - plain[i]!.bytesForwarded) / Math.max(1, run.cuts));
    const worstResent = Math.max(...resentPerCut);
    const resumes = cut.flatMap((run) => run.resumeMs);
    const lost = cut.flatMap((run) => run.lostMs);
    const lostSeconds = median(cut.map((run) => run.lostMs.reduce((sum, ms) => sum + ms, 0) / 1000));
    const worstGrowth = Math.max(...growth);
    console.info(`Uninterrupted: median ${plainSeconds.toFixed(2)} s (${(VIDEO_BYTES / MiB / plainSeconds).toFixed(1)} MiB/s)`);
    console.info(`Cut ${CUTS.length} times: median ${cutSeconds.toFixed(2)} s = ${ratio.toFixed(3)}× (goal ≤ ${TIME_GOAL}×)`);
    console.info(`Resumed after a cut (the next PATCH sent): median ${median(resumes).toFixed(0)} ms, worst ${Math.max(...resumes).toFixed(0)} ms`);
    if (lost.length > 0) {
      console.info(
        `Time a cut cost (until back at the offset reached): median ${median(lost).toFixed(0)} ms, worst ${Math.max(...lost).toFixed(0)} ms; ` +
          `${CUTS.length} cuts = ${lostSeconds.toFixed(2)} s (median per run) = ${((plainSeconds + lostSeconds) / plainSeconds).toFixed(3)}× the uninterrupted median ` +
          `(the cuts' own cost, measured inside each run: the machine's load moves whole runs far more)`,
      );
    }
    console.info(
      `Bytes sent again: worst ${(worstResent / MiB).toFixed(2)} MiB per cut (goal ≤ one chunk, ${TUS_CHUNK_BYTES / MiB} MiB)`,
    );
    console.info(`Server RSS during the cut runs: worst growth ${(worstGrowth / MiB).toFixed(1)} MiB (goal < ${MEMORY_BUDGET_BYTES / MiB} MiB)`);
    if (ratio > TIME_GOAL) console.warn('bench:upload: the interrupted upload took more than the time goal');
    if (worstResent > TUS_CHUNK_BYTES) console.warn('bench:upload: more than one chunk per cut was sent again');
    if (worstGrowth >= MEMORY_BUDGET_BYTES) {
      console.error('bench:upload: the server grew by more than the memory budget during the resumable run');
      process.exitCode = 1;
    }
  } finally {
    await proxy.close();
    await rm(file, { force: true });
  }
}

async function storedVideoBytes(dataDir: string): Promise<number> {
  const dir = path.join(dataDir, 'media', 'videos');
  const names = (await readdir(dir)).filter((name) => !name.startsWith('.'));
  if (names.length !== 1) throw new Error(`expected one stored video, found ${names.length}`);
  return (await stat(path.join(dir, names[0]!))).size;
}

async function runBenchmark(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'selfie-bench-upload-'));
  let child: ChildProcess | undefined;
  const cleanUp = async () => {
    if (child && child.exitCode === null) {
      child.send({ type: 'stop' } satisfies ToServer);
      await Promise.race([once(child, 'exit'), new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const interrupted = () => {
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);

  try {
    child = fork(__filename, ['--server'], {
      // As `npm start` and the Dockerfile start the server (docs/overload.md).
      execArgv: [...process.execArgv, '--max-semi-space-size=16'],
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PASSWORD_HASH_COST: '10',
        AUTO_VERIFY_ACCOUNTS: 'true',
        DATABASE_URL: '',
        MAX_VIDEO_BYTES: '',
        MAX_THUMBNAIL_BYTES: '',
        // Uploads only: the 1 s clip inside each upload is not transcoded meanwhile.
        WORKER: 'off',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const { port } = await nextMessage(child, 'listening');
    const base = `http://127.0.0.1:${port}`;
    const cookie = await logIn(base);
    if (process.env.BENCH_SKIP_MULTIPART === '1') {
      await runResumable(child, port, cookie, dataDir);
      return;
    }

    child.send({ type: 'baseline' } satisfies ToServer);
    console.info(`Uploading ${VIDEO_BYTES / MiB} MiB to ${base} (server pid ${child.pid}, data in ${dataDir})…`);
    const result = await upload(port, cookie);
    child.send({ type: 'report' } satisfies ToServer);
    const memory = await nextMessage(child, 'report');

    if (result.status !== 200) throw new Error(`upload failed: ${result.status} ${result.body}`);
    const stored = await storedVideoBytes(dataDir);
    if (stored !== VIDEO_BYTES) throw new Error(`stored ${stored} bytes, sent ${VIDEO_BYTES}`);

    const growth = memory.peakRss - memory.baselineRss;
    const mibPerSecond = VIDEO_BYTES / MiB / result.seconds;
    console.info(`Upload answered 200 in ${result.seconds.toFixed(2)} s; stored ${stored} bytes.`);
    console.info(`Throughput: ${mibPerSecond.toFixed(1)} MiB/s (${((VIDEO_BYTES / 1e6) / result.seconds).toFixed(1)} MB/s)`);
    console.info(
      `Server RSS: ${(memory.baselineRss / MiB).toFixed(1)} MiB before, peak ${(memory.peakRss / MiB).toFixed(1)} MiB ` +
        `(growth ${(growth / MiB).toFixed(1)} MiB; ${memory.samples} samples every ${SAMPLE_INTERVAL_MS} ms; budget ${MEMORY_BUDGET_BYTES / MiB} MiB)`,
    );
    if (growth >= MEMORY_BUDGET_BYTES) {
      console.error('bench:upload: the server grew by more than the memory budget');
      process.exitCode = 1;
    }
    await runResumable(child, port, cookie, dataDir);
  } finally {
    process.off('SIGINT', interrupted);
    await cleanUp();
  }
}

if (process.argv.includes('--server')) {
  runServer().catch((error: unknown) => {
    console.error('bench server failed:', error);
    process.exit(1);
  });
} else {
  runBenchmark().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
