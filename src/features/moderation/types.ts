/** Wire types of the moderation API. */
import type { Role } from '../../api/types';

export const REPORT_REASONS = ['spam', 'abuse', 'sexual', 'violence', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportTargetType = 'video' | 'comment' | 'user';
export type ReportStatus = 'open' | 'resolved';

export interface UserRef {
  _id: string;
  username: string;
}

export interface ReportTarget {
  title: string;
  userId: string;
  username: string;
  thumbnailCdnUrl?: string;
  videoId?: string;
  hidden?: boolean;
  hiddenReason?: string;
  suspended?: boolean;
  visibility?: string;
}

export interface Report {
  _id: string;
  targetType: ReportTargetType;
  targetId: string;
  target: ReportTarget | null;
  reason: ReportReason;
  details: string;
  reporter: UserRef;
  createdAt: string;
  status: ReportStatus;
  resolvedAt?: string | null;
}

export interface DescriptionSubmission {
  _id: string;
  movieId: string;
  newContext: string;
  submittedBy: UserRef | null;
  createdAt: string;
  status: 'pending' | 'approved' | 'rejected';
}

export interface ModeratedUser {
  _id: string;
  username: string;
  email: string | null;
  role: Role;
  suspendedAt: string | null;
  suspensionReason: string | null;
}

export interface AuditEntry {
  _id: string;
  actor: UserRef | null;
  action: string;
  targetType: string;
  targetId: string;
  reason: string;
  createdAt: string;
}

export interface NewReport {
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  details?: string;
}

export function isModerator(user: { role?: Role } | null | undefined): boolean {
  return user?.role === 'moderator' || user?.role === 'admin';
}
