/**
 * Migration 0020_job_kinds (server/infra/db/migrations): media jobs from before kinds take the kind they
 * meant. The old handler chose by the video when the job ran — a ready video's job was its
 * storyboard backfill, any other a transcode — so a job still to run (or failed) on a ready video
 * becomes a `storyboard` job and every other row a `transcode`; payloads start empty. Run on the
 * suite's own database (SQLite, or PostgreSQL under npm run test:pg): migrated back to 0019,
 * given rows, migrated forward again.
 */
import { Migrator, sql } from 'kysely';

import { migrateToLatest } from '../../server/infra/db';
import { migrationProvider } from '../../server/infra/db/migrations';
import { createTestUser, makeTestApp, type TestApp } from '../support/server';
import { createTestVideo } from '../support/videos';

describe('0020_job_kinds', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await makeTestApp({ env: { WORKER: 'off' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives each existing job the kind it meant, with an empty payload', async () => {
    const { db } = t.app;
    const owner = await createTestUser(t.app);
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('0019_private_originals');
    expect(error).toBeUndefined();

    const rows: Array<[string, 'processing' | 'ready' | 'failed', string]> = [
      ['processing queued', 'processing', 'queued'],
      ['processing running', 'processing', 'running'],
      ['ready queued', 'ready', 'queued'],
      ['ready running', 'ready', 'running'],
      ['ready failed', 'ready', 'failed'],
      ['ready done', 'ready', 'done'],
      ['failed failed', 'failed', 'failed'],
    ];
    const ids = new Map<string, string>();
    const now = new Date().toISOString();
    for (const [name, status, state] of rows) {
      const video = await createTestVideo(t.app, owner.id, { status, title: name });
      ids.set(video.id, name);
      await sql`insert into media_jobs (video_id, state, attempts, max_attempts, progress, run_at, created_at, updated_at)
        values (${video.id}, ${state}, 0, 3, 0, ${now}, ${now}, ${now})`.execute(db);
    }

    await migrateToLatest(db);

    const migrated = await db.selectFrom('media_jobs').select(['video_id', 'kind', 'payload']).execute();
    const byName = Object.fromEntries(migrated.map((row) => [ids.get(row.video_id), [row.kind, row.payload]]));
    expect(byName).toEqual({
      'processing queued': ['transcode', null],
      'processing running': ['transcode', null],
      'ready queued': ['storyboard', null],
      'ready running': ['storyboard', null],
      'ready failed': ['storyboard', null],
      'ready done': ['transcode', null],
      'failed failed': ['transcode', null],
    });
  });
});
