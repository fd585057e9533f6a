/**
 * Migration 0012_sharing on SQLite rebuilds `videos` to accept `unlisted` (docs/sharing.md#schema):
 * a database with videos, likes, comments, views and search rows from before it keeps every row,
 * its indexes and triggers, and its foreign keys (a cascade still deletes a video's likes).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { Migrator, sql } from 'kysely';

import { loadConfig } from '../../server/config/index';
import { createDatabase, migrateToLatest, type AppDatabase } from '../../server/infra/db';
import { migrationProvider } from '../../server/infra/db/migrations';

const sqliteOnly = process.env.DATABASE_URL ? describe.skip : describe;

sqliteOnly('0012_sharing on SQLite', () => {
  let dir: string;
  let database: AppDatabase;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sharing-migration-'));
    database = await createDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }));
  });
  afterEach(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps every row, index, trigger and foreign key', async () => {
    const { db } = database;
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('0010_media_generations');
    expect(error).toBeUndefined();
    const now = new Date().toISOString();
    await sql`insert into users (id, email, username, password_hash, created_at, updated_at) values ('u1', 'a@example.com', 'alice', 'x', ${now}, ${now})`.execute(db);
    await sql`insert into videos (id, user_id, title, video_key, video_type, video_size, thumbnail_key, thumbnail_type, thumbnail_size, created_at, updated_at)
      values ('v1', 'u1', 'Kept', 'videos/v1.mp4', 'video/mp4', 1, 'thumbnails/v1.jpg', 'image/jpeg', 1, ${now}, ${now})`.execute(db);
    await sql`insert into video_likes (video_id, user_id, created_at) values ('v1', 'u1', ${now})`.execute(db);
    await sql`insert into comments (id, video_id, user_id, content, created_at) values ('c1', 'v1', 'u1', 'hi', ${now})`.execute(db);
    const before = await sql<{ type: string; name: string }>`select type, name from sqlite_master where tbl_name = 'videos' order by type, name`.execute(db);

    await migrateToLatest(db);

    const after = await sql<{ type: string; name: string }>`select type, name from sqlite_master where tbl_name = 'videos' order by type, name`.execute(db);
    // Every index and trigger from before 0012, plus the feed's index that 0015_following_scale adds later.
    const added = [{ type: 'index', name: 'videos_user_status_visibility_created' }];
    // SQLite's `order by` compares bytes.
    const key = (row: { type: string; name: string }) => `${row.type}\u0000${row.name}`;
    const byTypeAndName = (a: { type: string; name: string }, b: { type: string; name: string }) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
    expect(after.rows).toEqual([...before.rows, ...added].sort(byTypeAndName));
    expect(await db.selectFrom('videos').select(['id', 'title', 'download_enabled']).execute()).toEqual([{ id: 'v1', title: 'Kept', download_enabled: 0 }]);
    expect(await db.selectFrom('video_likes').select('video_id').execute()).toEqual([{ video_id: 'v1' }]);
    expect(await db.selectFrom('comments').select('id').execute()).toEqual([{ id: 'c1' }]);
    const fk = await sql`pragma foreign_key_list(video_likes)`.execute(db);
    expect(JSON.stringify(fk.rows)).toContain('"table":"videos"');

    await db.updateTable('videos').set({ visibility: 'unlisted' }).where('id', '=', 'v1').execute();
    await expect(sql`update videos set visibility = 'friends'`.execute(db)).rejects.toMatchObject({ message: expect.stringMatching(/CHECK/) });
    // Foreign keys are on again, and cascade.
    expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]?.foreign_keys).toBe(1);
    await db.deleteFrom('videos').where('id', '=', 'v1').execute();
    expect(await db.selectFrom('video_likes').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('comments').selectAll().execute()).toEqual([]);
  });
});
