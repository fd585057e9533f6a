/**
 * Following (docs/following.md): subscribing to uploaders, the subscriptions feed, notifications
 * (list, unread count with ETag, a server-sent event stream of the count, marking read,
 * per-kind settings, the e-mail unsubscribe link). Every answer is per viewer: never cached.
 */
import { createHash } from 'node:crypto';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { acceptEmptyJsonBody } from '../../http/empty-json-body';
import { StreamBudget, type StreamEviction } from '../../http/stream-budget';
import { sendError } from '../../http/errors';
import { rateLimited } from '../../http/rate-limits';
import { requireUser, signedInUser } from '../../http/guards';
import { LANGUAGES, requestLanguage, t } from '../../i18n';
import { toTimestamp } from '../../infra/db/ids';
import { readSessionToken } from '../accounts/sessions';
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from '../../schemas/paging';
import { SelfieVideoSchema } from '../../schemas/videos';

import {
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PER_PAGE,
  listNotifications,
  listSubscriptions,
  listSubscriptionVideos,
  loadPreferences,
  markRead,
  savePreferences,
  stopEmails,
  subscribe,
  unreadCount,
  unsubscribe,
  verifyUnsubscribeToken,
  clearHistory,
  historyPaused,
  listHistory,
  setHistoryPaused,
  type SubscribeResult,
} from '.';

const MINUTE = 60 * 1000;

export const FOLLOWING_LIMITS = {
  /** Subscribe/unsubscribe requests per user. */
  changesPerUser: { max: 60, timeWindow: MINUTE },
} as const;

/** Keep-alive comments on the event stream, so proxies do not close an idle one. */
const STREAM_KEEPALIVE_MS = 25 * 1000;
/** How long a stream closed by its budget (or refused) steps aside before trying again; the bell polls meanwhile. */
const STREAM_STEP_ASIDE_MS = 5 * 60 * 1000;
/** Ids in one POST /notifications/read. */
const READ_IDS_MAX = 500;

const UserParams = Type.Object({ id: Type.String({ minLength: 1 }) });
/** `{}`, `null`, or no body at all. */
const EmptyBody = Type.Union([Type.Object({}, { additionalProperties: false }), Type.Null()]);
const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
  perPage: Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE }),
});
const NotificationsQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
  perPage: Type.Integer({ minimum: 1, maximum: 100, default: NOTIFICATIONS_PER_PAGE }),
});

const SubscribeResponse = Type.Object({
  success: Type.Boolean(),
  subscribed: Type.Boolean(),
  subscriberCount: Type.Integer(),
  message: Type.String(),
});
const ChannelSchema = Type.Object(
  { _id: Type.String(), username: Type.String(), subscriberCount: Type.Integer(), subscribedAt: Type.String() },
  { title: 'SubscribedChannel' },
);
const SubscriptionsResponse = Type.Object({
  success: Type.Boolean(),
  subscriptions: Type.Array(ChannelSchema, { description: 'Most recently followed first.' }),
  total: Type.Integer(),
});
const FeedResponse = Type.Object({ videos: Type.Array(SelfieVideoSchema), total: Type.Integer() });

const KindSchema = Type.Union(
  [
    Type.Literal('new-video'),
    Type.Literal('comment-reply'),
    Type.Literal('video-comment'),
    Type.Literal('like-milestone'),
    Type.Literal('video-ready'),
    Type.Literal('video-failed'),
    Type.Literal('video-hidden'),
  ],
  { title: 'NotificationKind', description: `One of ${NOTIFICATION_KINDS.join(', ')}.` },
);
const NotificationSchema = Type.Object(
  {
    _id: Type.String(),
    kind: KindSchema,
    createdAt: Type.String(),
    read: Type.Boolean(),
    actor: Type.Union([Type.Object({ _id: Type.String(), username: Type.String() }), Type.Null()]),
    video: Type.Union([Type.Object({ _id: Type.String(), title: Type.String(), thumbnailCdnUrl: Type.String() }), Type.Null()]),
    comment: Type.Union([Type.Object({ _id: Type.String(), content: Type.String() }), Type.Null()]),
    text: Type.Union([Type.String(), Type.Null()], {
      description: "like-milestone: the count reached; video-hidden: the moderator's reason; video-failed: why (in the request's language).",
    }),
  },
  { title: 'Notification' },
);
const NotificationsResponse = Type.Object({
  success: Type.Boolean(),
  notifications: Type.Array(NotificationSchema, { description: 'Newest first.' }),
  unread: Type.Integer(),
  total: Type.Integer(),
});
const UnreadResponse = Type.Object({ success: Type.Boolean(), unread: Type.Integer() });
const ReadBody = Type.Union([
  Type.Object(
    { ids: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: READ_IDS_MAX })) },
    { additionalProperties: false },
  ),
  Type.Null(),
]);
const PreferenceSchema = Type.Object({ inApp: Type.Boolean(), email: Type.Boolean() }, { additionalProperties: false });
const SettingsSchema = Type.Object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, PreferenceSchema])) as Record<(typeof NOTIFICATION_KINDS)[number], typeof PreferenceSchema>,
  { title: 'NotificationSettings' },
);
const SettingsBody = Type.Object(
  {
    settings: Type.Object(
      Object.fromEntries(
        NOTIFICATION_KINDS.map((kind) => [
          kind,
          Type.Optional(Type.Object({ inApp: Type.Optional(Type.Boolean()), email: Type.Optional(Type.Boolean()) }, { additionalProperties: false })),
        ]),
      ),
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
const SettingsResponse = Type.Object({ success: Type.Boolean(), settings: SettingsSchema });
const SaveSettingsResponse = Type.Object({ success: Type.Boolean(), settings: SettingsSchema, message: Type.String() });
const UnsubscribeBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
const MessageResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });
const HistoryEntrySchema = Type.Object(
  {
    watchedAt: Type.String({ description: 'When the position was last saved.' }),
    video: SelfieVideoSchema,
  },
  { title: 'HistoryEntry' },
);
const HistoryResponse = Type.Object({
  success: Type.Boolean(),
  entries: Type.Array(HistoryEntrySchema, { description: "Newest first; each video's resumeAt is where the viewer stopped." }),
  total: Type.Integer(),
  paused: Type.Boolean({ description: 'While true, watching records nothing.' }),
});
const HistoryVideoParams = Type.Object({ videoId: Type.String({ minLength: 1 }) });
const HistoryClearedResponse = Type.Object({ success: Type.Boolean(), removed: Type.Integer() });
const HistorySettingsBody = Type.Object({ paused: Type.Boolean() }, { additionalProperties: false });
const HistorySettingsResponse = Type.Object({ success: Type.Boolean(), paused: Type.Boolean() });

export const followingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  acceptEmptyJsonBody(app);

  // Open event streams end when the app closes (they would otherwise hold the server open).
  const openStreams = new Set<() => void>();
  // Their budget: per session, per user, per instance (http/stream-budget.ts).
  const streamBudget = new StreamBudget(app.config.connections, (open) => app.metrics.openStreams.set({ kind: 'notifications' }, open));
  app.addHook('preClose', async () => {
    for (const close of openStreams) close();
    openStreams.clear();
  });

  const changesPerUser = app.createRateLimit({
    ...FOLLOWING_LIMITS.changesPerUser,
    keyGenerator: async (request) => `following:change:user:${(await request.currentUser())?.id ?? ''}`,
  });

  /** The digest's language follows the one the user last used to change something here. */
  const rememberLanguage = async (userId: string, language: string) => {
    if (!(LANGUAGES as readonly string[]).includes(language)) return;
    const now = toTimestamp();
    await app.db
      .insertInto('following_settings')
      .values({ user_id: userId, language, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ language }))
      .execute();
  };

  const change = (method: 'post' | 'delete') =>
    app.route({
      method: method.toUpperCase() as 'POST' | 'DELETE',
      url: '/users/:id/subscribe',
      attachValidation: true,
      config: { noStore: true },
      preHandler: requireUser,
      schema: { params: UserParams, ...(method === 'post' ? { body: EmptyBody } : {}), response: { 200: SubscribeResponse } },
      handler: async (request, reply) => {
        const user = await signedInUser(request);
        const { id } = request.params as { id: string };
        if (id === user.id) return sendError(reply, 400, t(request, 'following.cannotSubscribeSelf'));
        if (await rateLimited(request, reply, { limiter: changesPerUser, message: 'following.tooManyRequests' })) return reply;
        const result: SubscribeResult = method === 'post' ? await subscribe(app.db, user.id, id) : await unsubscribe(app.db, user.id, id);
        if (!result.ok) {
          return result.reason === 'self'
            ? sendError(reply, 400, t(request, 'following.cannotSubscribeSelf'))
            : sendError(reply, 404, t(request, 'profile.userNotFound'));
        }
        await rememberLanguage(user.id, requestLanguage(request));
        return {
          success: true,
          subscribed: method === 'post',
          subscriberCount: result.subscriberCount,
          message: t(request, method === 'post' ? 'following.subscribed' : 'following.unsubscribed'),
        };
      },
    });
  change('post');
  change('delete');

  app.get(
    '/subscriptions',
    { attachValidation: true, config: { noStore: true }, preHandler: requireUser, schema: { querystring: PageQuery, response: { 200: SubscriptionsResponse } } },
    async (request) => {
      const user = await signedInUser(request);
      const { channels, total } = await listSubscriptions(app.db, user.id, request.query.page, request.query.perPage);
      return { success: true, subscriptions: channels, total };
    },
  );

  app.get(
    '/subscriptions/videos',
    { attachValidation: true, config: { noStore: true }, preHandler: requireUser, schema: { querystring: PageQuery, response: { 200: FeedResponse } } },
    async (request) => {
      const user = await signedInUser(request);
      const { page, perPage } = request.query;
      return listSubscriptionVideos(app.db, user.id, page, perPage, requestLanguage(request));
    },
  );

  app.get(
    '/notifications',
    { attachValidation: true, config: { noStore: true }, preHandler: requireUser, schema: { querystring: NotificationsQuery, response: { 200: NotificationsResponse } } },
    async (request) => {
      const user = await signedInUser(request);
      const { page, perPage } = request.query;
      return { success: true, ...(await listNotifications(app.db, user.id, page, perPage, requestLanguage(request))) };
    },
  );

  app.get(
    '/notifications/unread',
    {
      preHandler: requireUser,
      schema: {
        description: 'For polling: answers 304 to If-None-Match with the last ETag while the count is unchanged.',
        response: { 200: UnreadResponse, 304: Type.Null({ description: 'Unchanged since the ETag given.' }) },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const unread = await unreadCount(app.db, user.id);
      const etag = `W/"unread-${unread}"`;
      reply.header('cache-control', 'private, no-cache');
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return { success: true, unread };
    },
  );

  app.get(
    '/notifications/stream',
    {
      preHandler: requireUser,
      schema: {
        description:
          'Server-sent events: `event: unread` with `data: {"unread": n}` at once and whenever the count may have changed (on any instance); a comment line every 25 s keeps the connection open.',
        produces: ['text/event-stream'],
        response: {
          200: {
            description: 'An endless event stream.',
            content: { 'text/event-stream': { schema: Type.String({ description: 'event: unread\\ndata: {"unread": 3}\\n\\n …' }) } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      // Streams of one browser share its session cookie: a hash of it tells them apart from another browser's.
      const session = createHash('sha256').update(readSessionToken(request) ?? '').digest('base64url');
      let evict: (reason: StreamEviction) => void = () => undefined;
      const leaveBudget = streamBudget.open(user.id, session, (reason) => evict(reason));
      if (!leaveBudget) {
        // The instance holds all the streams it can: this bell polls instead (useUnreadCount).
        reply.header('retry-after', String(STREAM_STEP_ASIDE_MS / 1000)).header('cache-control', 'no-store');
        return sendError(reply, 503, t(request, 'notifications.streamsBusy'));
      }
      // The stream's work is done once it is open: its admission place goes back to short requests.
      request.leaveAdmission();
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let last = -1;
      const send = (unread: number) => {
        if (unread === last || raw.writableEnded) return;
        last = unread;
        raw.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
      };
      const stop = app.following.listen(user.id, send);
      const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), STREAM_KEEPALIVE_MS);
      keepAlive.unref();
      const close = () => {
        clearInterval(keepAlive);
        stop();
        leaveBudget();
        if (!raw.writableEnded) raw.end();
      };
      // Newer streams of this session (or user) took its place: the tab polls for a while, then
      // streams again; `retry` makes a browser that ignores the event wait as long.
      evict = (reason) => {
        if (!raw.writableEnded) {
          raw.write(`event: closing\ndata: ${JSON.stringify({ reason, retryAfterMs: STREAM_STEP_ASIDE_MS })}\nretry: ${STREAM_STEP_ASIDE_MS}\n\n`);
        }
        openStreams.delete(close);
        close();
      };
      openStreams.add(close);
      request.raw.on('close', () => {
        openStreams.delete(close);
        close();
      });
      send(await unreadCount(app.db, user.id));
    },
  );

  app.post(
    '/notifications/read',
    { attachValidation: true, config: { noStore: true }, preHandler: requireUser, schema: { body: ReadBody, response: { 200: UnreadResponse } } },
    async (request) => {
      const user = await signedInUser(request);
      await markRead(app.db, app.events, user.id, request.body?.ids);
      return { success: true, unread: await unreadCount(app.db, user.id) };
    },
  );

  app.get(
    '/notifications/settings',
    { config: { noStore: true }, preHandler: requireUser, schema: { response: { 200: SettingsResponse } } },
    async (request) => {
      const user = await signedInUser(request);
      return { success: true, settings: await loadPreferences(app.db, user.id) };
    },
  );

  app.put(
    '/notifications/settings',
    { attachValidation: true, config: { noStore: true }, preHandler: requireUser, schema: { body: SettingsBody, response: { 200: SaveSettingsResponse } } },
    async (request) => {
      const user = await signedInUser(request);
      const settings = await savePreferences(app.db, user.id, request.body.settings);
      await rememberLanguage(user.id, requestLanguage(request));
      await app.events.publish('notifications.changed', { userIds: [user.id] });
      return { success: true, settings, message: t(request, 'following.settingsSaved') };
    },
  );

  app.post(
    '/notifications/unsubscribe',
    {
      attachValidation: true,
      config: { noStore: true },
      schema: {
        description: "The e-mail digest's link: stops every notification e-mail of the user the signed token names. No session needed.",
        body: UnsubscribeBody,
        response: { 200: MessageResponse },
      },
    },
    async (request, reply) => {
      const userId = await verifyUnsubscribeToken(app.db, request.body.token);
      if (!userId) return sendError(reply, 400, t(request, 'following.unsubscribeInvalid'));
      const exists = await app.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!exists) return sendError(reply, 400, t(request, 'following.unsubscribeInvalid'));
      await stopEmails(app.db, userId);
      return { success: true, message: t(request, 'following.unsubscribeDone') };
    },
  );

  app.get(
    '/history',
    { attachValidation: true, config: { noStore: true }, preHandler: requireUser, schema: { querystring: PageQuery, response: { 200: HistoryResponse } } },
    async (request) => {
      const user = await signedInUser(request);
      const { page, perPage } = request.query;
      const [history, paused] = await Promise.all([
        listHistory(app.db, user.id, page, perPage, requestLanguage(request)),
        historyPaused(app.db, user.id),
      ]);
      return { success: true, ...history, paused };
    },
  );

  app.delete(
    '/history',
    { config: { noStore: true }, preHandler: requireUser, schema: { response: { 200: HistoryClearedResponse } } },
    async (request) => {
      const user = await signedInUser(request);
      return { success: true, removed: await clearHistory(app.db, user.id) };
    },
  );

  app.delete(
    '/history/:videoId',
    { attachValidation: true, config: { noStore: true }, preHandler: requireUser, schema: { params: HistoryVideoParams, response: { 200: HistoryClearedResponse } } },
    async (request) => {
      const user = await signedInUser(request);
      return { success: true, removed: await clearHistory(app.db, user.id, request.params.videoId) };
    },
  );

  app.put(
    '/history/settings',
    { attachValidation: true, config: { noStore: true }, preHandler: requireUser, schema: { body: HistorySettingsBody, response: { 200: HistorySettingsResponse } } },
    async (request) => {
      const user = await signedInUser(request);
      await setHistoryPaused(app.db, user.id, request.body.paused);
      return { success: true, paused: request.body.paused };
    },
  );
};
