/**
 * Typed view of the database for Kysely. Conventions, identical in SQLite and PostgreSQL:
 * - ids are text (see ids.ts);
 * - timestamps are ISO-8601 UTC text from Date#toISOString(): fixed width, so they compare and
 *   sort correctly as strings;
 * - booleans are integers 0/1;
 * - e-mail addresses and wallet addresses are stored lower-case, so equality lookups suffice.
 */
import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

/** ISO-8601 UTC, e.g. 2025-01-31T12:00:00.000Z. */
export type Timestamp = string;

/** 0 or 1. */
export type IntBoolean = 0 | 1;

export interface UsersTable {
  id: string;
  email: string | null;
  /** Unique regardless of letter case (index on lower(username)). */
  username: string;
  password_hash: string | null;
  verified: ColumnType<IntBoolean, IntBoolean | undefined, IntBoolean>;
  wallet_address: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the opaque cookie value; the value itself is never stored. */
  id_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
  user_agent: string | null;
  ip: string | null;
}

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export interface DescriptionSubmissionsTable {
  id: string;
  /** Catalogue video id. */
  movie_id: string;
  new_context: string;
  status: ColumnType<SubmissionStatus, SubmissionStatus | undefined, SubmissionStatus>;
  user_id: string | null;
  ip: string | null;
  created_at: Timestamp;
  reviewed_at: Timestamp | null;
}

export const AUTH_TOKEN_PURPOSES = ['verify', 'reset'] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/** E-mailed single-use links (account verification, password reset). */
export interface AuthTokensTable {
  id: string;
  user_id: string;
  purpose: AuthTokenPurpose;
  /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  description_submissions: DescriptionSubmissionsTable;
  auth_tokens: AuthTokensTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type DescriptionSubmissionRow = Selectable<DescriptionSubmissionsTable>;
export type AuthTokenRow = Selectable<AuthTokensTable>;
