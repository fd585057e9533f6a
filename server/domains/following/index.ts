/**
 * Following on the app (docs/following.md): `app.following`. Installs the background parts —
 * the fan-out of a new public video to its uploader's subscribers (heard through app.events, so a
 * video made ready by a worker or made public on any instance is announced), the live unread
 * counts for connected browsers (the 'notifications.changed' event reaches every instance), and
 * the hourly e-mail digest sweep — and offers the producers' calls that never fail their caller.
 */
import type { FastifyInstance } from 'fastify';

import { createMailer, type Mailer } from '../../infra/mail/mail';

import { sendDigests } from './digest';
import { fanOutNewVideo, pendingAnnouncements, notifyComment, notifyHidden, notifyLike, notifyProcessed, unreadCount } from './notifications';

export * from './notifications';
export * from './subscriptions';
export * from './history';
export { unsubscribeToken, verifyUnsubscribeToken, sendDigests, DIGEST_INTERVAL_MS } from './digest';

/** How often an instance looks for digests to send. */
export const DIGEST_SWEEP_MS = 60 * 1000;

export type UnreadListener = (unread: number) => void;

export interface FollowingService {
  mailer: Mailer;
  /** Calls `listener` with the user's unread count whenever it may have changed; returns the unsubscribe. */
  listen(userId: string, listener: UnreadListener): () => void;
  /** One digest sweep now (the timer runs it every minute). */
  sweepDigests(now?: Date): Promise<number>;
  /** Producers: each logs its failure instead of failing the caller. */
  commentPosted(commentId: string): Promise<void>;
  videoLiked(videoId: string, likerId: string, likes: number): Promise<void>;
  videoProcessed(videoId: string): Promise<void>;
  videoHidden(videoId: string, moderatorId: string): Promise<void>;
  /** The fan-out of one video (the event subscriber schedules it; tests and scripts may await it). */
  announceVideo(videoId: string): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    following: FollowingService;
  }
}

export function installFollowing(app: FastifyInstance): FollowingService {
  const log = app.log.child({ module: 'following' });
  const mailer = createMailer(app.config, log);
  const listeners = new Map<string, Set<UnreadListener>>();

  const safely = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (err) {
      log.error({ err }, `following: ${what} failed`);
    }
  };

  const service: FollowingService = {
    mailer,
    listen(userId, listener) {
      let set = listeners.get(userId);
      if (!set) {
        set = new Set();
        listeners.set(userId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    sweepDigests: (now) => sendDigests({ db: app.db, mailer, publicUrl: app.config.publicUrl }, now),
    commentPosted: (commentId) => safely('comment notification', () => notifyComment(app.db, app.events, commentId)),
    videoLiked: (videoId, likerId, likes) => safely('like notification', () => notifyLike(app.db, app.events, videoId, likerId, likes)),
    videoProcessed: (videoId) => safely('processing notification', () => notifyProcessed(app.db, app.events, videoId)),
    videoHidden: (videoId, moderatorId) => safely('hide notification', () => notifyHidden(app.db, app.events, videoId, moderatorId)),
    announceVideo: (videoId) => fanOutNewVideo(app.db, app.events, videoId),
  };
  app.decorate('following', service);

  // In the background: the event's publisher (a request, or the worker) does not wait for it.
  app.events.subscribe('video.changed', ({ videoId, change }) => {
    if (change === 'deleted') return;
    setImmediate(() => void safely('new video fan-out', () => service.announceVideo(videoId)));
  });

  app.events.subscribe('notifications.changed', async ({ userIds }) => {
    for (const userId of userIds) {
      const set = listeners.get(userId);
      if (!set || set.size === 0) continue;
      await safely('live unread count', async () => {
        const unread = await unreadCount(app.db, userId);
        for (const listener of set) listener(unread);
      });
    }
  });

  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> | undefined;
  app.addHook('onReady', async () => {
    // Videos whose announcement a stopped process left undone (claimed only on commit).
    setImmediate(
      () =>
        void safely('pending fan-outs', async () => {
          for (const videoId of await pendingAnnouncements(app.db)) await service.announceVideo(videoId);
        }),
    );
    timer = setInterval(() => {
      if (sweeping) return;
      sweeping = safely('digest sweep', () => service.sweepDigests()).finally(() => {
        sweeping = undefined;
      });
    }, DIGEST_SWEEP_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await sweeping;
    mailer.close();
  });
  return service;
}
export * from './playlists';
