/**
 * The player engine's decisions as pure functions (no DOM, no clock), shared by the video page
 * and the embed through `engine.ts`: which engine plays a video and which one after a failure,
 * the rendition cap for the player's size, the start level, and the bytes that may be fetched
 * before play (docs/player.md).
 */

/** How a video is played: hls.js (Media Source Extensions), the browser's own HLS, the progressive MP4. */
export type EngineName = 'hlsjs' | 'native' | 'mp4';

export interface EngineSupport {
  /** An HLS master playlist URL is known. */
  hls: boolean;
  /** Media Source Extensions (MediaSource or ManagedMediaSource) exist: hls.js can run. */
  mediaSource: boolean;
  /** The browser plays HLS itself (`canPlayType('application/vnd.apple.mpegurl')`). */
  nativeHls: boolean;
  /** A progressive MP4 URL is known (default true: the older callers always had one). */
  mp4?: boolean;
}

/**
 * hls.js where MSE exists, native HLS where there is no MSE, the MP4 last; null when nothing can
 * play (no HLS this browser plays and no MP4).
 */
export function engineFor(support: EngineSupport): EngineName | null {
  if (support.hls && support.mediaSource) return 'hlsjs';
  if (support.hls && support.nativeHls) return 'native';
  return support.mp4 === false ? null : 'mp4';
}

/**
 * The engine to try after `failed` could not play: native HLS (when there), then the MP4 (when
 * there); null: nothing left (the player says so).
 */
export function fallbackAfter(failed: EngineName, support: EngineSupport): EngineName | null {
  if (failed === 'hlsjs' && support.hls && support.nativeHls) return 'native';
  if (failed === 'mp4') return null;
  return support.mp4 === false ? null : 'mp4';
}

export interface Rendition {
  width: number;
  height: number;
}

/**
 * The rendition that fits a box of `width`×`height` device pixels: the smallest whose picture
 * reaches the box's width or its height (the picture fitted into the box meets one of the two,
 * so that rung is as sharp as the box shows and none smaller is), the largest when none reaches
 * it. hls.js's capLevelToPlayerSize rule, and what the server-rendered page picks its fast-start
 * MP4 by (server/http/fast-start.ts). An index into `renditions` (any order); -1 when none has a
 * size.
 */
export function fittingRendition(renditions: Rendition[], width: number, height: number): number {
  let fitting = -1;
  let largest = -1;
  const pixels = (index: number) => renditions[index]!.width * renditions[index]!.height;
  renditions.forEach((rendition, index) => {
    // A rendition without a size (audio-only, unknown) is never picked.
    if (!(rendition.height > 0 && rendition.width > 0)) return;
    if (largest < 0 || pixels(index) > pixels(largest)) largest = index;
    const reaches = rendition.width >= width || rendition.height >= height;
    if (reaches && (fitting < 0 || pixels(index) < pixels(fitting))) fitting = index;
  });
  return fitting >= 0 ? fitting : largest;
}

/**
 * The highest rendition "Auto" may fetch: the one that fits the player in device pixels (CSS
 * size × devicePixelRatio; `fittingRendition`): never taller than the smallest rung at or above
 * the player's height (232 px → 240p; at DPR 2, 464 px → 480p). -1 lifts the cap (fullscreen,
 * or a player whose size is not known yet). `renditions` are in the engine's order (hls.js sorts
 * by bitrate, lowest first); the answer is an index into it.
 */
export function levelCap(renditions: Rendition[], box: { width: number; height: number }, dpr: number, fullscreen: boolean): number {
  if (fullscreen || renditions.length === 0) return -1;
  const ratio = Number.isFinite(dpr) && dpr > 0 ? dpr : 1;
  const width = Math.round(box.width * ratio);
  const height = Math.round(box.height * ratio);
  if (!(width > 0 && height > 0)) return -1;
  const fitting = fittingRendition(renditions, width, height);
  return fitting >= 0 ? fitting : 0;
}

/**
 * Media the player may fetch before the viewer presses play: the start level's first fragment is
 * prefetched only when its expected size (peak bitrate × duration) is within this, so a page
 * opened and never played costs a phone little (the poster, ~20 KB, and the playlists come on top).
 */
export const PREFETCH_BUDGET_BYTES = 64 * 1024;
/** All media (poster, playlists, fragment) a page may fetch before play. */
export const MEDIA_BEFORE_PLAY_BYTES = 100 * 1024;
/** What a poster still loading is assumed to weigh (the server keeps posters within 40 KB). */
export const POSTER_ALLOWANCE_BYTES = 40 * 1024;

/**
 * How many bytes the first fragment may take before play: PREFETCH_BUDGET_BYTES, less whatever
 * would take the page's media over MEDIA_BEFORE_PLAY_BYTES (what it fetched already, plus the
 * poster's allowance while the poster is still on its way).
 */
export function prefetchBudget(mediaBytesSoFar: number, posterPending: boolean): number {
  const spent = Math.max(0, mediaBytesSoFar) + (posterPending ? POSTER_ALLOWANCE_BYTES : 0);
  return Math.max(0, Math.min(PREFETCH_BUDGET_BYTES, MEDIA_BEFORE_PLAY_BYTES - spent));
}
/** Until the link is measured, what the first fragment's download is estimated against (bits/s). */
export const DEFAULT_BANDWIDTH = 500_000;
/** The first fragment should arrive within this (seconds) at the estimated bandwidth. */
export const START_FETCH_SECONDS = 0.5;
/** The segment length the server cuts (seconds): what a first fragment is assumed to last. */
export const FRAGMENT_SECONDS = 2;

/**
 * The level to start with (an index into `levels`, which are in hls.js's order, ascending
 * bitrate): the best one within the cap (-1: none) whose first fragment arrives within
 * START_FETCH_SECONDS at `bandwidth`; the lowest when none does. Never above the cap, so a phone's
 * small box never starts on 1080p however fast its link.
 */
export function startLevelFor(levels: Array<Rendition & { bitrate: number }>, cap: number, bandwidth: number | undefined): number {
  if (levels.length === 0) return -1;
  const bitsPerSecond = Number.isFinite(bandwidth) && (bandwidth as number) > 0 ? (bandwidth as number) : DEFAULT_BANDWIDTH;
  const highest = cap >= 0 ? Math.min(cap, levels.length - 1) : levels.length - 1;
  let lowest = 0;
  levels.forEach((level, index) => {
    if (level.bitrate < levels[lowest]!.bitrate) lowest = index;
  });
  let best = -1;
  for (let index = 0; index <= highest; index += 1) {
    const level = levels[index]!;
    const seconds = (level.bitrate * FRAGMENT_SECONDS) / bitsPerSecond;
    if (level.bitrate > 0 && seconds <= START_FETCH_SECONDS && (best < 0 || level.bitrate > levels[best]!.bitrate)) best = index;
  }
  return best >= 0 ? best : lowest;
}

