import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';

import { api } from '../../api/api';
import { LIST } from '../../api/tags';
import { useAppDispatch } from '../../app/hooks';
import { API_BASE_URL } from '../../config/runtime';

import { useGetUnreadNotificationsQuery } from './followingApi';

/** Without an event stream (old browsers, tests), the count is polled this often (304 while unchanged). */
export const UNREAD_POLL_MS = 60 * 1000;

/**
 * The signed-in viewer's unread notification count, live: the server's event stream
 * (GET /notifications/stream, fed across instances by the events bus) says when it changes, and
 * each change refetches the notification queries (the `Notification` tag). Where EventSource is
 * missing, or the stream fails, the count is polled.
 */
export function useUnreadCount(enabled: boolean): number | undefined {
  const dispatch = useAppDispatch();
  const [streaming, setStreaming] = useState(false);
  const [live, setLive] = useState<number | undefined>(undefined);
  const { currentData } = useGetUnreadNotificationsQuery(enabled ? undefined : skipToken, {
    pollingInterval: enabled && !streaming ? UNREAD_POLL_MS : 0,
  });

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(`${API_BASE_URL}/notifications/stream`, { withCredentials: true });
    let last: number | undefined;
    source.addEventListener('open', () => setStreaming(true));
    source.addEventListener('unread', (event) => {
      const unread = Number((JSON.parse((event as MessageEvent<string>).data) as { unread?: unknown }).unread);
      if (!Number.isFinite(unread)) return;
      setLive(unread);
      if (last !== undefined && unread !== last) dispatch(api.util.invalidateTags([{ type: 'Notification', id: LIST }]));
      last = unread;
    });
    source.addEventListener('error', () => setStreaming(false));
    return () => {
      source.close();
      setStreaming(false);
      setLive(undefined);
    };
  }, [enabled, dispatch]);

  if (!enabled) return undefined;
  return live ?? currentData?.unread;
}
