/**
 * Which roles are staff (moderators and admins): what the moderator guard (http/guards.ts) and the
 * moderation visibility rule (domains/moderation/visibility.ts) both ask. Over the schema's types
 * only, so the http layer can use it without importing a service.
 */
import type { Role } from './schema';

export const STAFF_ROLES: readonly Role[] = ['moderator', 'admin'];

export function isStaffRole(role: string | null | undefined): boolean {
  return role === 'moderator' || role === 'admin';
}
