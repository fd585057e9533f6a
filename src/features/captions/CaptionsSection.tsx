import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

import { errorStatus, serverMessage } from '../../api/errors';
import type { SelfieVideo } from '../../api/types';

import { type CaptionsMessageKey, CaptionsIntl, useCaptionsT } from './captionMessages';
import { useDeleteCaptionsMutation, usePutCaptionsMutation } from './captionsApi';
import { formatCueTime } from './cueTime';
import './captions.css';

type Track = SelfieVideo['captions'][number];

/** Languages offered first; any other BCP 47 tag can be typed. */
const COMMON_LANGUAGES = ['en', 'zh-Hans', 'zh-Hant'] as const;
const OTHER = 'other';

type Outcome = { kind: 'success' | 'error'; text: string };

function messageOf(failure: unknown, fallback: string): string {
  return typeof errorStatus(failure) === 'number' ? (serverMessage(failure) ?? fallback) : fallback;
}

/**
 * The edit page's captions: every track with its language, label and source; preview (its cues
 * as text), replace (a new file for the same language) and remove; and a form to add one.
 */
export function CaptionsSection({ video }: { video: SelfieVideo }) {
  return (
    <CaptionsIntl>
      <Section video={video} />
    </CaptionsIntl>
  );
}

function Section({ video }: { video: SelfieVideo }) {
  const t = useCaptionsT();
  const headingId = useId();
  const tracks = video.captions ?? [];
  const ready = !video.status || video.status === 'ready';
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const [replacing, setReplacing] = useState<string | null>(null);
  const [deleteCaptions, { isLoading: removing, originalArgs: removingArgs }] = useDeleteCaptionsMutation();

  const remove = async (track: Track) => {
    // The browser's own dialog, as for deleting a video.
    if (!window.confirm(t('captions.section.confirmRemove', { label: track.label }))) return;
    setOutcome(null);
    try {
      await deleteCaptions({ videoId: video._id, lang: track.lang }).unwrap();
      setOutcome({ kind: 'success', text: t('captions.section.removed') });
    } catch (failure) {
      setOutcome({ kind: 'error', text: messageOf(failure, t('captions.section.failed')) });
    }
  };

  return (
    <section className="card captions-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('captions.section.title')}</h2>
      <p className="captions-section__intro">
        {t('captions.section.intro')}
      </p>
      {!ready ? (
        <p className="captions-section__empty">
          {t('captions.section.notReady')}
        </p>
      ) : (
        <>
          {tracks.length === 0 ? (
            <p className="captions-section__empty">
              {t('captions.section.empty')}
            </p>
          ) : (
            <ul className="captions-section__list" aria-label={t('captions.section.list')}>
              {tracks.map((track) => (
                <li key={track.lang} className="captions-section__track">
                  <div className="captions-section__track-head">
                    <span className="captions-section__track-name" lang={track.lang}>
                      {track.label}
                    </span>
                    <span className="captions-section__track-meta">
                      {track.lang} · {t(track.source === 'auto' ? 'captions.section.source.auto' : 'captions.section.source.upload')}
                    </span>
                    <span className="captions-section__track-actions">
                      <button
                        type="button"
                        className="btn btn--small"
                        aria-expanded={previewing === track.lang}
                        onClick={() => setPreviewing(previewing === track.lang ? null : track.lang)}
                      >
                        {t(previewing === track.lang ? 'captions.section.hidePreview' : 'captions.section.preview')}
                      </button>
                      <button
                        type="button"
                        className="btn btn--small"
                        aria-expanded={replacing === track.lang}
                        aria-label={t('captions.section.replaceTrack', { label: track.label })}
                        onClick={() => setReplacing(replacing === track.lang ? null : track.lang)}
                      >
                        {t('captions.section.replace')}
                      </button>
                      <button
                        type="button"
                        className="btn btn--small btn--danger"
                        aria-label={t('captions.section.removeTrack', { label: track.label })}
                        disabled={removing}
                        onClick={() => void remove(track)}
                      >
                        {t(removing && removingArgs?.lang === track.lang ? 'captions.section.removing' : 'captions.section.remove')}
                      </button>
                    </span>
                  </div>
                  {replacing === track.lang ? (
                    <CaptionForm
                      video={video}
                      fixedLang={track.lang}
                      defaultLabel={track.label}
                      onDone={(text) => {
                        setReplacing(null);
                        setOutcome({ kind: 'success', text });
                      }}
                    />
                  ) : null}
                  {previewing === track.lang ? <CaptionPreview track={track} /> : null}
                </li>
              ))}
            </ul>
          )}
          <h3 className="captions-section__add-title">{t('captions.section.add')}</h3>
          <CaptionForm video={video} onDone={(text) => setOutcome({ kind: 'success', text })} />
        </>
      )}
      {outcome ? (
        <p className={`alert ${outcome.kind === 'success' ? 'alert--success' : 'alert--error'}`} role={outcome.kind === 'success' ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}

interface CaptionFormProps {
  video: SelfieVideo;
  /** Replacing: the language is the track's. */
  fixedLang?: string;
  defaultLabel?: string;
  onDone(text: string): void;
}

function CaptionForm({ video, fixedLang, defaultLabel, onDone }: CaptionFormProps) {
  const t = useCaptionsT();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const taken = new Set((video.captions ?? []).map((track) => track.lang));
  const firstFree = COMMON_LANGUAGES.find((lang) => !taken.has(lang)) ?? OTHER;
  const [language, setLanguage] = useState<string>(fixedLang ?? firstFree);
  const [tag, setTag] = useState('');
  const [label, setLabel] = useState(defaultLabel ?? '');
  const [error, setError] = useState<string | null>(null);
  const [putCaptions, { isLoading }] = usePutCaptionsMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const file = fileRef.current?.files?.[0];
    const lang = fixedLang ?? (language === OTHER ? tag.trim() : language);
    if (!lang) {
      setError(t('captions.section.tagMissing'));
      return;
    }
    if (!file) {
      setError(t('captions.section.fileMissing'));
      fileRef.current?.focus();
      return;
    }
    setError(null);
    try {
      const answer = await putCaptions({ videoId: video._id, lang, file, label }).unwrap();
      if (fileRef.current) fileRef.current.value = '';
      if (!fixedLang) setLabel('');
      onDone(answer.message?.trim() || t('captions.section.saved'));
    } catch (failure) {
      console.error('Failed to save captions:', failure);
      setError(messageOf(failure, t('captions.section.failed')));
    }
  };

  const errorId = `${id}-error`;
  return (
    <form className="captions-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={isLoading}>
      {fixedLang ? null : (
        <div className="form-field">
          <label htmlFor={`${id}-lang`}>{t('captions.section.language')}</label>
          <select id={`${id}-lang`} value={language} onChange={(event) => setLanguage(event.target.value)} disabled={isLoading}>
            {COMMON_LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {t(`captions.lang.${lang}` as CaptionsMessageKey)}
              </option>
            ))}
            <option value={OTHER}>{t('captions.section.otherLanguage')}</option>
          </select>
        </div>
      )}
      {!fixedLang && language === OTHER ? (
        <div className="form-field">
          <label htmlFor={`${id}-tag`}>{t('captions.section.languageTag')}</label>
          <input id={`${id}-tag`} type="text" value={tag} onChange={(event) => setTag(event.target.value)} maxLength={35} disabled={isLoading} autoComplete="off" />
        </div>
      ) : null}
      <div className="form-field">
        <label htmlFor={`${id}-label`}>{t('captions.section.label')}</label>
        <input id={`${id}-label`} type="text" value={label} onChange={(event) => setLabel(event.target.value)} maxLength={80} disabled={isLoading} />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-file`}>{t('captions.section.file')}</label>
        <input
          id={`${id}-file`}
          ref={fileRef}
          type="file"
          accept=".srt,.vtt,text/vtt,application/x-subrip"
          disabled={isLoading}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <button type="submit" className="btn btn--primary btn--small" disabled={isLoading}>
        {t(isLoading ? 'captions.section.uploading' : 'captions.section.upload')}
      </button>
      {error ? (
        <p id={errorId} className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** The track's lines as text (fetched and parsed on demand). */
function CaptionPreview({ track }: { track: Track }) {
  const t = useCaptionsT();
  const [lines, setLines] = useState<Array<{ start: number; text: string }> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import(/* webpackChunkName: "captions-parse" */ './vtt')
      .then(({ loadCues }) => loadCues(track.url))
      .then((cues) => {
        if (live) setLines(cues);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [track.url]);
  if (failed) return <p className="alert alert--error">{t('captions.transcript.failed')}</p>;
  if (!lines) return <p className="captions-section__loading">{t('captions.transcript.loading')}</p>;
  return (
    <ol className="captions-preview" aria-label={t('captions.section.previewOf', { label: track.label })} lang={track.lang}>
      {lines.map((line, index) => (
        <li key={index}>
          <span className="captions-preview__time">{formatCueTime(line.start)}</span> {line.text}
        </li>
      ))}
    </ol>
  );
}
