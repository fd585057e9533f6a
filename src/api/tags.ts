import type { TagType } from './api';

export const LIST = 'LIST' as const;

/** Tags for a list query: one per item plus the list tag, so both item and list changes refetch it. */
export function listTags<T extends TagType>(
  type: T,
  items: ReadonlyArray<{ _id?: string; id?: string }> | undefined,
  listId: string = LIST,
): Array<{ type: T; id: string }> {
  const itemTags = (items ?? []).flatMap((item) => {
    const id = item._id ?? item.id;
    return id ? [{ type, id }] : [];
  });
  return [...itemTags, { type, id: listId }];
}

/**
 * The subscriber count and "subscribed" state of one uploader, wherever an answer carries them
 * (the video answer): subscribing or unsubscribing invalidates it (docs/following.md).
 */
export function channelTag(userId: string): { type: 'Subscription'; id: string } {
  return { type: 'Subscription', id: `channel:${userId}` };
}

/** Every keyword search answer (any words, any page). */
export const KEYWORD_SEARCH_TAG = { type: 'Search', id: LIST } as const;

/**
 * Every AI search answer. It carries no per-video tags, so the broad `Video` invalidations
 * (signing in, clearing the watch history) do not start a slow AI search again; a change to a
 * video reaches it through videoChangeTags.
 */
export const AI_SEARCH_TAG = { type: 'Search', id: 'AI' } as const;

/** `{Video,id}` for each video a list answer shows: a change to one of them refetches the list. */
export function videoItemTags(videos: ReadonlyArray<{ _id: string }> | undefined): Array<{ type: 'Video'; id: string }> {
  return (videos ?? []).map((video) => ({ type: 'Video', id: video._id }));
}

export type VideoChangeTag = { type: 'Video' | 'User' | 'VideoList'; id: string } | typeof KEYWORD_SEARCH_TAG | typeof AI_SEARCH_TAG;

/**
 * The tags a change to a video invalidates: every cached answer that can show it or list it.
 *
 * The rule: a mutation that changes what a video card, a video page or a list shows — a video
 * uploaded, edited (title, description, visibility, download switch), deleted, hidden or unhidden
 * by a moderator, its thumbnail, file or captions replaced, its processing retried — invalidates
 *   - `{Video,id}`: the video's own answer and every list that shows it as an item (public list,
 *     profiles, related videos, the feed, keyword search results);
 *   - `{VideoList,LIST}`: the public list, which the video can enter or leave;
 *   - `{User,owner}`: the owner's profile and its lists, which the video can enter or leave;
 *   - the keyword search and AI search answers: a change of words or visibility (and a file being
 *     processed again) moves the video into or out of them, and both show its card.
 * Without `videoId` (a suspended or restored uploader) the owner's videos change as a whole.
 * A like or a comment is no video change: no list or card shows their counts, so they invalidate
 * only `Likes` / `Comments` of that video (and the liker's `User`).
 */
export function videoChangeTags({ videoId, ownerId }: { videoId?: string; ownerId?: string }): VideoChangeTag[] {
  return [
    ...(videoId ? [{ type: 'Video' as const, id: videoId }] : []),
    ...(ownerId ? [{ type: 'User' as const, id: ownerId }] : []),
    { type: 'VideoList', id: LIST },
    KEYWORD_SEARCH_TAG,
    AI_SEARCH_TAG,
  ];
}
