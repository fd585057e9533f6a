/**
 * E-mail/password accounts: address normalization and validation, usernames derived from the
 * address, and creating and finding users. Routes (domains/accounts/auth-routes.ts) hold the HTTP side.
 */
import type { Kysely } from 'kysely';

import { newId, toTimestamp } from '../../infra/db/ids';
import type { Database, UserRow } from '../../infra/db/schema';

/** RFC 5321's limit on a forward path; also our column's practical limit. */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** Leaves room for a numeric suffix within USERNAME_MAX_LENGTH. */
const USERNAME_BASE_MAX_LENGTH = 24;
const USERNAME_FALLBACK = 'user';

/** Trimmed and lower-cased: the one form stored and looked up. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// Dot-atoms only (no quoted local parts, no IP literals, ASCII only): what real sign-up forms take.
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** For a normalized address: a plausible, deliverable-looking mailbox of at most 254 characters. */
export function isValidEmail(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  const tld = labels[labels.length - 1] ?? '';
  return (
    local.length <= LOCAL_PART_MAX_LENGTH &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    /^[a-z][a-z0-9-]*$/.test(tld) &&
    tld.length >= 2
  );
}

/**
 * A username base from the address's local part: "+tags" dropped, lower case, only letters,
 * digits, ".", "_" and "-" (others become "_"), no punctuation at the ends, 3–24 characters
 * ("user" when too little is left).
 */
export function usernameBase(email: string): string {
  const local = (email.split('@')[0] ?? '').split('+')[0] ?? '';
  const cleaned = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '_')
    .replace(/([._-])[._-]+/g, '$1')
    .slice(0, USERNAME_BASE_MAX_LENGTH)
    .replace(/^[._-]+|[._-]+$/g, '');
  return cleaned.length >= USERNAME_MIN_LENGTH ? cleaned : USERNAME_FALLBACK;
}

/** The first of base, base2, base3… that no user has (names are unique regardless of case). */
export async function freeUsername(db: Kysely<Database>, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .selectFrom('users')
        .select('username')
        .where((eb) => eb(eb.fn('lower', ['username']), 'like', `${base}%`))
        .execute()
    ).map((row) => row.username.toLowerCase()),
  );
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export class EmailTakenError extends Error {
  constructor() {
    super('email address already registered');
    this.name = 'EmailTakenError';
  }
}

export interface NewAccount {
  /** Normalized and validated. */
  email: string;
  passwordHash: string;
  verified: boolean;
}

/** Creates a user with a unique username; throws EmailTakenError when the address is registered. */
export async function createAccount(db: Kysely<Database>, account: NewAccount): Promise<UserRow> {
  if (await findUserByEmail(db, account.email)) throw new EmailTakenError();
  const base = usernameBase(account.email);
  // A concurrent registration may take the same name first: try again with the next free one.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const now = toTimestamp();
    try {
      return await db
        .insertInto('users')
        .values({
          id: newId(),
          email: account.email,
          username: await freeUsername(db, base),
          password_hash: account.passwordHash,
          verified: account.verified ? 1 : 0,
          wallet_address: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      const column = uniqueViolationColumn(error);
      if (column === 'email') throw new EmailTakenError();
      if (column !== 'username') throw error;
    }
  }
  throw new Error('could not find a free username');
}

/**
 * Which unique constraint a failed insert hit: 'email', 'username', another name, or undefined
 * when the error is not a unique violation. Knows SQLite's and PostgreSQL's wording.
 */
export function uniqueViolationColumn(error: unknown): string | undefined {
  const { code, message = '', constraint } = (error ?? {}) as { code?: unknown; message?: string; constraint?: string };
  if (code === '23505') {
    // PostgreSQL: users_email_key, users_username_lower_unique…
    if (constraint?.includes('email')) return 'email';
    if (constraint?.includes('username')) return 'username';
    return constraint ?? 'unknown';
  }
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(message)) {
    if (/users\.email/.test(message)) return 'email';
    // The case-insensitive index reports the expression, e.g. "index 'users_username_lower_unique'".
    if (/username/.test(message)) return 'username';
    return 'unknown';
  }
  return undefined;
}
