/**
 * `npm run seed:demo` on a fresh DATA_DIR: demo users, videos queued for their renditions, likes
 * and comments with replies; a second run changes nothing. It runs on the embedded SQLite
 * default here (DATABASE_URL emptied), under test:pg too, like the crash test's child server.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createDatabase } from '../../server/infra/db';
import { loadConfig } from '../../server/config/index';

const ROOT = path.resolve(__dirname, '../..');

function seed(dataDir: string): { status: number | null; out: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe('npm run seed:demo', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seed-demo-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seeds users, queued videos, likes and threaded comments, then leaves them alone', async () => {
    const first = seed(dataDir);
    expect(first.status).toBe(0);
    expect(first.out).toMatch(/Seeded .*: 3 users, 6 videos, \d+ likes, \d+ comments\./);

    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
    const database = await createDatabase(config);
    try {
      const { db } = database;
      const videos = await db.selectFrom('videos').select(['id', 'status']).execute();
      expect(videos).toHaveLength(6);
      const jobs = await db.selectFrom('media_jobs').select(['video_id', 'state']).execute();
      expect(jobs.map((job) => job.video_id).sort()).toEqual(videos.map((video) => video.id).sort());
      expect(jobs.every((job) => job.state === 'queued')).toBe(true);
      const likes = await db.selectFrom('video_likes').selectAll().execute();
      const comments = await db.selectFrom('comments').select(['id', 'parent_id']).execute();
      expect(likes.length).toBeGreaterThan(0);
      expect(comments.some((comment) => comment.parent_id !== null)).toBe(true);
      const ids = new Set(comments.map((comment) => comment.id));
      expect(comments.every((comment) => comment.parent_id === null || ids.has(comment.parent_id))).toBe(true);
    } finally {
      await database.close();
    }

    const second = seed(dataDir);
    expect(second.status).toBe(0);
    expect(second.out).toContain('Demo data is already in');
  }, 180_000);
});
