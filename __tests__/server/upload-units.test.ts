/** The upload building blocks on their own: content sniffing, local storage, receiving files. */
import { mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';

import { ConfigError, loadConfig } from '../../server/config/index';
import { sniffMediaType } from '../../server/infra/storage/media-types';
import { createLocalStorage, isStorageKey, newStorageKey, type Storage } from '../../server/infra/storage/storage';
import {
  UploadRejection,
  UploadSourceError,
  checkVideoFields,
  formatByteLimit,
  receiveFile,
  thumbnailFileRule,
  videoFileRule,
} from '../../server/domains/media/uploads/uploads';
import { fixtures, listFiles } from '../support/media';

const ascii = (value: string) => Buffer.from(value, 'latin1');
const withBody = (head: Buffer) => Buffer.concat([head, Buffer.alloc(64, 0x20)]);

describe('sniffMediaType', () => {
  it.each([
    ['tiny.mp4', fixtures.mp4, 'video/mp4', 'mp4'],
    ['tiny.webm', fixtures.webm, 'video/webm', 'webm'],
    ['tiny.png', fixtures.png, 'image/png', 'png'],
    ['tiny.jpg', fixtures.jpg, 'image/jpeg', 'jpg'],
  ])('recognises the fixture %s', (_name, data, mime, ext) => {
    expect(sniffMediaType(data.subarray(0, 64))).toMatchObject({ mime, ext });
  });

  it.each([
    ['QuickTime', withBody(Buffer.concat([Buffer.from([0, 0, 0, 0x14]), ascii('ftypqt  ')])), 'video/quicktime', 'mov'],
    ['MP4 (M4V brand)', withBody(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), ascii('ftypM4V ')])), 'video/mp4', 'mp4'],
    [
      'Matroska',
      withBody(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88]), ascii('matroska')])),
      'video/x-matroska',
      'mkv',
    ],
    ['Ogg', withBody(ascii('OggS\u0000\u0002')), 'video/ogg', 'ogv'],
    ['WebP', withBody(Buffer.concat([ascii('RIFF'), Buffer.from([0x24, 0, 0, 0]), ascii('WEBPVP8 ')])), 'image/webp', 'webp'],
    ['GIF87a', withBody(ascii('GIF87a')), 'image/gif', 'gif'],
    ['GIF89a', withBody(ascii('GIF89a')), 'image/gif', 'gif'],
  ])('recognises %s', (_name, head, mime, ext) => {
    expect(sniffMediaType(head)).toMatchObject({ mime, ext });
  });

  it.each([
    ['text', ascii('hello, I am a text file named clip.mp4')],
    ['HEIC still image', withBody(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), ascii('ftypheic')]))],
    ['M4A audio', withBody(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), ascii('ftypM4A ')]))],
    ['RIFF that is not WebP (WAV)', withBody(Buffer.concat([ascii('RIFF'), Buffer.from([0x24, 0, 0, 0]), ascii('WAVEfmt ')]))],
    ['GIF with an unknown version', withBody(ascii('GIF90a'))],
    ['a cut-off ftyp box', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), ascii('ftyp')])],
    ['nothing', Buffer.alloc(0)],
    ['SVG', ascii('<svg xmlns="http://www.w3.org/2000/svg"/>')],
  ])('refuses %s', (_name, head) => {
    expect(sniffMediaType(head)).toBeNull();
  });
});

describe('upload limits in the configuration', () => {
  it('default to 1 GiB and 2 MiB', () => {
    expect(loadConfig({})).toMatchObject({ maxVideoBytes: 1024 ** 3, maxThumbnailBytes: 2 * 1024 ** 2 });
  });

  it('read MAX_VIDEO_BYTES and MAX_THUMBNAIL_BYTES', () => {
    expect(loadConfig({ MAX_VIDEO_BYTES: '4000', MAX_THUMBNAIL_BYTES: '1000' })).toMatchObject({
      maxVideoBytes: 4000,
      maxThumbnailBytes: 1000,
    });
  });

  it('refuse values that are not positive integers', () => {
    expect(() => loadConfig({ MAX_VIDEO_BYTES: '0' })).toThrow(ConfigError);
    let error: unknown;
    try {
      loadConfig({ MAX_VIDEO_BYTES: '-1', MAX_THUMBNAIL_BYTES: '2MB' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((problem) => problem.split(' ')[0])).toEqual(['MAX_VIDEO_BYTES', 'MAX_THUMBNAIL_BYTES']);
  });
});

describe('formatByteLimit', () => {
  it.each([
    [1024 ** 3, '1 GB'],
    [2 * 1024 ** 2, '2 MB'],
    [512 * 1024, '512 KB'],
    [1000, '1000 bytes'],
    [1536 * 1024 ** 2, '1536 MB'],
  ])('%d → %s', (bytes, label) => {
    expect(formatByteLimit(bytes)).toBe(label);
  });
});

describe('checkVideoFields', () => {
  it('trims and defaults', () => {
    expect(checkVideoFields({ title: '  A  ', description: ' d ' })).toEqual({ title: 'A', description: 'd', visibility: 'public' });
    expect(checkVideoFields({ title: 'A', visibility: 'private' })).toMatchObject({ visibility: 'private' });
  });

  it('names the first problem', () => {
    expect(checkVideoFields({})).toEqual({ problem: 'video.titleRequired' });
    expect(checkVideoFields({ title: 'x'.repeat(201) })).toEqual({ problem: 'video.titleTooLong', vars: { max: 200 } });
    expect(checkVideoFields({ title: 'x'.repeat(200), description: 'y'.repeat(5001) })).toEqual({
      problem: 'video.descriptionTooLong',
      vars: { max: 5000 },
    });
    expect(checkVideoFields({ title: 'x', visibility: 'friends' })).toEqual({ problem: 'video.visibilityInvalid' });
  });
});

describe('storage keys', () => {
  it('are random, of a strict shape', () => {
    const key = newStorageKey('videos', 'mp4');
    expect(key).toMatch(/^videos\/[0-9a-f]{24}\.mp4$/);
    expect(newStorageKey('videos', 'mp4')).not.toBe(key);
  });

  it.each([
    '../app.db',
    'videos/../../app.db',
    'videos/0123456789abcdef01234567.exe',
    'videos/0123456789ABCDEF01234567.mp4',
    'other/0123456789abcdef01234567.mp4',
    'videos/0123456789abcdef0123456.mp4',
    'videos/.0123456789abcdef.part',
    '/etc/passwd',
    'videos\\0123456789abcdef01234567.mp4',
  ])('refuse %s', (key) => {
    expect(isStorageKey(key)).toBe(false);
  });
});

describe('local storage', () => {
  let root: string;
  let storage: Storage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'selfie-storage-test-'));
    storage = createLocalStorage(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function write(key: string, content: string) {
    const write = await storage.beginWrite(key);
    await new Promise<void>((resolve, reject) => write.stream.end(content, () => resolve()).on('error', reject));
    return write;
  }

  it('shows nothing under the key until commit', async () => {
    const key = newStorageKey('videos', 'mp4');
    const pending = await write(key, '0123456789');
    expect(await storage.stat(key)).toBeNull();
    expect(await listFiles(root)).toEqual([expect.stringMatching(/^videos\/\.[0-9a-f]{16}\.part$/)]);
    await pending.commit();
    expect(await storage.stat(key)).toMatchObject({ size: 10 });
    expect(await listFiles(root)).toEqual([key]);
    expect(await text(storage.createReadStream(key, { start: 2, end: 5 }))).toBe('2345');
    await pending.abort(); // after commit: nothing to undo
    expect(await listFiles(root)).toEqual([key]);
    await storage.delete(key);
    await storage.delete(key); // already gone: fine
    expect(await listFiles(root)).toEqual([]);
  });

  it('abort removes the temporary file, even right after beginWrite', async () => {
    const written = await write(newStorageKey('thumbnails', 'png'), 'abc');
    await written.abort();
    await written.abort();
    const fresh = await storage.beginWrite(newStorageKey('thumbnails', 'png'));
    await fresh.abort();
    expect(await listFiles(root)).toEqual([]);
  });

  it('refuses keys outside the pattern', async () => {
    await expect(storage.beginWrite('../escape.mp4')).rejects.toThrow('not a valid storage key');
    expect(() => storage.createReadStream('videos/../../etc/passwd')).toThrow('not a valid storage key');
    expect(await storage.stat('../app.db')).toBeNull();
  });

  it('sweeps old leftovers of interrupted writes only', async () => {
    const oldKey = newStorageKey('videos', 'mp4');
    await write(oldKey, 'old'); // never committed
    const [leftover] = await listFiles(root);
    const past = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await utimes(path.join(root, leftover!), past, past);
    await write(newStorageKey('videos', 'mp4'), 'fresh'); // in progress
    const done = newStorageKey('videos', 'mp4');
    await (await write(done, 'kept')).commit();
    await utimes(path.join(root, done), past, past);

    expect(await storage.sweepIncompleteWrites!(24 * 3600 * 1000)).toBe(1);
    const left = await listFiles(root);
    expect(left).toHaveLength(2);
    expect(left).toContain(done);
    expect(left).not.toContain(leftover);
  });
});

describe('receiveFile', () => {
  let root: string;
  let storage: Storage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'selfie-receive-test-'));
    storage = createLocalStorage(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  /** The data in small chunks, as a network would deliver it. */
  const chunked = (data: Buffer, size = 7) =>
    Readable.from(Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size)));

  it('writes the bytes unchanged under a key with the sniffed extension', async () => {
    const file = await receiveFile(storage, chunked(fixtures.webm), videoFileRule(10_000));
    expect(file).toMatchObject({ size: fixtures.webm.length, type: { mime: 'video/webm' } });
    expect(file!.key).toMatch(/^videos\/[0-9a-f]{24}\.webm$/);
    await file!.write.commit();
    expect((await stat(path.join(root, file!.key))).size).toBe(fixtures.webm.length);
  });

  it('resolves undefined for an empty file', async () => {
    expect(await receiveFile(storage, Readable.from([]), thumbnailFileRule(10))).toBeUndefined();
    expect(await listFiles(root)).toEqual([]);
  });

  it('refuses a file over the limit while streaming and leaves nothing', async () => {
    const source = chunked(fixtures.mp4, 1000);
    const error = await receiveFile(storage, source, videoFileRule(2500)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadRejection);
    expect(error).toMatchObject({ statusCode: 413, messageKey: 'upload.videoTooLarge', vars: { max: '2500 bytes' } });
    expect(source.destroyed).toBe(true);
    expect(await listFiles(root)).toEqual([]);
  });

  it('refuses the wrong kind before writing anything', async () => {
    await expect(receiveFile(storage, chunked(fixtures.jpg), videoFileRule(10_000))).rejects.toMatchObject({
      statusCode: 415,
      messageKey: 'upload.videoType',
    });
    expect(await listFiles(root)).toEqual([]);
  });

  it('reports a failing source as such and leaves nothing', async () => {
    async function* broken() {
      yield fixtures.mp4.subarray(0, 2000);
      throw new Error('connection reset');
    }
    const error = await receiveFile(storage, Readable.from(broken()), videoFileRule(10_000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadSourceError);
    expect(await listFiles(root)).toEqual([]);
  });

  it('passes on storage failures and leaves nothing', async () => {
    // A directory where the videos folder should be: the write cannot start.
    await writeFile(path.join(root, 'videos'), 'not a folder');
    await expect(receiveFile(storage, chunked(fixtures.mp4), videoFileRule(10_000))).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await listFiles(root)).toEqual(['videos']);
  });
});
