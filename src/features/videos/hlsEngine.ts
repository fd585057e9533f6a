/**
 * HLS through hls.js (Media Source Extensions), for browsers without native HLS. This module is
 * its own lazily loaded chunk: only the video page asks for it, and only when it needs it.
 */
import Hls from 'hls.js/light';

export interface HlsLevel {
  /** hls.js's level index. */
  index: number;
  width: number;
  height: number;
  bitrate: number;
}

export interface HlsCallbacks {
  /** The master playlist is read: its renditions. */
  onLevels(levels: HlsLevel[]): void;
  /** Playback cannot go on through hls.js (already torn down): play something else. */
  onFatal(reason: string): void;
}

export interface HlsOptions {
  /** Where playback starts once the viewer presses play (seconds; -1: the beginning). */
  startPosition(): number;
}

export interface HlsSession {
  /** A level index, or -1 for automatic (adaptive) choice. */
  setLevel(index: number): void;
  /** The highest level index "Auto" may pick (-1: no cap). A level the viewer picks ignores it. */
  setCap(index: number): void;
  destroy(): void;
}

export function hlsSupported(): boolean {
  return Hls.isSupported();
}

/** Plays `url` in `video` through hls.js; null where hls.js cannot run here. */
export function startHls(
  video: HTMLVideoElement,
  url: string,
  callbacks: HlsCallbacks,
  options: HlsOptions = { startPosition: () => -1 },
): HlsSession | null {
  if (!Hls.isSupported()) return null;
  const hls = new Hls({
    // The site's Content-Security-Policy allows no blob: workers; segments are remuxed on the page.
    enableWorker: false,
    // The player sets the cap itself (setCap: device pixels, lifted in fullscreen).
    capLevelToPlayerSize: false,
    // Preload policy: only the master playlist before the viewer presses play.
    autoStartLoad: false,
  });
  let destroyed = false;
  let recoveredMedia = false;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    video.removeEventListener('play', onPlay);
    hls.destroy();
  };

  hls.on(Hls.Events.MANIFEST_PARSED, () => {
    callbacks.onLevels(
      hls.levels.map((level, index) => ({
        index,
        width: level.width || 0,
        height: level.height || 0,
        bitrate: level.bitrate || 0,
      })),
    );
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

  let loading = false;
  const onPlay = () => {
    if (destroyed || loading) return;
    loading = true;
    hls.startLoad(options.startPosition());
  };
  video.addEventListener('play', onPlay);

  hls.loadSource(url);
  hls.attachMedia(video);

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
