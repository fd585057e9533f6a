/**
 * The player's public face (docs/player.md): the one engine the video page and the embed share,
 * its pure decisions, the React hooks the page's player is a shell over, and the Media Session
 * wiring. hls.js is not exported: the engine loads it as its own chunk when it is needed.
 */
export { attachMediaSession, SESSION_SEEK_SECONDS, type MediaSessionDetails } from './mediaSession';
export {
  AUTO,
  createVideoEngine,
  detectSupport,
  STALL_MS,
  type EngineLevel,
  type EngineOptions,
  type EngineState,
  type EngineStatus,
  type VideoEngine,
} from './engine';
export {
  DEFAULT_BANDWIDTH,
  engineFor,
  fallbackAfter,
  FRAGMENT_SECONDS,
  levelCap,
  MEDIA_BEFORE_PLAY_BYTES,
  POSTER_ALLOWANCE_BYTES,
  PREFETCH_BUDGET_BYTES,
  prefetchBudget,
  START_FETCH_SECONDS,
  startLevelFor,
  type EngineName,
  type EngineSupport,
  type Rendition,
} from './engineLogic';
export type { HlsLevel } from './hlsEngine';
export { pageMediaBudget, qualityName, readMasterPlaylist, sortLevels, useMediaSession, useVideoEngine, type PlayerControls, type VideoEngineView, type VideoSources } from './hooks';
