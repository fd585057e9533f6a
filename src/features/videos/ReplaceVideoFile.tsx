import { type ChangeEvent, type FormEvent, useId, useState } from 'react';

import type { SelfieVideo } from '../../api/types';
import { videoChangeTags } from '../../api/tags';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { MessageKey } from '../../i18n/messages';
import { selectLocale } from '../../i18n/languageSlice';
import { useT } from '../../i18n/useT';

import { ResumableProgress } from './ResumableProgress';
import { discardStoredUpload } from './resumableUpload';
import { usePreviousUpload, useResumableUpload } from './useResumableUpload';
import { FieldError } from './VideoFormFields';
import { MAX_VIDEO_BYTES } from './uploadRequest';
import { videosApi } from './videosApi';

type Outcome = { kind: 'success' | 'error' | 'info'; text: string };

/**
 * "Replace video file" on the owner's edit page: a new file for the same video (id, likes and
 * comments stay), sent as a resumable upload with Upload-Metadata `replaces` = the video's id.
 * Pause, resume, retries, the offline message and resumption after a reload work as on the
 * Upload page. Once the last byte is in, the video is processed again and the page shows it.
 */
export function ReplaceVideoFile({ video }: { video: SelfieVideo }) {
  const t = useT();
  const id = useId();
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  const resumable = useResumableUpload();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [generation, setGeneration] = useState(0);
  const { previous, forget } = usePreviousUpload(file, video.user, video._id);
  const running = resumable.snapshot !== null;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.currentTarget.files?.[0] ?? null;
    let refused: MessageKey | null = null;
    if (picked && picked.type && !picked.type.startsWith('video/')) refused = 'videos.upload.notVideo';
    else if (picked && picked.size > MAX_VIDEO_BYTES) refused = 'videos.upload.videoTooLarge';
    if (refused) event.currentTarget.value = '';
    setProblem(refused ?? (picked ? null : 'videos.upload.noVideo'));
    setFile(refused ? null : picked);
    setOutcome(null);
  };

  const send = async (resume: boolean) => {
    if (!file) {
      setProblem('videos.upload.noVideo');
      return;
    }
    setOutcome(null);
    if (!resume && previous) void discardStoredUpload(previous, locale);
    forget();
    const final = await resumable.start({
      file,
      userId: video.user,
      title: video.title,
      description: video.description ?? '',
      visibility: video.visibility === 'private' ? 'private' : 'public',
      replaces: video._id,
      locale,
      previous: resume && previous ? previous.previous : undefined,
    });
    resumable.clear();
    if (final.phase === 'cancelled') {
      setOutcome({ kind: 'info', text: t('videos.upload.cancelled') });
      return;
    }
    if (final.phase === 'failed') {
      console.error('Replacing the video file failed:', final.errorStatus, final.errorMessage);
      setOutcome({
        kind: 'error',
        text: final.errorMessage ?? (final.errorStatus ? t('videos.upload.failed') : t('videos.upload.error')),
      });
      return;
    }
    setFile(null);
    setGeneration((value) => value + 1);
    setOutcome({ kind: 'success', text: t('videos.replace.done') });
    // The video is processing again: every page holding it refetches and follows it.
    dispatch(
      videosApi.util.invalidateTags([...videoChangeTags({ videoId: video._id, ownerId: video.user }), { type: 'VideoProcessing', id: video._id }]),
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send(false);
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <section className="card video-form replace-video" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="replace-video__title">
        {t('videos.replace.title')}
      </h2>
      <form noValidate onSubmit={submit} className="replace-video__form" aria-busy={running}>
        <div className="video-form__field">
          <label htmlFor={`${id}-file`}>{t('videos.upload.videoFile')}</label>
          <p id={hintId} className="video-form__hint">
            {t('videos.replace.hint')}
          </p>
          <input
            key={generation}
            id={`${id}-file`}
            type="file"
            accept="video/*"
            disabled={running}
            onChange={pick}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          />
          <FieldError id={errorId} messageId={problem} />
        </div>
        {previous && file && !running ? (
          <div className="upload-resume" role="group" aria-labelledby={`${id}-resume`}>
            <p id={`${id}-resume`}>{t('videos.upload.resumeOffer', { file: file.name })}</p>
            <div className="upload-resume__actions">
              <button type="button" className="btn btn--primary btn--small" onClick={() => void send(true)}>
                {t('videos.upload.resumeOfferButton', { file: file.name })}
              </button>
            </div>
          </div>
        ) : null}
        {resumable.snapshot ? (
          <ResumableProgress
            snapshot={resumable.snapshot}
            onPause={resumable.pause}
            onResume={resumable.resume}
            onCancel={resumable.cancel}
          />
        ) : null}
        <button type="submit" className="btn" disabled={!file || running}>
          {running ? t('videos.upload.uploading') : t('videos.replace.submit')}
        </button>
        {outcome ? (
          <p
            className={`alert ${outcome.kind === 'success' ? 'alert--success' : outcome.kind === 'error' ? 'alert--error' : ''} video-form__outcome`}
            role={outcome.kind === 'error' ? 'alert' : 'status'}
          >
            {outcome.text}
          </p>
        ) : null}
      </form>
    </section>
  );
}
