/**
 * Crash cleanliness with a real server process: uploads stream in slowly, the
 * server is killed with SIGKILL in the middle — twice — and restarted on the same DATA_DIR.
 * Afterwards every acknowledged upload exists and becomes ready, and no file is left that no
 * row owns: no temporary file, no media without a row, no orphan rendition.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { createDatabase } from '../../server/infra/db';
import { makeH264Mp4 } from '../support/media-fixtures';
import { fixtures, listFiles, multipart, uploadParts, videoPart } from '../support/media';
import { createTestUser, makeTestApp, makeTestDataDir, sessionCookieFor } from '../support/server';

jest.setTimeout(300_000);

const PORT = Number(process.env.MEDIA_CRASH_PORT ?? 4311);
const ROOT = path.join(__dirname, '..', '..');

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'index.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_COST: '10',
    },
    stdio: 'ignore',
  });
}

async function waitForHealth(timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/health`);
      if (res.ok) return;
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

/**
 * An upload sent slowly (4 KB every few ms); `done` resolves with the video id when acknowledged.
 * With `holdAt`, sending stops there for good (the server is killed mid-body): `held` resolves
 * once that many bytes are written.
 */
function slowUpload(cookie: string, body: Buffer, contentType: string, holdAt?: number): { done: Promise<string | undefined>; held: Promise<void> } {
  let reachedHold: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    reachedHold = resolve;
  });
  const done = new Promise<string | undefined>((resolve) => {
    const request = http.request(
      { host: '127.0.0.1', port: PORT, method: 'POST', path: '/v0/api/movies/upload', headers: { cookie, 'content-type': contentType, 'content-length': body.length } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) return resolve(undefined);
          resolve((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { video: { _id: string } }).video._id);
        });
        response.on('error', () => resolve(undefined));
      },
    );
    request.on('error', () => resolve(undefined));
    let offset = 0;
    const pump = () => {
      if (holdAt !== undefined && offset >= holdAt) {
        reachedHold();
        return;
      }
      if (offset >= body.length) {
        request.end();
        return;
      }
      request.write(body.subarray(offset, offset + 4096));
      offset += 4096;
      setTimeout(pump, 5);
    };
    pump();
  });
  return { done, held };
}

describe('kill -9 during uploads and transcoding', () => {
  it('keeps every acknowledged upload and leaves no stray file after two kills and restarts', async () => {
    const dataDir = await makeTestDataDir();
    let child: ChildProcess | undefined;
    try {
      // The child server below runs on the embedded default (SQLite in dataDir), so the set-up
      // writes there too, under test:pg as well.
      const setup = await makeTestApp({ dataDir, env: { WORKER: 'off', DATABASE_URL: '' } });
      const user = await createTestUser(setup.app);
      const cookie = await sessionCookieFor(setup.app, user.id);
      const clip = await readFile(await makeH264Mp4(dataDir, { name: 'clip-source.mp4', seconds: 2 }));
      await rm(path.join(dataDir, 'clip-source.mp4'));
      const mediaDir = setup.config.mediaDir;
      const tmpDir = setup.config.tmpDir;
      await setup.app.close();

      const acknowledged: string[] = [];
      let attempted = 0;
      for (let round = 0; round < 2; round += 1) {
        child = startServer(dataDir);
        await waitForHealth();
        // Half of the uploads finish (acknowledged, then transcoding); the other half stop halfway
        // through their body and stay there: the kill finds both kinds, however fast the machine.
        const finishing: Array<Promise<string | undefined>> = [];
        const cut: Array<ReturnType<typeof slowUpload>> = [];
        for (let i = 0; i < 8; i += 1) {
          const { body, contentType } = multipart(uploadParts({ title: `r${round} #${i}`, video: videoPart(i % 2 ? clip : fixtures.mp4) }));
          attempted += 1;
          if (i % 4 < 2) {
            finishing.push(slowUpload(cookie, body, contentType).done.then((id) => {
              if (id) acknowledged.push(id);
              return id;
            }));
          } else {
            cut.push(slowUpload(cookie, body, contentType, Math.floor(body.length / 2)));
          }
          await sleep(60);
        }
        expect(await Promise.all(finishing)).not.toContain(undefined);
        await Promise.all(cut.map((upload) => upload.held));
        await killHard(child);
        expect(await Promise.all(cut.map((upload) => upload.done))).toEqual([undefined, undefined, undefined, undefined]);
      }
      expect(acknowledged).toHaveLength(8);
      expect(attempted).toBe(16);

      // Restart: every acknowledged video becomes ready; nothing else is left.
      child = startServer(dataDir);
      await waitForHealth();
      const database = await createDatabase({ database: { dialect: 'sqlite', file: path.join(dataDir, 'app.db') } });
      try {
        const deadline = Date.now() + 200_000;
        let rows: Array<{ id: string; status: string; video_key: string; thumbnail_key: string; renditions_prefix: string | null }> = [];
        for (;;) {
          rows = await database.db.selectFrom('videos').select(['id', 'status', 'video_key', 'thumbnail_key', 'renditions_prefix']).execute();
          if (rows.every((row) => row.status !== 'processing') || Date.now() > deadline) break;
          await sleep(300);
        }
        const ids = rows.map((row) => row.id);
        for (const id of acknowledged) expect(ids).toContain(id);
        expect(rows.filter((row) => row.status !== 'ready')).toEqual([]);

        const files = await listFiles(mediaDir);
        const stray = files.filter(
          (file) => !rows.some((row) => file === row.thumbnail_key || file === row.video_key || (row.renditions_prefix && file.startsWith(`${row.renditions_prefix}/`))),
        );
        expect(stray).toEqual([]);
        expect(await listFiles(tmpDir)).toEqual([]);
        expect(await database.db.selectFrom('storage_pending').selectAll().execute()).toEqual([]);
        const jobs = await database.db.selectFrom('media_jobs').select(['video_id', 'state']).execute();
        expect(jobs.filter((job) => job.state !== 'done')).toEqual([]);
        console.info(`crash test: ${attempted} uploads tried, ${acknowledged.length} acknowledged and kept, ${stray.length} stray files`);
      } finally {
        await database.close();
      }
    } finally {
      if (child) await killHard(child);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
