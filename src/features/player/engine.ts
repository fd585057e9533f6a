/**
 * The one player engine (docs/player.md), framework-free: the video page's React player
 * (through `useVideoEngine`) and the embed page's few kilobytes drive a <video> through it.
 *
 * - Engine choice: hls.js (the lazily loaded "hls" chunk) where Media Source Extensions exist,
 *   native HLS where they do not, the progressive MP4 last; after a failure the next one
 *   (`engineFor`, `fallbackAfter`); a video with only one of HLS and MP4 plays that one, and when
 *   nothing is left the state says `failed` (the player shows why, with Retry).
 * - The rendition cap (`levelCap`: never above the player's box in device pixels, the start level
 *   included), applied as soon as the master playlist is read and again on resize, fullscreen
 *   change and device-pixel-ratio change; fullscreen or a rung the viewer picks lifts it.
 * - The start level (`startLevelFor`) and the bytes fetched before play (hlsEngine's options).
 * - A play asked for before the engine is ready (hls.js still loading, a hand-over after a
 *   failure) is remembered and honoured once, the moment it can be; a start time or a seek asked
 *   for before the media is loaded is applied once its metadata is.
 * - The stall watch: waiting for data more than STALL_MS while playing sets `stalled`.
 * - Play before the script: the server renders the <video> with an MP4 as its source (nothing
 *   fetched before play): the rung that fits the box, picked as the page loads
 *   (server/http/fast-start.ts; the top one without it), so its native controls play at once. A
 *   video the viewer already started that way when the engine arrives is adopted as it plays: no
 *   restart, nothing fetched twice. The adaptive engine takes over as soon as the MP4 runs out of
 *   data while playing (hls.js carries on from there at a rung the link sustains), when the box
 *   outgrows the rung adopted (fullscreen, a turned phone), or, for the top MP4 given whatever the
 *   box, at the viewer's next seek, from the position sought (a rung chosen for the box seeks
 *   itself).
 * - Listen mode (`setListening`): the element switches to the audio-only media playlist at the
 *   current time, keeping play or pause, and back to the master (docs/player.md "Listen mode").
 *   With no audio playlist (a video made before them, not backfilled yet) or only the MP4 to
 *   play, the source stays and only the picture is hidden (hls.js then holds the lowest rung).
 */
import { engineFor, type EngineName, type EngineSupport, fallbackAfter, levelCap, type Rendition } from './engineLogic';
import type { HlsLevel, HlsSession, startHls } from './hlsEngine';

/** What plays now: 'starting' while hls.js is being loaded and attached. */
export type EngineStatus = EngineName | 'starting';

/** One quality the viewer can pick. */
export interface EngineLevel extends Rendition {
  /** hls.js's level index, or the variant's position in the master playlist. */
  id: number;
  bitrate: number;
  /** The variant's media playlist (native HLS switches by loading it). */
  url?: string;
}

export interface EngineState {
  engine: EngineStatus;
  /** The renditions, in the engine's order (what the cap indexes); [] for the MP4. */
  levels: EngineLevel[];
  /** The level the viewer picked, AUTO for adaptive. */
  choice: number;
  /** Nothing could play (the last engine failed, or there was none): say so, offer retry(). */
  failed: boolean;
  /** Playing, but waiting for data for more than STALL_MS. */
  stalled: boolean;
  /** Listen mode is on: the player shows the poster and "Listening", not the picture. */
  listening: boolean;
  /** The element plays the audio-only playlist (listen mode with one to play). */
  audioOnly: boolean;
}

export interface EngineOptions {
  /** The HLS master playlist. */
  hls?: string | null;
  /** The progressive MP4. */
  mp4?: string | null;
  /** The audio-only HLS media playlist listen mode plays (none: listen mode keeps the video's source). */
  audio?: string | null;
  /**
   * The other progressive MP4s the server may have given the element as its source (one per
   * rung, server/http/fast-start.ts picks by the box): a video started on any of them is adopted.
   */
  progressive?: readonly string[];
  /** Where to start (seconds): applied when loading starts (hls.js) or once metadata is known. */
  startAt?: number;
  /** Play as soon as the engine is ready (the page or embed asked for autoplay). */
  autoplay?: boolean;
  /** The element whose size caps the renditions (default: the video). */
  capBox?: () => Element | null | undefined;
  /** hls.js options (hlsEngine.ts): prefetch before play, its budget, nothing before play, the worker. */
  prefetch?: boolean;
  prefetchBudget?: (level: HlsLevel) => number;
  loadOnPlay?: boolean;
  worker?: boolean;
  /** Native HLS has no rendition API: where given, the renditions are read from the master playlist. */
  nativeLevels?: (masterUrl: string) => Promise<EngineLevel[]>;
  /** What the browser can do (default: detected); for tests. */
  support?: Partial<EngineSupport>;
  /** Loads the hls.js wrapper (default: the lazily loaded "hls" chunk); for tests. */
  loadHls?: () => Promise<{ startHls: typeof startHls }>;
  /** Stall threshold (ms, default STALL_MS). */
  stallMs?: number;
}

export interface VideoEngine {
  state(): EngineState;
  /** Called with the new state after every change; returns the unsubscribe. */
  subscribe(listener: (state: EngineState) => void): () => void;
  /** Plays now when it can, else the moment the engine is ready; after a failure, retries. */
  play(): void;
  /** Seeks now when the media is loaded, else once it is (preload is "none" until play). */
  seekTo(seconds: number, play?: boolean): void;
  /** A level id from `levels`, or AUTO. */
  setLevel(id: number): void;
  /** From where it was, through the first engine again, playing. */
  retry(): void;
  /**
   * Listen mode on or off: to the audio-only playlist and back to the master at the current time,
   * playing or paused as it was (the MP4 or a video without an audio playlist keeps its source).
   */
  setListening(on: boolean): void;
  /** Stops hls.js and removes every listener the engine added. */
  destroy(): void;
}

export const AUTO = -1;
/** How long playback may wait for data before the player says so. */
export const STALL_MS = 8000;
const HLS_TYPE = 'application/vnd.apple.mpegurl';

const loadHlsChunk = () => import(/* webpackChunkName: "hls" */ './hlsEngine');

/** What this browser can do for `video`. */
export function detectSupport(video: HTMLVideoElement): Pick<EngineSupport, 'mediaSource' | 'nativeHls'> {
  return {
    mediaSource: typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window),
    nativeHls: typeof video.canPlayType === 'function' && video.canPlayType(HLS_TYPE) !== '',
  };
}

export function createVideoEngine(video: HTMLVideoElement, options: EngineOptions): VideoEngine {
  const hlsUrl = options.hls || '';
  const mp4Url = options.mp4 || '';
  const audioUrl = options.audio || '';
  const support: EngineSupport = { hls: hlsUrl !== '', mp4: mp4Url !== '', ...detectSupport(video), ...options.support };
  const listeners = new Set<(state: EngineState) => void>();
  let state: EngineState = { engine: hlsUrl ? 'starting' : 'mp4', levels: [], choice: AUTO, failed: false, stalled: false, listening: false, audioOnly: false };
  const update = (patch: Partial<EngineState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener(state));
  };

  /** Where to start or carry on once media is loaded: a start time, a seek before load, a quality switch, a retry. */
  let pending: { time: number; play: boolean } | null = options.startAt && options.startAt > 0 ? { time: options.startAt, play: false } : null;
  /** The viewer asked to play and has not paused: a fallback or retry carries on playing. */
  let wantsPlay = Boolean(options.autoplay);
  /** A source change is under way: the pause it may cause is not the viewer's. */
  let switching = false;
  let destroyed = false;
  let session: HlsSession | null = null;
  /** hls.js's levels in its own order (what the cap indexes). */
  let hlsLevels: Rendition[] = [];
  /** Each start (the first, a fallback, a retry) counts: work left over from an earlier one is dropped. */
  let run = 0;
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  const preload = video.preload;
  /** Listen mode (setListening). */
  let listening = false;
  /** The HLS source for a start: the audio-only playlist in listen mode (where there is one), else the master. */
  const audioSource = () => listening && audioUrl !== '';
  const hlsSource = () => (audioSource() ? audioUrl : hlsUrl);

  /**
   * Started with the browser's own controls on the server's MP4 source, before the engine was
   * there (or while hls.js was on its way): that MP4 carries on as it plays, and the adaptive
   * engine takes over at a rebuffer, when the box outgrows it, or — when it is the top MP4 given
   * whatever the box — at the next seek (handOver).
   */
  const serverSources = new Set([mp4Url, ...(options.progressive ?? [])].filter((url) => url !== ''));
  const adoptable = () => serverSources.has(video.getAttribute('src') ?? '') && (!video.paused || video.currentTime > 0);
  /** An adopted video may still go to the adaptive engine. */
  let handOverAtSeek = false;
  /**
   * A seek hands over too: the adopted MP4 is the top one (given whatever the box, maybe above
   * the cap). A smaller rung was chosen for the box by the page's picker, and its faststart
   * file seeks with one range request, sooner than attaching hls.js would.
   */
  let seekHandsOver = false;
  const adopt = () => {
    wantsPlay = !video.paused;
    update({ engine: 'mp4', levels: [], choice: AUTO });
    handOverAtSeek = engineFor(support) !== 'mp4';
    seekHandsOver = video.getAttribute('src') === mp4Url;
  };

  const playNow = () => {
    try {
      // A refused play (autoplay policy, no source yet) is not an error: the controls stay usable.
      void video.play()?.catch(() => undefined);
    } catch {
      // Older engines throw instead of rejecting.
    }
  };

  const clearStall = () => {
    clearTimeout(stallTimer);
    stallTimer = undefined;
    if (state.stalled) update({ stalled: false });
  };

  const box = () => options.capBox?.() ?? video;
  /** The box that caps the renditions, now: its size, the device pixel ratio, fullscreen or not. */
  const boxNow = () => {
    const element = box();
    return { rect: element.getBoundingClientRect(), ratio: window.devicePixelRatio || 1, fullscreen: Boolean(document.fullscreenElement?.contains(element)) };
  };
  /** The cap for the player's current size (hls.js level index, -1: none). */
  const cap = () => {
    // Listening without an audio playlist: the picture is hidden, the lowest rung is enough.
    if (listening) return audioSource() ? -1 : 0;
    const { rect, ratio, fullscreen } = boxNow();
    return levelCap(hlsLevels, rect, ratio, fullscreen);
  };
  const applyCap = () => {
    session?.setCap(cap());
    if (handOverAtSeek && adoptedOutgrown()) handOver();
  };
  /**
   * An adopted fast-start MP4 (a small rung, chosen for the box as the page loaded) that no longer
   * fills the box (fullscreen, a turned phone, a larger window): the adaptive engine takes over,
   * so the picture can be as sharp as the box now needs.
   */
  const adoptedOutgrown = () => {
    if (state.engine !== 'mp4' || video.getAttribute('src') === mp4Url || !(video.videoHeight > 0)) return false;
    const { rect, ratio, fullscreen } = boxNow();
    const reaches = video.videoWidth >= Math.round(rect.width * ratio) || video.videoHeight >= Math.round(rect.height * ratio);
    return fullscreen || (rect.width > 0 && rect.height > 0 && !reaches);
  };

  const dropSession = () => {
    if (!session) return;
    session.destroy();
    session = null;
    hlsLevels = [];
    // hls.js asked for "auto"; native HLS and the MP4 fetch nothing before play.
    video.preload = preload;
  };

  /** Native HLS and the MP4: a plain source; the same one again is reloaded only for a retry. */
  const setSource = (url: string, reload: boolean) => {
    if (video.getAttribute('src') !== url) {
      switching = true;
      video.src = url;
    } else if (reload) {
      switching = true;
      video.load();
    }
    if (wantsPlay) playNow();
  };

  /**
   * `adoptStarted`: the first start only: a video the viewer started on the server's MP4 source
   * meanwhile is adopted; a hand-over, fallback or retry always goes through.
   */
  const start = (engine: EngineName | null, reload = false, adoptStarted = false): void => {
    if (destroyed) return;
    const attempt = ++run;
    dropSession();
    if (engine === null) {
      // Nothing (left) to play: the player says so rather than leaving a dead button.
      clearStall();
      update({ levels: [], choice: AUTO, failed: true });
      return;
    }
    const source = hlsSource();
    const audioOnly = engine !== 'mp4' && audioSource();
    if (engine !== 'hlsjs') {
      update({ engine, levels: [], choice: AUTO, audioOnly });
      setSource(engine === 'mp4' ? mp4Url : source, reload);
      if (engine === 'native' && !audioOnly) {
        options.nativeLevels?.(hlsUrl).then(
          (levels) => {
            if (attempt === run && !destroyed) update({ levels });
          },
          // No menu then; playback itself does not depend on it.
          () => undefined,
        );
      }
      return;
    }
    update({ engine: 'starting', levels: [], choice: AUTO, audioOnly });
    /** hls.js attaches its own media source: the previous engine's source goes first. */
    const dropSource = () => {
      if (!video.hasAttribute('src')) return;
      switching = true;
      video.removeAttribute('src');
      video.load();
    };
    // A hand-over, fallback or retry drops it at once; the first start keeps the server's MP4
    // until hls.js is here, so a tap on the browser's own play button meanwhile still plays.
    if (!adoptStarted) dropSource();
    const fallBack = () => {
      if (attempt === run) start(fallbackAfter('hlsjs', support));
    };
    (options.loadHls ?? loadHlsChunk)()
      .then((hls) => {
        if (attempt !== run || destroyed) return;
        // Started on the server's MP4 while hls.js was on its way: adopted as it plays.
        if (adoptStarted && adoptable()) {
          adopt();
          return;
        }
        dropSource();
        const started = hls.startHls(
          video,
          source,
          {
            onLevels: (found) => {
              // The audio playlist's one level is no quality to pick.
              if (attempt !== run || audioOnly) return -1;
              hlsLevels = found;
              update({ levels: found.map(({ index, width, height, bitrate }) => ({ id: index, width, height, bitrate })) });
              return cap();
            },
            onFatal: (reason) => {
              console.warn('HLS playback through hls.js failed:', reason);
              session = null;
              hlsLevels = [];
              video.preload = preload;
              fallBack();
            },
          },
          {
            startPosition: () => pending?.time ?? -1,
            prefetch: options.prefetch,
            prefetchBudget: options.prefetchBudget,
            loadOnPlay: options.loadOnPlay,
            worker: options.worker,
          },
        );
        if (!started) {
          fallBack();
          return;
        }
        session = started;
        update({ engine: 'hlsjs' });
        // A play asked for meanwhile (a tap during the hand-over) is honoured now, once.
        if (wantsPlay) playNow();
      })
      .catch((failure: unknown) => {
        console.warn('Could not load the HLS player:', failure);
        fallBack();
      });
  };

  const onPlay = () => {
    wantsPlay = true;
  };
  const onPause = () => {
    // A pause the viewer asked for (an error, the end or a source change is not one).
    if (!video.ended && !video.error && !switching) wantsPlay = false;
  };
  const onError = () => {
    switching = false;
    // Native HLS that cannot play this stream: the MP4 next; the MP4 failing is the end.
    if (state.engine === 'native') start(fallbackAfter('native', support));
    else if (state.engine === 'mp4') start(null);
  };
  const onWaiting = () => {
    if (video.paused || stallTimer) return;
    stallTimer = setTimeout(() => {
      stallTimer = undefined;
      update({ stalled: true });
    }, options.stallMs ?? STALL_MS);
  };
  const onProgress = () => {
    if (stallTimer || state.stalled) clearStall();
  };
  const onLoadedMetadata = () => {
    switching = false;
    const at = pending;
    if (!at) return;
    pending = null;
    // (A start at or past the end plays from where the browser is.)
    if (at.time > 0 && Math.abs(video.currentTime - at.time) > 0.5 && !(at.time >= video.duration)) video.currentTime = at.time;
    if (at.play) playNow();
  };
  const mediaEvents: Array<[string, () => void]> = [
    ['play', onPlay],
    ['pause', onPause],
    ['error', onError],
    ['waiting', onWaiting],
    ['playing', onProgress],
    ['timeupdate', onProgress],
    ['loadedmetadata', onLoadedMetadata],
  ];
  for (const [type, listener] of mediaEvents) video.addEventListener(type, listener);

  // The cap follows the box (ResizeObserver where there is one, the window otherwise), fullscreen
  // and the device pixel ratio (zoom, another screen: a media query for the current ratio).
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(applyCap) : null;
  observer?.observe(box());
  window.addEventListener('resize', applyCap);
  document.addEventListener('fullscreenchange', applyCap);
  let ratioQuery: MediaQueryList | undefined;
  const watchRatio = () => {
    ratioQuery?.removeEventListener?.('change', onRatio);
    ratioQuery = typeof window.matchMedia === 'function' ? window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`) : undefined;
    ratioQuery?.addEventListener?.('change', onRatio);
  };
  function onRatio() {
    applyCap();
    watchRatio();
  }
  watchRatio();


  const handOver = () => {
    if (!handOverAtSeek) return;
    handOverAtSeek = false;
    pending = { time: video.currentTime, play: wantsPlay };
    start(engineFor(support));
  };
  const onSeeking = () => {
    if (seekHandsOver) handOver();
  };
  // The adopted MP4 outrunning the link: the adaptive engine carries on from here at a rung the
  // link sustains, rather than the viewer waiting on the MP4.
  const onRebuffer = () => {
    // (Waiting for the data of a seek is not the link falling behind.)
    if (video.currentTime > 0 && !video.paused && !video.seeking) handOver();
  };
  video.addEventListener('seeking', onSeeking);
  video.addEventListener('waiting', onRebuffer);
  if (adoptable()) adopt();
  else start(engineFor(support), false, true);

  const api: VideoEngine = {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    play() {
      if (state.failed) {
        api.retry();
        return;
      }
      wantsPlay = true;
      if (state.engine !== 'starting') playNow();
    },
    seekTo(seconds, play = false) {
      if (video.readyState >= 1) video.currentTime = seconds;
      else pending = { time: seconds, play };
      if (play) api.play();
    },
    setLevel(id) {
      update({ choice: id });
      if (state.engine === 'hlsjs') {
        session?.setLevel(id);
        return;
      }
      const url = id === AUTO ? hlsUrl : state.levels.find((level) => level.id === id)?.url;
      if (state.engine !== 'native' || !url) return;
      pending = { time: video.currentTime, play: !video.paused && !video.ended };
      setSource(url, false);
    },
    retry() {
      handOverAtSeek = false;
      pending = { time: video.currentTime || 0, play: true };
      wantsPlay = true;
      clearStall();
      update({ failed: false });
      start(engineFor(support), true);
    },
    setListening(on) {
      if (on === listening || destroyed) return;
      listening = on;
      update({ listening: on });
      const engine = engineFor(support);
      // The MP4 plays on (nothing else can here, or it is the fallback after a failure), and so
      // does a video without an audio playlist: only its picture is hidden (capped to the lowest rung).
      if (audioUrl === '' || state.failed || engine === 'mp4' || (state.engine === 'mp4' && !handOverAtSeek)) {
        applyCap();
        return;
      }
      // To the other playlist at the current time, playing or paused as it was.
      handOverAtSeek = false;
      wantsPlay = !video.paused && !video.ended;
      pending = { time: video.currentTime, play: wantsPlay };
      clearStall();
      start(engine);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      run += 1;
      dropSession();
      clearTimeout(stallTimer);
      for (const [type, listener] of mediaEvents) video.removeEventListener(type, listener);
      video.removeEventListener('seeking', onSeeking);
      video.removeEventListener('waiting', onRebuffer);
      observer?.disconnect();
      window.removeEventListener('resize', applyCap);
      document.removeEventListener('fullscreenchange', applyCap);
      ratioQuery?.removeEventListener?.('change', onRatio);
      listeners.clear();
    },
  };
  return api;
}
