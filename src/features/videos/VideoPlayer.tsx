import { type CSSProperties, type ChangeEvent, type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';


import type { ProgressiveSource, SelfieVideo } from '../../api/types';
import { chooseCaptionTrack, type PlaybackClock, readCaptionChoice, saveCaptionChoice } from '../captions';
import { AUTO, type HlsLevel, pageMediaBudget, qualityName, type Rendition, useMediaSession, useVideoEngine } from '../player';

import { aspectOf, formatClock } from './media';
import { ChapterList, ShareControl, ShortcutsDialog } from './PlayerExtras';
import {
  type Chapter,
  chapterAt,
  chaptersToVtt,
  cleanChapters,
  nextRate,
  nextVolume,
  PLAYBACK_RATES,
  posterMayGo,
  prefetchMayPaint,
  type PlayerAction,
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
  /**
   * Every rung as a progressive MP4, smallest first (the video's `progressiveSources`): the
   * server-rendered page plays the one that fits the box before any script (server/http/fast-start.ts).
   */
  progressive?: ProgressiveSource[];
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
  /** The audio-only playlist listen mode plays (none: listen mode keeps the video's source, picture hidden). */
  audioUrl?: string | null;
  /** Whether the video has sound (null: not known); false turns the Listen button into its reason. */
  hasAudio?: boolean | null;
}

const NO_CAPTIONS: NonNullable<VideoPlayerProps['captions']> = [];
const NO_PROGRESSIVE: ProgressiveSource[] = [];

/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame is decoded. */
const HAVE_CURRENT_DATA = 2;

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
 * <video> that the shared player engine plays (src/features/player, through `useVideoEngine`:
 * hls.js where Media Source Extensions exist, native HLS elsewhere, the progressive MP4 last, the
 * fallbacks, the rendition cap, the stall watch). This shell adds what media-chrome leaves to the
 * page: the quality menu (Auto shows the level playing), keyboard shortcuts, chapters, resume,
 * share-a-moment, the poster layer, and the error and stall notices with Retry. The server renders
 * the same box with the poster and native controls; nothing is fetched but the poster before the
 * viewer presses play.
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
  progressive = NO_PROGRESSIVE,
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
  audioUrl,
  hasAudio,
}: VideoPlayerProps) {
  const t = usePlayerT();
  const intl = useIntl();
  const qualityId = useId();
  const frameId = useId();
  const rateMenuId = useId();
  const captionsMenuId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
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
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  /** Where to start is known (client only): null before, else whether the URL gave a `t`. */
  const [startFromUrl, setStartFromUrl] = useState<boolean | null>(null);
  const [offerDismissed, setOfferDismissed] = useState(false);
  const [chapterIndex, setChapterIndex] = useState(-1);
  const [chaptersTrack, setChaptersTrack] = useState<string | null>(null);
  // The lock screen, notification and headset controls while this video plays (features/player).
  useMediaSession(videoRef, { title, artist, artwork: poster, onNext });
  /**
   * The poster stays over the video (media-chrome's poster layer) until playback starts or the
   * video holds a frame as sharp as the box needs: a prefetched start-rung frame (240p on a
   * desktop) does not replace it before play.
   */
  const [posterGone, setPosterGone] = useState(false);
  const posterLayer = useRef<HTMLImageElement>(null);

  /** The renditions playing (the engine's order): how sharp a frame must be. */
  const renditions = useRef<Rendition[]>([]);
  /** How tall a frame must be to stand in for the poster at the player's current size. */
  const currentSharp = useCallback(() => {
    const frame = frameRef.current;
    if (!frame) return 0;
    const fullscreen = typeof document !== 'undefined' && Boolean(document.fullscreenElement?.contains(frame));
    return sharpHeight(renditions.current, frame.getBoundingClientRect(), window.devicePixelRatio || 1, fullscreen);
  }, []);

  const progressiveUrls = useMemo(() => progressive.map((source) => source.url), [progressive]);
  /** The rungs for the fast-start picker: only worth a choice when there is more than one. */
  const progressiveAttribute = progressive.length > 1 ? JSON.stringify(progressive.map((source) => [source.url, source.width, source.height])) : undefined;
  // The engine (features/player): hls.js, native HLS or the MP4 and the fallbacks between them,
  // the rendition cap for the frame, the start level, the stall watch, a play pressed early.
  const { engine, levels: engineLevels, menu: levels, choice, failed, stalled, listening, player } = useVideoEngine(
    videoRef,
    { hls: hlsUrl, mp4: src, audio: audioUrl },
    {
      capBox: () => frameRef.current,
      progressive: progressiveUrls,
      // Before play, a fragment only where its frame cannot show blocky in the poster's place.
      prefetchBudget: (level: HlsLevel) =>
        prefetchMayPaint(level.height, currentSharp(), !poster || posterLayer.current !== null) ? pageMediaBudget(poster) : 0,
    },
  );
  useEffect(() => {
    renditions.current = engineLevels;
  }, [engineLevels]);

  const duration = Number.isFinite(knownDuration) && Number(knownDuration) > 0 ? Number(knownDuration) : 0;
  const chapters = useMemo(() => cleanChapters(rawChapters, duration), [rawChapters, duration]);
  const position = usePlaybackPosition(videoId ?? '', signedIn && Boolean(videoId), videoRef);

  // After hydration (the server and the first render show native controls and no offer):
  // media-chrome, the chapters track for it, and where to start.
  useEffect(() => {
    let live = true;
    let chaptersUrl: string | null = null;
    let stageTimer: ReturnType<typeof setTimeout> | undefined;
    // A shared link's `t` wins over the resume offer. Given to the engine (its effect ran first)
    // before it loads any media, so a prefetch starts at the right fragment.
    // Started with the browser's own controls before the script arrived: it plays on, so the
    // poster and the resume offer are gone, and its position is kept from now on.
    const video = videoRef.current;
    if (video && (!video.paused || video.currentTime > 0)) {
      setPosterGone(true);
      setOfferDismissed(true);
      position.onPlay();
    }
    const fromUrl = startTimeFromUrl(window.location.search, window.location.hash, duration);
    if (fromUrl !== null) player.seekTo(fromUrl);
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

  const onPlaying = useCallback(() => setPosterGone(true), []);

  const onTimeUpdate = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    position.onTimeUpdate();
    clock?.setTime(video.currentTime);
    setChapterIndex(chapterAt(chapters, video.currentTime));
  }, [chapters, position, clock]);

  const onPlay = useCallback(() => {
    setOfferDismissed(true);
    position.onPlay();
  }, [position]);

  /** Seeks now when the media is loaded, else on load (the engine keeps it until then). */
  const seekTo = useCallback((seconds: number, play = false) => player.seekTo(seconds, play), [player]);

  // The transcript seeks through the clock.
  useEffect(() => {
    if (!clock) return undefined;
    clock.setSeek((seconds: number) => {
      seekTo(seconds, true);
      clock.setTime(seconds);
    });
    return () => clock.setSeek(null);
  }, [clock, seekTo]);

  const retry = () => player.retry();

  // Listen mode: sound only (the audio playlist where there is one), the poster and "Listening"
  // in the picture's place. A video without sound says so instead of doing nothing.
  const noSound = hasAudio === false;
  const noSoundId = useId();
  const toggleListening = () => {
    if (noSound) {
      setAnnouncement(t('videos.player.noSound'));
      return;
    }
    player.setListening(!listening);
    setAnnouncement(t(listening ? 'videos.player.listenOff' : 'videos.player.listenOn'));
  };

  const chooseQuality = (event: ChangeEvent<HTMLSelectElement>) => player.setLevel(Number(event.target.value));

  const perform = (action: PlayerAction) => {
    const video = videoRef.current;
    if (!video) return;
    const length = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : duration;
    switch (action.type) {
      case 'togglePlay':
        // Through the engine: a press while hls.js is on its way plays once it is attached.
        if (video.paused || video.ended) player.play();
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
    <div
      className={listening ? 'video-player video-player--listening' : 'video-player'}
      style={style}
      data-engine={engine}
      data-controls={menus ? 'media-chrome' : 'native'}
      data-listening={listening ? 'on' : undefined}
    >
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
            // The server's and the first render's source: the MP4, which the browser's own
            // controls play before any script has arrived (preload "none": nothing is fetched
            // until then). From then on the engine sets it (features/player/engine.ts: it adopts a
            // video already started, else hands the element to hls.js); React never changes it.
            src={src || undefined}
            // The server's page sets `src` to the rung of these that fits the box before the
            // app hydrates (server/http/fast-start.ts): that difference is expected.
            data-progressive={progressiveAttribute}
            suppressHydrationWarning
            width={aspect.width}
            height={aspect.height}
            aria-label={t('videos.player.label', { title })}
            onResize={onResize}
            onLoadedData={checkFrame}
            onPlay={onPlay}
            onPlaying={onPlaying}
            onTimeUpdate={onTimeUpdate}
            onPause={position.onPauseOrSeek}
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
          {chrome && poster && (!posterGone || listening) ? (
            <img ref={posterLayer} slot="poster" className="video-player__poster" src={poster} alt="" decoding="async" />
          ) : null}
          {chrome ? (
            <>
              <media-loading-indicator slot="centered-chrome" />
              {/* No tooltips: their text is not the buttons' accessible names (WCAG 2.5.3), which screen readers and the shortcut list give. */}
              <media-control-bar class="video-player__bar">
                {barAtStage(barControls(rateMenuId, captionsMenuId), chromeStage)}
                {/* Last from the first stage on, so the controls arriving later never move it. */}
                <button
                  type="button"
                  className="video-player__listen"
                  aria-pressed={listening}
                  aria-disabled={noSound || undefined}
                  aria-describedby={noSound ? noSoundId : undefined}
                  onClick={toggleListening}
                >
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                    <path fill="currentColor" d="M12 3a9 9 0 0 0-9 9v6a3 3 0 0 0 3 3h2v-8H5v-1a7 7 0 0 1 14 0v1h-3v8h2a3 3 0 0 0 3-3v-6a9 9 0 0 0-9-9Z" />
                  </svg>
                  <span>{t('videos.player.listen')}</span>
                </button>
              </media-control-bar>
              {chromeStage > BAR_STAGES ? (
                <media-playback-rate-menu id={rateMenuId} hidden anchor="auto" rates={PLAYBACK_RATES.join(' ')} />
              ) : null}
              {menus ? <media-captions-menu id={captionsMenuId} hidden anchor="auto" /> : null}
            </>
          ) : null}
        </media-controller>

        {listening && !failed ? (
          <p className="video-player__listening" aria-hidden="true">
            {t('videos.player.listening')}
          </p>
        ) : null}
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
        {/* Listening: sound only, no picture quality to choose. */}
        {!listening && (levels.length > 1 || (hlsUrl && qualities > 1)) ? (
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
        {noSound ? (
          <span id={noSoundId} className="video-player__no-sound">
            {t('videos.player.noSound')}
          </span>
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
