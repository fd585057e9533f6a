/**
 * Lock-screen, notification-shade and headset controls for whatever plays (the Media Session
 * API): what the phone shows (the title, the uploader, the poster) and play, pause, seek and
 * "next" wired to the element. Framework-free, so the video page's player and the embed share it
 * (the first piece of the one player engine, docs/player.md).
 *
 * The page owns the session only while its element plays: details are given on `play`, and a
 * detach clears them only when this element had them, so two players never fight over it.
 */
export interface MediaSessionDetails {
  title: string;
  /** The uploader's name. */
  artist?: string;
  /** The poster's URL (made absolute: the system fetches it outside the page). */
  artwork?: string;
  /** "Next track" (a headset's double press): the next video of the playlist, when there is one. */
  onNext?: () => void;
}

/** How far the seek-backward and seek-forward buttons move when the system gives no offset. */
export const SESSION_SEEK_SECONDS = 10;

type Handler = MediaSessionActionHandler | null;

/** The session of this browser, or undefined where there is none (older browsers, jsdom). */
function browserSession(): MediaSession | undefined {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : undefined;
}

/** Some browsers throw for actions they do not know ("nexttrack", "seekto" in older ones). */
function setAction(session: MediaSession, action: MediaSessionAction, handler: Handler): void {
  try {
    session.setActionHandler(action, handler);
  } catch {
    // not supported here: the system shows no such button
  }
}

const ACTIONS: MediaSessionAction[] = ['play', 'pause', 'seekbackward', 'seekforward', 'seekto', 'nexttrack'];

/** Wires `media` to the system's media controls; returns the detach. */
export function attachMediaSession(media: HTMLMediaElement, details: MediaSessionDetails): () => void {
  const session = browserSession();
  if (!session) return () => undefined;
  let owned = false;

  const clamp = (seconds: number) => {
    const end = Number.isFinite(media.duration) ? media.duration : Infinity;
    return Math.min(Math.max(0, seconds), end);
  };
  const seekTo = (seconds: number) => {
    media.currentTime = clamp(seconds);
  };
  const handlers: Partial<Record<MediaSessionAction, Handler>> = {
    play: () => {
      media.play().catch(() => undefined);
    },
    pause: () => media.pause(),
    seekbackward: (action) => seekTo(media.currentTime - (action.seekOffset ?? SESSION_SEEK_SECONDS)),
    seekforward: (action) => seekTo(media.currentTime + (action.seekOffset ?? SESSION_SEEK_SECONDS)),
    seekto: (action) => {
      if (typeof action.seekTime !== 'number') return;
      if (action.fastSeek && typeof media.fastSeek === 'function') media.fastSeek(clamp(action.seekTime));
      else seekTo(action.seekTime);
    },
    nexttrack: details.onNext ? () => details.onNext?.() : null,
  };

  /** Where the system's progress bar stands (it extrapolates from position and rate). */
  const updatePosition = () => {
    if (!owned || typeof session.setPositionState !== 'function') return;
    const duration = media.duration;
    if (!Number.isFinite(duration) || duration <= 0) return;
    try {
      session.setPositionState({ duration, position: Math.min(media.currentTime, duration), playbackRate: media.playbackRate || 1 });
    } catch {
      // a position the browser refuses (a live edge, a rate of 0): it keeps the last one
    }
  };

  const claim = () => {
    owned = true;
    const artwork = details.artwork ? [{ src: new URL(details.artwork, document.baseURI).href }] : [];
    if (typeof MediaMetadata === 'function') session.metadata = new MediaMetadata({ title: details.title, artist: details.artist ?? '', artwork });
    for (const action of ACTIONS) setAction(session, action, handlers[action] ?? null);
    session.playbackState = 'playing';
    updatePosition();
  };
  const paused = () => {
    if (owned) session.playbackState = 'paused';
    updatePosition();
  };

  media.addEventListener('play', claim);
  media.addEventListener('pause', paused);
  for (const event of ['durationchange', 'ratechange', 'seeked']) media.addEventListener(event, updatePosition);
  if (!media.paused) claim();

  return () => {
    media.removeEventListener('play', claim);
    media.removeEventListener('pause', paused);
    for (const event of ['durationchange', 'ratechange', 'seeked']) media.removeEventListener(event, updatePosition);
    if (!owned) return;
    owned = false;
    session.metadata = null;
    session.playbackState = 'none';
    for (const action of ACTIONS) setAction(session, action, null);
  };
}
