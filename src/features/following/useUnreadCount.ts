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
 * How long the bell polls before it tries the stream again after the server refused one (its
 * streams are all taken) or gave none (an error the browser does not retry).
 */
export const STREAM_RETRY_MS = 5 * 60 * 1000;

/** The server's `closing` event: this stream steps aside (newer tabs took its place) for `retryAfterMs`. */
interface Closing {
  retryAfterMs?: unknown;
}

/**
 * The signed-in viewer's unread notification count, live: the server's event stream
 * (GET /notifications/stream, fed across instances by the events bus) says when it changes, and
 * each change refetches the notification queries (the `Notification` tag). Where EventSource is
 * missing, the stream fails, the server refuses it (503: all its streams are taken) or asks it to
 * step aside (`closing`: newer tabs of this browser took its place), the count is polled, and
 * the stream is tried again later. The first event of a new stream is the current count, so a
 * tab that was away misses nothing.
 */
export function useUnreadCount(enabled: boolean): number | undefined {
  const dispatch = useAppDispatch();
  const [streaming, setStreaming] = useState(false);
  const [live, setLive] = useState<number | undefined>(undefined);
  // Bumped to open a new stream after a pause.
  const [attempt, setAttempt] = useState(0);
  const { currentData } = useGetUnreadNotificationsQuery(enabled ? undefined : skipToken, {
    pollingInterval: enabled && !streaming ? UNREAD_POLL_MS : 0,
  });

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(`${API_BASE_URL}/notifications/stream`, { withCredentials: true });
    let last: number | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const pauseFor = (ms: number) => {
      source.close();
      setStreaming(false);
      // The polled count takes over from now: asked at once, not a minute later.
      setLive(undefined);
      dispatch(api.util.invalidateTags([{ type: 'Notification', id: LIST }]));
      retry = setTimeout(() => setAttempt((n) => n + 1), ms);
    };
    source.addEventListener('open', () => setStreaming(true));
    source.addEventListener('unread', (event) => {
      const unread = Number((JSON.parse((event as MessageEvent<string>).data) as { unread?: unknown }).unread);
      if (!Number.isFinite(unread)) return;
      setLive(unread);
      if (last !== undefined && unread !== last) dispatch(api.util.invalidateTags([{ type: 'Notification', id: LIST }]));
      last = unread;
    });
    source.addEventListener('closing', (event) => {
      let wait = STREAM_RETRY_MS;
      try {
        const asked = Number((JSON.parse((event as MessageEvent<string>).data) as Closing).retryAfterMs);
        if (Number.isFinite(asked) && asked > 0) wait = asked;
      } catch {
        // A malformed event: the default pause.
      }
      pauseFor(wait);
    });
    source.addEventListener('error', () => {
      setStreaming(false);
      // CLOSED: the browser will not reconnect by itself (a refusal such as 503); CONNECTING: it will.
      if (source.readyState === EventSource.CLOSED) pauseFor(STREAM_RETRY_MS);
    });
    return () => {
      if (retry !== undefined) clearTimeout(retry);
      source.close();
      setStreaming(false);
      setLive(undefined);
    };
  }, [enabled, dispatch, attempt]);

  if (!enabled) return undefined;
  return live ?? currentData?.unread;
}
