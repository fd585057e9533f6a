import type { SelfieVideo } from '../../api/types';

/** The parts of an RTK Query cache entry this module reads. */
interface CacheEntry {
  status?: string;
  endpointName?: string;
  data?: unknown;
  fulfilledTimeStamp?: number;
}

/** Array fields of cached answers that hold self-shot videos: the list's and a profile's. */
const VIDEO_ARRAY_FIELDS = ['videos', 'likedVideos'] as const;

function isVideoWithId(value: unknown, id: string): value is SelfieVideo {
  return Boolean(value && typeof value === 'object' && (value as { _id?: unknown })._id === id);
}

/**
 * A self-shot video already in the API cache inside a list answer (the selfie list, a profile's
 * uploaded or liked videos), so a page opened from such a list can show it without asking the
 * server again. The freshest copy wins. Returns the object held in the store (stable between
 * renders while the cache does not change), or undefined.
 */
export function findVideoInCachedLists(
  queries: Readonly<Record<string, CacheEntry | undefined>>,
  id: string,
): SelfieVideo | undefined {
  let found: SelfieVideo | undefined;
  let foundAt = -Infinity;
  for (const entry of Object.values(queries)) {
    if (!entry || entry.status !== 'fulfilled' || !entry.data || typeof entry.data !== 'object') continue;
    const data = entry.data as Record<string, unknown>;
    for (const field of VIDEO_ARRAY_FIELDS) {
      const list = data[field];
      if (!Array.isArray(list)) continue;
      const video = list.find((item: unknown) => isVideoWithId(item, id));
      const at = entry.fulfilledTimeStamp ?? 0;
      if (video && at > foundAt) {
        found = video;
        foundAt = at;
      }
    }
  }
  return found;
}
