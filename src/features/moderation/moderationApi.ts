import { api } from '../../api/api';
import { LIST, videoChangeTags } from '../../api/tags';
import type { ApiAnswer, DeleteCommentResponse } from '../../api/types';
import { acceptSuccessOnly } from '../../api/validate-status';

import type {
  AuditEntry,
  AuditResponse,
  DescriptionSubmission,
  DescriptionsResponse,
  ModeratedUser,
  ModeratedUsersResponse,
  NewReport,
  Report,
  ReportsResponse,
  ReportStatus,
} from './types';

const post = (url: string, body: object = {}) => ({ url, method: 'POST', body, validateStatus: acceptSuccessOnly });

const REPORT_LISTS = [
  { type: 'Report' as const, id: 'open' },
  { type: 'Report' as const, id: 'resolved' },
];
const AUDIT = { type: 'Audit' as const, id: LIST };

/**
 * Reports and the moderator console: POST /reports and /admin/…. Each action
 * invalidates exactly what it changes: the report lists it settles, the audit log, and the
 * public lists and pages the hidden video or suspended user appears in.
 */
export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportContent: build.mutation<ApiAnswer<'createReport', 201>, NewReport>({
      query: (report) => post('/reports', report),
      invalidatesTags: (result) => (result ? [{ type: 'Report', id: 'open' }] : []),
    }),

    getReports: build.query<Report[], ReportStatus>({
      query: (status) => `/admin/reports?status=${status}`,
      transformResponse: (raw: Partial<ReportsResponse>) => (Array.isArray(raw?.reports) ? raw.reports : []),
      providesTags: (_result, _error, status) => [{ type: 'Report', id: status }],
    }),

    resolveReport: build.mutation<ApiAnswer<'resolveReport', 200>, string>({
      query: (id) => post(`/admin/reports/${encodeURIComponent(id)}/resolve`),
      invalidatesTags: (result) => (result ? [...REPORT_LISTS, AUDIT] : []),
    }),

    hideVideo: build.mutation<ApiAnswer<'hideVideo', 200>, { videoId: string; ownerId?: string; reason: string }>({
      query: ({ videoId, reason }) => post(`/admin/videos/${encodeURIComponent(videoId)}/hide`, { reason }),
      invalidatesTags: (result, _error, { videoId, ownerId }) => (result ? [...REPORT_LISTS, AUDIT, ...videoChangeTags({ videoId, ownerId })] : []),
    }),

    unhideVideo: build.mutation<ApiAnswer<'unhideVideo', 200>, { videoId: string; ownerId?: string }>({
      query: ({ videoId }) => post(`/admin/videos/${encodeURIComponent(videoId)}/unhide`),
      invalidatesTags: (result, _error, { videoId, ownerId }) => (result ? [...REPORT_LISTS, AUDIT, ...videoChangeTags({ videoId, ownerId })] : []),
    }),

    /** A moderator deletes a reported comment (the comments endpoint, any comment for moderators). */
    deleteReportedComment: build.mutation<DeleteCommentResponse, { commentId: string; videoId?: string }>({
      query: ({ commentId }) => ({ url: `/comments/${encodeURIComponent(commentId)}`, method: 'DELETE', validateStatus: acceptSuccessOnly }),
      invalidatesTags: (result, _error, { videoId }) =>
        result ? [...REPORT_LISTS, AUDIT, ...(videoId ? [{ type: 'Comments' as const, id: videoId }] : [])] : [],
    }),

    suspendUser: build.mutation<ApiAnswer<'suspendUser', 200>, { userId: string; reason: string }>({
      query: ({ userId, reason }) => post(`/admin/users/${encodeURIComponent(userId)}/suspend`, { reason }),
      // Every video of the user leaves (or, unsuspended, returns to) the lists and searches.
      invalidatesTags: (result, _error, { userId }) =>
        result ? [...REPORT_LISTS, AUDIT, { type: 'ModeratedUser', id: 'suspended' }, ...videoChangeTags({ ownerId: userId })] : [],
    }),

    unsuspendUser: build.mutation<ApiAnswer<'unsuspendUser', 200>, { userId: string }>({
      query: ({ userId }) => post(`/admin/users/${encodeURIComponent(userId)}/unsuspend`),
      invalidatesTags: (result, _error, { userId }) =>
        result ? [AUDIT, { type: 'ModeratedUser', id: 'suspended' }, ...videoChangeTags({ ownerId: userId })] : [],
    }),

    getSuspendedUsers: build.query<ModeratedUser[], void>({
      query: () => '/admin/users?status=suspended',
      transformResponse: (raw: Partial<ModeratedUsersResponse>) => (Array.isArray(raw?.users) ? raw.users : []),
      providesTags: [{ type: 'ModeratedUser', id: 'suspended' }],
    }),

    getPendingDescriptions: build.query<DescriptionSubmission[], void>({
      query: () => '/admin/descriptions?status=pending',
      transformResponse: (raw: Partial<DescriptionsResponse>) =>
        Array.isArray(raw?.descriptions) ? raw.descriptions : [],
      providesTags: [{ type: 'Description', id: 'pending' }],
    }),

    reviewDescription: build.mutation<ApiAnswer<'approveDescription' | 'rejectDescription', 200>, { id: string; decision: 'approve' | 'reject' }>({
      query: ({ id, decision }) => post(`/admin/descriptions/${encodeURIComponent(id)}/${decision}`),
      invalidatesTags: (result) => (result ? [{ type: 'Description', id: 'pending' }, AUDIT] : []),
    }),

    getAudit: build.query<AuditEntry[], void>({
      query: () => '/admin/audit',
      transformResponse: (raw: Partial<AuditResponse>) => (Array.isArray(raw?.entries) ? raw.entries : []),
      providesTags: [AUDIT],
    }),
  }),
});

export const {
  useReportContentMutation,
  useGetReportsQuery,
  useResolveReportMutation,
  useHideVideoMutation,
  useUnhideVideoMutation,
  useDeleteReportedCommentMutation,
  useSuspendUserMutation,
  useUnsuspendUserMutation,
  useGetSuspendedUsersQuery,
  useGetPendingDescriptionsQuery,
  useReviewDescriptionMutation,
  useGetAuditQuery,
} = moderationApi;
