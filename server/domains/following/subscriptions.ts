/**
 * Subscriptions (docs/following.md): a signed-in user follows an uploader ("channel"). One row per
 * (subscriber, channel) under a primary key, so subscribing twice, or twice at once, is one row.
 * Suspended uploaders cannot gain subscribers and drop out of lists and the feed while suspended.
 */
import type { Kysely } from 'kysely';

import { toTimestamp } from '../../infra/db/ids';
import type { Database, UserRow } from '../../infra/db/schema';
import { DEFAULT_LANGUAGE, type Language } from '../../i18n';
import { listedToEveryone } from '../moderation/visibility';
import { toPublicVideo, type PublicVideo } from '../videos/videos';

export type SubscribeResult = { ok: true; subscriberCount: number } | { ok: false; reason: 'self' | 'notFound' };

async function findChannel(db: Kysely<Database>, channelId: string): Promise<Pick<UserRow, 'id' | 'suspended_at'> | undefined> {
  return db.selectFrom('users').select(['id', 'suspended_at']).where('id', '=', channelId).executeTakeFirst();
}

export async function subscriberCount(db: Kysely<Database>, channelId: string): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('channel_id', '=', channelId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function isSubscribed(db: Kysely<Database>, subscriberId: string, channelId: string): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('channel_id')
    .where('subscriber_id', '=', subscriberId)
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Follows `channelId` (idempotent). Not oneself; not a missing or suspended user. */
export async function subscribe(db: Kysely<Database>, subscriberId: string, channelId: string, now = new Date()): Promise<SubscribeResult> {
  if (subscriberId === channelId) return { ok: false, reason: 'self' };
  const channel = await findChannel(db, channelId);
  if (!channel || channel.suspended_at !== null) return { ok: false, reason: 'notFound' };
  await db
    .insertInto('subscriptions')
    .values({ subscriber_id: subscriberId, channel_id: channelId, created_at: toTimestamp(now) })
    .onConflict((oc) => oc.columns(['subscriber_id', 'channel_id']).doNothing())
    .execute();
  return { ok: true, subscriberCount: await subscriberCount(db, channelId) };
}

/** Stops following (idempotent). A missing user is not found; a suspended one may be left. */
export async function unsubscribe(db: Kysely<Database>, subscriberId: string, channelId: string): Promise<SubscribeResult> {
  if (subscriberId === channelId) return { ok: false, reason: 'self' };
  const channel = await findChannel(db, channelId);
  if (!channel) return { ok: false, reason: 'notFound' };
  await db.deleteFrom('subscriptions').where('subscriber_id', '=', subscriberId).where('channel_id', '=', channelId).execute();
  return { ok: true, subscriberCount: await subscriberCount(db, channelId) };
}

export interface SubscribedChannel {
  _id: string;
  username: string;
  subscriberCount: number;
  subscribedAt: string;
}

/** The uploaders `userId` follows, most recently followed first (suspended ones left out). */
export async function listSubscriptions(
  db: Kysely<Database>,
  userId: string,
  page: number,
  perPage: number,
): Promise<{ channels: SubscribedChannel[]; total: number }> {
  const base = db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.channel_id')
    .where('subscriptions.subscriber_id', '=', userId)
    .where('users.suspended_at', 'is', null);
  const [rows, count] = await Promise.all([
    base
      .select(['users.id', 'users.username', 'subscriptions.created_at'])
      .select((eb) =>
        eb
          .selectFrom('subscriptions as counted')
          .select((inner) => inner.fn.countAll<number | string | bigint>().as('n'))
          .whereRef('counted.channel_id', '=', 'users.id')
          .as('subscriber_count'),
      )
      .orderBy('subscriptions.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string | bigint>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    channels: rows.map((row) => ({
      _id: row.id,
      username: row.username,
      subscriberCount: Number(row.subscriber_count ?? 0),
      subscribedAt: row.created_at,
    })),
    total: Number(count.total),
  };
}

/**
 * The feed: the newest public, ready videos of the uploaders `userId` follows, hidden videos
 * and suspended uploaders left out; offset-paged like the public list, with the total.
 */
export async function listSubscriptionVideos(
  db: Kysely<Database>,
  userId: string,
  page: number,
  perPage: number,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ videos: PublicVideo[]; total: number }> {
  // "Uploader among those followed" as a subquery, not a join: with the index
  // videos (user_id, status, visibility, created_at) of 0015 the database reads each followed
  // uploader's public videos, instead of every public video tested against the subscriptions
  // (which made the feed and its total 10–15 times slower at 10,000 videos: npm run bench:social).
  const base = db
    .selectFrom('videos')
    .where('videos.user_id', 'in', (eb) => eb.selectFrom('subscriptions').select('subscriptions.channel_id').where('subscriptions.subscriber_id', '=', userId))
    .where((eb) => listedToEveryone(eb));
  const [rows, count] = await Promise.all([
    base
      .innerJoin('users', 'users.id', 'videos.user_id')
      .selectAll('videos')
      .select('users.username')
      .orderBy('videos.created_at', 'desc')
      .orderBy('videos.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string | bigint>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { videos: rows.map((video) => toPublicVideo(video, language)), total: Number(count.total) };
}
