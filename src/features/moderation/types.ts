/** Wire types of the moderation API, from the generated OpenAPI types (src/api/types.ts). */
import type { ApiAnswer, ApiRequestBody, ApiSchemas, Role } from '../../api/types';

export type ReportReason = ApiSchemas['ReportReason'];
/** Every reason, in the order the report form offers them. */
export const REPORT_REASONS = ['spam', 'abuse', 'sexual', 'violence', 'copyright', 'other'] as const satisfies readonly ReportReason[];
// A reason the server adds and the form lacks is a type error here.
const everyReason: Record<Exclude<ReportReason, (typeof REPORT_REASONS)[number]>, never> = {};
void everyReason;
export type ReportTargetType = ApiSchemas['ReportTargetType'];
export type ReportStatus = ApiSchemas['ReportStatus'];

export type UserRef = ApiSchemas['UserRef'];
export type ReportTarget = ApiSchemas['ReportTarget'];
export type Report = ApiSchemas['Report'];
export type DescriptionSubmission = ApiSchemas['SubmittedDescription'];
export type ModeratedUser = ApiSchemas['ModeratedUser'];
export type AuditEntry = ApiSchemas['AuditEntry'];

export type NewReport = ApiRequestBody<'createReport'>;

export type ReportsResponse = ApiAnswer<'listReports', 200>;
export type DescriptionsResponse = ApiAnswer<'listDescriptionSubmissions', 200>;
export type ModeratedUsersResponse = ApiAnswer<'listUsersForModeration', 200>;
export type AuditResponse = ApiAnswer<'listAuditLog', 200>;

export function isModerator(user: { role?: Role } | null | undefined): boolean {
  return user?.role === 'moderator' || user?.role === 'admin';
}
