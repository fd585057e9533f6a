/**
 * React hooks over the framework-free player (docs/player.md): the video page's `VideoPlayer` is
 * a shell over these; the embed uses `createVideoEngine` and `attachMediaSession` directly.
 */
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';

import { AUTO, createVideoEngine, type EngineLevel, type EngineOptions, type EngineState, type VideoEngine } from './engine';
import { prefetchBudget } from './engineLogic';
import { parseMasterPlaylist } from './hlsPlaylist';
import { attachMediaSession, type MediaSessionDetails } from './mediaSession';

/**
 * A rendition's name, "720p": the short side, as phones and video sites name portrait clips too
 * (a 720×1280 portrait rendition is 720p); the bitrate when the playlist gives no size.
 */
export function qualityName(level: Pick<EngineLevel, 'width' | 'height' | 'bitrate'>): string {
  const side = level.width > 0 && level.height > 0 ? Math.min(level.width, level.height) : level.height || level.width;
  if (side > 0) return `${side}p`;
  return `${Math.max(1, Math.round(level.bitrate / 1000))} kbps`;
}

/** Best first; one entry per name (the higher bitrate kept): the quality menu's order. */
export function sortLevels(levels: EngineLevel[]): EngineLevel[] {
  const sorted = [...levels].sort(
    (a, b) => Math.min(b.width, b.height) - Math.min(a.width, a.height) || b.height - a.height || b.bitrate - a.bitrate,
  );
  const seen = new Set<string>();
  return sorted.filter((level) => {
    const name = qualityName(level);
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}

/** Native HLS has no rendition API: the quality menu comes from the master playlist itself. */
export async function readMasterPlaylist(url: string): Promise<EngineLevel[]> {
  const playlistUrl = new URL(url, window.location.href).href;
  const response = await fetch(playlistUrl, { credentials: 'same-origin' });
  const text = response.ok ? await response.text() : '';
  return parseMasterPlaylist(text, playlistUrl).map((variant, index) => ({
    id: index,
    width: variant.width,
    height: variant.height,
    bitrate: variant.bandwidth,
    url: variant.url,
  }));
}

/**
 * What the first fragment may take before play, from what this page's media (the /media/ files:
 * poster, playlists) have cost so far (Resource Timing; same origin, so sizes are given).
 */
export function pageMediaBudget(poster: string | undefined): number {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return prefetchBudget(0, Boolean(poster));
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  let spent = 0;
  let posterDone = !poster;
  const posterUrl = poster ? new URL(poster, window.location.href).href : '';
  for (const entry of entries) {
    if (!new URL(entry.name).pathname.startsWith('/media/')) continue;
    spent += entry.encodedBodySize || entry.transferSize || 0;
    if (entry.name === posterUrl) posterDone = true;
  }
  return prefetchBudget(spent, !posterDone);
}

export interface VideoSources {
  hls?: string | null;
  mp4: string;
  /** The audio-only playlist listen mode plays. */
  audio?: string | null;
}

export interface VideoEngineView extends EngineState {
  /** The levels for a quality menu: best first, one per name. */
  menu: EngineLevel[];
  /** What the UI asks of the engine (stable; nothing happens before mount or after unmount). */
  player: PlayerControls;
}

export type PlayerControls = Pick<VideoEngine, 'play' | 'seekTo' | 'setLevel' | 'retry' | 'setListening'>;

/**
 * Runs the player engine on `videoRef`'s element for these sources (a new engine when they
 * change) and gives its state to render. Options are read when the engine starts: callbacks in
 * them should read what changes through refs. Native HLS reads its renditions from the master
 * playlist unless `nativeLevels` says otherwise.
 */
export function useVideoEngine(
  videoRef: RefObject<HTMLVideoElement | null>,
  sources: VideoSources,
  options: Omit<EngineOptions, 'hls' | 'mp4' | 'audio'> = {},
): VideoEngineView {
  const { hls, mp4, audio } = sources;
  const [state, setState] = useState<EngineState>(() => ({
    engine: hls ? 'starting' : 'mp4',
    levels: [],
    choice: AUTO,
    failed: false,
    stalled: false,
    listening: false,
    audioOnly: false,
  }));
  const player = useRef<VideoEngine | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    const started = createVideoEngine(video, { nativeLevels: readMasterPlaylist, ...latest.current, hls, mp4, audio });
    player.current = started;
    setState(started.state());
    const unsubscribe = started.subscribe(setState);
    return () => {
      unsubscribe();
      started.destroy();
      if (player.current === started) player.current = null;
    };
  }, [videoRef, hls, mp4, audio]);
  const menu = useMemo(() => sortLevels(state.levels), [state.levels]);
  const controls = useMemo<PlayerControls>(
    () => ({
      play: () => player.current?.play(),
      seekTo: (seconds, play) => player.current?.seekTo(seconds, play),
      setLevel: (id) => player.current?.setLevel(id),
      retry: () => player.current?.retry(),
      setListening: (on) => player.current?.setListening(on),
    }),
    [],
  );
  return { ...state, menu, player: controls };
}

/**
 * The lock screen, notification and headset controls while this element plays (Media Session);
 * `onNext` is read when pressed, so a new callback needs no new session.
 */
export function useMediaSession(videoRef: RefObject<HTMLVideoElement | null>, details: MediaSessionDetails): void {
  const { title, artist, artwork, onNext } = details;
  const next = useRef(onNext);
  useEffect(() => {
    next.current = onNext;
  }, [onNext]);
  const hasNext = Boolean(onNext);
  useEffect(() => {
    const media = videoRef.current;
    if (!media) return undefined;
    return attachMediaSession(media, { title, artist, artwork, onNext: hasNext ? () => next.current?.() : undefined });
  }, [videoRef, title, artist, artwork, hasNext]);
}
