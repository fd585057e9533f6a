import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';

import type { SelfieVideo } from '../../api/types';

import { trackFor } from './captionChoice';
import { CaptionsIntl, useCaptionsT } from './captionMessages';
import { formatCueTime } from './cueTime';
import type { PlaybackClock } from './playbackClock';
import type { TranscriptCue } from './vtt';
import './captions.css';

type Track = SelfieVideo['captions'][number];

export interface TranscriptPanelProps {
  captions: Track[];
  clock: PlaybackClock;
  /** The id of the panel's region (the toggle button controls it). */
  id: string;
}

/** The cue playing at `time`: the last one started and not yet ended (overlaps: the latest start). */
export function currentCueIndex(cues: readonly TranscriptCue[], time: number): number {
  let found = -1;
  for (let i = 0; i < cues.length; i += 1) {
    const cue = cues[i] as TranscriptCue;
    if (cue.start > time) break;
    if (time < cue.end) found = i;
  }
  return found;
}

/**
 * The transcript of the selected caption track: every cue with its time, the one playing marked
 * (aria-current) and kept in view within the list, a click (or Enter) seeks there and plays;
 * search within (the list narrows, the count is announced) and copy as text.
 */
export function TranscriptPanel(props: TranscriptPanelProps) {
  return (
    <CaptionsIntl>
      <Panel {...props} />
    </CaptionsIntl>
  );
}

function Panel({ captions, clock, id }: TranscriptPanelProps) {
  const t = useCaptionsT();
  const intl = useIntl();
  const headingId = useId();
  const searchId = useId();
  const langId = useId();
  const showing = useSyncExternalStore(clock.subscribe, () => clock.lang, () => null);
  const time = useSyncExternalStore(clock.subscribe, () => clock.time, () => 0);
  const [picked, setPicked] = useState<string | null>(null);
  // The track the player shows, else the one picked here, else the interface language's, else the first.
  const lang = showing ?? picked ?? trackFor(captions, intl.locale)?.lang ?? captions[0]?.lang ?? null;
  const track = captions.find((item) => item.lang === lang) ?? captions[0];
  /** What was loaded for which file and attempt (a change of either shows "loading" again). */
  const [loaded, setLoaded] = useState<{ key: string; cues: TranscriptCue[] | null } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const loadKey = track ? `${track.url}#${attempt}` : '';
  const cues = loaded?.key === loadKey ? loaded.cues : null;
  const failed = loaded?.key === loadKey && loaded.cues === null;
  const [query, setQuery] = useState('');
  const [copyState, setCopyState] = useState<'copied' | 'failed' | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const interacting = useRef(false);

  useEffect(() => {
    if (!track) return undefined;
    const controller = new AbortController();
    import(/* webpackChunkName: "captions-parse" */ './vtt')
      .then(({ loadCues }) => loadCues(track.url, controller.signal))
      .then((found) => setLoaded({ key: loadKey, cues: found }))
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Could not load the transcript:', failure);
        setLoaded({ key: loadKey, cues: null });
      });
    return () => controller.abort();
  }, [track, loadKey]);

  const current = cues ? currentCueIndex(cues, time) : -1;
  const needle = query.trim().toLocaleLowerCase();
  const shown = useMemo(
    () => (cues ?? []).map((cue, index) => ({ cue, index })).filter(({ cue }) => !needle || cue.text.toLocaleLowerCase().includes(needle)),
    [cues, needle],
  );

  // The playing line stays in view inside the list (never scrolling the page), unless the viewer
  // is using the list.
  useEffect(() => {
    const list = listRef.current;
    if (!list || current < 0 || interacting.current) return;
    const item = list.querySelector<HTMLElement>(`[data-cue="${current}"]`);
    if (!item) return;
    // The list is positioned: offsetTop is within it.
    const top = item.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
    }
  }, [current]);

  const copy = useCallback(async () => {
    const text = (cues ?? []).map((cue) => `${formatCueTime(cue.start)} ${cue.text}`).join('\n');
    try {
      await navigator.clipboard.writeText(text);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  }, [cues]);

  if (!track) return null;

  return (
    <section id={id} className="transcript" aria-labelledby={headingId}>
      <h2 id={headingId} className="transcript__title">
        {t('captions.transcript.title')}
      </h2>
      <div className="transcript__tools">
        {captions.length > 1 ? (
          <span className="transcript__tool">
            <label htmlFor={langId}>{t('captions.transcript.language')}</label>
            <select
              id={langId}
              value={track.lang}
              onChange={(event) => {
                setPicked(event.target.value);
                clock.setLang(null);
              }}
            >
              {captions.map((item) => (
                <option key={item.lang} value={item.lang}>
                  {item.label}
                </option>
              ))}
            </select>
          </span>
        ) : null}
        <span className="transcript__tool">
          <label htmlFor={searchId} className="visually-hidden">
            {t('captions.transcript.search')}
          </label>
          <input
            id={searchId}
            type="search"
            placeholder={t('captions.transcript.search')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            disabled={!cues}
          />
        </span>
        <button type="button" className="btn btn--small" onClick={() => void copy()} disabled={!cues || cues.length === 0}>
          {t('captions.transcript.copy')}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        <span>{needle && cues ? t('captions.transcript.matches', { count: shown.length }) : ''}</span>{' '}
        <span>{copyState === 'copied' ? t('captions.transcript.copied') : ''}</span>
      </p>
      {copyState === 'failed' ? (
        <p className="alert alert--error" role="alert">
          {t('captions.transcript.copyFailed')}
        </p>
      ) : null}
      {failed ? (
        <div className="transcript__status">
          <p className="alert alert--error" role="alert">
            {t('captions.transcript.failed')}
          </p>
          <button type="button" className="btn btn--small" onClick={() => setAttempt((count) => count + 1)}>
            {t('captions.transcript.retry')}
          </button>
        </div>
      ) : !cues ? (
        <p className="transcript__status" role="status">
          {t('captions.transcript.loading')}
        </p>
      ) : cues.length === 0 ? (
        <p className="transcript__status">{t('captions.transcript.empty')}</p>
      ) : (
        <ol
          ref={listRef}
          className="transcript__list"
          aria-label={t('captions.transcript.lines')}
          lang={track.lang}
          onPointerEnter={() => (interacting.current = true)}
          onPointerLeave={() => (interacting.current = false)}
          onFocus={() => (interacting.current = true)}
          onBlur={() => (interacting.current = false)}
        >
          {shown.map(({ cue, index }) => (
            <li key={index} data-cue={index} className={index === current ? 'transcript__cue transcript__cue--current' : 'transcript__cue'}>
              <button
                type="button"
                className="transcript__seek"
                aria-current={index === current ? 'true' : undefined}
                onClick={() => clock.seek?.(cue.start)}
              >
                {/* The name reads "Play from 0:04 …": the visible time and text, with what the button does first. */}
                <span className="visually-hidden">{t('captions.transcript.playFrom')} </span>
                <span className="transcript__time">{formatCueTime(cue.start)}</span>{' '}
                <span className="transcript__text">{cue.text}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default TranscriptPanel;
