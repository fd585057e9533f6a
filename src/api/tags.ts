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
