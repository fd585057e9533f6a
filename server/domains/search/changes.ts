/**
 * The AI search index follows self-shot video changes through app.events, wherever they happen:
 * on this instance (the subscriber runs before the changing request answers) or on another one
 * sharing REDIS_URL (within moments of the change). The periodic re-sync repairs anything missed.
 */
import type { FastifyInstance } from 'fastify';

import { backfillCaptionTexts } from '../captions/backfill';

export function followVideoChanges(app: FastifyInstance): void {
  app.events.subscribe('video.changed', ({ videoId, change }) =>
    change === 'deleted' ? app.searchIndex.removeSelfieVideo(videoId) : app.searchIndex.upsertSelfieVideo(videoId),
  );
}

/**
 * Caption tracks stored before their text was kept for search get it once the app is ready
 * (captions/backfill.ts); the videos concerned are announced as changed, so every instance's AI
 * index takes their captions in. In the background: start-up never waits for it.
 */
export function backfillCaptionSearch(app: FastifyInstance): void {
  app.addHook('onReady', async () => {
    void backfillCaptionTexts({ db: app.db, storage: app.storage })
      .then(async (videoIds) => {
        for (const videoId of videoIds) await app.events.publish('video.changed', { videoId, change: 'updated' });
        if (videoIds.length > 0) app.log.info({ videos: videoIds.length }, 'search: caption text of earlier tracks indexed');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'search: could not index the caption text of earlier tracks'));
  });
}
