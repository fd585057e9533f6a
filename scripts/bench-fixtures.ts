/**
 * What the server benches share (bench-load, bench-overload, bench-cluster, bench-social): seeded
 * rows, a throwaway PostgreSQL database, and a server child's start-up wait and stop.
 */
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

import type { Kysely } from 'kysely';
import pg from 'pg';

import { loadConfig } from '../server/config/index';
import { createDatabase, migrateToLatest } from '../server/infra/db';
import { newId, toTimestamp } from '../server/infra/db/ids';
import type { Database } from '../server/infra/db/schema';

/**
 * Server settings for a bench whose one load generator stands for many visitors: all of its
 * connections come from 127.0.0.1, where real ones come from many addresses, so the cap on open
 * connections per address (http/slow-clients.ts) is lifted. bench:soak keeps it and spreads its
 * clients over loopback addresses instead.
 */
export const ONE_ADDRESS_FOR_MANY_CLIENTS = { MAX_CONNECTIONS_PER_ADDRESS: '0' } as const;

/** The bench's verified user (no password: the benches read, or sign in through seeded sessions). */
export function benchUserRow(id: string, now: string) {
  return { id, email: 'bench@example.com', username: 'bench', password_hash: null, verified: 1 as const, wallet_address: null, created_at: now, updated_at: now };
}

/** A ready video row whose files are never read (the benched routes answer from the database). */
export function benchVideoRow(video: {
  id: string;
  userId: string;
  title: string;
  description: string;
  views: number;
  createdAt: string;
  updatedAt?: string;
  visibility?: 'public' | 'private';
}) {
  return {
    id: video.id,
    user_id: video.userId,
    title: video.title,
    description: video.description,
    visibility: video.visibility ?? ('public' as const),
    views: video.views,
    video_key: `videos/${video.id}.mp4`,
    video_type: 'video/mp4',
    video_size: 1,
    thumbnail_key: `thumbnails/${video.id}.png`,
    thumbnail_type: 'image/png',
    thumbnail_size: 1,
    created_at: video.createdAt,
    updated_at: video.updatedAt ?? video.createdAt,
  };
}

/** Into a migrated database: one user, `videos` public videos and `comments` on the first; the first's id. */
export async function seedVideosAndComments(db: Kysely<Database>, { videos, comments }: { videos: number; comments: number }): Promise<string> {
  const now = toTimestamp();
  const userId = newId();
  await db.insertInto('users').values(benchUserRow(userId, now)).execute();
  const ids = Array.from({ length: videos }, () => newId());
  await db
    .insertInto('videos')
    .values(
      ids.map((id, i) => benchVideoRow({ id, userId, title: `Bench video ${i}`, description: `A self-shot video number ${i} for the server benches`, views: i, createdAt: now })),
    )
    .execute();
  await db
    .insertInto('comments')
    .values(
      Array.from({ length: comments }, (_, i) => ({
        id: newId(),
        video_id: ids[0]!,
        user_id: userId,
        parent_id: null,
        content: `Comment number ${i} with a few words of text in it.`,
        created_at: now,
      })),
    )
    .execute();
  return ids[0]!;
}

/** A fresh DATA_DIR database with one user, `videos` public videos and `comments` on the first; the first's id. */
export async function seedCommentedVideos(dataDir: string, counts: { videos: number; comments: number }): Promise<string> {
  const database = await createDatabase(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
  try {
    await migrateToLatest(database.db);
    return await seedVideosAndComments(database.db, counts);
  } finally {
    await database.close();
  }
}

/** Creates a database named `<prefix>_<time>` on the server of `serverUrl`; its URL and how to drop it. */
export async function freshPgDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Resolves once `base`/health answers 2xx; throws when the child exits first or the time runs out. */
export async function waitForHealth(child: ChildProcess, base: string, { timeoutMs, intervalMs }: { timeoutMs: number; intervalMs: number }): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server at ${base} exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server at ${base} did not start`);
    await sleep(intervalMs);
  }
}

/** SIGTERM, resolved when the child has exited (at once when it already has). */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
