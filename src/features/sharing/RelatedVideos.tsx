import { skipToken } from '@reduxjs/toolkit/query/react';
import { useDeferredValue, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';

import type { SelfieVideo } from '../../api/types';
import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';
import { VideoCardForSelfie } from '../videos';

import { useGetRelatedVideosQuery } from './sharingApi';
import './sharing.css';

/** Seconds the "Up next" countdown runs before the next video opens. */
export const UP_NEXT_SECONDS = 8;
/** The viewer's choice, kept in this browser: "off" turns the countdown off. */
export const UP_NEXT_STORAGE_KEY = 'upNext.autoplay';

const subscribeNever = () => () => undefined;

function readAutoplay(): boolean {
  try {
    return typeof window === 'undefined' || window.localStorage.getItem(UP_NEXT_STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

function writeAutoplay(on: boolean) {
  try {
    window.localStorage.setItem(UP_NEXT_STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

interface RelatedVideosProps {
  videoId: string;
  /** Playback reached the end: the "Up next" countdown starts (unless the viewer turned it off). */
  ended: boolean;
  /** The countdown was cancelled or played: the page forgets the end. */
  onDismiss: () => void;
  /** What plays next instead of the first related video (the next one of a playlist being played). */
  upNext?: { video: SelfieVideo; path: string };
}

/**
 * Below the player: public videos related to this one (docs/sharing.md), and at the end of
 * playback an "Up next" countdown to the first of them (or to the playlist's next video when one is
 * being played), which the viewer can cancel, play at once, or turn off for good (a setting kept
 * in this browser).
 */
export function RelatedVideos({ videoId, ended, onDismiss, upNext }: RelatedVideosProps) {
  const t = useT();
  const headingId = useId();
  // Asked for once the section nears the screen (or playback ends), so it never competes with the
  // player's first fragments; a browser without IntersectionObserver gets a button instead.
  const sectionRef = useRef<HTMLElement>(null);
  const [wanted, setWanted] = useState(false);
  // The server renders (and the browser hydrates) as if there were an observer; then the truth.
  const noObserver = useSyncExternalStore(
    subscribeNever,
    () => typeof IntersectionObserver === 'undefined',
    () => false,
  );
  useEffect(() => {
    const element = sectionRef.current;
    if (wanted || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);
  const load = wanted || ended;
  const { data, error, isLoading, refetch } = useGetRelatedVideosQuery(load ? { id: videoId } : skipToken);
  const [autoplay, setAutoplay] = useState(readAutoplay);
  // The list (a dozen cards) renders in a deferred pass, in slices, not in the long task the
  // answer arrives in; until then it shows as loading.
  const shown = useDeferredValue(data);
  const videos = shown?.videos ?? [];
  const first = videos[0];
  const next = upNext ?? (first ? { video: first, path: paths.selfieVideo(first._id) } : undefined);

  return (
    <section ref={sectionRef} className="related" aria-labelledby={headingId}>
      {ended && next && autoplay ? <UpNext key={next.path} video={next.video} target={next.path} onCancel={onDismiss} /> : null}
      <div className="related__header">
        <h2 id={headingId} className="related__title">
          {t('sharing.related.title')}
        </h2>
        <label className="related__setting">
          <input
            type="checkbox"
            checked={autoplay}
            onChange={(event) => {
              setAutoplay(event.target.checked);
              writeAutoplay(event.target.checked);
              if (!event.target.checked) onDismiss();
            }}
          />{' '}
          {t('sharing.upNext.autoplay')}
        </label>
      </div>
      {!load ? (
        noObserver ? (
          <button type="button" className="btn btn--small btn--ghost" onClick={() => setWanted(true)}>
            {t('sharing.related.show')}
          </button>
        ) : (
          <p className="related__status">{t('sharing.related.loading')}</p>
        )
      ) : isLoading || (data !== undefined && shown === undefined) ? (
        <p className="related__status" role="status">
          {t('sharing.related.loading')}
        </p>
      ) : error ? (
        <div className="related__status">
          <p>{t('sharing.related.failed')}</p>
          <button type="button" className="btn btn--small btn--ghost" onClick={() => void refetch()}>
            {t('videos.retry')}
          </button>
        </div>
      ) : videos.length === 0 ? (
        <p className="related__status">{t('sharing.related.empty')}</p>
      ) : (
        <ul className="related__list">
          {videos.map((video) => (
            <li key={video._id}>
              <VideoCardForSelfie video={video} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The countdown panel: "Up next: <title>. Playing in 5 seconds", Play now, Cancel (focus goes to Cancel). */
export function UpNext({
  video,
  target = paths.selfieVideo(video._id),
  onCancel,
  seconds = UP_NEXT_SECONDS,
}: {
  video: SelfieVideo;
  /** Where it opens: the video's page, within its playlist when one is being played. */
  target?: string;
  onCancel: () => void;
  seconds?: number;
}) {
  const t = useT();
  const navigate = useNavigate();
  const headingId = useId();
  const [left, setLeft] = useState(seconds);
  const [cancelled, setCancelled] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    cancelRef.current?.focus();
  }, []);

  useEffect(() => {
    if (cancelled) return undefined;
    if (left <= 0) {
      void navigate(target);
      return undefined;
    }
    const timer = window.setTimeout(() => setLeft((was) => was - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cancelled, left, navigate, target]);

  if (cancelled) return null;
  return (
    <div className="up-next" role="region" aria-labelledby={headingId}>
      <h3 id={headingId} className="up-next__title">
        {t('sharing.upNext.title')}: {video.title}
      </h3>
      <p className="up-next__countdown" aria-live="polite">
        {t('sharing.upNext.countdown', { seconds: left })}
      </p>
      <div className="up-next__actions">
        <button type="button" className="btn btn--small btn--primary" onClick={() => void navigate(target)}>
          {t('sharing.upNext.playNow')}
        </button>
        <button
          ref={cancelRef}
          type="button"
          className="btn btn--small"
          onClick={() => {
            setCancelled(true);
            onCancel();
          }}
        >
          {t('sharing.upNext.cancel')}
        </button>
      </div>
    </div>
  );
}
