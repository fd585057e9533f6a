/**
 * The Storage contract (server/infra/storage/storage.ts), run against both implementations: the
 * local disk and S3 (server/infra/storage/s3.ts) on a real S3-protocol server (s3rver, started
 * here: __tests__/support/s3.ts). Two-phase writes, stat, ranges, putFile, deletePrefix,
 * listChildren and the refusal of anything that is not a storage key.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { createLocalStorage, newStorageKey, type Storage } from '../../server/infra/storage/storage';
import { createS3Storage, type S3Storage } from '../../server/infra/storage/s3';
import { openMultipartUploads, startS3, useS3Env, type S3TestServer } from '../support/s3';

/** lib-storage's smallest part: S3 writes above it go through a multipart upload. */
const PART = 5 * 1024 * 1024;

let s3: S3TestServer;
let restoreEnv: () => void;
let work: string;
let bucketCount = 0;

beforeAll(async () => {
  s3 = await startS3();
  restoreEnv = useS3Env(s3);
  work = await mkdtemp(path.join(tmpdir(), 'storage-contract-'));
});

afterAll(async () => {
  restoreEnv?.();
  await s3?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

interface Subject {
  storage: Storage;
  /** Every object key the storage holds (hidden temporary files included for the disk). */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

async function listDisk(root: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

const implementations: Array<[string, () => Promise<Subject>]> = [
  [
    'local disk',
    async () => {
      const root = await mkdtemp(path.join(work, 'local-'));
      return { storage: createLocalStorage(root), keys: () => listDisk(root), close: async () => undefined };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      bucketCount += 1;
      const bucket = `contract-${bucketCount}`;
      await s3.createBucket(bucket);
      // Credentials, region and endpoint come from the AWS_* variables (useS3Env), as in production.
      const storage: S3Storage = createS3Storage({ bucket, forcePathStyle: true, partSize: PART });
      await storage.verify();
      const { paginateListObjectsV2 } = await import('@aws-sdk/client-s3');
      return {
        storage,
        keys: async () => {
          const keys: string[] = [];
          for await (const page of paginateListObjectsV2({ client: s3.client }, { Bucket: bucket })) {
            for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
          }
          return keys.sort();
        },
        close: () => storage.close(),
      };
    },
  ],
];

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function renditionKey(videoId: string, generation: string, file: string): string {
  return `renditions/${videoId}/${generation}/${file}`;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

describe.each(implementations)('Storage contract: %s', (_name, make) => {
  let subject: Subject;
  let storage: Storage;

  beforeEach(async () => {
    subject = await make();
    storage = subject.storage;
  });
  afterEach(async () => {
    await subject.close();
  });

  async function put(key: string, data: Buffer): Promise<void> {
    const write = await storage.beginWrite(key);
    await pipeline(Readable.from([data]), write.stream);
    await write.commit();
  }

  it('a write is invisible until commit, then whole (small and multi-part sizes)', async () => {
    for (const size of [0, 1000, 2 * PART + 12345]) {
      const key = newStorageKey('videos', 'mp4');
      const data = randomBytes(size);
      const write = await storage.beginWrite(key);
      expect(write.key).toBe(key);
      // In several chunks, the way uploads arrive.
      const chunks = [];
      for (let offset = 0; offset < data.length; offset += 256 * 1024) chunks.push(data.subarray(offset, offset + 256 * 1024));
      await pipeline(Readable.from(chunks), write.stream);
      expect(await storage.stat(key)).toBeNull();
      expect(await subject.keys()).not.toContain(key);

      await write.commit();
      const info = await storage.stat(key);
      expect(info?.size).toBe(size);
      expect(Number.isFinite(info?.modifiedAt.getTime())).toBe(true);
      expect((await readAll(storage.createReadStream(key))).equals(data)).toBe(true);
      await expect(write.commit()).rejects.toThrow(/committed/);
    }
    expect((await subject.keys()).filter((key) => !key.startsWith('videos/') || key.includes('.part'))).toEqual([]);
  });

  it('commit before the stream has finished is refused', async () => {
    const write = await storage.beginWrite(newStorageKey('thumbnails', 'png'));
    write.stream.write(Buffer.from('half'));
    await expect(write.commit()).rejects.toThrow(/finished/);
    await write.abort();
    expect(await subject.keys()).toEqual([]);
  });

  it('abort leaves nothing: right away, mid-write, after the stream finished, and twice', async () => {
    const fresh = await storage.beginWrite(newStorageKey('thumbnails', 'png'));
    await fresh.abort();

    // Past one part: on S3 a multipart upload is under way when it is aborted.
    const midKey = newStorageKey('videos', 'webm');
    const mid = await storage.beginWrite(midKey);
    await new Promise<void>((resolve, reject) => mid.stream.write(randomBytes(PART + 1024), (error) => (error ? reject(error) : resolve())));
    await new Promise<void>((resolve, reject) => mid.stream.write(randomBytes(PART + 1024), (error) => (error ? reject(error) : resolve())));
    await mid.abort();
    await mid.abort();

    const doneKey = newStorageKey('videos', 'mp4');
    const done = await storage.beginWrite(doneKey);
    await pipeline(Readable.from([randomBytes(3 * 1024)]), done.stream);
    await done.abort();
    await expect(done.commit()).rejects.toThrow(/aborted/);

    expect(await storage.stat(midKey)).toBeNull();
    expect(await storage.stat(doneKey)).toBeNull();
    expect(await subject.keys()).toEqual([]);
    if (storage !== undefined && 'bucket' in storage) {
      // Where the server can list multipart uploads (AWS, MinIO), none is left open.
      const open = await openMultipartUploads({ client: s3.client, bucket: (storage as S3Storage).bucket });
      if (open !== undefined) expect(open).toBe(0);
    }
  });

  it('a failing source aborts through pipeline: nothing is stored', async () => {
    const key = newStorageKey('videos', 'mp4');
    const write = await storage.beginWrite(key);
    const source = Readable.from(
      (async function* () {
        yield randomBytes(PART + 10);
        throw new Error('client went away');
      })(),
    );
    await expect(pipeline(source, write.stream)).rejects.toThrow('client went away');
    await write.abort();
    expect(await storage.stat(key)).toBeNull();
    expect(await subject.keys()).toEqual([]);
  });

  it('stat: null for a missing object and for anything that is not a key', async () => {
    expect(await storage.stat(newStorageKey('videos', 'mp4'))).toBeNull();
    expect(await storage.stat('../etc/passwd')).toBeNull();
    expect(await storage.stat('videos/')).toBeNull();
  });

  it('reads byte ranges exactly (inclusive ends), and the whole object without one', async () => {
    const key = newStorageKey('videos', 'mp4');
    const data = randomBytes(100_000);
    await put(key, data);
    expect((await readAll(storage.createReadStream(key, { start: 0, end: 0 }))).equals(data.subarray(0, 1))).toBe(true);
    expect((await readAll(storage.createReadStream(key, { start: 100, end: 199 }))).equals(data.subarray(100, 200))).toBe(true);
    expect((await readAll(storage.createReadStream(key, { start: 99_000, end: 99_999 }))).equals(data.subarray(99_000))).toBe(true);
    expect((await readAll(storage.createReadStream(key))).equals(data)).toBe(true);
  });

  it('a read stream destroyed early releases the object (no error, no hang)', async () => {
    const key = newStorageKey('videos', 'mp4');
    await put(key, randomBytes(2 * 1024 * 1024));
    const stream = storage.createReadStream(key);
    let seen = 0;
    await new Promise<void>((resolve) => {
      stream.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        stream.destroy();
      });
      stream.on('close', () => resolve());
    });
    expect(seen).toBeGreaterThan(0);
    // The object is still there and readable.
    expect((await storage.stat(key))?.size).toBe(2 * 1024 * 1024);
  });

  it('reading a missing object fails the stream', async () => {
    const stream = storage.createReadStream(newStorageKey('videos', 'mp4'));
    await expect(readAll(stream)).rejects.toThrow();
  });

  it('putFile stores a local file whole (multi-part sizes too) and removes the local copy', async () => {
    for (const size of [10, 2 * PART + 7]) {
      const file = path.join(work, `put-${hex(4)}.bin`);
      const data = randomBytes(size);
      await writeFile(file, data);
      const key = newStorageKey('videos', 'mov');
      await storage.putFile(key, file);
      expect(existsSync(file)).toBe(false);
      expect((await storage.stat(key))?.size).toBe(size);
      expect((await readAll(storage.createReadStream(key))).equals(data)).toBe(true);
    }
  });

  it('delete removes one object; a missing one is not an error', async () => {
    const key = newStorageKey('thumbnails', 'jpg');
    const other = newStorageKey('thumbnails', 'jpg');
    await put(key, Buffer.from('a'));
    await put(other, Buffer.from('b'));
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    expect(await subject.keys()).toEqual([other]);
  });

  it('listChildren names the next segment; deletePrefix removes a generation or a whole video, nothing else', async () => {
    const [a, b] = [hex(12), hex(12)];
    const [g1, g2] = [hex(4), hex(4)];
    const files = ['master.m3u8', '180p.m3u8', 'seg_000.ts', 'seg_001.ts', 'video.mp4', 'poster.jpg', 'card-160.webp'];
    for (const file of files) await put(renditionKey(a, g1, file), Buffer.from(file));
    for (const file of files.slice(0, 3)) await put(renditionKey(a, g2, file), Buffer.from(file));
    for (const file of files.slice(0, 2)) await put(renditionKey(b, g1, file), Buffer.from(file));
    const upload = newStorageKey('videos', 'mp4');
    await put(upload, Buffer.from('original'));

    expect((await storage.listChildren('renditions/')).sort()).toEqual([a, b].sort());
    expect((await storage.listChildren(`renditions/${a}/`)).sort()).toEqual([g1, g2].sort());
    expect((await storage.listChildren(`renditions/${a}/${g1}/`)).sort()).toEqual([...files].sort());
    expect(await storage.listChildren(`renditions/${hex(12)}/`)).toEqual([]);

    await storage.deletePrefix(`renditions/${a}/${g2}/`);
    expect(await storage.listChildren(`renditions/${a}/`)).toEqual([g1]);
    await storage.deletePrefix(`renditions/${a}/`);
    expect(await storage.listChildren('renditions/')).toEqual([b]);
    // A prefix with nothing under it is fine.
    await storage.deletePrefix(`renditions/${hex(12)}/`);
    expect(await subject.keys()).toEqual([renditionKey(b, g1, files[1]!), renditionKey(b, g1, files[0]!), upload].sort());
  });

  it('deletePrefix removes many objects at once', async () => {
    const video = hex(12);
    const generation = hex(4);
    // One listing page: s3rver on Node 20 cannot answer a truncated ListObjectsV2 (its
    // continuation tokens use DES, which OpenSSL 3 no longer offers), so paging is not exercised.
    const names = Array.from({ length: 60 }, (_, i) => `seg_${String(i).padStart(3, '0')}.ts`);
    await Promise.all(names.map((name) => put(renditionKey(video, generation, name), Buffer.from(name))));
    expect(await storage.listChildren(`renditions/${video}/${generation}/`)).toHaveLength(60);
    await storage.deletePrefix(`renditions/${video}/`);
    expect(await subject.keys()).toEqual([]);
  });

  it('refuses anything that is not a storage key or prefix, before touching storage', async () => {
    for (const bad of ['../escape.mp4', 'videos/../../x.mp4', 'videos/short.mp4', '/videos/0123456789abcdef01234567.mp4', 'other/0123456789abcdef01234567.mp4', 'videos/0123456789abcdef01234567.exe']) {
      await expect(storage.beginWrite(bad)).rejects.toThrow('not a valid storage key');
      expect(() => storage.createReadStream(bad)).toThrow('not a valid storage key');
      await expect(storage.delete(bad)).rejects.toThrow('not a valid storage key');
      await expect(storage.putFile(bad, path.join(work, 'nothing'))).rejects.toThrow('not a valid storage key');
    }
    for (const bad of ['', 'videos/', 'thumbnails/', '../', 'renditions', `renditions/${hex(12)}`, `renditions/x/`]) {
      await expect(storage.deletePrefix(bad)).rejects.toThrow('not a valid storage prefix');
      await expect(storage.listChildren(bad)).rejects.toThrow('not a valid storage prefix');
    }
    expect(await subject.keys()).toEqual([]);
  });

  it('move: the object under its new key, nothing under the old; a missing source is false; repeatable', async () => {
    const from = newStorageKey('thumbnails', 'png');
    const to = newStorageKey('thumbnails', 'png');
    const data = randomBytes(3000);
    await put(from, data);
    expect(await storage.move(from, to)).toBe(true);
    expect(await storage.stat(from)).toBeNull();
    expect(await readAll(storage.createReadStream(to))).toEqual(data);
    // Run again (a crash after the move, before its record was deleted): nothing to do.
    expect(await storage.move(from, to)).toBe(false);
    expect(await subject.keys()).toEqual([to]);
    await expect(storage.move('../x.png', to)).rejects.toThrow('not a valid storage key');
  });

  it('movePrefix moves a whole generation, also when an interrupted move left files on both sides', async () => {
    const video = hex(12);
    const [g1, g2, g3] = [hex(4), hex(4), hex(4)];
    const files = ['master.m3u8', '180p.m3u8', 'seg_000.ts', 'seg_001.ts', 'video.mp4', 'poster.jpg'];
    for (const file of files) await put(renditionKey(video, g1, file), Buffer.from(`bytes of ${file}`));
    const other = renditionKey(hex(12), g1, 'video.mp4');
    await put(other, Buffer.from('another video'));

    expect(await storage.movePrefix(`renditions/${video}/${g1}/`, `renditions/${video}/${g2}/`)).toBe(files.length);
    expect(await storage.listChildren(`renditions/${video}/`)).toEqual([g2]);
    expect((await storage.listChildren(`renditions/${video}/${g2}/`)).sort()).toEqual([...files].sort());
    expect((await readAll(storage.createReadStream(renditionKey(video, g2, 'seg_001.ts')))).toString()).toBe('bytes of seg_001.ts');

    // Half moved to g3 (as a crash mid-move leaves it), then moved again: whole at g3, g2 empty.
    for (const file of files.slice(0, 2)) await storage.move(renditionKey(video, g2, file), renditionKey(video, g3, file));
    await storage.movePrefix(`renditions/${video}/${g2}/`, `renditions/${video}/${g3}/`);
    expect(await storage.listChildren(`renditions/${video}/`)).toEqual([g3]);
    expect((await storage.listChildren(`renditions/${video}/${g3}/`)).sort()).toEqual([...files].sort());
    // Nothing left to move: a no-op.
    expect(await storage.movePrefix(`renditions/${video}/${g2}/`, `renditions/${video}/${g3}/`)).toBe(0);
    expect(await subject.keys()).toEqual([...files.map((file) => renditionKey(video, g3, file)), other].sort());
    await expect(storage.movePrefix(`renditions/${video}/`, `renditions/${video}/${g1}/`)).rejects.toThrow('not generation prefixes');
  });

  it('sweepIncompleteWrites resolves with a count (nothing stale here)', async () => {
    const write = await storage.beginWrite(newStorageKey('videos', 'mp4'));
    await pipeline(Readable.from([randomBytes(10)]), write.stream);
    expect(await storage.sweepIncompleteWrites?.(60 * 60 * 1000)).toBe(0);
    await write.commit();
    expect(await subject.keys()).toEqual([write.key]);
  });
});

describe('S3 storage specifics', () => {
  it('verify() names the bucket and the cause when the bucket does not exist', async () => {
    const storage = createS3Storage({ bucket: 'no-such-bucket', forcePathStyle: true });
    try {
      await expect(storage.verify()).rejects.toThrow(/S3_BUCKET "no-such-bucket" cannot be used: it does not exist/);
    } finally {
      await storage.close();
    }
  });

  it('a write whose upload fails reports it to the writer and stores nothing', async () => {
    const storage = createS3Storage({ bucket: 'no-such-bucket', forcePathStyle: true, partSize: PART });
    try {
      const write = await storage.beginWrite(newStorageKey('videos', 'mp4'));
      const sink: Writable = write.stream;
      // Enough for a part: the first request fails (NoSuchBucket) while bytes are still coming.
      const source = Readable.from((async function* () {
        for (let i = 0; i < 40; i += 1) yield randomBytes(1024 * 1024);
      })());
      const outcome = pipeline(source, sink).then(() => write.commit());
      await expect(outcome).rejects.toThrow(/bucket/i);
      await write.abort();
    } finally {
      await storage.close();
    }
  });
});
