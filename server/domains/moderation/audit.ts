/**
 * The audit log: every moderator action (and every role change made on the command line) is
 * one row of moderation_log, written in the same transaction as the change it records.
 */
import type { Kysely } from 'kysely';

import { newId, toTimestamp } from '../../infra/db/ids';
import type { Database } from '../../infra/db/schema';

export const AUDIT_ACTIONS = [
  'video.hide',
  'video.unhide',
  'comment.delete',
  'user.suspend',
  'user.unsuspend',
  'report.resolve',
  'description.approve',
  'description.reject',
  'role.grant',
  'role.revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted: a signed-in moderator, or null for the command line. */
export type Actor = { id: string; username: string } | null;

/**
 * The last audit time this process wrote: entries written within one millisecond (the admin
 * command runs several in a row) still list in the order they happened, since the log is read
 * by time and the id after the seconds is random.
 */
let lastAuditMs = 0;
function auditTime(now: Date): Date {
  lastAuditMs = Math.max(now.getTime(), lastAuditMs + 1);
  return new Date(lastAuditMs);
}

export async function recordAction(
  db: Kysely<Database>,
  actor: Actor,
  action: AuditAction,
  target: { type: string; id: string },
  reason = '',
  now: Date = new Date(),
): Promise<void> {
  const at = auditTime(now);
  await db
    .insertInto('moderation_log')
    .values({
      id: newId(at),
      actor_id: actor?.id ?? null,
      actor_name: actor?.username ?? 'cli',
      action,
      target_type: target.type,
      target_id: target.id,
      reason,
      created_at: toTimestamp(at),
    })
    .execute();
}

export interface AuditEntry {
  _id: string;
  /** null: the command line. */
  actor: { _id: string; username: string } | null;
  action: string;
  targetType: string;
  targetId: string;
  reason: string;
  createdAt: string;
}

/** Newest first. */
export async function listAudit(db: Kysely<Database>, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('moderation_log')
    .leftJoin('users', 'users.id', 'moderation_log.actor_id')
    .selectAll('moderation_log')
    .select('users.username')
    .orderBy('moderation_log.created_at', 'desc')
    .orderBy('moderation_log.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    actor: row.actor_id === null ? null : { _id: row.actor_id, username: row.username ?? row.actor_name ?? '' },
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason,
    createdAt: row.created_at,
  }));
}
