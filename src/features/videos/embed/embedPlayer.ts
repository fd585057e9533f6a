/**
 * The embed page's player (`/embed/selfieVideos/{id}`, docs/sharing.md): the browser's own
 * `<video controls>` driven by a few kilobytes, its own webpack entry (no React, no app).
 *
 * - The shared player engine (`createVideoEngine`, src/features/player/engine.ts, the video
 *   page's too): hls.js (light build, its own lazily loaded chunks) where Media Source Extensions
 *   exist, with the rendition cap for the frame's size and the start level for the link,
 *   remuxing on the page (no worker script to fetch); native HLS where there is no MSE; the
 *   fast-start MP4 last, and after any engine fails. A play pressed while hls.js is still on its
 *   way plays the moment it is attached.
 * - Nothing of the video is fetched before play (no playlist, no fragment), unless `autoplay=1`.
 * - Options the server wrote on the element: `data-start`, `data-autoplay` (muted), `data-loop`,
 *   `data-captions` (the language of the track `?captions=` matched, shown at once).
 * - The site player's keyboard shortcuts (`shortcutAction`): Space/k, ←/→, j/l, ↑/↓, m, f, c,
 *   < and >, 0–9; and its lock-screen and headset controls (`attachMediaSession`, with the
 *   uploader from `data-artist`).
 * - Listen mode, as on the video page: a Listen button in the title bar plays the audio-only
 *   playlist (`data-audio`) from the same time; `data-no-sound` turns it into its reason.
 */
import { attachMediaSession, createVideoEngine, type EngineState } from '../../player';
import { nextRate, nextVolume, seekTarget, shortcutAction } from '../playerLogic';

import { captionsToToggle } from './embedLogic';

/** The URLs of `data-progressive` (`[[url, width, height], …]`, server/http/fast-start.ts). */
function progressiveUrls(attribute: string | undefined): string[] {
  try {
    const rungs: unknown = JSON.parse(attribute ?? '[]');
    return Array.isArray(rungs) ? rungs.map((rung: unknown) => (Array.isArray(rung) ? rung[0] : null)).filter((url): url is string => typeof url === 'string') : [];
  } catch {
    return [];
  }
}

function start(video: HTMLVideoElement): void {
  const data = video.dataset;
  const wantsAutoplay = data.autoplay === '1';
  if (data.loop === '1') video.loop = true;
  if (wantsAutoplay) {
    video.muted = true;
    video.autoplay = true;
  }
  const engine = createVideoEngine(video, {
    hls: data.hls,
    mp4: data.mp4,
    audio: data.audio,
    // The rungs the page's fast-start picker chose from: a video started on one is adopted.
    progressive: progressiveUrls(data.progressive),
    startAt: Number(data.start ?? 0),
    autoplay: wantsAutoplay,
    // Nothing before play, not even the master playlist; no worker script to fetch.
    prefetch: false,
    loadOnPlay: true,
    worker: false,
  });
  // Nothing could play (offline, every source failing): the title bar says so, with Retry (its
  // k key retries too), rather than leaving the controls dead.
  const zh = document.documentElement.lang.startsWith('zh');
  let notice: HTMLElement | null = null;
  const sayWhenFailed = (state: EngineState) => {
    if (!state.failed) {
      notice?.remove();
      notice = null;
    } else if (!notice) {
      notice = document.createElement('p');
      notice.setAttribute('role', 'alert');
      notice.textContent = zh ? '视频无法播放。' : 'The video could not be played. ';
      const retry = document.createElement('a');
      retry.href = '#';
      retry.setAttribute('role', 'button');
      retry.textContent = zh ? '重试' : 'Retry';
      retry.addEventListener('click', (event) => {
        event.preventDefault();
        engine.retry();
      });
      notice.append(retry);
      (document.querySelector('.bar') ?? document.body).append(notice);
    }
  };
  engine.subscribe(sayWhenFailed);
  sayWhenFailed(engine.state());

  // Listen mode (docs/player.md): sound only from the audio playlist (the element then shows its
  // poster), at the same time, playing or paused as it was. Without sound the button says why.
  const bar = document.querySelector('.bar');
  const listen = document.createElement('button');
  listen.type = 'button';
  listen.textContent = zh ? '收听' : 'Listen';
  listen.setAttribute('aria-pressed', 'false');
  const noSound = data.noSound === '1';
  if (noSound) {
    const why = document.createElement('span');
    why.id = 'no-sound';
    why.textContent = zh ? '此视频没有声音' : 'This video has no sound';
    listen.setAttribute('aria-disabled', 'true');
    listen.setAttribute('aria-describedby', why.id);
    bar?.prepend(why);
  }
  listen.addEventListener('click', () => {
    if (noSound) return;
    const on = !engine.state().listening;
    listen.setAttribute('aria-pressed', String(on));
    engine.setListening(on);
  });
  bar?.prepend(listen);
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
        if (video.paused || video.ended) engine.play();
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
