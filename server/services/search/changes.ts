/**
 * The AI search index follows self-shot video changes through app.events, wherever they happen:
 * on this instance (the subscriber runs before the changing request answers) or on another one
 * sharing REDIS_URL (within moments of the change). The periodic re-sync repairs anything missed.
 */
import type { FastifyInstance } from 'fastify';

export function followVideoChanges(app: FastifyInstance): void {
  app.events.subscribe('video.changed', ({ videoId, change }) =>
    change === 'deleted' ? app.searchIndex.removeSelfieVideo(videoId) : app.searchIndex.upsertSelfieVideo(videoId),
  );
}
