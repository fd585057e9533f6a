/**
 * The media-generation mover on the app (domains/media/generations): `app.media.generations`.
 *
 * - kick(ids): after a commit that rotated keys, move those videos' bytes now; the request
 *   waits a little (KICK_WAIT_MS) and then lets it go on in the background (domains/media/media-routes.ts
 *   serves the new keys from the old locations until the bytes are there);
 * - sweep(): every pending move, videos whose exposure is out of step with who may see them,
 *   and leftover rendition generations — at start-up (in the background, so a large bucket does
 *   not delay readiness) and then every `generationSweepMs`;
 * - idle(): resolves once nothing started here is running (tests; closing waits for it).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

import { videoMediaUrl } from '../../videos/videos';
import { INSTANCE_ID, isOwnerGone } from '../../../infra/instance';

import { runAllMoves, runMoves, type MoveDeps, type RetiredLocation } from './moves';
import { syncMediaGenerationNow, videosOutOfStep } from './rotate';
import { sweepStaleGenerations } from './sweep';


/**
 * How long a request that rotated keys waits for the bytes before answering: a rename on disk
 * takes milliseconds, so its client's next request finds them in place; a long S3 copy goes on
 * in the background (domains/media/media-routes.ts serves from the old location meanwhile).
 */
const KICK_WAIT_MS = 3000;

export interface GenerationSweepReport {
  resynced: number;
  moved: number;
  staleGenerations: number;
}

export interface MediaGenerations {
  /**
   * Moves those videos' bytes now. Resolves when done or after `waitMs` (default 3 s), whichever
   * comes first — the rest goes on in the background — and never rejects (the sweep retries).
   */
  kick(videoIds: readonly string[], waitMs?: number): Promise<void>;
  sweep(): Promise<GenerationSweepReport>;
  idle(): Promise<void>;
  /** After the start-up clean-up: the first sweep (in the background) and the timer. */
  start(): void;
  /** Before closing: no new work, and what runs is awaited. */
  stop(): Promise<void>;
}

const PURGE_TIMEOUT_MS = 10_000;

/** MEDIA_PURGE_URL: the old location's URL path (a generation: its folder, `prefix: true`). */
async function purge(hook: string, publicUrl: string, retired: RetiredLocation): Promise<void> {
  const paths = [videoMediaUrl(retired.location)];
  const res = await fetch(hook, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ videoId: retired.videoId, paths, urls: paths.map((url) => new URL(url, publicUrl).href), prefix: retired.prefix }),
    signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
  });
  await res.arrayBuffer();
  // Not 2xx: the move's record stays and the purge is sent again by the next sweep.
  if (!res.ok) throw new Error(`MEDIA_PURGE_URL answered ${res.status}`);
}

export function createMediaGenerations(app: FastifyInstance, log: FastifyBaseLogger): MediaGenerations {
  const running = new Set<Promise<unknown>>();
  let closed = false;
  const hook = app.config.media.purgeUrl;
  const deps = (): MoveDeps => ({
    db: app.db,
    storage: app.storage,
    log,
    owner: INSTANCE_ID,
    isOwnerGone,
    ...(hook ? { onRetired: (retired: RetiredLocation) => purge(hook, app.config.publicUrl, retired) } : {}),
  });

  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => undefined);
    return work;
  };

  const service: MediaGenerations = {
    async kick(videoIds, waitMs = KICK_WAIT_MS) {
      if (closed || videoIds.length === 0) return;
      const work = [...new Set(videoIds)].map((videoId) =>
        track(
          runMoves(deps(), videoId).catch((error: unknown) =>
            log.error({ err: error, videoId }, 'media: moving a video to its new keys failed (the sweep retries)'),
          ),
        ),
      );
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(work), new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
      clearTimeout(timer);
    },
    sweep() {
      return track(
        (async () => {
          let resynced = 0;
          for (const videoId of await videosOutOfStep(app.db)) {
            if ((await syncMediaGenerationNow(app.db, videoId)) === 'rotated') resynced += 1;
          }
          const moved = await runAllMoves(deps());
          const staleGenerations = await sweepStaleGenerations({ db: app.db, storage: app.storage, log });
          return { resynced, moved, staleGenerations };
        })(),
      );
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    start() {
      void sweepLogged();
      const every = app.config.media.generationSweepMs;
      if (every > 0) {
        timer = setInterval(() => {
          if (running.size === 0) void sweepLogged();
        }, every);
        timer.unref();
      }
    },
    async stop() {
      closed = true;
      if (timer) clearInterval(timer);
      await service.idle();
    },
  };
  let timer: NodeJS.Timeout | undefined;
  const sweepLogged = () =>
    service.sweep().catch((error: unknown) => {
      log.error({ err: error }, 'media: generation sweep failed (retried later)');
    });

  return service;
}
