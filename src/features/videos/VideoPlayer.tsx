import { type CSSProperties, type ChangeEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';

import { useT } from '../../i18n/useT';

import type { HlsSession } from './hlsEngine';
import { parseMasterPlaylist } from './hlsPlaylist';
import { aspectOf } from './media';

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
  /** Qualities the playlist offers (from the video's answer): more than one shows the toolbar from the first render. */
  qualities?: number;
}

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

function hasNativeHls(video: HTMLVideoElement): boolean {
  return typeof video.canPlayType === 'function' && video.canPlayType(HLS_TYPE) !== '';
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

/**
 * The video page's player. HLS plays natively where the browser can (Safari, recent Chromium),
 * elsewhere through hls.js, loaded as its own chunk only then; when neither works, or hls.js
 * fails for good, the progressive MP4 plays. With several renditions a Quality menu offers Auto
 * plus each rendition. The box has the video's own aspect ratio from the start (portrait stays
 * portrait, nothing moves when the video loads).
 */
export function VideoPlayer({ src, hlsUrl, poster, title, width, height, qualities = 0 }: VideoPlayerProps) {
  const t = useT();
  const qualityId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [engine, setEngine] = useState<Engine>(hlsUrl ? 'starting' : 'mp4');
  const [source, setSource] = useState<string | undefined>(hlsUrl ? undefined : src);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [choice, setChoice] = useState<number>(AUTO);
  const [showing, setShowing] = useState<{ width: number; height: number } | null>(null);
  const session = useRef<HlsSession | null>(null);
  /** Where to carry on after a native source change (quality switch). */
  const resume = useRef<{ time: number; play: boolean } | null>(null);
  /** Starts hls.js (set by the effect; the native path calls it when native playback fails). */
  const startHlsJs = useRef<() => void>(() => undefined);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !hlsUrl) return undefined;
    let disposed = false;

    const playMp4 = () => {
      if (disposed) return;
      session.current?.destroy();
      session.current = null;
      setLevels([]);
      setChoice(AUTO);
      setEngine('mp4');
      setSource(src);
    };

    startHlsJs.current = () => {
      if (disposed) return;
      if (!hasMediaSource()) {
        playMp4();
        return;
      }
      setEngine('starting');
      setSource(undefined);
      setLevels([]);
      setChoice(AUTO);
      import(/* webpackChunkName: "hls" */ './hlsEngine')
        .then((engineModule) => {
          if (disposed) return;
          const started = engineModule.startHls(video, hlsUrl, {
            onLevels: (found) => {
              if (!disposed) setLevels(sortLevels(found.map((level) => ({ ...level, id: level.index }))));
            },
            onFatal: (reason) => {
              console.warn('HLS playback failed, playing the MP4:', reason);
              playMp4();
            },
          });
          if (!started) {
            playMp4();
            return;
          }
          session.current = started;
          setEngine('hlsjs');
        })
        .catch((failure: unknown) => {
          console.warn('Could not load the HLS player, playing the MP4:', failure);
          playMp4();
        });
    };

    if (hasNativeHls(video)) {
      setEngine('native');
      setSource(hlsUrl);
      // Native HLS has no rendition API: the menu comes from the master playlist itself.
      const playlistUrl = new URL(hlsUrl, window.location.href).href;
      fetch(playlistUrl, { credentials: 'same-origin' })
        .then((response) => (response.ok ? response.text() : ''))
        .then((text) => {
          if (disposed) return;
          const variants = parseMasterPlaylist(text, playlistUrl);
          setLevels(
            sortLevels(variants.map((variant, index) => ({ id: index, width: variant.width, height: variant.height, bitrate: variant.bandwidth, url: variant.url }))),
          );
        })
        .catch(() => {
          // No menu then; playback itself does not depend on it.
        });
    } else {
      startHlsJs.current();
    }

    return () => {
      disposed = true;
      session.current?.destroy();
      session.current = null;
    };
  }, [hlsUrl, src]);

  const onError = useCallback(() => {
    // Native HLS that cannot play this stream: hls.js next, then the MP4.
    if (engine === 'native') startHlsJs.current();
  }, [engine]);

  const onLoadedMetadata = useCallback(() => {
    const video = videoRef.current;
    const at = resume.current;
    if (!video || !at) return;
    resume.current = null;
    if (at.time > 0) video.currentTime = at.time;
    if (at.play) void video.play().catch(() => undefined);
  }, []);

  const onResize = useCallback(() => {
    const video = videoRef.current;
    if (video && video.videoWidth > 0) setShowing({ width: video.videoWidth, height: video.videoHeight });
  }, []);

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
      resume.current = { time: video.currentTime, play: !video.paused && !video.ended };
      setSource(next);
    }
  };

  const aspect = aspectOf({ width, height });
  const style = { '--video-w': aspect.width, '--video-h': aspect.height } as CSSProperties;
  const autoLabel = showing && choice === AUTO ? t('videos.player.autoShowing', { quality: qualityName({ ...showing, bitrate: 0 }) }) : t('videos.player.auto');

  return (
    <div className="video-player" style={style} data-engine={engine}>
      <div className="video-player__frame">
        {/* Self-shot uploads come without caption files; there is no track to offer. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <video
          ref={videoRef}
          className="video-player__video"
          controls
          preload="metadata"
          playsInline
          poster={poster || undefined}
          src={source}
          width={aspect.width}
          height={aspect.height}
          aria-label={t('videos.player.label', { title })}
          onError={onError}
          onLoadedMetadata={onLoadedMetadata}
          onResize={onResize}
        >
          <p>
            <FormattedMessage id="videos.player.unsupported" />
          </p>
        </video>
      </div>
      {/* Known from the answer, the toolbar is there from the first paint (Auto until the playlist is read): no layout shift. */}
      {levels.length > 1 || (hlsUrl && qualities > 1) ? (
        <div className="video-player__toolbar">
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
        </div>
      ) : null}
    </div>
  );
}
