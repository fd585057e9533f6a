/**
 * Who may see a video's media, as a rank: a wider audience has a higher number, and each
 * audience contains every lower one. The media keys move to a new generation whenever the
 * audience falls below the widest one the current keys were handed to (videos.media_exposure).
 *
 * Adding a visibility (e.g. `unlisted`: anyone with the link) means giving it its rank here —
 * between STAFF and EVERYONE — and nothing else: rotate.ts compares ranks only.
 */
import type { VideoRow } from '../../../infra/db/schema';

export const AUDIENCE = {
  /** The owner alone: private, processing or failed videos. */
  OWNER: 0,
  /** The owner and moderators: a video hidden by moderators, or its owner suspended. */
  STAFF: 1,
  /** Anyone with the link (unlisted, ready, not moderated away): served to browsers only, never to shared caches. */
  LINK: 2,
  /** Everyone (public, ready, not moderated away): the only audience served cacheable by others. */
  EVERYONE: 3,
} as const;

export type Audience = (typeof AUDIENCE)[keyof typeof AUDIENCE];

export interface AudienceFields extends Pick<VideoRow, 'visibility' | 'status' | 'hidden_at'> {
  owner_suspended_at: string | null;
}

/** The same rule as canView (video-records.ts) and passesModeration (moderation/visibility.ts). */
export function audienceOf(video: AudienceFields): Audience {
  if (video.status !== 'ready' || video.visibility === 'private') return AUDIENCE.OWNER;
  if (video.hidden_at !== null || video.owner_suspended_at) return AUDIENCE.STAFF;
  if (video.visibility === 'unlisted') return AUDIENCE.LINK;
  return AUDIENCE.EVERYONE;
}
