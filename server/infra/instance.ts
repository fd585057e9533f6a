/**
 * Who this process is, for the things it leaves on disk or in the database while working: its
 * temporary folder (DATA_DIR/tmp/<instance id>), the storage keys it is writing (storage_pending)
 * and the jobs it leases (media_jobs.lease_owner). The id names the host and process id plus a
 * random part, so a restarted process that gets the same pid (containers) is still a new owner.
 *
 * isOwnerGone(owner): true when the owner certainly no longer runs — same host and either its
 * process is gone or the pid now belongs to this (newer) process. Owners on other hosts are
 * judged by age by the callers.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';

function safeHost(): string {
  return os.hostname().replace(/[^A-Za-z0-9.-]/g, '_').slice(0, 64) || 'host';
}

export const INSTANCE_ID = `${safeHost()}~${process.pid}~${randomBytes(4).toString('hex')}`;

export function parseOwner(owner: string): { host: string; pid: number; nonce: string } | undefined {
  const [host, pid, nonce, ...rest] = owner.split('~');
  if (!host || !pid || !nonce || rest.length > 0 || !/^\d+$/.test(pid)) return undefined;
  return { host, pid: Number(pid), nonce };
}

export function isOwnerGone(owner: string): boolean {
  if (owner === INSTANCE_ID) return false;
  const parsed = parseOwner(owner);
  if (!parsed) return true;
  if (parsed.host !== safeHost()) return false;
  if (parsed.pid === process.pid) return true;
  try {
    process.kill(parsed.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
