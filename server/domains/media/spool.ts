/**
 * Local temporary files of this process: uploads being received (probed there before anything
 * reaches storage) and the media pipeline's work folders. Everything lives under
 * DATA_DIR/tmp/<instance id>/ (server/infra/instance.ts), so with several instances on one disk
 * each removes only what is its own, and at start-up the folders of processes that are gone
 * (a crash, kill -9) are removed whole — whatever their age.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, unlink, utimes } from 'node:fs/promises';
import path from 'node:path';

import type { StorageWrite } from '../../infra/storage/storage';
import { INSTANCE_ID, isOwnerGone } from '../../infra/instance';

/** Folders of instances on other hosts (shared disks) are removed once untouched this long. */
const FOREIGN_STALE_MS = 24 * 60 * 60 * 1000;

/** A write to a local temporary file; `path` is where ffprobe can read it. */
export interface LocalWrite extends StorageWrite {
  readonly path: string;
}

export interface Spool {
  /** This instance's folder. */
  readonly dir: string;
  /** A new temporary file for the object that will be stored under `key`. */
  beginWrite(key: string): Promise<LocalWrite>;
  /** A new empty folder (the caller removes it). */
  makeWorkDir(label: string): Promise<string>;
  /** Marks the folder as in use (for instances on other hosts that judge by age). */
  touch(): Promise<void>;
}

export function createSpool(tmpRoot: string): Spool {
  const dir = path.join(tmpRoot, INSTANCE_ID);
  let made: Promise<unknown> | undefined;
  const ensure = async () => {
    made ??= mkdir(dir, { recursive: true });
    await made;
  };
  return {
    dir,
    async beginWrite(key) {
      await ensure();
      const ext = path.extname(key).replace(/[^.a-z0-9]/g, '');
      const filePath = path.join(dir, `${randomBytes(8).toString('hex')}${ext}.part`);
      const stream: WriteStream = createWriteStream(filePath, { flags: 'wx' });
      let state: 'writing' | 'committed' | 'aborted' = 'writing';
      const closed = (): Promise<void> =>
        new Promise((resolve) => {
          if (stream.closed) resolve();
          else stream.once('close', () => resolve());
        });
      return {
        key,
        path: filePath,
        stream,
        async commit() {
          // Local files are "committed" by moving them into storage (Storage.putFile).
          if (state !== 'writing') throw new Error(`cannot commit a write that is ${state}`);
          await closed();
          state = 'committed';
        },
        async abort() {
          if (state === 'aborted') return;
          state = 'aborted';
          if (!stream.destroyed) stream.destroy();
          await closed();
          await unlink(filePath).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== 'ENOENT') throw error;
          });
        },
      };
    },
    async makeWorkDir(label) {
      await ensure();
      return mkdtemp(path.join(dir, `${label.replace(/[^a-z0-9-]/gi, '')}-`));
    },
    async touch() {
      await ensure();
      const now = new Date();
      await utimes(dir, now, now).catch(() => undefined);
    },
  };
}

/** Removes the temporary folders of instances that no longer run. Returns how many. */
export async function sweepSpools(tmpRoot: string, now = Date.now()): Promise<number> {
  const names = await readdir(tmpRoot).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (name === INSTANCE_ID) continue;
    const folder = path.join(tmpRoot, name);
    let gone = isOwnerGone(name);
    if (!gone) {
      const info = await stat(folder).catch(() => null);
      gone = info !== null && now - info.mtimeMs > FOREIGN_STALE_MS;
    }
    if (gone) {
      await rm(folder, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}
