import { type CSSProperties, type ChangeEvent, type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';


import type { SelfieVideo } from '../../api/types';
import { chooseCaptionTrack, type PlaybackClock, readCaptionChoice, saveCaptionChoice } from '../captions';
import { attachMediaSession } from '../player';

import type { HlsSession } from './hlsEngine';
import { parseMasterPlaylist } from './hlsPlaylist';
import { aspectOf, formatClock } from './media';
import { ChapterList, ShareControl, ShortcutsDialog } from './PlayerExtras';
import {
  type Chapter,
  chapterAt,
  chaptersToVtt,
  cleanChapters,
  levelCap,
  nextRate,
  nextVolume,
  PLAYBACK_RATES,
  posterMayGo,
  prefetchBudget,
  prefetchMayPaint,
  type PlayerAction,
  type Rendition,
  resumePoint,
  seekTarget,
  sharpHeight,
  shortcutAction,
  startTimeFromUrl,
} from './playerLogic';
import { PlayerIntl, usePlayerT } from './playerMessages';
import { readLocalPosition, usePlaybackPosition } from './usePlaybackPosition';

export interface VideoPlayerProps {
  /** The progressive MP4 ("/media/<key>", answered with Range): played when HLS cannot be. */
  src: string;
  /** The HLS master playlist; without it the MP4 plays. */
  hlsUrl?: string | null;
  /** The image shown before playing. */
  poster?: string;
  title: string;
  /** Displayed size: the player reserves this aspect ratio before anything loads. */
  width?: number;
  height?: number;
  /** The video's id: where its watching position is saved. Without it nothing is saved. */
  videoId?: string;
  /** Seconds, from the API: shown before any media is fetched. */
  duration?: number;
  /** WebVTT of storyboard thumbnails for the seek preview. */
  storyboardUrl?: string | null;
  chapters?: Chapter[];
  /** The signed-in viewer's saved position (seconds). */
  resumeAt?: number | null;
  /** Positions go to the server when signed in, to local storage otherwise. */
  signedIn?: boolean;
  /** Qualities the playlist offers (from the video's answer): more than one shows the toolbar from the first render. */
  qualities?: number;
  /** Caption tracks (WebVTT): listed in the captions menu; the remembered or interface language shows. */
  captions?: SelfieVideo['captions'];
  /** Shares the time, the caption language showing and a seek with the transcript. */
  clock?: PlaybackClock;
  /** Playback reached the end (the video page's "Up next"). */
  onEnded?: () => void;
  /** The uploader's name, for the phone's lock screen and notification (Media Session). */
  artist?: string;
  /** The next video of the playlist: a headset's or lock screen's "next" plays it. */
  onNext?: () => void;
}

const NO_CAPTIONS: NonNullable<VideoPlayerProps['captions']> = [];

/** How the video is being played. */
type Engine = 'mp4' | 'native' | 'hlsjs' | 'starting';

/** One quality the viewer can pick. */
export interface QualityLevel {
  /** hls.js's level index, or the variant's position in the master playlist. */
  id: number;
  width: number;
  height: number;
  bitrate: number;
  /** The variant's media playlist (native HLS switches by loading it). */
  url?: string;
}

const AUTO = -1;
const HLS_TYPE = 'application/vnd.apple.mpegurl';
/** How long playback may wait for data before the player says so. */
const STALL_MS = 8000;
/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame is decoded. */
const HAVE_CURRENT_DATA = 2;

function hasNativeHls(video: HTMLVideoElement): boolean {
  return typeof video.canPlayType === 'function' && video.canPlayType(HLS_TYPE) !== '';
}

/**
 * What the first fragment may take before play, from what this page's media (the /media/ files:
 * poster, playlists) have cost so far (Resource Timing; same origin, so sizes are given).
 */
function mediaPrefetchBudget(poster: string | undefined): number {
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

function hasMediaSource(): boolean {
  return typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
}

/**
 * A rendition's name, "720p": the short side, as phones and video sites name portrait clips too
 * (a 720×1280 portrait rendition is 720p); the bitrate when the playlist gives no size.
 */
export function qualityName(level: Pick<QualityLevel, 'width' | 'height' | 'bitrate'>): string {
  const side = level.width > 0 && level.height > 0 ? Math.min(level.width, level.height) : level.height || level.width;
  if (side > 0) return `${side}p`;
  return `${Math.max(1, Math.round(level.bitrate / 1000))} kbps`;
}

/** Best first; one entry per name (the higher bitrate kept). */
function sortLevels(levels: QualityLevel[]): QualityLevel[] {
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

/** What the element under a key press says about the keys it uses itself. */
function keyTarget(element: EventTarget | null) {
  if (!(element instanceof HTMLElement)) return { tagName: '' };
  return {
    tagName: element.tagName,
    keysUsed: element.getAttribute('keysused'),
    role: element.getAttribute('role'),
    isContentEditable: element.isContentEditable,
  };
}

/** The control bar's controls, in order; mounted one per task (see `chromeStage` and `barAtStage`). */
function barControls(rateMenuId: string, captionsMenuId: string) {
  return [
    <media-play-button key="play" notooltip="" />,
    <media-time-range key="time" />,
    // Not a toggle, and hidden from screen readers: the seek slider already speaks both times.
    <media-time-display key="clock" showduration="" notoggle="" aria-hidden="true" />,
    <media-mute-button key="mute" notooltip="" />,
    <media-volume-range key="volume" />,
    <media-playback-rate-menu-button key="rate" invoketarget={rateMenuId} notooltip="" />,
    <media-captions-menu-button key="captions" invoketarget={captionsMenuId} notooltip="" />,
    <media-pip-button key="pip" notooltip="" />,
    <media-fullscreen-button key="fullscreen" notooltip="" />,
  ];
}
const BAR_CONTROLS = barControls('', '').length;
/** Stage 1 shows the play button and the seek slider; each next stage one more control. */
const BAR_STAGES = BAR_CONTROLS - 1;
/** The bar's stages, then one per menu (speed, captions). */
const CHROME_STAGES = BAR_STAGES + 2;

/**
 * The bar's controls shown at `stage`: the play button and the seek slider first, then the others
 * from the right end inwards. Each newcomer lands just right of the seek slider, which gives up
 * the room: no control already shown moves (appending at the end would shift every control
 * right of the slider each time).
 */
function barAtStage<T>(controls: T[], stage: number): T[] {
  if (stage < 1) return [];
  return controls.filter((_, index) => index < 2 || index >= BAR_CONTROLS + 1 - stage);
}

/**
 * The video page's player: media-chrome controls (loaded lazily, in the page's language) over a
 * <video> that HLS plays natively where the browser can, elsewhere through hls.js (its own
 * chunk), the progressive MP4 last. Adds what media-chrome leaves to the page: the quality menu
 * (Auto shows the level playing), keyboard shortcuts, chapters, resume, share-a-moment, error
 * and stall states with Retry, and the rendition cap. The server renders the same box with the
 * poster and native controls; nothing is fetched but the poster before the viewer presses play.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  return (
    <PlayerIntl>
      <PlayerBody {...props} />
    </PlayerIntl>
  );
}

function PlayerBody({
  src,
  hlsUrl,
  poster,
  title,
  width,
  height,
  videoId,
  duration: knownDuration,
  storyboardUrl,
  chapters: rawChapters,
  resumeAt,
  signedIn = false,
  qualities = 0,
  captions = NO_CAPTIONS,
  clock,
  onEnded,
  artist,
  onNext,
}: VideoPlayerProps) {
  const t = usePlayerT();
  const intl = useIntl();
  const qualityId = useId();
  const frameId = useId();
  const rateMenuId = useId();
  const captionsMenuId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<Engine>(hlsUrl ? 'starting' : 'mp4');
  const [source, setSource] = useState<string | undefined>(hlsUrl ? undefined : src);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [choice, setChoice] = useState<number>(AUTO);
  const [showing, setShowing] = useState<{ width: number; height: number } | null>(null);
  /**
   * How much of media-chrome is mounted: its controls are costly custom elements (shadow DOM,
   * styles, the controller wiring each one: 30–60 ms apiece on a mid-range phone), so they arrive
   * one per task rather than all in one long task that blocks input (see barAtStage); the last
   * two stages add the speed menu, then the captions menu.
   */
  const [chromeStage, setChromeStage] = useState(0);
  const chrome = chromeStage >= 1;
  const menus = chromeStage >= CHROME_STAGES;
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const [stalled, setStalled] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  /** Where to start is known (client only): null before, else whether the URL gave a `t`. */
  const [startFromUrl, setStartFromUrl] = useState<boolean | null>(null);
  const [offerDismissed, setOfferDismissed] = useState(false);
  const [chapterIndex, setChapterIndex] = useState(-1);
  const [chaptersTrack, setChaptersTrack] = useState<string | null>(null);
  const session = useRef<HlsSession | null>(null);
  const next = useRef(onNext);
  useEffect(() => {
    next.current = onNext;
  }, [onNext]);
  const hasNext = Boolean(onNext);
  // The lock screen, notification and headset controls while this video plays (features/player).
  useEffect(() => {
    const media = videoRef.current;
    if (!media) return undefined;
    return attachMediaSession(media, { title, artist, artwork: poster, onNext: hasNext ? () => next.current?.() : undefined });
  }, [title, artist, poster, hasNext]);
  /** hls.js's levels in its own order (what the cap indexes). */
  const hlsLevels = useRef<Rendition[]>([]);
  /** The renditions native HLS plays (from the master playlist): how sharp a frame must be. */
  const nativeLevels = useRef<Rendition[]>([]);
  /**
   * The poster stays over the video (media-chrome's poster layer) until playback starts or the
   * video holds a frame as sharp as the box needs: a prefetched start-rung frame (240p on a
   * desktop) does not replace it before play.
   */
  const [posterGone, setPosterGone] = useState(false);
  const posterLayer = useRef<HTMLImageElement>(null);
  /** Where to start or carry on once media is loaded: a shared `t`, resume, quality switch, retry. */
  const pending = useRef<{ time: number; play: boolean } | null>(null);
  /** Resolves once React has removed a previous engine's `src` from the element. */
  const whenSourceCleared = useRef<(() => void) | null>(null);
  /** The next engine after one fails (set by the effect): hls.js → native HLS → MP4. */
  const fallBack = useRef<(from: Engine) => void>(() => undefined);
  const stallTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The viewer pressed play and has not paused: a fallback or retry carries on playing. */
  const wantsPlay = useRef(false);
  /** A source change is under way: the pause it may cause is not the viewer's. */
  const switching = useRef(false);

  const duration = Number.isFinite(knownDuration) && Number(knownDuration) > 0 ? Number(knownDuration) : 0;
  const chapters = useMemo(() => cleanChapters(rawChapters, duration), [rawChapters, duration]);
  const position = usePlaybackPosition(videoId ?? '', signedIn && Boolean(videoId), videoRef);

  // After hydration (the server and the first render show native controls and no offer):
  // media-chrome, the chapters track for it, and where to start.
  useEffect(() => {
    let live = true;
    let chaptersUrl: string | null = null;
    let stageTimer: ReturnType<typeof setTimeout> | undefined;
    // A shared link's `t` wins over the resume offer. Known before any engine loads media, so a
    // prefetch starts at the right fragment.
    const fromUrl = startTimeFromUrl(window.location.search, window.location.hash, duration);
    if (fromUrl !== null) pending.current = { time: fromUrl, play: false };
    const settle = () => {
      if (live) setStartFromUrl(fromUrl !== null);
    };
    import(/* webpackChunkName: "player" */ './mediaChrome')
      .then(() => {
        if (!live) return;
        // The chapters as a WebVTT track (a blob: URL, which the CSP allows for media).
        if (chapters.length > 0 && typeof URL.createObjectURL === 'function') {
          chaptersUrl = URL.createObjectURL(new Blob([chaptersToVtt(chapters, duration)], { type: 'text/vtt' }));
          setChaptersTrack(chaptersUrl);
        }
        setChromeStage(1);
        settle();
        const nextStage = (stage: number) => {
          stageTimer = setTimeout(() => {
            if (!live) return;
            setChromeStage(stage);
            if (stage < CHROME_STAGES) nextStage(stage + 1);
          }, 0);
        };
        nextStage(2);
      })
      .catch((failure: unknown) => {
        console.warn('Could not load the player controls, keeping the browser’s:', failure);
        settle();
      });
    return () => {
      live = false;
      clearTimeout(stageTimer);
      if (chaptersUrl) URL.revokeObjectURL(chaptersUrl);
    };
    // Once per player: a new video is a new player (VideoPage keys it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Caption tracks: the remembered choice, else the interface language's track, else off; a
  // choice made in the captions menu (or by the c key) is remembered in this browser.
  useEffect(() => {
    const list = videoRef.current?.textTracks;
    // (A DOM without text track events, such as jsdom, gets the <track> elements only.)
    if (!list || typeof list.addEventListener !== 'function' || captions.length === 0) {
      clock?.setLang(null);
      return undefined;
    }
    let wanted = chooseCaptionTrack(captions, readCaptionChoice(), intl.locale);
    const subtitles = () => Array.from(list).filter((track) => track.kind === 'subtitles' || track.kind === 'captions');
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    const apply = () => {
      for (const track of subtitles()) {
        const mode = wanted !== null && same(track.language, wanted) ? 'showing' : 'disabled';
        if (track.mode !== mode) track.mode = mode;
      }
      clock?.setLang(wanted);
    };
    const onChange = () => {
      const showing = subtitles().find((track) => track.mode === 'showing');
      const now = showing ? (captions.find((item) => same(item.lang, showing.language))?.lang ?? null) : null;
      if (now === wanted) return;
      wanted = now;
      saveCaptionChoice(now);
      clock?.setLang(now);
    };
    apply();
    list.addEventListener('addtrack', apply);
    list.addEventListener('change', onChange);
    return () => {
      list.removeEventListener('addtrack', apply);
      list.removeEventListener('change', onChange);
    };
  }, [captions, engine, clock, intl.locale]);

  /** The cap for the player's current size (hls.js level index, -1: none). */
  const currentCap = useCallback(() => {
    const frame = frameRef.current;
    if (!frame) return -1;
    const fullscreen = typeof document !== 'undefined' && Boolean(document.fullscreenElement?.contains(frame));
    return levelCap(hlsLevels.current, frame.getBoundingClientRect(), window.devicePixelRatio || 1, fullscreen);
  }, []);

  /** How tall a frame must be to stand in for the poster at the player's current size. */
  const currentSharp = useCallback(() => {
    const frame = frameRef.current;
    if (!frame) return 0;
    const fullscreen = typeof document !== 'undefined' && Boolean(document.fullscreenElement?.contains(frame));
    const renditions = hlsLevels.current.length > 0 ? hlsLevels.current : nativeLevels.current;
    return sharpHeight(renditions, frame.getBoundingClientRect(), window.devicePixelRatio || 1, fullscreen);
  }, []);

  const applyCap = useCallback(() => {
    session.current?.setCap(currentCap());
  }, [currentCap]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return undefined;
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => applyCap()) : null;
    observer?.observe(frame);
    document.addEventListener('fullscreenchange', applyCap);
    return () => {
      observer?.disconnect();
      document.removeEventListener('fullscreenchange', applyCap);
    };
  }, [applyCap]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    if (!hlsUrl) {
      // A retry of the MP4: load it again (the source is the same).
      if (attempt > 0) {
        video.load();
        if (wantsPlay.current) void video.play().catch(() => undefined);
      }
      return undefined;
    }
    let disposed = false;

    const playMp4 = () => {
      if (disposed) return;
      switching.current = true;
      session.current?.destroy();
      session.current = null;
      setLevels([]);
      setChoice(AUTO);
      setEngine('mp4');
      setSource(src);
    };

    // Native HLS: where there is no Media Source Extensions (iPhones before iOS 17.1), or after
    // hls.js gave up. The browser chooses renditions itself: no cap, no prefetch policy.
    let triedNative = false;
    const playNative = () => {
      if (disposed) return;
      if (triedNative || !hasNativeHls(video)) {
        playMp4();
        return;
      }
      triedNative = true;
      switching.current = true;
      session.current?.destroy();
      session.current = null;
      setEngine('native');
      setSource(hlsUrl);
      if (attempt > 0 && video.getAttribute('src') === hlsUrl) {
        video.load();
        if (wantsPlay.current) void video.play().catch(() => undefined);
      }
      // Native HLS has no rendition API: the menu comes from the master playlist itself.
      const playlistUrl = new URL(hlsUrl, window.location.href).href;
      fetch(playlistUrl, { credentials: 'same-origin' })
        .then((response) => (response.ok ? response.text() : ''))
        .then((text) => {
          if (disposed) return;
          const variants = parseMasterPlaylist(text, playlistUrl);
          nativeLevels.current = variants.map((variant) => ({ width: variant.width, height: variant.height }));
          setLevels(
            sortLevels(variants.map((variant, index) => ({ id: index, width: variant.width, height: variant.height, bitrate: variant.bandwidth, url: variant.url }))),
          );
        })
        .catch(() => {
          // No menu then; playback itself does not depend on it.
        });
    };
    fallBack.current = (from: Engine) => (from === 'hlsjs' ? playNative() : from === 'native' ? playMp4() : undefined);

    const startHlsJs = () => {
      if (disposed) return;
      switching.current = true;
      setEngine('starting');
      setSource(undefined);
      setLevels([]);
      setChoice(AUTO);
      import(/* webpackChunkName: "hls" */ './hlsEngine')
        .then(async (engineModule) => {
          // After a fallback (a retry after the MP4 failed), React has yet to take the old `src`
          // off the element: hls.js attaching first would have its media source removed.
          if (video.hasAttribute('src')) await new Promise<void>((resolve) => (whenSourceCleared.current = resolve));
          if (disposed) return;
          const started = engineModule.startHls(
            video,
            hlsUrl,
            {
              onLevels: (found) => {
                if (disposed) return -1;
                hlsLevels.current = found;
                setLevels(sortLevels(found.map((level) => ({ ...level, id: level.index }))));
                return currentCap();
              },
              onFatal: (reason) => {
                console.warn('HLS playback through hls.js failed:', reason);
                session.current = null;
                playNative();
              },
            },
            {
              startPosition: () => pending.current?.time ?? -1,
              // Before play, a fragment only where its frame cannot show blocky in the poster's place.
              prefetchBudget: (level) =>
                prefetchMayPaint(level.height, currentSharp(), !poster || posterLayer.current !== null) ? mediaPrefetchBudget(poster) : 0,
            },
          );
          if (!started) {
            playNative();
            return;
          }
          session.current = started;
          setEngine('hlsjs');
          // A viewer who pressed play meanwhile carries on.
          if (wantsPlay.current) void video.play().catch(() => undefined);
        })
        .catch((failure: unknown) => {
          console.warn('Could not load the HLS player:', failure);
          playNative();
        });
    };

    // hls.js wherever Media Source Extensions exist (Chromium, Firefox, Safari on macOS and iOS
    // 17.1+): it alone lets the player cap renditions to its size, choose the start level and
    // prefetch only the first fragment. Native HLS elsewhere, the MP4 last.
    if (hasMediaSource()) startHlsJs();
    else playNative();

    return () => {
      disposed = true;
      session.current?.destroy();
      session.current = null;
    };
  }, [hlsUrl, src, attempt, currentCap, currentSharp, poster]);

  // A new source (fallback, quality switch, retry) while the viewer is watching: keep playing
  // (with preload "none" nothing would load otherwise). No source: hls.js may attach now.
  useEffect(() => {
    const video = videoRef.current;
    if (video && source && wantsPlay.current) void video.play().catch(() => undefined);
    if (source === undefined && whenSourceCleared.current) {
      const resolve = whenSourceCleared.current;
      whenSourceCleared.current = null;
      resolve();
    }
  }, [source]);

  const clearStall = useCallback(() => {
    if (stallTimer.current) clearTimeout(stallTimer.current);
    stallTimer.current = null;
    setStalled(false);
  }, []);
  useEffect(() => clearStall, [clearStall]);

  const onError = useCallback(() => {
    // Native HLS that cannot play this stream: the MP4 next; the MP4 failing is the end.
    if (engine === 'native') fallBack.current('native');
    else if (engine === 'mp4') {
      clearStall();
      setFailed(true);
    }
  }, [engine, clearStall]);

  const onWaiting = useCallback(() => {
    const video = videoRef.current;
    if (!video || video.paused || stallTimer.current) return;
    stallTimer.current = setTimeout(() => {
      stallTimer.current = null;
      setStalled(true);
    }, STALL_MS);
  }, []);

  const onLoadedMetadata = useCallback(() => {
    switching.current = false;
    const video = videoRef.current;
    const at = pending.current;
    if (!video || !at) return;
    pending.current = null;
    if (at.time > 0 && Math.abs(video.currentTime - at.time) > 0.5) video.currentTime = at.time;
    if (at.play) void video.play().catch(() => undefined);
  }, []);

  /** Before play, a decoded frame as sharp as the box needs may take the poster's place. */
  const checkFrame = useCallback(() => {
    const video = videoRef.current;
    if (!video || video.readyState < HAVE_CURRENT_DATA) return;
    if (posterMayGo({ played: false, frameHeight: video.videoHeight, sharp: currentSharp() })) setPosterGone(true);
  }, [currentSharp]);

  const onResize = useCallback(() => {
    const video = videoRef.current;
    if (video && video.videoWidth > 0) setShowing({ width: video.videoWidth, height: video.videoHeight });
    checkFrame();
  }, [checkFrame]);

  const onPlaying = useCallback(() => {
    clearStall();
    setPosterGone(true);
  }, [clearStall]);

  const onTimeUpdate = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (stallTimer.current || stalled) clearStall();
    position.onTimeUpdate();
    clock?.setTime(video.currentTime);
    setChapterIndex(chapterAt(chapters, video.currentTime));
  }, [chapters, position, stalled, clearStall, clock]);

  const onPlay = useCallback(() => {
    wantsPlay.current = true;
    setOfferDismissed(true);
    position.onPlay();
  }, [position]);

  const onPause = useCallback(() => {
    const video = videoRef.current;
    // A pause the viewer asked for (an error, the end or a source change is not one).
    if (video && !video.ended && !video.error && !switching.current) wantsPlay.current = false;
    position.onPauseOrSeek();
  }, [position]);

  /** Seeks now when the media is loaded, else on load (preload is "none" until play). */
  const seekTo = useCallback((seconds: number, play = false) => {
    const video = videoRef.current;
    if (!video) return;
    if (video.readyState >= 1) {
      video.currentTime = seconds;
      if (play) void video.play().catch(() => undefined);
    } else {
      pending.current = { time: seconds, play };
      if (play) void video.play().catch(() => undefined);
    }
  }, []);

  // The transcript seeks through the clock.
  useEffect(() => {
    if (!clock) return undefined;
    clock.setSeek((seconds: number) => {
      seekTo(seconds, true);
      clock.setTime(seconds);
    });
    return () => clock.setSeek(null);
  }, [clock, seekTo]);

  const retry = () => {
    const video = videoRef.current;
    pending.current = { time: video?.currentTime ?? 0, play: true };
    wantsPlay.current = true;
    switching.current = true;
    setFailed(false);
    clearStall();
    setAttempt((count) => count + 1);
  };

  const chooseQuality = (event: ChangeEvent<HTMLSelectElement>) => {
    const id = Number(event.target.value);
    setChoice(id);
    if (engine === 'hlsjs') {
      session.current?.setLevel(id);
      return;
    }
    if (engine === 'native' && hlsUrl) {
      const video = videoRef.current;
      const next = id === AUTO ? hlsUrl : levels.find((level) => level.id === id)?.url;
      if (!video || !next) return;
      pending.current = { time: video.currentTime, play: !video.paused && !video.ended };
      switching.current = true;
      setSource(next);
    }
  };

  const perform = (action: PlayerAction) => {
    const video = videoRef.current;
    if (!video) return;
    const length = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : duration;
    switch (action.type) {
      case 'togglePlay':
        if (video.paused || video.ended) void video.play().catch(() => undefined);
        else video.pause();
        return;
      case 'seekBy':
        seekTo(seekTarget(video.currentTime, action.seconds, length));
        return;
      case 'seekToFraction':
        if (length > 0) seekTo(length * action.fraction);
        return;
      case 'volumeBy': {
        if (action.delta > 0) video.muted = false;
        video.volume = nextVolume(video.volume, action.delta);
        setAnnouncement(t('videos.player.volumeIs', { percent: Math.round(video.volume * 100) }));
        return;
      }
      case 'toggleMute':
        video.muted = !video.muted;
        setAnnouncement(t(video.muted ? 'videos.player.muted' : 'videos.player.unmuted'));
        return;
      case 'toggleFullscreen': {
        const frame = frameRef.current;
        if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
        else void frame?.requestFullscreen?.().catch(() => undefined);
        return;
      }
      case 'toggleCaptions': {
        const tracks = Array.from(video.textTracks ?? []).filter((track) => track.kind === 'captions' || track.kind === 'subtitles');
        if (tracks.length === 0) {
          setAnnouncement(t('videos.player.noCaptions'));
          return;
        }
        const on = tracks.some((track) => track.mode === 'showing');
        // On: the interface language's track when there is one (else the first).
        const preferred = chooseCaptionTrack(
          tracks.map((track) => ({ lang: track.language })),
          null,
          intl.locale,
        );
        const pick = Math.max(0, preferred === null ? 0 : tracks.findIndex((track) => track.language === preferred));
        tracks.forEach((track, index) => {
          track.mode = !on && index === pick ? 'showing' : 'disabled';
        });
        setAnnouncement(t(on ? 'videos.player.captionsOff' : 'videos.player.captionsOn'));
        return;
      }
      case 'rateBy':
        video.playbackRate = nextRate(video.playbackRate, action.delta);
        setAnnouncement(t('videos.player.speedIs', { rate: intl.formatNumber(video.playbackRate) }));
        return;
      case 'showShortcuts':
        setShortcutsOpen(true);
        return;
      default:
        return;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (shortcutsOpen) return;
    const action = shortcutAction(event, keyTarget(event.target));
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    perform(action);
  };

  // Resume: the server's point (the answer is the signed-in viewer's own), else a visitor's local
  // one. Computed on render: the session check may end after the player mounted.
  const offer =
    startFromUrl === false && !offerDismissed
      ? resumePoint(typeof resumeAt === 'number' ? resumeAt : !signedIn && videoId ? readLocalPosition(videoId) : null, duration)
      : null;

  const aspect = aspectOf({ width, height });
  const style = { '--video-w': aspect.width, '--video-h': aspect.height } as CSSProperties;
  // The level playing: none while the poster shows (a prefetched frame is not what the viewer sees).
  const autoLabel = showing && posterGone && choice === AUTO ? t('videos.player.autoShowing', { quality: qualityName({ ...showing, bitrate: 0 }) }) : t('videos.player.auto');
  const lang = intl.locale.startsWith('zh') ? 'zh-CN' : 'en';

  return (
    <div className="video-player" style={style} data-engine={engine} data-controls={menus ? 'media-chrome' : 'native'}>
      {/* Keys reach the player from any of its controls; the group itself takes focus too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        id={frameId}
        ref={frameRef}
        className="video-player__frame"
        role="region"
        // The shortcuts need a focus target when no control has focus (WAI-ARIA media players do the same).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label={t('videos.player.group', { title })}
        aria-describedby={`${frameId}-hint`}
        onKeyDown={onKeyDown}
      >
        <media-controller
          class="video-player__controller"
          nohotkeys=""
          lang={lang}
          defaultduration={duration > 0 ? String(duration) : undefined}
          fullscreenelement={frameId}
        >
          {/* Caption tracks come from the video's answer (none for many uploads). */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <video
            ref={videoRef}
            slot="media"
            className="video-player__video"
            controls={!chrome}
            // Nothing but the poster before play (the API gives the duration and size). hls.js
            // decides what to fetch itself (its first fragment at most); "auto" lets the browser
            // open its media source before play, so that fragment is ready to show.
            preload={engine === 'hlsjs' ? 'auto' : 'none'}
            playsInline
            poster={poster || undefined}
            src={source}
            width={aspect.width}
            height={aspect.height}
            aria-label={t('videos.player.label', { title })}
            onError={onError}
            onLoadedMetadata={onLoadedMetadata}
            onResize={onResize}
            onLoadedData={checkFrame}
            onPlay={onPlay}
            onPlaying={onPlaying}
            onWaiting={onWaiting}
            onTimeUpdate={onTimeUpdate}
            onPause={onPause}
            onSeeked={position.onPauseOrSeek}
            onEnded={onEnded}
          >
            {chrome && storyboardUrl ? <track kind="metadata" label="thumbnails" src={storyboardUrl} default /> : null}
            {chrome && chaptersTrack ? <track kind="chapters" srcLang={intl.locale} src={chaptersTrack} default /> : null}
            {/* Native HLS lists the master playlist's subtitle renditions itself: no second copy. */}
            {engine === 'native'
              ? null
              : captions.map((track) => <track key={track.url} kind="subtitles" srcLang={track.lang} label={track.label} src={track.url} />)}
            <p>
              <FormattedMessage id="videos.player.unsupported" />
            </p>
          </video>
          {/* Over the video until playback starts (see posterMayGo); media-chrome's own rule, which
              drops it at any seek, is overridden in videos.css. Decorative: the video is named. */}
          {chrome && poster && !posterGone ? (
            <img ref={posterLayer} slot="poster" className="video-player__poster" src={poster} alt="" decoding="async" />
          ) : null}
          {chrome ? (
            <>
              <media-loading-indicator slot="centered-chrome" />
              {/* No tooltips: their text is not the buttons' accessible names (WCAG 2.5.3), which screen readers and the shortcut list give. */}
              <media-control-bar class="video-player__bar">
                {barAtStage(barControls(rateMenuId, captionsMenuId), chromeStage)}
              </media-control-bar>
              {chromeStage > BAR_STAGES ? (
                <media-playback-rate-menu id={rateMenuId} hidden anchor="auto" rates={PLAYBACK_RATES.join(' ')} />
              ) : null}
              {menus ? <media-captions-menu id={captionsMenuId} hidden anchor="auto" /> : null}
            </>
          ) : null}
        </media-controller>

        {failed || stalled ? (
          <div className="video-player__notice" role="alert">
            <p>{t(failed ? 'videos.player.failed' : 'videos.player.stalled')}</p>
            <button type="button" className="btn btn--small btn--primary" onClick={retry}>
              {t('videos.player.retry')}
            </button>
          </div>
        ) : null}
        {offer !== null && !failed ? (
          <div className="video-player__resume">
            <button type="button" className="btn btn--small btn--primary" onClick={() => { setOfferDismissed(true); seekTo(offer, true); }}>
              {t('videos.player.resume', { time: formatClock(offer) })}
            </button>
            <button type="button" className="btn btn--small" onClick={() => setOfferDismissed(true)}>
              {t('videos.player.startOver')}
            </button>
          </div>
        ) : null}
        <p id={`${frameId}-hint`} className="visually-hidden">
          {t('videos.player.hint')}
        </p>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
        <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      </div>
      <div className="video-player__toolbar">
        {/* Known from the answer, the menu is there from the first paint (Auto until the playlist is read). */}
        {levels.length > 1 || (hlsUrl && qualities > 1) ? (
          <>
            <label htmlFor={qualityId} className="video-player__quality-label">
              {t('videos.player.quality')}
            </label>
            <select id={qualityId} className="video-player__quality" value={choice} onChange={chooseQuality}>
              <option value={AUTO}>{autoLabel}</option>
              {levels.map((level) => (
                <option key={level.id} value={level.id}>
                  {qualityName(level)}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <button type="button" className="btn btn--small" onClick={() => setShortcutsOpen(true)}>
          {t('videos.player.shortcuts')}
        </button>
        <ShareControl currentTime={() => videoRef.current?.currentTime ?? 0} videoId={videoId} title={title} width={width} height={height} />
      </div>
      <ChapterList chapters={chapters} current={chapterIndex} onSeek={(seconds) => seekTo(seconds, true)} />
    </div>
  );
}
