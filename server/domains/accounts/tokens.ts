/**
 * Single-use, expiring tokens for e-mailed links (account verification, password reset).
 * The link carries 32 random bytes in base64url; the database holds only their SHA-256, so a
 * leaked database yields no working link. Issuing a token replaces the user's earlier tokens of
 * the same purpose, so only the newest link works.
 */
import { createHash, randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

import { newId, toTimestamp } from '../../infra/db/ids';
import type { AuthTokenPurpose, Database, UserRow } from '../../infra/db/schema';

export const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  verify: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/** 32 random bytes in base64url: exactly 43 characters of [A-Za-z0-9_-]. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** A new token for `purpose`; the user's earlier tokens of that purpose stop working. */
export async function issueToken(
  db: Kysely<Database>,
  userId: string,
  purpose: AuthTokenPurpose,
  now: Date = new Date(),
): Promise<IssuedToken> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS[purpose]);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('auth_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
    await trx
      .insertInto('auth_tokens')
      .values({
        id: newId(now),
        user_id: userId,
        purpose,
        token_hash: hashToken(token),
        expires_at: toTimestamp(expiresAt),
        used_at: null,
        created_at: toTimestamp(now),
      })
      .execute();
  });
  return { token, expiresAt };
}

/**
 * Uses a token: it must exist for `purpose`, belong to the user with this (normalized) e-mail
 * address, be unused and unexpired. Marks it used and returns its user, or returns null — one
 * answer for every kind of failure. `onConsumed` runs in the same transaction (e.g. to set the
 * new password), so a token is never spent without its effect, nor the effect had twice.
 */
export async function consumeToken(
  db: Kysely<Database>,
  token: string,
  purpose: AuthTokenPurpose,
  email: string,
  onConsumed: (trx: Kysely<Database>, user: UserRow) => Promise<void>,
  now: Date = new Date(),
): Promise<UserRow | null> {
  if (!isWellFormedToken(token)) return null;
  const nowText = toTimestamp(now);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('auth_tokens')
      .innerJoin('users', 'users.id', 'auth_tokens.user_id')
      .selectAll('users')
      .select(['auth_tokens.id as token_id', 'auth_tokens.used_at as token_used_at', 'auth_tokens.expires_at as token_expires_at'])
      .where('auth_tokens.token_hash', '=', hashToken(token))
      .where('auth_tokens.purpose', '=', purpose)
      .executeTakeFirst();
    if (!row) return null;
    const { token_id: tokenId, token_used_at: usedAt, token_expires_at: expiresAt, ...user } = row;
    if (user.email !== email || usedAt !== null || expiresAt <= nowText) return null;

    // The used_at condition makes two concurrent uses of one token end with one winner.
    const spent = await trx
      .updateTable('auth_tokens')
      .set({ used_at: nowText })
      .where('id', '=', tokenId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return null;
    await onConsumed(trx, user);
    return user;
  });
}

/** Deletes expired tokens (used ones included); returns how many. */
export async function purgeExpiredTokens(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const result = await db.deleteFrom('auth_tokens').where('expires_at', '<=', toTimestamp(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
