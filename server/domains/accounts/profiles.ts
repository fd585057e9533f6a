/**
 * User profiles (the Profile and Edit profile pages): the public face of a user with their uploads and
 * liked videos, and changing one's username.
 *
 * Usernames people choose: trimmed, NFC-normalized, 3–30 characters (code points), made of ASCII
 * letters and digits, ".", "_", "-" and the letters of Chinese, Japanese and Korean — the site
 * speaks English and Chinese, and names show on every video card and comment. Other scripts'
 * letters are left out on purpose: uniqueness is "regardless of case" through the database's
 * lower(username) index, and SQLite's lower() folds only ASCII, so "Émile" and "émile" could
 * coexist; CJK letters have no case, so the index is exact for every name allowed here (on
 * SQLite and PostgreSQL alike). Leaving out Cyrillic, Greek and accented Latin also keeps
 * look-alike names ("аlice" with a Cyrillic а) away. Invisible Hangul fillers are refused.
 */
import { sql, type Kysely } from 'kysely';

import { toTimestamp } from '../../infra/db/ids';
import type { Database, UserRow } from '../../infra/db/schema';
import { DEFAULT_LANGUAGE, type Language } from '../../i18n';
import { characterCount } from '../comments/comments';
import { toPublicVideo, type PublicVideo } from '../videos/videos';
import { viewerIdOf } from '../moderation/visibility';
import { videoVisibleTo, type ViewerId } from '../videos/video-access';

import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, uniqueViolationColumn } from './accounts';

export { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH };

/** ASCII letters, digits, ".", "_", "-", CJK letters and the Japanese long-vowel mark "ー". */
const USERNAME_CHARACTERS =
  /^(?:[A-Za-z0-9._-]|(?=\p{L})[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|\u30FC)+$/u;
/** At least one of these: a name is not only punctuation (or long-vowel marks). */
const LETTER_OR_DIGIT = /[A-Za-z0-9]|(?!\u30FC)\p{L}/u;
/** Hangul "letters" that render as blank space. */
const INVISIBLE_LETTERS = /[\u115F\u1160\u3164\uFFA0]/u;

export type UsernameProblem = 'required' | 'length' | 'characters';

/** The username to store, or what is wrong with it. */
export function checkUsername(raw: string): { username: string } | { problem: UsernameProblem } {
  const username = raw.trim().normalize('NFC');
  if (username === '') return { problem: 'required' };
  const length = characterCount(username);
  if (length < USERNAME_MIN_LENGTH || length > USERNAME_MAX_LENGTH) return { problem: 'length' };
  if (!USERNAME_CHARACTERS.test(username) || !LETTER_OR_DIGIT.test(username) || INVISIBLE_LETTERS.test(username)) {
    return { problem: 'characters' };
  }
  return { username };
}

export async function findUserById(db: Kysely<Database>, userId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export interface ProfileUser {
  _id: string;
  username: string;
  /** Only for the profile's owner (null when their account has no address, e.g. a wallet account). */
  email?: string | null;
}

/** Videos per page of a profile's lists: the default (also the size of the lists in GET /users/:id) and the most one page may ask. */
export const PROFILE_PAGE_DEFAULT = 50;
export const PROFILE_PAGE_MAX = 100;

/** Where a list page ended: its last item's sort time and video id (cursors.ts carries it). */
export interface ListPosition {
  key: string;
  id: string;
}

export interface VideoListPage {
  videos: PublicVideo[];
  /** Set when more may follow. */
  next: ListPosition | null;
  total: number;
}

export interface Profile {
  user: ProfileUser;
  /** The first page of the user's uploads the viewer may see, newest first. */
  uploads: VideoListPage;
  /** The first page of videos the user liked that the viewer may see, most recently liked first. */
  liked: VideoListPage;
}

export type ProfileList = 'uploads' | 'liked';

interface PageRequest {
  limit: number;
  after?: ListPosition;
}

/**
 * One page of a user's uploads or likes as `viewerId` may see them, keyset-paged newest first on
 * (upload or like time, video id): items added meanwhile never shift a later page.
 */
export async function listProfileVideos(
  db: Kysely<Database>,
  userId: string,
  list: ProfileList,
  viewerId: ViewerId,
  { limit, after }: PageRequest,
  language: Language = DEFAULT_LANGUAGE,
): Promise<VideoListPage> {
  // Uploads sort by upload time; likes by when they were liked (the joined like row).
  const sortKey = sql.ref<string>(list === 'uploads' ? 'videos.created_at' : 'video_likes.created_at');
  const visible = db
    .selectFrom('videos')
    .innerJoin('users', 'users.id', 'videos.user_id')
    .$if(list === 'uploads', (query) => query.where('videos.user_id', '=', userId))
    .$if(list === 'liked', (query) =>
      query.innerJoin('video_likes', (join) => join.onRef('video_likes.video_id', '=', 'videos.id').on('video_likes.user_id', '=', userId)),
    )
    // Someone else's private video never shows, not even on the liker's own profile.
    .where((eb) => videoVisibleTo(eb, viewerId));
  const [rows, count] = await Promise.all([
    visible
      .selectAll('videos')
      .select('users.username')
      .select(sortKey.as('list_key'))
      .$if(after !== undefined, (query) =>
        query.where((eb) =>
          eb.or([eb(sortKey, '<', after!.key), eb.and([eb(sortKey, '=', after!.key), eb('videos.id', '<', after!.id)])]),
        ),
      )
      .orderBy(sortKey, 'desc')
      .orderBy('videos.id', 'desc')
      .limit(limit + 1)
      .execute(),
    visible.select((eb) => eb.fn.countAll<number | string | bigint>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown[shown.length - 1];
  return {
    videos: shown.map(({ list_key: _key, ...video }) => toPublicVideo(video, language)),
    next: more && last ? { key: last.list_key, id: last.id } : null,
    total: Number(count.total),
  };
}

/** The profile of `userId` as `viewerId` may see it, with the first page of each list; undefined when there is no such user. */
export async function loadProfile(
  db: Kysely<Database>,
  userId: string,
  viewerId: ViewerId,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Profile | undefined> {
  const user = await findUserById(db, userId);
  if (!user) return undefined;
  const isOwner = viewerIdOf(viewerId) === user.id;
  const first = { limit: PROFILE_PAGE_DEFAULT };
  const [uploads, liked] = await Promise.all([
    listProfileVideos(db, user.id, 'uploads', viewerId, first, language),
    listProfileVideos(db, user.id, 'liked', viewerId, first, language),
  ]);
  return { user: { _id: user.id, username: user.username, ...(isOwner ? { email: user.email } : {}) }, uploads, liked };
}

export type ChangeUsernameResult = { ok: true; user: UserRow } | { ok: false; reason: 'taken' | 'notFound' };

/**
 * Gives the user a new username (checked with checkUsername) unless another user has it in any
 * letter case. The unique index on lower(username) has the last word when two people race.
 */
export async function changeUsername(db: Kysely<Database>, userId: string, username: string): Promise<ChangeUsernameResult> {
  const holder = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', eb.fn('lower', [eb.val(username)])))
    .where('id', '!=', userId)
    .executeTakeFirst();
  if (holder) return { ok: false, reason: 'taken' };
  try {
    const user = await db
      .updateTable('users')
      .set({ username, updated_at: toTimestamp() })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    return user ? { ok: true, user } : { ok: false, reason: 'notFound' };
  } catch (error) {
    if (uniqueViolationColumn(error) === 'username') return { ok: false, reason: 'taken' };
    throw error;
  }
}
