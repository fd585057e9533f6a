/**
 * `npm run test:cluster`: the scale-out topology for real, on one machine — PostgreSQL
 * (DATABASE_URL, a throwaway cluster made by scripts/test-cluster.sh), a redis-server, an S3
 * server (s3rver, without the ListParts and AbortMultipartUpload it lacks as published, as an
 * operator who runs `npx s3rver` has it), two HTTP-only instances (`npm start`, WORKER=off) on
 * their own ports and one worker (`npm run worker`), each process with a DATA_DIR of its own, so
 * nothing can pass through a local disk. Every process is started the way operators start it
 * (npm, the SPA built on the first start when it is not current); the test talks to them over
 * HTTP only. A notification made on A (a comment) reaches the live unread count of a browser
 * connected to B through Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { eventually } from '../support/eventually';
import { fixtures, multipart, uploadParts } from '../support/media';
import { urlForDatabase } from '../support/postgres';
import { freePort, startRedis, type RedisServer } from '../support/redis';
import { startS3, type S3TestServer } from '../support/s3';

const ROOT = path.resolve(__dirname, '../..');
const API = '/v0/api';
const PASSWORD = 'cluster-password-1';

/** One npm script of the cluster, in a process group of its own (npm, its shell and node). */
class Node {
  child: ChildProcess | undefined;
  output = '';
  readonly dataDir: string;

  constructor(
    readonly name: string,
    private readonly script: 'start' | 'worker',
    private readonly env: Record<string, string>,
    readonly port?: number,
  ) {
    this.dataDir = mkdtempSync(path.join(os.tmpdir(), `cluster-${name}-`));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  start(): void {
    this.output = '';
    this.child = spawn('npm', ['run', this.script], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, DATA_DIR: this.dataDir, ...(this.port ? { PORT: String(this.port) } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Signals go to the whole group: npm's shell does not pass them on to node.
      detached: true,
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
  }

  async ready(timeoutMs = 180_000): Promise<void> {
    await eventually(
      async () => {
        if (this.child?.exitCode !== null) throw new Error(`${this.name} exited:\n${this.output}`);
        expect((await fetch(`${this.url}/health`)).status).toBe(200);
      },
      timeoutMs,
      500,
    );
  }

  /** Whether any process of the group (npm, its shell, node) is still there. */
  private running(): boolean {
    if (!this.child?.pid) return false;
    try {
      process.kill(-this.child.pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  /** Sends `signal` to the group; whether it was gone within waitMs. */
  private async signal(signal: NodeJS.Signals, waitMs: number): Promise<boolean> {
    if (!this.running()) return true;
    try {
      process.kill(-this.child!.pid!, signal);
    } catch {
      return true;
    }
    const deadline = Date.now() + waitMs;
    while (this.running()) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return true;
  }

  /** SIGKILL: no shutdown hook runs, as in a crash or a lost machine. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL', 15_000);
  }

  /** SIGTERM, the graceful stop; SIGKILL if it takes over 15 s. */
  async stop(): Promise<void> {
    if (!(await this.signal('SIGTERM', 15_000))) await this.kill();
  }

  cleanUp(): void {
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  options: { cookie?: string; json?: unknown; body?: Buffer; contentType?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) {
    headers['content-type'] = options.contentType ?? 'application/octet-stream';
    body = new Uint8Array(options.body);
  }
  const res = await fetch(base + url, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (a playlist, a segment)
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

function sessionCookie(headers: Headers): string {
  const cookies = headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  const session = cookies.find((cookie) => !cookie.endsWith('='));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session;
}

async function signUp(base: string, email: string): Promise<string> {
  const registered = await call(base, 'POST', `${API}/auth/register`, { json: { email, password: PASSWORD } });
  expect(registered.status).toBe(201);
  const login = await call(base, 'POST', `${API}/auth/login`, { json: { email, password: PASSWORD } });
  expect(login.status).toBe(200);
  return sessionCookie(login.headers);
}

const DATABASE_SERVER = process.env.DATABASE_URL;

describe('two HTTP-only instances and a worker on PostgreSQL, Redis and S3', () => {
  let redis: RedisServer;
  let s3: S3TestServer;
  let databaseName: string;
  let a: Node;
  let b: Node;
  let worker: Node;
  let owner: string;
  const word = `Quokka${randomBytes(3).toString('hex')}`;
  let videoId: string;

  beforeAll(async () => {
    if (!DATABASE_SERVER || !/^postgres(ql)?:\/\//.test(DATABASE_SERVER)) {
      throw new Error('npm run test:cluster sets DATABASE_URL to a PostgreSQL server (scripts/test-cluster.sh)');
    }
    redis = await startRedis();
    s3 = await startS3('cluster-media', { multipartParts: false });
    databaseName = `cluster_${randomBytes(4).toString('hex')}`;
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: DATABASE_SERVER });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();

    const [portA, portB] = [await freePort(), await freePort()];
    const shared: Record<string, string> = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: urlForDatabase(DATABASE_SERVER, databaseName),
      REDIS_URL: redis.url,
      ...s3.appEnv,
      ...s3.awsEnv,
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      AUTO_VERIFY_ACCOUNTS: 'true',
      // The suite sends many requests from one address on purpose.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    };
    a = new Node('a', 'start', { ...shared, WORKER: 'off' }, portA);
    b = new Node('b', 'start', { ...shared, WORKER: 'off' }, portB);
    worker = new Node('worker', 'worker', shared);
    // A first, alone: it builds the SPA if its sources changed since the last build, and applies
    // the migrations (B would wait on the migration lock anyway).
    a.start();
    await a.ready(540_000);
    b.start();
    worker.start();
    await b.ready();
    owner = await signUp(a.url, `owner-${word}@example.com`);
  }, 720_000);

  afterAll(async () => {
    for (const node of [a, b, worker]) {
      await node?.stop();
      node?.cleanUp();
    }
    await redis?.stop();
    await s3?.stop();
    if (DATABASE_SERVER && databaseName) {
      const { Client } = await import('pg');
      const admin = new Client({ connectionString: DATABASE_SERVER });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);

  it('a session opened on A is valid on B, and a logout on B ends it on A', async () => {
    const cookie = await signUp(a.url, `session-${word}@example.com`);
    expect((await call(b.url, 'GET', `${API}/check-session`, { cookie })).body).toMatchObject({ isValid: true });
    expect((await call(b.url, 'POST', `${API}/auth/logout`, { cookie, json: {} })).status).toBe(200);
    expect((await call(a.url, 'GET', `${API}/check-session`, { cookie })).body).toMatchObject({ isValid: false });
  });

  it('a forgot-password limit counts the requests on A and B together', async () => {
    const email = `forgot-${word}@example.com`;
    expect((await call(a.url, 'POST', `${API}/auth/forgot-password`, { json: { email } })).status).toBe(200);
    const second = await call(b.url, 'POST', `${API}/auth/forgot-password`, { json: { email } });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('an upload on A is transcoded by the worker into the bucket and plays from B', async () => {
    const form = multipart(uploadParts({ title: `${word} on the beach`, description: `A ${word} says hello`, visibility: 'public' }));
    const uploaded = await call<{ video: { _id: string } }>(a.url, 'POST', `${API}/movies/upload`, {
      cookie: owner,
      body: form.body,
      contentType: form.contentType,
    });
    expect(uploaded.status).toBe(200);
    videoId = uploaded.body.video._id;

    // The HTTP-only instances never transcode: the worker does, and B sees the result.
    const processing = await eventually(
      async () => {
        const res = await call<{ status: string }>(b.url, 'GET', `${API}/videos/selfieVideos/${videoId}/processing`, { cookie: owner });
        if (res.body.status === 'failed') throw new Error(`transcoding failed: ${JSON.stringify(res.body)}\n${worker.output}`);
        expect(res.body.status).toBe('ready');
        return res.body;
      },
      240_000,
      1000,
    );
    expect(processing.status).toBe('ready');

    const page = await call<{ video: { hlsUrl: string | null; cdnUrl: string } }>(b.url, 'GET', `${API}/videos/selfieVideos/${videoId}`);
    expect(page.status).toBe(200);
    const hlsUrl = page.body.video.hlsUrl;
    expect(hlsUrl).toBeTruthy();
    const master = await fetch(new URL(hlsUrl!, b.url));
    expect(master.status).toBe(200);
    const masterText = await master.text();
    expect(masterText).toContain('#EXTM3U');
    // Follow the first variant to a segment and ask for part of it, as a player seeking does.
    const variant = masterText.split('\n').find((line) => line && !line.startsWith('#'))!;
    const variantUrl = new URL(variant, new URL(hlsUrl!, b.url));
    const playlist = await (await fetch(variantUrl)).text();
    const segment = playlist.split('\n').find((line) => line && !line.startsWith('#'))!;
    const ranged = await fetch(new URL(segment, variantUrl), { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    expect((await fetch(new URL(page.body.video.cdnUrl, b.url))).status).toBe(200);

    // The media lives in the bucket, not on any instance's disk.
    expect((await s3.listKeys(`renditions/${videoId}/`)).length).toBeGreaterThan(0);
  }, 300_000);

  it('a search on B finds it: normal search at once, AI search once B has heard of it', async () => {
    const normal = await call<{ results: Array<{ _id: string }> }>(b.url, 'POST', `${API}/search/normal-search`, { json: { query: word } });
    expect(normal.body.results.map((video) => video._id)).toContain(videoId);
    await eventually(
      async () => {
        const ai = await call<{ results: Array<{ _id: string }> }>(b.url, 'POST', `${API}/search/ai-search`, { json: { chat_history: word } });
        expect(ai.body.results.map((video) => video._id)).toContain(videoId);
      },
      30_000,
      250,
    );
  });

  it('likes sent through A and B at once end consistent on both', async () => {
    const likers = await Promise.all([0, 1, 2, 3].map((i) => signUp(i % 2 ? b.url : a.url, `liker${i}-${word}@example.com`)));
    // Liker i toggles i + 1 times, alternating instances, all at once: odd counts end liked.
    const toggles = likers.flatMap((cookie, i) =>
      Array.from({ length: i + 1 }, (_, n) => call((i + n) % 2 ? b.url : a.url, 'POST', `${API}/videos/selfieVideos/${videoId}/toggle-like`, { cookie, json: {} })),
    );
    const answers = await Promise.all(toggles);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);

    for (const base of [a.url, b.url]) {
      const states = await Promise.all(
        likers.map((cookie) => call<{ likes: number; likedByUser: boolean }>(base, 'GET', `${API}/videos/selfieVideos/${videoId}/likes`, { cookie })),
      );
      expect(states.map((state) => state.body.likedByUser)).toEqual([true, false, true, false]);
      expect(states.every((state) => state.body.likes === 2)).toBe(true);
    }
  });

  it('a notification made on A reaches the live count of a viewer connected to B; one made by the worker is read on B', async () => {
    type Listed = { notifications: Array<{ kind: string; video: { _id: string } | null; comment: { _id: string } | null }> };
    const listOnB = async () => (await call<Listed>(b.url, 'GET', `${API}/notifications`, { cookie: owner })).body.notifications;
    // "Ready", made by the worker process once it finished the upload, is read on B.
    await eventually(
      async () => expect(await listOnB()).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'video-ready', video: expect.objectContaining({ _id: videoId }) })])),
      30_000,
      250,
    );

    // The owner's browser listens on B (the bell's event stream).
    const controller = new AbortController();
    const stream = await fetch(`${b.url}${API}/notifications/stream`, { headers: { cookie: owner }, signal: controller.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const counts: number[] = [];
    const reading = (async () => {
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^data: (.*)$/m.exec(event);
            if (/^event: unread$/m.test(event) && data) counts.push((JSON.parse(data[1]!) as { unread: number }).unread);
          }
        }
      } catch {
        // aborted at the end of the test
      }
    })();
    try {
      await eventually(() => expect(counts.length).toBeGreaterThan(0), 30_000, 100);
      const before = counts.at(-1)!;

      // Someone comments through A: A makes the notification, Redis carries the news to B's stream.
      const fan = await signUp(a.url, `fan-${word}@example.com`);
      const comment = await call<{ comment: { _id: string } }>(a.url, 'POST', `${API}/comments/create`, { cookie: fan, json: { content: `Hello ${word}`, videoId } });
      expect(comment.status).toBe(201);
      await eventually(() => expect(counts.at(-1)).toBe(before + 1), 30_000, 100);
      expect(await listOnB()).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: 'video-comment', comment: expect.objectContaining({ _id: comment.body.comment._id }) })]),
      );
    } finally {
      controller.abort();
      await reading;
    }
  });

  it('a resumable (tus) upload begun on A continues on B: offsets in S3, locks in Redis; the worker processes it, B shows the stages', async () => {
    const { Upload } = await import('tus-js-client');
    const data = fixtures.mp4;
    const half = Math.floor(data.length / 2);
    const metadata = `title ${Buffer.from(`${word} resumed`).toString('base64')},visibility ${Buffer.from('public').toString('base64')}`;
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await call(a.url, 'POST', `${API}/uploads`, {
      cookie: owner,
      headers: { ...tus, 'upload-length': String(data.length), 'upload-metadata': metadata },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const first = await call(a.url, 'PATCH', location, {
      cookie: owner,
      headers: { ...tus, 'upload-offset': '0' },
      body: data.subarray(0, half),
      contentType: 'application/offset+octet-stream',
    });
    expect(first.status).toBe(204);
    // B knows where A stopped (the store is shared), and the real client finishes there.
    const head = await call(b.url, 'HEAD', location, { cookie: owner, headers: tus });
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const resumedId = await new Promise<string | null>((resolve, reject) => {
      let id: string | null = null;
      const upload = new Upload(data, {
        endpoint: `${b.url}${API}/uploads`,
        uploadUrl: `${b.url}${location}`,
        chunkSize: 64 * 1024,
        retryDelays: [0],
        headers: { cookie: owner },
        onAfterResponse: (_request, response) => {
          id = response.getHeader('Video-Id') ?? id;
        },
        onSuccess: () => resolve(id),
        onError: reject,
      });
      upload.start();
    });
    expect(resumedId).toMatch(/^[0-9a-f]{24}$/);
    const done = await eventually(
      async () => {
        const res = await call<{ status: string; processingStage: string }>(a.url, 'GET', `${API}/videos/selfieVideos/${resumedId}/processing`, { cookie: owner });
        if (res.body.status === 'failed') throw new Error(`transcoding failed: ${JSON.stringify(res.body)}\n${worker.output}`);
        expect(res.body.status).toBe('ready');
        return res.body;
      },
      240_000,
      1000,
    );
    expect(done.processingStage).toBe('done');
    // The upload's bytes are gone from the bucket once the video exists.
    expect((await s3.listKeys()).filter((key) => key.includes(location.split('/').pop()!))).toEqual([]);
    expect((await call(b.url, 'DELETE', `${API}/videos/selfieVideos/${resumedId}`, { cookie: owner })).status).toBe(200);
  }, 300_000);

  it('a resumable (tus) upload made by the client from its creation, as the page sends it, completes on B; a terminated one leaves nothing in the bucket', async () => {
    const { Upload } = await import('tus-js-client');
    let location = '';
    const videoIdOf = await new Promise<string | null>((resolve, reject) => {
      let id: string | null = null;
      const upload = new Upload(fixtures.mp4, {
        endpoint: `${b.url}${API}/uploads`,
        chunkSize: 64 * 1024,
        retryDelays: [0],
        headers: { cookie: owner },
        metadata: { filename: 'beach.mp4', filetype: 'video/mp4', title: `${word} made on B`, description: '', visibility: 'private' },
        onAfterResponse: (_request, response) => {
          id = response.getHeader('Video-Id') ?? id;
        },
        onSuccess: () => {
          location = upload.url ?? '';
          resolve(id);
        },
        onError: reject,
      });
      upload.start();
    });
    expect(videoIdOf).toMatch(/^[0-9a-f]{24}$/);
    const uploadId = location.split('/').pop()!;
    expect(uploadId).toMatch(/-[0-9a-f]{32}$/);
    await eventually(
      async () => {
        const res = await call<{ status: string }>(a.url, 'GET', `${API}/videos/selfieVideos/${videoIdOf}/processing`, { cookie: owner });
        if (res.body.status === 'failed') throw new Error(`transcoding failed: ${JSON.stringify(res.body)}\n${worker.output}`);
        expect(res.body.status).toBe('ready');
      },
      240_000,
      1000,
    );
    expect((await s3.listKeys()).filter((key) => key.includes(uploadId))).toEqual([]);
    expect((await call(a.url, 'DELETE', `${API}/videos/selfieVideos/${videoIdOf}`, { cookie: owner })).status).toBe(200);

    // Created and partly sent on A, given up on B.
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await call(a.url, 'POST', `${API}/uploads`, {
      cookie: owner,
      headers: { ...tus, 'upload-length': String(fixtures.mp4.length), 'upload-metadata': `title ${Buffer.from('Given up').toString('base64')}` },
    });
    expect(created.status).toBe(201);
    const abandoned = created.headers.get('location')!;
    const sent = await call(a.url, 'PATCH', abandoned, { cookie: owner, headers: { ...tus, 'upload-offset': '0' }, body: fixtures.mp4.subarray(0, 1000), contentType: 'application/offset+octet-stream' });
    expect(sent.status).toBe(204);
    expect((await call(b.url, 'DELETE', abandoned, { cookie: owner, headers: tus })).status).toBe(204);
    expect((await call(b.url, 'HEAD', abandoned, { cookie: owner, headers: tus })).status).toBe(404);
    expect((await s3.listKeys()).filter((key) => key.includes(abandoned.split('/').pop()!))).toEqual([]);
  }, 300_000);

  it('killing A mid-traffic loses no acknowledged write', async () => {
    // One commenter per lane, under the 20-a-minute limit per user.
    const PER_LANE = 18;
    const commenters = await Promise.all([0, 1, 2, 3].map((lane) => signUp(b.url, `commenter${lane}-${word}@example.com`)));
    const acknowledged: string[] = [];
    const refused: number[] = [];
    let sent = 0;
    const writer = async (lane: number) => {
      for (let i = 0; i < PER_LANE; i += 1) {
        const base = (lane + i) % 2 ? b.url : a.url;
        sent += 1;
        try {
          const res = await call<{ comment: { _id: string } }>(base, 'POST', `${API}/comments/create`, {
            cookie: commenters[lane],
            json: { content: `lane ${lane} comment ${i}`, videoId },
          });
          if (res.status === 201) acknowledged.push(res.body.comment._id);
          else refused.push(res.status);
        } catch {
          // A's connection died: not acknowledged, so nothing is owed.
        }
      }
    };
    const lanes = [0, 1, 2, 3].map(writer);
    await eventually(
      () => {
        if (refused.length > 0) throw new Error(`refused with ${refused.join(', ')}`);
        expect(acknowledged.length).toBeGreaterThanOrEqual(12);
      },
      60_000,
      20,
    );
    await a.kill();
    await Promise.all(lanes);
    expect(sent).toBe(4 * PER_LANE);
    expect(refused).toEqual([]);
    // B went on acknowledging after A was gone.
    expect(acknowledged.length).toBeGreaterThan(12 + PER_LANE);

    const comments = await call<{ comments: Array<{ _id: string }> }>(b.url, 'GET', `${API}/comments/${videoId}`);
    const stored = new Set(comments.body.comments.map((comment) => comment._id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    console.info(`cluster: ${sent} comment writes sent, ${acknowledged.length} acknowledged (A killed mid-way), all of them stored`);

    // A comes back on the same configuration and serves what B wrote meanwhile.
    a.start();
    await a.ready();
    const fromA = await call<{ comments: Array<{ _id: string }> }>(a.url, 'GET', `${API}/comments/${videoId}`);
    expect(fromA.body.comments.length).toBe(comments.body.comments.length);
  }, 240_000);

  it('made private on A, every medium moves to new keys in the bucket: old URLs 404 on A and B, the new ones owner-only; public again, cacheable for good', async () => {
    interface Media {
      hlsUrl: string | null;
      cdnUrl: string;
      posterUrl: string | null;
      thumbnailCdnUrl: string;
      thumbnailSources: Array<{ url: string }>;
    }
    const urlsOf = (video: Media) =>
      [video.hlsUrl, video.cdnUrl, video.posterUrl, video.thumbnailCdnUrl, ...video.thumbnailSources.map((source) => source.url)].filter(
        (url): url is string => url !== null,
      );
    const fetchMedia = async (base: string, url: string, cookie?: string) => {
      const res = await fetch(new URL(url, base), { headers: cookie ? { cookie } : {} });
      await res.arrayBuffer();
      return { status: res.status, cacheControl: res.headers.get('cache-control') };
    };
    const IMMUTABLE = 'public, max-age=31536000, immutable';
    const before = urlsOf((await call<{ video: Media }>(b.url, 'GET', `${API}/videos/selfieVideos/${videoId}`)).body.video);
    expect(before.length).toBeGreaterThanOrEqual(4);
    for (const url of before) expect(await fetchMedia(b.url, url)).toEqual({ status: 200, cacheControl: IMMUTABLE });
    const objectsBefore = await s3.listKeys(`renditions/${videoId}/`);
    const prefixBefore = objectsBefore[0]!.split('/').slice(0, 3).join('/');

    const title = `${word} on the beach`;
    const hidden = await call<{ video: Media }>(a.url, 'PATCH', `${API}/videos/selfieVideos/${videoId}`, { cookie: owner, json: { title, visibility: 'private' } });
    expect(hidden.status).toBe(200);
    const after = urlsOf(hidden.body.video);
    expect(after.filter((url) => before.includes(url))).toEqual([]);
    for (const url of before) {
      for (const base of [a.url, b.url]) {
        for (const cookie of [undefined, owner]) expect((await fetchMedia(base, url, cookie)).status).toBe(404);
      }
    }
    for (const url of after) {
      expect(await fetchMedia(b.url, url, owner)).toEqual({ status: 200, cacheControl: 'private, no-store' });
      expect((await fetchMedia(b.url, url)).status).toBe(404);
    }
    // Copied server-side to the new generation; nothing left under the old one.
    const prefixAfter = after.find((url) => url.includes('/renditions/'))!.replace(/^\/media\//, '').split('/').slice(0, 3).join('/');
    await eventually(
      async () => expect(await s3.listKeys(`renditions/${videoId}/`)).toEqual(objectsBefore.map((key) => key.replace(prefixBefore, prefixAfter)).sort()),
      30_000,
      250,
    );

    const shown = await call(b.url, 'PATCH', `${API}/videos/selfieVideos/${videoId}`, { cookie: owner, json: { title, visibility: 'public' } });
    expect(shown.status).toBe(200);
    for (const url of after) expect(await fetchMedia(a.url, url)).toEqual({ status: 200, cacheControl: IMMUTABLE });
    for (const url of before) expect((await fetchMedia(a.url, url)).status).toBe(404);
  }, 120_000);

  it('deleting on B removes the video from A and every object from the bucket', async () => {
    expect((await s3.listKeys()).length).toBeGreaterThan(0);
    expect((await call(b.url, 'DELETE', `${API}/videos/selfieVideos/${videoId}`, { cookie: owner })).status).toBe(200);
    expect((await call(a.url, 'GET', `${API}/videos/selfieVideos/${videoId}`)).status).toBe(404);
    const normal = await call<{ results: Array<{ _id: string }> }>(a.url, 'POST', `${API}/search/normal-search`, { json: { query: word } });
    expect(normal.body.results.map((video) => video._id)).not.toContain(videoId);
    // Only this video was ever uploaded: the bucket is empty again.
    await eventually(async () => expect(await s3.listKeys()).toEqual([]), 30_000, 250);
  }, 60_000);
});
