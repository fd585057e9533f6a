/**
 * The embed player's decisions as pure functions (docs/sharing.md): which engine plays the video
 * and which caption track the `c` key turns on. No DOM here, so jest tests them directly.
 */

export type EmbedEngine = 'hlsjs' | 'native' | 'mp4';

export interface EngineSupport {
  /** An HLS master playlist URL is known. */
  hls: boolean;
  /** Media Source Extensions (MediaSource or ManagedMediaSource) exist: hls.js can run. */
  mediaSource: boolean;
  /** The browser plays HLS itself (`canPlayType('application/vnd.apple.mpegurl')`). */
  nativeHls: boolean;
}

/** hls.js where MSE exists, native HLS where there is no MSE, the MP4 last. */
export function engineFor(support: EngineSupport): EmbedEngine {
  if (!support.hls) return 'mp4';
  if (support.mediaSource) return 'hlsjs';
  if (support.nativeHls) return 'native';
  return 'mp4';
}

/** The engine to try after `failed` could not play: native HLS (when there), then the MP4. */
export function fallbackAfter(failed: EmbedEngine, support: EngineSupport): EmbedEngine | null {
  if (failed === 'hlsjs') return support.hls && support.nativeHls ? 'native' : 'mp4';
  if (failed === 'native') return 'mp4';
  return null;
}

const primary = (tag: string) => tag.toLowerCase().split('-')[0] ?? '';

/**
 * The track `c` turns on when none shows: the one the page asked for (`?captions=`, already
 * matched by the server to a track's own tag), else the page language's, else the first.
 * Returns an index into `languages`, -1 when there is no track.
 */
export function captionsToToggle(languages: readonly string[], wanted: string, pageLanguage: string): number {
  if (languages.length === 0) return -1;
  const exact = wanted ? languages.findIndex((lang) => lang.toLowerCase() === wanted.toLowerCase()) : -1;
  if (exact >= 0) return exact;
  const page = languages.findIndex((lang) => primary(lang) === primary(pageLanguage));
  return page >= 0 ? page : 0;
}
