/**
 * Migration 0021_job_key_kind (server/infra/db/migrations): media jobs are keyed by (video, kind), and
 * the jobs of the retired transcription queue (`transcription_jobs`) move into media_jobs as kind
 * `transcribe` — a running one back to queued, with its attempts, error and due time, and at
 * least one more try — beside the video's own transcode or storyboard job; the old table goes.
 * Migrated back, each goes where it was. Run on the suite's own database (SQLite, or PostgreSQL
 * under npm run test:pg): migrated back to 0020, given rows, migrated forward again.
 */
import { Migrator, sql } from 'kysely';

import { migrateToLatest } from '../../server/infra/db';
import { migrationProvider } from '../../server/infra/db/migrations';
import { createTestUser, makeTestApp, type TestApp } from '../support/server';
import { createTestVideo } from '../support/videos';

describe('0021_job_key_kind', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await makeTestApp({ env: { WORKER: 'off' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('moves transcription jobs into media_jobs as transcribe jobs beside the video\'s own job, and back', async () => {
    const { db } = t.app;
    const owner = await createTestUser(t.app);
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0020_job_kinds')).error).toBeUndefined();

    const now = '2026-11-28T10:00:00.000Z';
    const later = '2026-11-28T10:05:00.000Z';
    const video = async (status: 'processing' | 'ready') => (await createTestVideo(t.app, owner.id, { status })).id;
    const both = await video('ready');
    const queued = await video('ready');
    const done = await video('ready');
    const tired = await video('ready');
    const onlyTranscode = await video('processing');
    // `both`: a storyboard job and a running transcription (its second attempt).
    await sql`insert into media_jobs (video_id, kind, state, attempts, max_attempts, progress, run_at, created_at, updated_at)
      values (${both}, 'storyboard', 'queued', 0, 3, 0, ${now}, ${now}, ${now}),
             (${onlyTranscode}, 'transcode', 'running', 1, 3, 40, ${now}, ${now}, ${now})`.execute(db);
    await sql`insert into transcription_jobs (video_id, state, attempts, run_after, lease_until, error, created_at, updated_at)
      values (${both}, 'running', 2, ${now}, ${later}, 'busy', ${now}, ${now}),
             (${queued}, 'queued', 0, ${later}, null, null, ${now}, ${now}),
             (${done}, 'done', 1, ${now}, null, null, ${now}, ${later}),
             (${tired}, 'queued', 5, ${later}, null, 'endpoint answered 503', ${now}, ${now})`.execute(db);

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('media_jobs')
      .select(['video_id', 'kind', 'state', 'attempts', 'max_attempts', 'error', 'run_at', 'lease_until', 'finished_at'])
      .orderBy('video_id')
      .orderBy('kind')
      .execute();
    const pick = (videoId: string, kind: string) => rows.find((row) => row.video_id === videoId && row.kind === kind);
    expect(rows).toHaveLength(6);
    expect(pick(both, 'storyboard')).toMatchObject({ state: 'queued', attempts: 0, max_attempts: 3 });
    expect(pick(both, 'transcribe')).toEqual({
      video_id: both,
      kind: 'transcribe',
      state: 'queued',
      attempts: 2,
      max_attempts: 5,
      error: 'busy',
      run_at: now,
      lease_until: null,
      finished_at: null,
    });
    expect(pick(queued, 'transcribe')).toMatchObject({ state: 'queued', attempts: 0, max_attempts: 5, run_at: later });
    expect(pick(done, 'transcribe')).toMatchObject({ state: 'done', attempts: 1, finished_at: later });
    // Five tries already: one more.
    expect(pick(tired, 'transcribe')).toMatchObject({ state: 'queued', attempts: 5, max_attempts: 6, error: 'endpoint answered 503' });
    expect(pick(onlyTranscode, 'transcode')).toMatchObject({ state: 'running', attempts: 1 });
    await expect(sql`select count(*) from transcription_jobs`.execute(db)).rejects.toThrow();

    // The key is (video, kind): a second transcribe job of a video is refused, a transcode beside it is not.
    await expect(
      sql`insert into media_jobs (video_id, kind, state, attempts, max_attempts, progress, run_at, created_at, updated_at)
        values (${both}, 'transcribe', 'queued', 0, 5, 0, ${now}, ${now}, ${now})`.execute(db),
    ).rejects.toThrow();
    await sql`insert into media_jobs (video_id, kind, state, attempts, max_attempts, progress, run_at, created_at, updated_at)
      values (${queued}, 'transcode', 'done', 1, 3, 100, ${now}, ${now}, ${now})`.execute(db);

    // Back: the transcriptions to their table, one job per video (the transcode first) in media_jobs.
    expect((await migrator.migrateTo('0020_job_kinds')).error).toBeUndefined();
    const back = await sql<{ video_id: string; state: string; attempts: number }>`select video_id, state, attempts from transcription_jobs order by video_id`.execute(db);
    expect(back.rows.map((row) => [row.video_id, row.state, Number(row.attempts)])).toEqual(
      [
        [both, 'queued', 2],
        [queued, 'queued', 0],
        [done, 'done', 1],
        [tired, 'queued', 5],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const jobs = await sql<{ video_id: string; kind: string }>`select video_id, kind from media_jobs order by video_id`.execute(db);
    expect(jobs.rows).toEqual(
      [
        { video_id: both, kind: 'storyboard' },
        { video_id: queued, kind: 'transcode' },
        { video_id: onlyTranscode, kind: 'transcode' },
      ].sort((a, b) => a.video_id.localeCompare(b.video_id)),
    );
    await migrateToLatest(db);
  });
});
