/**
 * What the player shares with the transcript panel without re-rendering the video page on every
 * timeupdate: the current time, the caption language showing (null: off), and a way to seek.
 */
export interface PlaybackClock {
  time: number;
  lang: string | null;
  setTime(seconds: number): void;
  setLang(lang: string | null): void;
  /** Set by the player: seek there and play. */
  seek: ((seconds: number) => void) | null;
  setSeek(seek: ((seconds: number) => void) | null): void;
  subscribe(listener: () => void): () => void;
}

export function createPlaybackClock(): PlaybackClock {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const clock: PlaybackClock = {
    time: 0,
    lang: null,
    setTime(seconds) {
      if (seconds === clock.time) return;
      clock.time = seconds;
      notify();
    },
    setLang(lang) {
      if (lang === clock.lang) return;
      clock.lang = lang;
      notify();
    },
    seek: null,
    setSeek(seek) {
      clock.seek = seek;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return clock;
}
