/**
 * HLS through hls.js (Media Source Extensions). This module is its own lazily loaded chunk
 * ("hls"): only the player engine (`engine.ts`) asks for it, on the video page after the page has
 * painted, on the embed when it is about to play.
 *
 * Start and seek policy (docs/player.md, measured by `npm run bench:playback`):
 * - before play, only the master playlist, the start level's playlist and — when it fits the
 *   byte budget — that level's first fragment are fetched, so pressing play shows a frame at once
 *   without spending a phone's data on a video never played;
 * - the start level is the best one under the player's size cap whose first fragment arrives in
 *   about half a second at the estimated bandwidth; "Auto" never goes above that cap;
 * - with an empty buffer (start, seek) the ABR logic picks a level whose fragment arrives within
 *   half a second (`maxStarvationDelay`), so a seek plays again quickly, at a lower quality for
 *   one fragment if the link is slow, and climbs back from there.
 */
import Hls from 'hls.js/light';
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';

import { PREFETCH_BUDGET_BYTES, startLevelFor } from './engineLogic';

export interface HlsLevel {
  /** hls.js's level index. */
  index: number;
  width: number;
  height: number;
  bitrate: number;
}

export interface HlsCallbacks {
  /** The master playlist is read: its renditions. Answers the cap (highest level index, -1: none). */
  onLevels(levels: HlsLevel[]): number;
  /** Playback cannot go on through hls.js (already torn down): play something else. */
  onFatal(reason: string): void;
}

export interface HlsOptions {
  /** Where playback starts (seconds; -1: the beginning). Read when loading starts. */
  startPosition(): number;
  /** Fetch the first fragment before play when it fits the budget (default true). */
  prefetch?: boolean;
  /**
   * Bytes the start level's first fragment may take before play (default PREFETCH_BUDGET_BYTES);
   * 0 fetches nothing before play (e.g. its frame would show, blocky, where the poster is).
   */
  prefetchBudget?: (level: HlsLevel) => number;
  /**
   * Fetch nothing before play, not even the master playlist (default false): the media source is
   * attached at once (the native controls can start playback), the playlists load on `play`.
   */
  loadOnPlay?: boolean;
  /** Remux in a Web Worker (default true); false keeps it on the page (no worker script fetched). */
  worker?: boolean;
}

export interface HlsSession {
  /** A level index, or -1 for automatic (adaptive) choice. */
  setLevel(index: number): void;
  /** The highest level index "Auto" may pick (-1: no cap). A level the viewer picks ignores it. */
  setCap(index: number): void;
  destroy(): void;
}

/** Buffer ahead once playing (seconds): enough to ride out a slow patch, not a whole film of data. */
const PLAYING_MAX_BUFFER_SECONDS = 60;
/** Before play: buffer "full" at anything, so at most the fragment at the start position loads. */
const PREFETCH_MAX_BUFFER_SECONDS = 0.1;
/** Nothing at all (playlists only) until the first fragment's size is known to fit. */
const NO_BUFFER_SECONDS = 0;

export function hlsSupported(): boolean {
  return Hls.isSupported();
}

/** The browser's own estimate of the link (bits/s), where it gives one (Chromium). */
function linkEstimate(): number | undefined {
  const connection = (navigator as Navigator & { connection?: { downlink?: number; saveData?: boolean } }).connection;
  const downlink = connection?.downlink;
  return typeof downlink === 'number' && downlink > 0 ? downlink * 1_000_000 : undefined;
}

function savesData(): boolean {
  return Boolean((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData);
}

/** Plays `url` in `video` through hls.js; null where hls.js cannot run here. */
export function startHls(
  video: HTMLVideoElement,
  url: string,
  callbacks: HlsCallbacks,
  options: HlsOptions = { startPosition: () => -1 },
): HlsSession | null {
  if (!Hls.isSupported()) return null;
  const estimate = linkEstimate();
  const worker = options.worker ?? true;
  const hls = new Hls({
    // Segments are remuxed in a worker, off the page's main thread (a phone stays responsive while
    // the first fragment is prepared), loaded from the site's assets: the CSP allows no blob: workers.
    enableWorker: worker,
    ...(worker ? { workerPath: hlsWorkerUrl } : {}),
    // The player sets the cap itself (setCap: device pixels, lifted in fullscreen).
    capLevelToPlayerSize: false,
    // Loading starts once the start level is chosen (MANIFEST_PARSED), with an empty buffer goal.
    autoStartLoad: false,
    maxMaxBufferLength: NO_BUFFER_SECONDS,
    maxBufferLength: 30,
    // With an empty buffer (start, seek), choose a level whose fragment arrives in ~0.5 s.
    maxStarvationDelay: 0.5,
    maxLoadingDelay: 1,
    ...(estimate ? { abrEwmaDefaultEstimate: estimate } : {}),
  });
  let destroyed = false;
  let recoveredMedia = false;
  let loading = false;
  let playing = false;
  let startLevel = -1;
  let sourcePending = false;
  const prefetch = (options.prefetch ?? true) && !savesData();

  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    video.removeEventListener('play', onPlay);
    hls.destroy();
  };

  const startLoading = () => {
    if (destroyed || loading) return;
    loading = true;
    hls.startLoad(options.startPosition());
  };

  hls.on(Hls.Events.MANIFEST_PARSED, () => {
    const levels = hls.levels.map((level, index) => ({
      index,
      width: level.width || 0,
      height: level.height || 0,
      bitrate: level.bitrate || 0,
    }));
    const cap = callbacks.onLevels(levels);
    // "Auto" stays within the player's size from the first fragment on (setCap follows resizes).
    hls.autoLevelCapping = cap;
    startLevel = startLevelFor(levels, cap, hls.bandwidthEstimate || estimate);
    hls.startLevel = startLevel;
    // Playlists now; the first fragment once its level's playlist says how long it is.
    if (prefetch || playing) startLoading();
  });

  hls.on(Hls.Events.LEVEL_LOADED, (_event, data) => {
    if (playing || destroyed || data.level !== startLevel) return;
    const level = hls.levels[startLevel];
    const position = Math.max(0, options.startPosition());
    const fragment = data.details.fragments.find((frag) => frag.start + frag.duration > position) ?? data.details.fragments[0];
    if (!level || !fragment) return;
    const expectedBytes = ((level.bitrate || 0) * fragment.duration) / 8;
    const budget =
      options.prefetchBudget?.({ index: startLevel, width: level.width || 0, height: level.height || 0, bitrate: level.bitrate || 0 }) ??
      PREFETCH_BUDGET_BYTES;
    if (expectedBytes > 0 && expectedBytes <= budget) hls.config.maxMaxBufferLength = PREFETCH_MAX_BUFFER_SECONDS;
  });

  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal || destroyed) return;
    // A decoding hiccup is worth one recovery; anything else (network, manifest) ends hls.js here.
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recoveredMedia) {
      recoveredMedia = true;
      hls.recoverMediaError();
      return;
    }
    destroy();
    callbacks.onFatal(String(data.details ?? data.type));
  });

  const onPlay = () => {
    if (destroyed || playing) return;
    playing = true;
    hls.config.maxMaxBufferLength = PLAYING_MAX_BUFFER_SECONDS;
    if (sourcePending) {
      sourcePending = false;
      hls.loadSource(url);
      return;
    }
    // Before the manifest is parsed, MANIFEST_PARSED starts loading (playing is set).
    if (hls.levels.length > 0) startLoading();
  };
  video.addEventListener('play', onPlay);

  // hls.js alone decides what is fetched; with "none" Chromium would not open the media source
  // before play, and a prefetched fragment could not be shown at once.
  video.preload = 'auto';
  if (options.loadOnPlay && video.paused) {
    // The media source now, the playlists on play (onPlay).
    sourcePending = true;
    hls.attachMedia(video);
  } else {
    hls.loadSource(url);
    hls.attachMedia(video);
  }
  // Play was asked for before hls.js came (its `play` event is gone): playing from the start.
  if (!video.paused) onPlay();

  return {
    setLevel(index: number) {
      if (destroyed) return;
      // A chosen level shows at once (buffer flushed); Auto hands the choice back to the ABR logic
      // from the next fragment on.
      if (index < 0) hls.nextLevel = -1;
      else hls.currentLevel = index;
    },
    setCap(index: number) {
      if (!destroyed) hls.autoLevelCapping = index;
    },
    destroy,
  };
}
