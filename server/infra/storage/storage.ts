/**
 * Where uploaded files live, behind a small interface: the local disk (here) or an S3 bucket
 * (storage-s3.ts, chosen by S3_BUCKET in open-storage.ts), without touching routes. Files are addressed by *keys*:
 * `videos/<24 hex>.<ext>` and `thumbnails/<24 hex>.<ext>`, random and unguessable, and the media
 * pipeline's renditions `renditions/<video id>/<8 hex generation>/<file>` (server/domains/media); never
 * file-system paths; every key is checked against a strict pattern before it reaches the disk,
 * so no request can name a file outside the storage root.
 *
 * Writes are two-phase: bytes go to a temporary name and only `commit()` makes them visible under
 * the key; `abort()` (or any failure before commit) leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { MEDIA_EXTENSIONS } from './media-types';

export const STORAGE_FOLDERS = ['videos', 'thumbnails'] as const;
export type StorageFolder = (typeof STORAGE_FOLDERS)[number];

const KEY_PATTERN = new RegExp(`^(${STORAGE_FOLDERS.join('|')})/[0-9a-f]{24}\\.(${MEDIA_EXTENSIONS.join('|')})$`);

/** Renditions: `renditions/<video id>/<generation>/<file>` (server/domains/media/renditions.ts). */
export const RENDITIONS_FOLDER = 'renditions';
const RENDITION_KEY_PATTERN = /^renditions\/([0-9a-f]{24})\/([0-9a-f]{8})\/([a-z0-9][a-z0-9_-]{0,40}\.(?:m3u8|ts|m4s|mp4|jpg|webp|vtt))$/;
/** Prefixes that may be deleted or listed as a whole: one video's renditions, or one generation. */
const PREFIX_PATTERN = /^renditions\/(?:[0-9a-f]{24}\/(?:[0-9a-f]{8}\/)?)?$/;

/** True for keys this code can have written; anything else is never looked up. */
export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key) || RENDITION_KEY_PATTERN.test(key);
}

/** The parts of a rendition key, or undefined when it is not one. */
export function parseRenditionKey(key: string): { videoId: string; generation: string; file: string } | undefined {
  const match = RENDITION_KEY_PATTERN.exec(key);
  if (!match) return undefined;
  const [, videoId = '', generation = '', file = ''] = match;
  return { videoId, generation, file };
}

export function isStoragePrefix(prefix: string): boolean {
  return PREFIX_PATTERN.test(prefix);
}

/** One generation of one video: `renditions/<video id>/<generation>/` (what movePrefix moves). */
const GENERATION_PREFIX_PATTERN = /^renditions\/[0-9a-f]{24}\/[0-9a-f]{8}\/$/;

export function isGenerationPrefix(prefix: string): boolean {
  return GENERATION_PREFIX_PATTERN.test(prefix);
}

/** A fresh random key: 96 random bits, so keys can be neither guessed nor enumerated. */
export function newStorageKey(folder: StorageFolder, ext: string): string {
  const key = `${folder}/${randomBytes(12).toString('hex')}.${ext}`;
  if (!isStorageKey(key)) throw new Error(`not a valid storage key: ${key}`);
  return key;
}

export interface StoredObjectInfo {
  size: number;
  modifiedAt: Date;
}

/** An inclusive byte range, as in HTTP: bytes start..end. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StorageWrite {
  readonly key: string;
  /** Write the bytes here (pipeline() ends it); nothing is visible under the key yet. */
  readonly stream: Writable;
  /** Once the stream has finished: makes the object visible under its key. */
  commit(): Promise<void>;
  /** Discards everything written (before commit); safe to call more than once. */
  abort(): Promise<void>;
}

export interface Storage {
  beginWrite(key: string): Promise<StorageWrite>;
  /** Size and modification time, or null when there is no such object. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  createReadStream(key: string, range?: ByteRange): Readable;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Removes leftovers of writes that never finished (e.g. a crash mid-upload) older than maxAgeMs. */
  sweepIncompleteWrites?(maxAgeMs: number): Promise<number>;
  /**
   * Stores a finished local file under `key` (moved when it can be, else copied; the local file
   * is gone afterwards). Visible at once and whole, like commit().
   */
  putFile(key: string, localPath: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a isStoragePrefix() value). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Moves one object to another key (domains/media/generations): renamed where the storage can,
   * else copied server-side and then deleted. Safe to repeat after a crash: a missing source is
   * not an error (false: nothing was there, e.g. it moved already); an existing target is replaced.
   */
  move(from: string, to: string): Promise<boolean>;
  /**
   * Moves every object under the generation prefix `from` to the same name under `to` (both
   * isGenerationPrefix values), with the same guarantees as move(); resolves with how many moved.
   */
  movePrefix(from: string, to: string): Promise<number>;
  /** The next path segment of every key under `prefix` ("renditions/" → the video ids). */
  listChildren(prefix: string): Promise<string[]>;
  /** A local file holding the object, when the storage is a local disk (ffmpeg reads it in place). */
  localPath?(key: string): string;
  /** Releases connections (object storage); called when the app closes. */
  close?(): Promise<void>;
}

/**
 * Stores every file of the local directory `dir` under `prefix` (files only, one level): the
 * media pipeline's renditions are made in a temporary folder, then committed like this.
 */
export async function putDirectory(storage: Storage, prefix: string, dir: string): Promise<string[]> {
  const names = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  const keys: string[] = [];
  // Playlists last: a reader that finds a playlist finds its segments too.
  names.sort((a, b) => Number(a.endsWith('.m3u8')) - Number(b.endsWith('.m3u8')) || a.localeCompare(b));
  for (const name of names) {
    const key = `${prefix}${name}`;
    await storage.putFile(key, path.join(dir, name));
    keys.push(key);
  }
  return keys;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded media (infra/storage/storage.ts). */
    storage: Storage;
  }
}

const TEMP_SUFFIX = '.part';

/**
 * Files under `root` (DATA_DIR/media): the key is the relative path. Temporary files sit next to
 * their final name as `.<random>.part` (hidden, and never matching the key pattern), so commit
 * is an atomic rename within one directory.
 */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string): string => {
    if (!isStorageKey(key)) throw new Error(`not a valid storage key: ${JSON.stringify(key)}`);
    return path.join(root, ...key.split('/'));
  };

  return {
    async beginWrite(key) {
      const finalPath = resolve(key);
      const dir = path.dirname(finalPath);
      await mkdir(dir, { recursive: true });
      const tempPath = path.join(dir, `.${randomBytes(8).toString('hex')}${TEMP_SUFFIX}`);
      // 'wx': never reuse a file; flush: the data is on disk before the rename makes it visible.
      const stream: WriteStream = createWriteStream(tempPath, { flags: 'wx', flush: true });
      let state: 'writing' | 'committed' | 'aborted' = 'writing';

      const closed = (): Promise<void> =>
        new Promise((resolveClosed) => {
          if (stream.closed) resolveClosed();
          else stream.once('close', () => resolveClosed());
        });

      return {
        key,
        stream,
        async commit() {
          if (state !== 'writing') throw new Error(`cannot commit a write that is ${state}`);
          if (!stream.writableFinished) throw new Error('cannot commit before the stream has finished');
          await closed();
          await rename(tempPath, finalPath);
          state = 'committed';
        },
        async abort() {
          if (state !== 'writing') return;
          state = 'aborted';
          // The file is created asynchronously: wait until the stream has closed before removing
          // it, or the open could land after the unlink and leave a file behind.
          if (!stream.destroyed) stream.destroy();
          await closed();
          await unlink(tempPath).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== 'ENOENT') throw error;
          });
        },
      };
    },

    async stat(key) {
      if (!isStorageKey(key)) return null;
      try {
        const info = await stat(resolve(key));
        return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    createReadStream(key, range) {
      return createReadStream(resolve(key), range ? { start: range.start, end: range.end } : {});
    },

    async delete(key) {
      await unlink(resolve(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },

    async putFile(key, localPath) {
      const finalPath = resolve(key);
      await mkdir(path.dirname(finalPath), { recursive: true });
      try {
        // Same file system: one atomic rename.
        await rename(localPath, finalPath);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      }
      const write = await this.beginWrite(key);
      try {
        await pipeline(createReadStream(localPath), write.stream);
        await write.commit();
      } catch (error) {
        await write.abort();
        throw error;
      }
      await unlink(localPath).catch(() => undefined);
    },

    async deletePrefix(prefix) {
      if (!isStoragePrefix(prefix)) throw new Error(`not a valid storage prefix: ${JSON.stringify(prefix)}`);
      await rm(path.join(root, ...prefix.split('/').filter(Boolean)), { recursive: true, force: true });
    },

    async move(from, to) {
      const source = resolve(from);
      const target = resolve(to);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        // One atomic rename: the bytes never exist twice nor nowhere.
        await rename(source, target);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },

    async movePrefix(from, to) {
      if (!isGenerationPrefix(from) || !isGenerationPrefix(to)) throw new Error(`not generation prefixes: ${JSON.stringify([from, to])}`);
      const source = path.join(root, ...from.split('/').filter(Boolean));
      const target = path.join(root, ...to.split('/').filter(Boolean));
      const names = (await readdir(source, { recursive: true, withFileTypes: true }).catch(() => []))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(source, path.join(entry.parentPath, entry.name)));
      if (names.length === 0) {
        await rm(source, { recursive: true, force: true });
        return 0;
      }
      await mkdir(path.dirname(target), { recursive: true });
      try {
        // The usual case, the target not there yet: the whole folder in one atomic rename.
        await rename(source, target);
        return names.length;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return 0;
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      }
      // A move interrupted earlier left files on both sides: the rest, file by file.
      for (const name of names) {
        const destination = path.join(target, name);
        await mkdir(path.dirname(destination), { recursive: true });
        await rename(path.join(source, name), destination).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
      }
      await rm(source, { recursive: true, force: true });
      return names.length;
    },

    async listChildren(prefix) {
      if (!isStoragePrefix(prefix)) throw new Error(`not a valid storage prefix: ${JSON.stringify(prefix)}`);
      const entries = await readdir(path.join(root, ...prefix.split('/').filter(Boolean))).catch(() => [] as string[]);
      return entries.filter((name) => !name.startsWith('.'));
    },

    localPath(key) {
      return resolve(key);
    },

    async sweepIncompleteWrites(maxAgeMs) {
      const cutoff = Date.now() - maxAgeMs;
      let removed = 0;
      for (const folder of STORAGE_FOLDERS) {
        const dir = path.join(root, folder);
        const names = await readdir(dir).catch(() => [] as string[]);
        for (const name of names) {
          if (!name.startsWith('.') || !name.endsWith(TEMP_SUFFIX)) continue;
          const file = path.join(dir, name);
          const info = await stat(file).catch(() => null);
          if (info && info.mtimeMs < cutoff) {
            await unlink(file).catch(() => undefined);
            removed += 1;
          }
        }
      }
      return removed;
    },
  };
}
