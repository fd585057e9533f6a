/**
 * The embed page's player (`/embed/selfieVideos/{id}`, docs/sharing.md): the browser's own
 * `<video controls>` driven by a few kilobytes, its own webpack entry (no React, no app).
 *
 * - hls.js (light build, the site player's `hlsEngine`, its own lazily loaded chunks) where Media
 *   Source Extensions exist: adaptive bitrate, the start level chosen like the site player's
 *   (`levelCap` for the frame's size, `startLevelFor` the link), remuxing on the page (no worker
 *   script to fetch); native HLS where there is no MSE; the fast-start MP4 last, and after any
 *   engine fails.
 * - Nothing of the video is fetched before play (no playlist, no fragment), unless `autoplay=1`.
 * - Options the server wrote on the element: `data-start`, `data-autoplay` (muted), `data-loop`,
 *   `data-captions` (the language of the track `?captions=` matched, shown at once).
 * - The site player's keyboard shortcuts (`shortcutAction`): Space/k, ←/→, j/l, ↑/↓, m, f, c,
 *   < and >, 0–9; and its lock-screen and headset controls (`attachMediaSession`, with the
 *   uploader from `data-artist`).
 */
import { attachMediaSession } from '../../player';
import { levelCap, nextRate, nextVolume, seekTarget, shortcutAction, type Rendition } from '../playerLogic';

import { captionsToToggle, engineFor, fallbackAfter, type EmbedEngine, type EngineSupport } from './embedLogic';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

interface Session {
  setCap(index: number): void;
  destroy(): void;
}

function start(video: HTMLVideoElement): void {
  const data = video.dataset;
  const hlsUrl = data.hls ?? '';
  const mp4Url = data.mp4 ?? '';
  const startAt = Number(data.start ?? 0);
  const wantsAutoplay = data.autoplay === '1';
  const support: EngineSupport = {
    hls: hlsUrl !== '',
    mediaSource: 'MediaSource' in window || 'ManagedMediaSource' in window,
    nativeHls: typeof video.canPlayType === 'function' && video.canPlayType(HLS_TYPE) !== '',
  };
  let session: Session | null = null;
  let levels: Rendition[] = [];
  let wantsPlay = wantsAutoplay;
  video.addEventListener('play', () => (wantsPlay = true));
  video.addEventListener('pause', () => (wantsPlay = false));

  const cap = () => levelCap(levels, video.getBoundingClientRect(), window.devicePixelRatio || 1, Boolean(document.fullscreenElement));
  const applyCap = () => session?.setCap(cap());
  window.addEventListener('resize', applyCap);
  document.addEventListener('fullscreenchange', applyCap);

  /** Native HLS and the MP4: a plain source, the start time once its metadata is known. */
  const playSource = (url: string) => {
    video.src = url;
    if (startAt > 0) {
      const seekOnce = () => {
        video.removeEventListener('loadedmetadata', seekOnce);
        if (!Number.isFinite(video.duration) || startAt < video.duration) video.currentTime = startAt;
      };
      video.addEventListener('loadedmetadata', seekOnce);
    }
    if (wantsPlay) video.play().catch(() => undefined);
  };

  const playWith = (engine: EmbedEngine | null) => {
    if (engine === null) return;
    if (engine === 'mp4') {
      if (mp4Url) playSource(mp4Url);
      return;
    }
    if (engine === 'native') {
      playSource(hlsUrl);
      // A native HLS failure before anything played falls back to the MP4.
      video.addEventListener('error', function onError() {
        video.removeEventListener('error', onError);
        if (video.currentSrc.includes(hlsUrl) || video.getAttribute('src') === hlsUrl) playWith(fallbackAfter('native', support));
      });
      return;
    }
    import(/* webpackChunkName: "hls" */ '../hlsEngine')
      .then((engineModule) => {
        const started = engineModule.startHls(
          video,
          hlsUrl,
          {
            onLevels: (found) => {
              levels = found;
              return cap();
            },
            onFatal: (reason) => {
              console.warn('HLS playback through hls.js failed:', reason);
              session = null;
              video.removeAttribute('src');
              video.load();
              playWith(fallbackAfter('hlsjs', support));
            },
          },
          { startPosition: () => (startAt > 0 ? startAt : -1), prefetch: false, loadOnPlay: true, worker: false },
        );
        if (!started) {
          playWith(fallbackAfter('hlsjs', support));
          return;
        }
        session = started;
        if (wantsPlay) video.play().catch(() => undefined);
      })
      .catch((failure: unknown) => {
        console.warn('Could not load the HLS player:', failure);
        playWith(fallbackAfter('hlsjs', support));
      });
  };

  if (data.loop === '1') video.loop = true;
  if (wantsAutoplay) {
    video.muted = true;
    video.autoplay = true;
  }
  playWith(engineFor(support));
  // The lock screen, notification and headset controls while it plays (the site player's).
  attachMediaSession(video, { title: video.getAttribute('aria-label') ?? document.title, artist: data.artist, artwork: video.poster || undefined });

  // Captions: the track ?captions= matched shows (the server marked it `default` too).
  const subtitleTracks = () => Array.from(video.textTracks).filter((track) => track.kind === 'subtitles' || track.kind === 'captions');
  const showTrack = (lang: string | null) => {
    for (const track of subtitleTracks()) track.mode = lang !== null && track.language === lang ? 'showing' : 'disabled';
  };
  const wanted = data.captions ?? '';
  if (wanted) {
    showTrack(wanted);
    video.textTracks.addEventListener('addtrack', () => showTrack(wanted));
  }
  const toggleCaptions = () => {
    const tracks = subtitleTracks();
    if (tracks.some((track) => track.mode === 'showing')) {
      showTrack(null);
      return;
    }
    const index = captionsToToggle(
      tracks.map((track) => track.language),
      wanted,
      document.documentElement.lang,
    );
    if (index >= 0) showTrack(tracks[index]!.language);
  };

  document.addEventListener('keydown', (event) => {
    const target = event.target instanceof HTMLElement ? event.target : document.body;
    // The focused <video> plays and pauses on Space itself.
    if (target === video && event.key === ' ') return;
    const action = shortcutAction(event, { tagName: target.tagName, role: target.getAttribute('role'), isContentEditable: target.isContentEditable });
    if (!action) return;
    const length = Number.isFinite(video.duration) ? video.duration : 0;
    switch (action.type) {
      case 'togglePlay':
        if (video.paused || video.ended) video.play().catch(() => undefined);
        else video.pause();
        break;
      case 'seekBy':
        video.currentTime = seekTarget(video.currentTime, action.seconds, length);
        break;
      case 'seekToFraction':
        if (length > 0) video.currentTime = length * action.fraction;
        break;
      case 'volumeBy':
        if (action.delta > 0) video.muted = false;
        video.volume = nextVolume(video.volume, action.delta);
        break;
      case 'toggleMute':
        video.muted = !video.muted;
        break;
      case 'toggleFullscreen':
        if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
        else video.requestFullscreen?.().catch(() => undefined);
        break;
      case 'toggleCaptions':
        toggleCaptions();
        break;
      case 'rateBy':
        video.playbackRate = nextRate(video.playbackRate, action.delta);
        break;
      default:
        return;
    }
    event.preventDefault();
  });
}

const player = document.getElementById('player');
if (player instanceof HTMLVideoElement) start(player);
