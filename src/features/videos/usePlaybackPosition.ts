import { useCallback, useEffect, useMemo, useRef } from 'react';

import { PositionThrottle } from './playerLogic';
import { useSaveVideoPositionMutation, videoPositionBeaconUrl } from './videosApi';

const STORAGE_PREFIX = 'player.position.';

/** A visitor's saved position (local storage), or null. */
export function readLocalPosition(videoId: string): number | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_PREFIX + videoId);
    const value = raw === null ? NaN : Number(raw);
    return Number.isFinite(value) && value >= 0 ? value : null;
  } catch {
    return null;
  }
}

function writeLocalPosition(videoId: string, seconds: number): void {
  try {
    window.localStorage.setItem(STORAGE_PREFIX + videoId, String(seconds));
  } catch {
    // Storage full or blocked: resuming is a convenience, playback goes on.
  }
}

/**
 * Saves where the viewer is, throttled by PositionThrottle: a signed-in viewer's position goes to
 * the server (PUT while the page lives, sendBeacon's POST on page hide), a visitor's to local
 * storage. Returns the handlers the player calls from its media events.
 */
export function usePlaybackPosition(videoId: string, signedIn: boolean, video: React.RefObject<HTMLVideoElement | null>) {
  const [savePosition] = useSaveVideoPositionMutation();
  const played = useRef(false);

  const throttle = useMemo(
    () =>
      new PositionThrottle((seconds) => {
        if (!signedIn) {
          writeLocalPosition(videoId, seconds);
          return;
        }
        savePosition({ id: videoId, seconds })
          .unwrap()
          .catch(() => {
            // A lost save only costs the resume point; the next one carries the position.
          });
      }),
    [videoId, signedIn, savePosition],
  );

  useEffect(() => {
    const onPageHide = () => {
      const element = video.current;
      if (!element || !played.current || !Number.isFinite(element.currentTime)) return;
      const seconds = Math.floor(element.currentTime);
      if (!signedIn) {
        writeLocalPosition(videoId, seconds);
        return;
      }
      if (typeof navigator.sendBeacon === 'function') {
        const body = new Blob([JSON.stringify({ seconds })], { type: 'application/json' });
        navigator.sendBeacon(videoPositionBeaconUrl(videoId), body);
      }
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [videoId, signedIn, video]);

  const onPlay = useCallback(() => {
    played.current = true;
  }, []);
  const onTimeUpdate = useCallback(() => {
    const element = video.current;
    if (element && played.current && !element.paused) throttle.tick(element.currentTime);
  }, [throttle, video]);
  const onPauseOrSeek = useCallback(() => {
    const element = video.current;
    if (element && played.current) throttle.flush(element.currentTime);
  }, [throttle, video]);

  return { onPlay, onTimeUpdate, onPauseOrSeek };
}
