/**
 * Media generations under kill -9 (docs/media-privacy.md): many public videos are made private
 * at once on a real server process, which is killed with SIGKILL while the changes and their
 * moves are under way, twice, and restarted on the same DATA_DIR. Afterwards every acknowledged
 * change holds (private, on new keys), every video's bytes sit exactly at the keys its row names
 * — none missing, none stray — and no move is left pending.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';

import { createDatabase } from '../../server/infra/db';
import { createTestVideo, listFiles } from '../support/media';
import { freePort } from '../support/redis';
import { createTestUser, makeTestApp, makeTestDataDir, sessionCookieFor } from '../support/server';

jest.setTimeout(300_000);

const ROOT = path.join(__dirname, '..', '..');
const FILES = ['master.m3u8', '360p.m3u8', ...Array.from({ length: 30 }, (_, i) => `360p_${String(i).padStart(4, '0')}.ts`), 'video.mp4', 'poster.jpg', 'card-320.webp'];

function startServer(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'index.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_COST: '10',
      WORKER: 'off',
    },
    stdio: 'ignore',
  });
}

async function waitForHealth(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error('server did not start');
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('kill -9 while videos are made private', () => {
  it('keeps every acknowledged change and leaves every byte at the keys its row names', async () => {
    const dataDir = await makeTestDataDir();
    const port = await freePort();
    let child: ChildProcess | undefined;
    try {
      // The child runs on the embedded default (SQLite in dataDir): the set-up writes there too.
      const setup = await makeTestApp({ dataDir, env: { WORKER: 'off', DATABASE_URL: '' } });
      const videos: Array<{ id: string; cookie: string; title: string }> = [];
      const original = new Map<string, string>();
      // Four owners (the edit limit is per user), six videos each, every one with renditions.
      for (let u = 0; u < 4; u += 1) {
        const owner = await createTestUser(setup.app);
        const cookie = await sessionCookieFor(setup.app, owner.id);
        for (let v = 0; v < 6; v += 1) {
          const video = await createTestVideo(setup.app, owner.id, { title: `v${u}-${v}` });
          const prefix = `renditions/${video.id}/${randomBytes(4).toString('hex')}`;
          for (const file of FILES) {
            const write = await setup.app.storage.beginWrite(`${prefix}/${file}`);
            await pipeline(Readable.from([Buffer.from(`${video.id} ${file}`)]), write.stream);
            await write.commit();
          }
          await setup.app.db.updateTable('videos').set({ renditions_prefix: prefix }).where('id', '=', video.id).execute();
          videos.push({ id: video.id, cookie, title: `v${u}-${v}` });
          original.set(video.id, prefix);
        }
      }
      const mediaDir = setup.config.mediaDir;
      await setup.app.close();

      const acknowledged = new Set<string>();
      const patch = async (video: (typeof videos)[number], visibility: string): Promise<void> => {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/v0/api/videos/selfieVideos/${video.id}`, {
            method: 'PATCH',
            headers: { cookie: video.cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ title: video.title, visibility }),
          });
          if (res.status === 200 && visibility === 'private') acknowledged.add(video.id);
        } catch {
          // Killed before it answered: not acknowledged, nothing owed.
        }
      };

      // Two rounds: all at once, killed once a few are acknowledged; the second round also makes
      // some of the first round's videos public again (so their media move once more later).
      for (let round = 0; round < 2; round += 1) {
        child = startServer(dataDir, port);
        await waitForHealth(port);
        const target = acknowledged.size + 4;
        const batch = videos.filter((video) => !acknowledged.has(video.id));
        const requests = batch.map((video) => patch(video, 'private'));
        if (round === 1) requests.push(...[...acknowledged].slice(0, 2).map((id) => patch(videos.find((video) => video.id === id)!, 'public')));
        const deadline = Date.now() + 30_000;
        while (acknowledged.size < target && Date.now() < deadline) await sleep(5);
        await killHard(child);
        await Promise.all(requests);
      }
      expect(acknowledged.size).toBeGreaterThanOrEqual(8);

      // Restart: the start-up sweep finishes every pending move.
      child = startServer(dataDir, port);
      await waitForHealth(port);
      const database = await createDatabase({ database: { dialect: 'sqlite', file: path.join(dataDir, 'app.db') } });
      try {
        const deadline = Date.now() + 60_000;
        while ((await database.db.selectFrom('media_moves').select('id').execute()).length > 0 && Date.now() < deadline) await sleep(200);
        expect(await database.db.selectFrom('media_moves').selectAll().execute()).toEqual([]);

        const rows = await database.db.selectFrom('videos').select(['id', 'visibility', 'video_key', 'thumbnail_key', 'renditions_prefix']).execute();
        expect(rows).toHaveLength(videos.length);
        for (const row of rows) {
          // An acknowledged change holds (two of them were made public again afterwards).
          if (acknowledged.has(row.id)) expect(row.renditions_prefix).not.toBe(original.get(row.id));
          if (row.visibility === 'private') expect(row.renditions_prefix).not.toBe(original.get(row.id));
        }
        const expected = rows.flatMap((row) => [row.video_key, row.thumbnail_key, ...FILES.map((file) => `${row.renditions_prefix}/${file}`)]).sort();
        // Every byte where its row says, nothing anywhere else (no temporary file either).
        expect(await listFiles(mediaDir)).toEqual(expected);
        console.info(`generation crash test: ${videos.length} videos, ${acknowledged.size} private acknowledged, 2 kills, 0 stray files`);
      } finally {
        await database.close();
      }
    } finally {
      if (child) await killHard(child);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
