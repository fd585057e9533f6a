/**
 * The player engine's test doubles (src/features/player/engine.ts), shared by its suites: hls.js's
 * wrapper (`startHls`) as a recorder, and jsdom's <video> with what it lacks.
 */
import type { HlsCallbacks, HlsOptions } from '../../src/features/player/hlsEngine';

export interface FakeSession {
  url: string;
  callbacks: HlsCallbacks;
  options: HlsOptions;
  setCap: jest.Mock;
  setLevel: jest.Mock;
  destroy: jest.Mock;
}

/** The hls.js wrapper, loaded when the test says (`hold()`, then `arrive()`) or at once; `supported: false`: hls.js cannot run here. */
export function fakeHls(supported = true) {
  const sessions: FakeSession[] = [];
  const startHls = jest.fn((_video: HTMLVideoElement, url: string, callbacks: HlsCallbacks, options: HlsOptions = { startPosition: () => -1 }) => {
    if (!supported) return null;
    const session = { url, callbacks, options, setCap: jest.fn(), setLevel: jest.fn(), destroy: jest.fn() };
    sessions.push(session);
    return session;
  });
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let held = false;
  const load = jest.fn(async () => {
    if (held) await arrived;
    return { startHls };
  });
  return {
    sessions,
    startHls,
    load,
    /** Keeps the chunk on its way until `arrive()`. */
    hold() {
      held = true;
      return () => arrive();
    },
  };
}

/**
 * jsdom's <video>, with what it lacks: playing, pausing, a ready state, a time. `loadResets`: as
 * browsers do, loading a new source stops playback (no `pause` event) and empties the ready state.
 */
export function makeVideo({ loadResets = false }: { loadResets?: boolean } = {}) {
  const video = document.createElement('video');
  let paused = true;
  let time = 0;
  let readyState = 0;
  const define = (name: string, descriptor: PropertyDescriptor) => Object.defineProperty(video, name, { configurable: true, ...descriptor });
  define('paused', { get: () => paused });
  define('readyState', { get: () => readyState });
  define('duration', { get: () => 60 });
  define('currentTime', {
    get: () => time,
    set: (value: number) => {
      time = value;
      // As browsers do: a seek of loaded media says so.
      if (readyState >= 1) video.dispatchEvent(new Event('seeking'));
    },
  });
  const play = jest.fn(() => {
    paused = false;
    video.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = jest.fn(() => {
    paused = true;
    video.dispatchEvent(new Event('pause'));
  });
  const reset = () => {
    paused = true;
    readyState = 0;
  };
  const load = jest.fn(() => {
    if (loadResets) reset();
  });
  define('play', { value: play });
  define('pause', { value: pause });
  define('load', { value: load });
  document.body.append(video);
  return {
    video,
    play,
    pause,
    load,
    /** Metadata arrived (readyState 1). */
    loaded() {
      readyState = 1;
      video.dispatchEvent(new Event('loadedmetadata'));
    },
    fail() {
      video.dispatchEvent(new Event('error'));
    },
    /** A source change as hls.js or `src` makes it: paused, nothing loaded. */
    reset,
  };
}

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
