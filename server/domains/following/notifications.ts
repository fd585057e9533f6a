/**
 * Notifications (docs/following.md): what happened that concerns a user — a new public video from
 * an uploader they follow, a reply to their comment, a comment on their video, a like milestone,
 * their video ready or failed, a moderator hiding their video.
 *
 * Producers call the functions here where the event happens; each row carries a dedupe key unique
 * per recipient, so a retried or repeated producer (several instances hearing one event) stores
 * one notification. Nothing is stored for the actor themself. What a recipient may see is decided
 * again when reading: a notification about a video they may no longer see (made private, hidden,
 * deleted — deleting cascades), or from a suspended actor, or of a kind they switched off in the
 * app, is not listed and not counted.
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';

import { newId, toTimestamp } from '../../infra/db/ids';
import { NOTIFICATION_KINDS, type Database, type NotificationKind } from '../../infra/db/schema';
import { DEFAULT_LANGUAGE, translate, type Language, type MessageKey } from '../../i18n';
import type { ChangeEvents } from '../../infra/events';
import { videoVisibleTo } from '../videos/video-access';
import { videoMediaUrl } from '../videos/videos';

export { NOTIFICATION_KINDS, type NotificationKind };

export const NOTIFICATIONS_PER_PAGE = 20;
/**
 * The list's `total` is exact up to this many (or up to one past the page read, when deeper);
 * a reader with more gets that bound: enough to say whether another page follows.
 */
export const NOTIFICATIONS_TOTAL_EXACT = 1000;
/** A new video is announced only while it is this young (a later edit of an old video is not news). */
export const NEW_VIDEO_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** Like counts that are announced: 1, 10, 100, 1000, … */
export function isLikeMilestone(likes: number): boolean {
  if (likes < 1) return false;
  let n = 1;
  while (n < likes) n *= 10;
  return n === likes;
}

// ---- preferences ----

export interface KindPreference {
  inApp: boolean;
  email: boolean;
}
export type NotificationPreferences = Record<NotificationKind, KindPreference>;

const EMAIL_BY_DEFAULT: ReadonlySet<NotificationKind> = new Set(['comment-reply', 'video-comment', 'video-failed', 'video-hidden']);

export function defaultPreferences(): NotificationPreferences {
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { inApp: true, email: EMAIL_BY_DEFAULT.has(kind) }])) as NotificationPreferences;
}

/** Stored JSON → complete preferences (unknown kinds dropped, missing ones defaulted). */
export function parsePreferences(json: string | null | undefined): NotificationPreferences {
  const preferences = defaultPreferences();
  let stored: unknown;
  try {
    stored = json ? JSON.parse(json) : {};
  } catch {
    stored = {};
  }
  if (stored && typeof stored === 'object') {
    for (const kind of NOTIFICATION_KINDS) {
      const value = (stored as Record<string, unknown>)[kind];
      if (value && typeof value === 'object') {
        const { inApp, email } = value as Partial<KindPreference>;
        if (typeof inApp === 'boolean') preferences[kind].inApp = inApp;
        if (typeof email === 'boolean') preferences[kind].email = email;
      }
    }
  }
  return preferences;
}

export async function loadPreferences(db: Kysely<Database>, userId: string): Promise<NotificationPreferences> {
  const row = await db.selectFrom('following_settings').select('notifications').where('user_id', '=', userId).executeTakeFirst();
  return parsePreferences(row?.notifications);
}

/** Merges `changes` into the user's preferences; returns the result. */
export async function savePreferences(
  db: Kysely<Database>,
  userId: string,
  changes: Partial<Record<NotificationKind, Partial<KindPreference>>>,
): Promise<NotificationPreferences> {
  const current = await loadPreferences(db, userId);
  for (const kind of NOTIFICATION_KINDS) {
    const change = changes[kind];
    if (!change) continue;
    if (typeof change.inApp === 'boolean') current[kind].inApp = change.inApp;
    if (typeof change.email === 'boolean') current[kind].email = change.email;
  }
  const now = toTimestamp();
  const notifications = JSON.stringify(current);
  await db
    .insertInto('following_settings')
    .values({ user_id: userId, notifications, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ notifications, updated_at: now }))
    .execute();
  return current;
}

/** Every e-mail preference off (the unsubscribe link). */
export async function stopEmails(db: Kysely<Database>, userId: string): Promise<void> {
  await savePreferences(db, userId, Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { email: false }])));
}

// ---- producing ----

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  actorId?: string | null;
  videoId?: string | null;
  commentId?: string | null;
  text?: string | null;
  /** Unique per recipient: the same event never makes two notifications. */
  dedupeKey: string;
}

/** Tells every instance (live unread counts) that these users' notifications changed. */
async function announce(events: ChangeEvents | undefined, userIds: string[]): Promise<void> {
  if (!events || userIds.length === 0) return;
  const unique = [...new Set(userIds)];
  for (let start = 0; start < unique.length; start += 1000) {
    await events.publish('notifications.changed', { userIds: unique.slice(start, start + 1000) });
  }
}

/** Stores the notifications (none for the actor themself, none twice); returns the recipients that got one. */
export async function notify(db: Kysely<Database>, events: ChangeEvents | undefined, items: NewNotification[], now = new Date()): Promise<string[]> {
  const wanted = items.filter((item) => item.userId !== item.actorId);
  const stored: string[] = [];
  for (const item of wanted) {
    const result = await db
      .insertInto('notifications')
      .values({
        id: newId(now),
        user_id: item.userId,
        kind: item.kind,
        actor_id: item.actorId ?? null,
        video_id: item.videoId ?? null,
        comment_id: item.commentId ?? null,
        text: item.text ?? null,
        dedupe_key: item.dedupeKey,
        created_at: toTimestamp(now),
      })
      .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) stored.push(item.userId);
  }
  await announce(events, stored);
  return stored;
}

/**
 * A comment was posted: its video's owner hears of it, and the author of the comment replied
 * to (instead, when that is the owner). Nobody hears of their own comment, and a private video's
 * comments concern its owner only.
 */
export async function notifyComment(db: Kysely<Database>, events: ChangeEvents | undefined, commentId: string): Promise<void> {
  const comment = await db
    .selectFrom('comments')
    .innerJoin('videos', 'videos.id', 'comments.video_id')
    .leftJoin('comments as parent', 'parent.id', 'comments.parent_id')
    .select(['comments.id', 'comments.user_id', 'comments.video_id', 'videos.user_id as owner_id', 'videos.visibility', 'parent.user_id as parent_author'])
    .where('comments.id', '=', commentId)
    .executeTakeFirst();
  if (!comment) return;
  const items: NewNotification[] = [];
  const base = { actorId: comment.user_id, videoId: comment.video_id, commentId: comment.id };
  const replyTo = comment.parent_author;
  if (replyTo && (comment.visibility === 'public' || replyTo === comment.owner_id)) {
    items.push({ ...base, userId: replyTo, kind: 'comment-reply', dedupeKey: `comment:${comment.id}` });
  }
  if (comment.owner_id !== replyTo) {
    items.push({ ...base, userId: comment.owner_id, kind: 'video-comment', dedupeKey: `comment:${comment.id}` });
  }
  await notify(db, events, items);
}

/** A like brought the video to `likes`: its owner hears of milestones (1, 10, 100, …). */
export async function notifyLike(db: Kysely<Database>, events: ChangeEvents | undefined, videoId: string, likerId: string, likes: number): Promise<void> {
  if (!isLikeMilestone(likes)) return;
  const video = await db.selectFrom('videos').select(['id', 'user_id']).where('id', '=', videoId).executeTakeFirst();
  if (!video) return;
  await notify(db, events, [
    { userId: video.user_id, kind: 'like-milestone', actorId: likerId, videoId, text: String(likes), dedupeKey: `likes:${videoId}:${likes}` },
  ]);
}

/** The media pipeline finished a video (ready) or gave up on it (failed): its owner hears of it. */
export async function notifyProcessed(db: Kysely<Database>, events: ChangeEvents | undefined, videoId: string): Promise<void> {
  const video = await db.selectFrom('videos').select(['id', 'user_id', 'status', 'processing_error']).where('id', '=', videoId).executeTakeFirst();
  if (!video || video.status === 'processing') return;
  const kind = video.status === 'ready' ? 'video-ready' : 'video-failed';
  await notify(db, events, [
    {
      userId: video.user_id,
      kind,
      videoId,
      text: kind === 'video-failed' ? (video.processing_error ?? 'media.failedTranscode') : null,
      dedupeKey: `processed:${videoId}`,
    },
  ]);
}

/** A moderator hid a video: its owner hears of it, with the reason. */
export async function notifyHidden(db: Kysely<Database>, events: ChangeEvents | undefined, videoId: string, moderatorId: string): Promise<void> {
  const video = await db.selectFrom('videos').select(['id', 'user_id', 'hidden_at', 'hidden_reason']).where('id', '=', videoId).executeTakeFirst();
  if (!video || video.hidden_at === null) return;
  await notify(db, events, [
    {
      userId: video.user_id,
      kind: 'video-hidden',
      actorId: moderatorId,
      videoId,
      text: video.hidden_reason ?? '',
      dedupeKey: `hidden:${videoId}:${video.hidden_at}`,
    },
  ]);
}

/**
 * A video may be news to its uploader's subscribers: when it is public, ready, not hidden, its
 * uploader not suspended and it is young, every subscriber gets one notification (one INSERT …
 * SELECT). Runs in the background, never in a request. Exactly once per video across instances:
 * the notifications are written in the transaction that claims the video (`announced_at`, 0017),
 * so of the instances that hear its change events one announces it and the rest find it claimed;
 * a crash before the commit leaves it unclaimed for the next event or the start-up sweep
 * (announcePendingVideos).
 */
export async function fanOutNewVideo(db: Kysely<Database>, events: ChangeEvents | undefined, videoId: string, now = new Date()): Promise<number> {
  const video = await db
    .selectFrom('videos')
    .innerJoin('users', 'users.id', 'videos.user_id')
    .select(['videos.id', 'videos.user_id', 'videos.visibility', 'videos.status', 'videos.hidden_at', 'videos.created_at', 'videos.announced_at', 'users.suspended_at'])
    .where('videos.id', '=', videoId)
    .executeTakeFirst();
  if (!video || video.announced_at !== null) return 0;
  if (video.visibility !== 'public' || video.status !== 'ready' || video.hidden_at !== null || video.suspended_at !== null) return 0;
  if (Date.parse(video.created_at) < now.getTime() - NEW_VIDEO_WINDOW_MS) return 0;
  const dedupeKey = `video:${videoId}`;
  const createdAt = toTimestamp(now);
  const inserted = await retryWhenBusy(() => db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('videos')
      .set({ announced_at: createdAt })
      .where('id', '=', videoId)
      .where('announced_at', 'is', null)
      .where('visibility', '=', 'public')
      .where('status', '=', 'ready')
      .where('hidden_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return [];
    return trx
      .insertInto('notifications')
      .columns(['id', 'user_id', 'kind', 'actor_id', 'video_id', 'comment_id', 'text', 'dedupe_key', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('subscriptions')
          .select([
            // Unique per (video, subscriber): both are ids.
            sql<string>`cast(${videoId} as text) || subscriptions.subscriber_id`.as('id'),
            'subscriptions.subscriber_id',
            sql<string>`cast(${'new-video'} as text)`.as('kind'),
            sql<string>`cast(${video.user_id} as text)`.as('actor_id'),
            sql<string>`cast(${videoId} as text)`.as('video_id'),
            sql<null>`cast(null as text)`.as('comment_id'),
            sql<null>`cast(null as text)`.as('text'),
            sql<string>`cast(${dedupeKey} as text)`.as('dedupe_key'),
            sql<string>`cast(${createdAt} as text)`.as('created_at'),
          ])
          .where('subscriptions.channel_id', '=', video.user_id)
          .where('subscriptions.subscriber_id', '!=', video.user_id),
      )
      .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
      .returning('user_id')
      .execute();
  }));
  await announce(
    events,
    inserted.map((row) => row.user_id),
  );
  return inserted.length;
}

/**
 * Runs `work` again (a few times) when SQLite refuses it as busy: two processes on one database
 * file claiming the same video at once — the loser's snapshot is stale when it tries to write,
 * which SQLite answers at once (no busy wait). The retry then finds the video claimed.
 * PostgreSQL waits on the row lock instead and never gets here.
 */
async function retryWhenBusy<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= attempts || typeof code !== 'string' || !code.startsWith('SQLITE_BUSY')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
    }
  }
}

/**
 * Young public videos not announced yet (their event was missed: the process stopped between
 * the video becoming ready and the fan-out's commit), oldest first; the caller announces each.
 */
export async function pendingAnnouncements(db: Kysely<Database>, now = new Date()): Promise<string[]> {
  const rows = await db
    .selectFrom('videos')
    .select('id')
    .where('announced_at', 'is', null)
    .where('visibility', '=', 'public')
    .where('status', '=', 'ready')
    .where('hidden_at', 'is', null)
    .where('created_at', '>=', toTimestamp(new Date(now.getTime() - NEW_VIDEO_WINDOW_MS)))
    .orderBy('created_at')
    .limit(1000)
    .execute();
  return rows.map((row) => row.id);
}

// ---- reading ----

export interface NotificationView {
  _id: string;
  kind: NotificationKind;
  createdAt: string;
  read: boolean;
  actor: { _id: string; username: string } | null;
  video: { _id: string; title: string; thumbnailCdnUrl: string } | null;
  comment: { _id: string; content: string } | null;
  /** The milestone ("100"), the moderator's reason, or why processing failed (in the request's language). */
  text: string | null;
}

/**
 * Users suspended now: few, and found through a partial index (0015), so the read-time filter
 * asks once per request instead of looking the owner and the actor up for every notification.
 * Past this many, the filter looks them up row by row as before.
 */
const SUSPENDED_INLINE_MAX = 500;

/** The suspended users' ids, or 'many' past SUSPENDED_INLINE_MAX. */
export type SuspendedUsers = string[] | 'many';

async function suspendedUsers(db: Kysely<Database>): Promise<SuspendedUsers> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('suspended_at', 'is not', null)
    .limit(SUSPENDED_INLINE_MAX + 1)
    .execute();
  return rows.length > SUSPENDED_INLINE_MAX ? 'many' : rows.map((row) => row.id);
}

/**
 * What the recipient may still see: kinds on in the app, visible videos (moderationAllows, with
 * the suspended owners given), actors not suspended (a moderator hiding a video is not a
 * suspended user's act). `suspended` 'many': too many to list, looked up per row.
 */
function readable(eb: ExpressionBuilder<Database, 'notifications' | 'videos'>, userId: string, kinds: NotificationKind[], suspended: SuspendedUsers) {
  const videos = eb as unknown as ExpressionBuilder<Database, 'videos'>;
  const videoVisible =
    suspended === 'many'
      ? videoVisibleTo(videos, userId)
      : eb.and([
          eb.or([eb.and([eb('videos.visibility', '=', 'public'), eb('videos.status', '=', 'ready')]), eb('videos.user_id', '=', userId)]),
          eb.or([
            eb.and([eb('videos.hidden_at', 'is', null), ...(suspended.length > 0 ? [eb('videos.user_id', 'not in', suspended)] : [])]),
            eb('videos.user_id', '=', userId),
          ]),
        ]);
  const actorAllowed =
    suspended === 'many'
      ? eb.not(
          eb.exists(
            eb
              .selectFrom('users as actor_check')
              .select('actor_check.id')
              .whereRef('actor_check.id', '=', 'notifications.actor_id')
              .where('actor_check.suspended_at', 'is not', null),
          ),
        )
      : suspended.length > 0
        ? eb('notifications.actor_id', 'not in', suspended)
        : undefined;
  return eb.and([
    eb('notifications.user_id', '=', userId),
    kinds.length > 0 ? eb('notifications.kind', 'in', kinds) : eb.lit(false),
    // Own videos are always visible to their owner (processing, failed, hidden included).
    eb.or([eb('notifications.video_id', 'is', null), videoVisible]),
    ...(actorAllowed ? [eb.or([eb('notifications.actor_id', 'is', null), eb('notifications.kind', '=', 'video-hidden'), actorAllowed])] : []),
  ]);
}

function inAppKinds(preferences: NotificationPreferences): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => preferences[kind].inApp);
}

function visibleNotifications(db: Kysely<Database>, userId: string, kinds: NotificationKind[], suspended: SuspendedUsers) {
  return db
    .selectFrom('notifications')
    .leftJoin('videos', 'videos.id', 'notifications.video_id')
    .where((eb) => readable(eb, userId, kinds, suspended));
}

export async function unreadCount(
  db: Kysely<Database>,
  userId: string,
  preferences?: NotificationPreferences,
  suspended?: SuspendedUsers,
): Promise<number> {
  const kinds = inAppKinds(preferences ?? (await loadPreferences(db, userId)));
  const row = await visibleNotifications(db, userId, kinds, suspended ?? (await suspendedUsers(db)))
    .where('notifications.read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listNotifications(
  db: Kysely<Database>,
  userId: string,
  page: number,
  perPage: number = NOTIFICATIONS_PER_PAGE,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ notifications: NotificationView[]; unread: number; total: number }> {
  const [preferences, suspended] = await Promise.all([loadPreferences(db, userId), suspendedUsers(db)]);
  const kinds = inAppKinds(preferences);
  const base = visibleNotifications(db, userId, kinds, suspended);
  const [rows, unread, count] = await Promise.all([
    base
      .leftJoin('users as actor', 'actor.id', 'notifications.actor_id')
      .leftJoin('comments', 'comments.id', 'notifications.comment_id')
      .select([
        'notifications.id',
        'notifications.kind',
        'notifications.created_at',
        'notifications.read_at',
        'notifications.text',
        'notifications.actor_id',
        'actor.username as actor_name',
        'notifications.video_id',
        'videos.title as video_title',
        'videos.thumbnail_key',
        'notifications.comment_id',
        'comments.content as comment_content',
      ])
      .orderBy('notifications.created_at', 'desc')
      .orderBy('notifications.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    unreadCount(db, userId, preferences, suspended),
    // Counted up to a bound: a reader with 20,000 notifications would otherwise pay for checking
    // every one of them on each page (npm run bench:social); past the page read, "more" is enough.
    db
      .selectFrom(
        base
          .select('notifications.id')
          .limit(Math.max(NOTIFICATIONS_TOTAL_EXACT, page * perPage + 1))
          .as('counted'),
      )
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    notifications: rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      createdAt: row.created_at,
      read: row.read_at !== null,
      actor: row.actor_id && row.actor_name ? { _id: row.actor_id, username: row.actor_name } : null,
      video:
        row.video_id && row.video_title !== null && row.thumbnail_key
          ? { _id: row.video_id, title: row.video_title, thumbnailCdnUrl: videoMediaUrl(row.thumbnail_key) }
          : null,
      comment: row.comment_id && row.comment_content !== null ? { _id: row.comment_id, content: row.comment_content } : null,
      text: row.kind === 'video-failed' && row.text ? translate(language, row.text as MessageKey) : row.text,
    })),
    unread,
    total: Number(count.total),
  };
}

/** Marks the user's notifications read: these ids (others' ids have no effect), or all. Returns how many changed. */
export async function markRead(db: Kysely<Database>, events: ChangeEvents | undefined, userId: string, ids?: string[]): Promise<number> {
  if (ids && ids.length === 0) return 0;
  const result = await db
    .updateTable('notifications')
    .set({ read_at: toTimestamp() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .$if(ids !== undefined, (query) => query.where('id', 'in', ids!))
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows);
  if (changed > 0) await announce(events, [userId]);
  return changed;
}
