/**
 * Moderation: POST /reports for any signed-in user, and the moderator API under
 * /admin (moderator or admin: 401 for visitors, 403 for users). Every action is audited
 * (domains/moderation). Moderators delete comments through DELETE /comments/:id.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { sendError } from '../../http/errors';
import { requireModerator, requireUser, signedInUser } from '../../http/guards';
import type { FieldIssue } from '../../http/localized-validation';
import { rateLimited } from '../../http/rate-limits';
import { t } from '../../i18n';
import { RoleSchema } from '../../schemas/users';

import {
  MODERATION_REASON_MAX_LENGTH,
  listDescriptions,
  listUsers,
  reviewDescription,
  setUserSuspended,
  setVideoHidden,
} from './actions';
import { listAudit } from './audit';
import { REPORT_DETAILS_MAX_LENGTH, createReport, listReports, resolveReport } from './reports';

const MINUTE = 60 * 1000;

export const REPORT_LIMITS = {
  /** New reports per user. */
  perUser: { max: 20, timeWindow: 10 * MINUTE },
} as const;

const LIST_LIMIT = 200;

// ---- schemas ----

const MessageResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });
const ErrorResponse = Type.Object({ success: Type.Literal(false), message: Type.String() });
const errorResponses = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse } as const;

// Titles name these shapes in the OpenAPI document and the SPA's generated types.
const TargetType = Type.Union([Type.Literal('video'), Type.Literal('comment'), Type.Literal('user')], { title: 'ReportTargetType' });
const Reason = Type.Union([
  Type.Literal('spam'),
  Type.Literal('abuse'),
  Type.Literal('sexual'),
  Type.Literal('violence'),
  Type.Literal('copyright'),
  Type.Literal('other'),
], { title: 'ReportReason' });

const ReportBody = Type.Object(
  {
    targetType: TargetType,
    targetId: Type.String({ minLength: 1, maxLength: 64 }),
    reason: Reason,
    details: Type.Optional(Type.String({ maxLength: REPORT_DETAILS_MAX_LENGTH * 4 })),
  },
  { additionalProperties: false },
);

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const ReasonBody = Type.Object({ reason: Type.String({ maxLength: MODERATION_REASON_MAX_LENGTH * 4 }) });
const OptionalNoteBody = Type.Union([
  Type.Object({ note: Type.Optional(Type.String({ maxLength: MODERATION_REASON_MAX_LENGTH })) }),
  Type.Null(),
]);
const EmptyBody = Type.Union([Type.Object({}), Type.Null()]);

const UserRef = Type.Object({ _id: Type.String(), username: Type.String() }, { title: 'UserRef' });
const TargetSummary = Type.Object({
  title: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  thumbnailCdnUrl: Type.Optional(Type.String()),
  videoId: Type.Optional(Type.String()),
  hidden: Type.Optional(Type.Boolean()),
  hiddenReason: Type.Optional(Type.String()),
  suspended: Type.Optional(Type.Boolean()),
  visibility: Type.Optional(Type.String()),
}, { title: 'ReportTarget' });
const ReportSchema = Type.Object({
  _id: Type.String(),
  targetType: TargetType,
  targetId: Type.String(),
  target: Type.Union([TargetSummary, Type.Null()]),
  reason: Reason,
  details: Type.String(),
  reporter: UserRef,
  createdAt: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('resolved')], { title: 'ReportStatus' }),
  resolvedAt: Type.Union([Type.String(), Type.Null()]),
}, { title: 'Report' });
const ReportsQuery = Type.Object({ status: Type.Union([Type.Literal('open'), Type.Literal('resolved')], { default: 'open' }) });
const ReportsResponse = Type.Object({ reports: Type.Array(ReportSchema) });

const DescriptionStatus = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);
const DescriptionsQuery = Type.Object({ status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')], { default: 'pending' }) });
const DescriptionsResponse = Type.Object({
  descriptions: Type.Array(
    Type.Object({
      _id: Type.String(),
      movieId: Type.String(),
      newContext: Type.String(),
      submittedBy: Type.Union([UserRef, Type.Null()]),
      createdAt: Type.String(),
      status: DescriptionStatus,
    }, { title: 'SubmittedDescription' }),
  ),
});

const UsersQuery = Type.Object({ status: Type.Union([Type.Literal('suspended'), Type.Literal('staff')], { default: 'suspended' }) });
const UsersResponse = Type.Object({
  users: Type.Array(
    Type.Object({
      _id: Type.String(),
      username: Type.String(),
      email: Type.Union([Type.String(), Type.Null()]),
      role: RoleSchema,
      suspendedAt: Type.Union([Type.String(), Type.Null()]),
      suspensionReason: Type.Union([Type.String(), Type.Null()]),
    }, { title: 'ModeratedUser' }),
  ),
});

const AuditQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 500, default: LIST_LIMIT }) });
const AuditResponse = Type.Object({
  entries: Type.Array(
    Type.Object({
      _id: Type.String(),
      actor: Type.Union([UserRef, Type.Null()]),
      action: Type.String(),
      targetType: Type.String(),
      targetId: Type.String(),
      reason: Type.String(),
      createdAt: Type.String(),
    }, { title: 'AuditEntry' }),
  ),
});

/** The trimmed reason, or undefined after answering 400 when it is blank or too long. */
function readReason(request: FastifyRequest, reply: FastifyReply, raw: string): string | undefined {
  const reason = raw.trim();
  if (reason === '' || Array.from(reason).length > MODERATION_REASON_MAX_LENGTH) {
    void sendError(reply, 400, t(request, 'moderation.reasonRequired'));
    return undefined;
  }
  return reason;
}

/** The report form's fields in the viewer's language (http/route-preambles.ts). */
function reportFieldMessage(request: FastifyRequest, issue: FieldIssue): string | undefined {
  if (issue.part !== 'body') return undefined;
  if (issue.field === 'targetType') return t(request, 'moderation.badTargetType');
  if (issue.field === 'reason') return t(request, 'moderation.badReason');
  if (issue.field === 'details') return t(request, 'moderation.detailsTooLong', { max: REPORT_DETAILS_MAX_LENGTH });
  return undefined;
}

/** A moderator's hide or suspend without its reason. */
function reasonMessage(request: FastifyRequest, issue: FieldIssue): string | undefined {
  return issue.field === 'reason' || issue.part === 'body' ? t(request, 'moderation.reasonRequired') : undefined;
}

export const moderationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const reportsPerUser = app.createRateLimit({
    ...REPORT_LIMITS.perUser,
    keyGenerator: async (request) => `reports:create:user:${(await request.currentUser())?.id ?? ''}`,
  });

  app.post(
    '/reports',
    {
      attachValidation: true,
      config: { invalidMessage: reportFieldMessage },
      preHandler: requireUser,
      schema: {
        tags: ['moderation'],
        body: ReportBody,
        response: { 201: MessageResponse, ...errorResponses, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const details = (request.body.details ?? '').trim();
      if (Array.from(details).length > REPORT_DETAILS_MAX_LENGTH) {
        return sendError(reply, 400, t(request, 'moderation.detailsTooLong', { max: REPORT_DETAILS_MAX_LENGTH }));
      }
      if (await rateLimited(request, reply, { limiter: reportsPerUser, message: 'moderation.tooManyReports' })) return reply;

      const result = await createReport(app.db, user, { ...request.body, details });
      if (!result.ok) return sendError(reply, 404, t(request, 'moderation.reportNotFound'));
      if (result.created) request.log.info({ targetType: request.body.targetType, targetId: request.body.targetId }, 'report filed');
      return reply.code(201).send({ success: true, message: t(request, 'moderation.reportReceived') });
    },
  );

  // ---- moderator API ----

  {
    const admin = app;
    const moderator = signedInUser;
    const guard = { preHandler: requireModerator, config: { noStore: true } } as const;
    const doc = { tags: ['moderation'] };

    admin.get(
      '/admin/reports',
      { ...guard, schema: { ...doc, querystring: ReportsQuery, response: { 200: ReportsResponse, ...errorResponses } } },
      async (request) => ({ reports: await listReports(app.db, request.query.status, LIST_LIMIT) }),
    );

    admin.post(
      '/admin/reports/:id/resolve',
      { ...guard, schema: { ...doc, params: IdParams, body: OptionalNoteBody, response: { 200: MessageResponse, ...errorResponses } } },
      async (request, reply) => {
        const note = request.body?.note?.trim() ?? '';
        const outcome = await resolveReport(app.db, await moderator(request), request.params.id, note || 'dismissed');
        if (outcome === 'notFound') return sendError(reply, 404, t(request, 'error.notFound'));
        const key = outcome === 'already' ? 'moderation.reportAlreadyResolved' : 'moderation.reportResolved';
        return { success: true, message: t(request, key) };
      },
    );

    /** An action that takes a reason when it applies (hide, suspend) and nothing when it lifts. */
    const actionOptions = (takesReason: boolean) => ({
      attachValidation: true,
      ...guard,
      config: { ...guard.config, invalidMessage: reasonMessage },
      schema: {
        ...doc,
        params: IdParams,
        body: takesReason ? ReasonBody : EmptyBody,
        response: { 200: MessageResponse, ...errorResponses },
      },
    });
    /** Its reason ({ reason } when it applies, null when it lifts); undefined once a bad one was answered. */
    const actionReason = (request: FastifyRequest, reply: FastifyReply, takesReason: boolean): { reason: string } | null | undefined => {
      if (!takesReason) return null;
      const reason = readReason(request, reply, (request.body as { reason: string }).reason);
      return reason === undefined ? undefined : { reason };
    };

    for (const action of ['hide', 'unhide'] as const) {
      admin.post(
        `/admin/videos/:id/${action}`,
        actionOptions(action === 'hide'),
        async (request, reply) => {
          const hidden = actionReason(request, reply, action === 'hide');
          if (hidden === undefined) return reply;
          const found = await setVideoHidden(app, await moderator(request), request.params.id, hidden);
          if (!found) return sendError(reply, 404, t(request, 'video.notFound'));
          request.log.info({ videoId: request.params.id, action }, 'moderation: video');
          return { success: true, message: t(request, action === 'hide' ? 'moderation.videoHidden' : 'moderation.videoUnhidden') };
        },
      );
    }

    for (const action of ['suspend', 'unsuspend'] as const) {
      admin.post(
        `/admin/users/:id/${action}`,
        actionOptions(action === 'suspend'),
        async (request, reply) => {
          const suspension = actionReason(request, reply, action === 'suspend');
          if (suspension === undefined) return reply;
          const outcome = await setUserSuspended(app, await moderator(request), request.params.id, suspension);
          if (outcome === 'notFound') return sendError(reply, 404, t(request, 'moderation.userNotFound'));
          if (outcome === 'self') return sendError(reply, 400, t(request, 'moderation.cannotSuspendSelf'));
          if (outcome === 'staff') return sendError(reply, 403, t(request, 'moderation.cannotSuspendStaff'));
          request.log.info({ userId: request.params.id, action }, 'moderation: user');
          return { success: true, message: t(request, action === 'suspend' ? 'moderation.userSuspended' : 'moderation.userUnsuspended') };
        },
      );
    }

    admin.get(
      '/admin/users',
      { ...guard, schema: { ...doc, querystring: UsersQuery, response: { 200: UsersResponse, ...errorResponses } } },
      async (request) => ({ users: await listUsers(app.db, request.query.status, LIST_LIMIT) }),
    );

    admin.get(
      '/admin/descriptions',
      { ...guard, schema: { ...doc, querystring: DescriptionsQuery, response: { 200: DescriptionsResponse, ...errorResponses } } },
      async (request) => ({ descriptions: await listDescriptions(app.db, request.query.status, LIST_LIMIT) }),
    );

    for (const action of ['approve', 'reject'] as const) {
      admin.post(
        `/admin/descriptions/:id/${action}`,
        { ...guard, schema: { ...doc, params: IdParams, body: EmptyBody, response: { 200: MessageResponse, 409: ErrorResponse, ...errorResponses } } },
        async (request, reply) => {
          const outcome = await reviewDescription(app.db, await moderator(request), request.params.id, action === 'approve' ? 'approved' : 'rejected');
          if (outcome === 'notFound') return sendError(reply, 404, t(request, 'moderation.descriptionNotFound'));
          if (outcome === 'already') return sendError(reply, 409, t(request, 'moderation.descriptionAlreadyReviewed'));
          return { success: true, message: t(request, action === 'approve' ? 'moderation.descriptionApproved' : 'moderation.descriptionRejected') };
        },
      );
    }

    admin.get(
      '/admin/audit',
      { ...guard, schema: { ...doc, querystring: AuditQuery, response: { 200: AuditResponse, ...errorResponses } } },
      async (request) => ({ entries: await listAudit(app.db, request.query.limit) }),
    );
  }
};
