/**
 * Server-side sessions. The browser holds an opaque random token in the `sid` cookie; the
 * database holds only its SHA-256, so a leaked database cannot be replayed as cookies.
 * The store is an interface so a shared store (Redis) can replace the SQL one when scaling out.
 */
import { createHash, randomBytes } from 'node:crypto';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';

import { toTimestamp } from '../../infra/db/ids';
import type { Database, UserRow } from '../../infra/db/schema';
import '../../http/guards';
import { readSessionToken, setSessionCookie } from '../../http/session-cookie';

// The cookie itself (name, options, reading and setting it) is http/session-cookie.ts's.
export {
  SESSION_COOKIE,
  clearSessionCookie,
  readSessionToken,
  sessionCookieOptions,
  setSessionCookie,
} from '../../http/session-cookie';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Refresh last_seen_at at most this often, so reads do not each cost a write. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

/** 32 random bytes in base64url: exactly 43 characters of [A-Za-z0-9_-]. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface SessionMeta {
  userAgent?: string | null;
  ip?: string | null;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export interface SessionStore {
  createSession(userId: string, meta?: SessionMeta): Promise<NewSession>;
  /** The user of a live session, or null (unknown, malformed or expired token). */
  findSessionUser(token: string): Promise<UserRow | null>;
  destroySession(token: string): Promise<void>;
  /** Logs a user out everywhere, e.g. after a password reset. */
  destroyUserSessions(userId: string): Promise<void>;
  /** Deletes expired rows; returns how many. */
  purgeExpiredSessions(): Promise<number>;
}

export interface SessionStoreOptions {
  ttlMs?: number;
  now?: () => Date;
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createSqlSessionStore(db: Kysely<Database>, options: SessionStoreOptions = {}): SessionStore {
  const ttlMs = options.ttlMs ?? SESSION_TTL_MS;
  const now = options.now ?? (() => new Date());

  return {
    async createSession(userId, meta = {}) {
      const token = randomBytes(32).toString('base64url');
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + ttlMs);
      await db
        .insertInto('sessions')
        .values({
          id_hash: hashSessionToken(token),
          user_id: userId,
          created_at: toTimestamp(createdAt),
          expires_at: toTimestamp(expiresAt),
          last_seen_at: toTimestamp(createdAt),
          user_agent: meta.userAgent?.slice(0, 512) ?? null,
          ip: meta.ip ?? null,
        })
        .execute();
      return { token, expiresAt };
    },

    async findSessionUser(token) {
      if (!TOKEN_PATTERN.test(token)) return null;
      const idHash = hashSessionToken(token);
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select(['sessions.expires_at as session_expires_at', 'sessions.last_seen_at as session_last_seen_at'])
        .where('sessions.id_hash', '=', idHash)
        .executeTakeFirst();
      if (!row) return null;

      const { session_expires_at: expiresAt, session_last_seen_at: lastSeenAt, ...user } = row;
      const current = now();
      // A suspended account's sessions end at once (suspending also deletes them; this covers a race).
      if (expiresAt <= toTimestamp(current) || user.suspended_at !== null) {
        await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
        return null;
      }
      if (current.getTime() - Date.parse(lastSeenAt) > LAST_SEEN_RESOLUTION_MS) {
        await db.updateTable('sessions').set({ last_seen_at: toTimestamp(current) }).where('id_hash', '=', idHash).execute();
      }
      return user;
    },

    async destroySession(token) {
      await db.deleteFrom('sessions').where('id_hash', '=', hashSessionToken(token)).execute();
    },

    async destroyUserSessions(userId) {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    async purgeExpiredSessions() {
      const result = await db.deleteFrom('sessions').where('expires_at', '<=', toTimestamp(now())).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

// ---- signing in ----

/** What a new session records about the browser that opened it. */
function sessionMeta(request: FastifyRequest): SessionMeta {
  return { userAgent: request.headers['user-agent'] ?? null, ip: request.ip };
}

/**
 * After a successful sign-in: ends the session the browser came with (so every sign-in gets a
 * new session id), opens one for `userId` with the request's metadata and sets its cookie.
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const previous = readSessionToken(request);
  if (previous) await app.sessions.destroySession(previous);
  setSessionCookie(reply, await app.sessions.createSession(userId, sessionMeta(request)));
}

// ---- request integration ----

// `request.currentUser()` is declared with the guards that use it (http/guards.ts).
declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
  }
}

/** Decorates the root instance: `app.sessions` and `request.currentUser()`. */
export function installSessions(app: FastifyInstance, store: SessionStore): void {
  const resolved = new WeakMap<FastifyRequest, Promise<UserRow | null>>();
  app.decorate('sessions', store);
  app.decorateRequest('currentUser', function currentUser(this: FastifyRequest) {
    let user = resolved.get(this);
    if (!user) {
      const token = readSessionToken(this);
      user = token ? store.findSessionUser(token) : Promise.resolve(null);
      resolved.set(this, user);
    }
    return user;
  });
}
