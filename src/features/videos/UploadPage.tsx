import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, Navigate } from 'react-router-dom';

import { serverMessage } from '../../api/errors';
import { useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/routes';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { selectAuthLoading, selectIsLoggedIn } from '../auth';

import { CheckingAuthentication } from './CheckingAuthentication';
import { FieldError, type VideoFormValues, VideoTextFields } from './VideoFormFields';
import { MAX_THUMBNAIL_BYTES, MAX_VIDEO_BYTES, UPLOAD_ABORTED } from './uploadRequest';
import { useUploadVideoMutation } from './videosApi';
import './videos.css';

/**
 * /upload-movie: visitors are sent to /login once the session check has
 * answered ("Checking authentication..." until then); users get the upload form.
 */
export function UploadPage() {
  const authLoading = useAppSelector(selectAuthLoading);
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  if (authLoading) return <CheckingAuthentication />;
  if (!isLoggedIn) return <Navigate to={paths.login} replace />;
  return <UploadForm />;
}

type Outcome = { kind: 'success'; text: string; videoId?: string } | { kind: 'error'; text: string };

const EMPTY_VALUES: VideoFormValues = { title: '', description: '', visibility: 'public' };

/** Checks a picked file against the stated type and size; the message to show, or null when it is fine. */
function fileProblem(file: File, kind: 'video' | 'image'): MessageKey | null {
  if (kind === 'video') {
    if (file.type && !file.type.startsWith('video/')) return 'videos.upload.notVideo';
    if (file.size > MAX_VIDEO_BYTES) return 'videos.upload.videoTooLarge';
  } else {
    if (file.type && !file.type.startsWith('image/')) return 'videos.upload.notImage';
    if (file.size > MAX_THUMBNAIL_BYTES) return 'videos.upload.thumbnailTooLarge';
  }
  return null;
}

/** An object URL for previewing a picked image, revoked when replaced and on unmount. */
function useObjectUrl(): [string | null, (file: File | null) => void] {
  const current = useRef<string | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const replace = useCallback((file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    const next = file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    current.current = next;
    setUrl(next);
  }, []);
  useEffect(() => {
    const held = current;
    return () => {
      if (held.current) URL.revokeObjectURL(held.current);
      held.current = null;
    };
  }, []);
  return [url, replace];
}

function UploadForm() {
  const t = useT();
  const id = useId();
  const [uploadVideo] = useUploadVideoMutation();
  const running = useRef<ReturnType<typeof uploadVideo> | null>(null);

  const [values, setValues] = useState<VideoFormValues>(EMPTY_VALUES);
  const [videoFile, setVideoFile] = useState<File | null>(null);
  const [thumbnailFile, setThumbnailFile] = useState<File | null>(null);
  const [preview, setPreview] = useObjectUrl();
  const [touched, setTouched] = useState({ title: false, video: false, thumbnail: false });
  const [videoProblem, setVideoProblem] = useState<MessageKey | null>(null);
  const [thumbnailProblem, setThumbnailProblem] = useState<MessageKey | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Changing it remounts the file pickers: the way to empty them that works everywhere.
  const [pickerGeneration, setPickerGeneration] = useState(0);

  // Leaving the page cancels a running upload.
  useEffect(() => () => running.current?.abort(), []);

  const uploading = progress !== null;
  const titleMissing = !values.title.trim();
  const canSubmit = !titleMissing && videoFile !== null && thumbnailFile !== null && !uploading;

  const titleError: MessageKey | null = touched.title && titleMissing ? 'videos.validation.titleRequired' : null;
  const videoError: MessageKey | null =
    videoProblem ?? (touched.video && !videoFile ? 'videos.upload.noVideo' : null);
  const thumbnailError: MessageKey | null =
    thumbnailProblem ?? (touched.thumbnail && !thumbnailFile ? 'videos.upload.noThumbnail' : null);

  const pickFile = (event: ChangeEvent<HTMLInputElement>, kind: 'video' | 'image') => {
    const input = event.currentTarget;
    const file = input.files?.[0] ?? null;
    const problem = file ? fileProblem(file, kind) : null;
    // A refused file is not kept: the picker is cleared so what it shows matches what is sent.
    if (problem) input.value = '';
    const accepted = problem ? null : file;
    if (kind === 'video') {
      setTouched((was) => ({ ...was, video: true }));
      setVideoProblem(problem);
      setVideoFile(accepted);
    } else {
      setTouched((was) => ({ ...was, thumbnail: true }));
      setThumbnailProblem(problem);
      setThumbnailFile(accepted);
      setPreview(accepted);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ title: true, video: true, thumbnail: true });
    if (!canSubmit || !videoFile || !thumbnailFile) return;
    // The limits are checked again right before sending.
    const videoCheck = fileProblem(videoFile, 'video');
    const thumbnailCheck = fileProblem(thumbnailFile, 'image');
    if (videoCheck || thumbnailCheck) {
      setVideoProblem(videoCheck);
      setThumbnailProblem(thumbnailCheck);
      return;
    }

    setOutcome(null);
    setProgress(0);
    const request = uploadVideo({
      title: values.title.trim(),
      description: values.description.trim(),
      visibility: values.visibility,
      movieFile: videoFile,
      thumbnailFile,
      onProgress: setProgress,
    });
    running.current = request;
    try {
      const answer = await request.unwrap();
      // A fresh form for the next video; the message and a link to this one stay.
      setPickerGeneration((generation) => generation + 1);
      setValues(EMPTY_VALUES);
      setVideoFile(null);
      setThumbnailFile(null);
      setPreview(null);
      setTouched({ title: false, video: false, thumbnail: false });
      setVideoProblem(null);
      setThumbnailProblem(null);
      setOutcome({ kind: 'success', text: answer.message ?? '', videoId: answer.video?._id });
    } catch (failure) {
      const error = failure as { status?: unknown; error?: unknown; name?: unknown };
      // Aborted because the page was left: nobody is there to tell.
      if (error?.name === 'AbortError' || (error?.status === 'CUSTOM_ERROR' && error.error === UPLOAD_ABORTED)) return;
      console.error('Upload failed:', failure);
      setOutcome({
        kind: 'error',
        // The server's message; else a refusal (non-200 answer) or an unreachable server.
        text:
          typeof error?.status === 'number'
            ? (serverMessage(failure) ?? t('videos.upload.failed'))
            : t('videos.upload.error'),
      });
    } finally {
      if (running.current === request) running.current = null;
      setProgress(null);
    }
  };

  const videoHintId = `${id}-video-hint`;
  const videoErrorId = `${id}-video-error`;
  const thumbnailHintId = `${id}-thumbnail-hint`;
  const thumbnailErrorId = `${id}-thumbnail-error`;

  return (
    <div className="page page--medium upload-page">
      <h1>{t('videos.upload.title')}</h1>

      <section className="upload-guidelines" aria-labelledby={`${id}-guidelines`}>
        <h2 id={`${id}-guidelines`} className="upload-guidelines__title">
          {t('videos.upload.guidelines.title')}
        </h2>
        <ul className="upload-guidelines__list">
          <li>{t('videos.upload.guidelines.selfShot')}</li>
          <li>{t('videos.upload.guidelines.allowed')}</li>
          <li>{t('videos.upload.guidelines.notAllowed')}</li>
          <li>{t('videos.upload.guidelines.limits')}</li>
          <li>{t('videos.upload.guidelines.visibility')}</li>
        </ul>
      </section>

      <form className="card video-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={uploading}>
        <VideoTextFields
          values={values}
          onChange={(change) => setValues((was) => ({ ...was, ...change }))}
          onTitleBlur={() => setTouched((was) => ({ ...was, title: true }))}
          titleError={titleError}
          disabled={uploading}
        />

        <div className="video-form__field">
          <label htmlFor={`${id}-video`}>{t('videos.upload.videoFile')}</label>
          <p id={videoHintId} className="video-form__hint">
            {t('videos.upload.videoHint')}
          </p>
          <input
            key={`video-${pickerGeneration}`}
            id={`${id}-video`}
            name="movieFile"
            type="file"
            accept="video/*"
            required
            disabled={uploading}
            onChange={(event) => pickFile(event, 'video')}
            aria-invalid={videoError ? true : undefined}
            aria-describedby={videoError ? `${videoHintId} ${videoErrorId}` : videoHintId}
          />
          <FieldError id={videoErrorId} messageId={videoError} />
        </div>

        <div className="video-form__field">
          <label htmlFor={`${id}-thumbnail`}>{t('videos.upload.thumbnailFile')}</label>
          <p id={thumbnailHintId} className="video-form__hint">
            {t('videos.upload.thumbnailHint')}
          </p>
          <input
            key={`thumbnail-${pickerGeneration}`}
            id={`${id}-thumbnail`}
            name="thumbnailFile"
            type="file"
            accept="image/*"
            required
            disabled={uploading}
            onChange={(event) => pickFile(event, 'image')}
            aria-invalid={thumbnailError ? true : undefined}
            aria-describedby={thumbnailError ? `${thumbnailHintId} ${thumbnailErrorId}` : thumbnailHintId}
          />
          <FieldError id={thumbnailErrorId} messageId={thumbnailError} />
          {preview ? (
            <img className="upload-preview" src={preview} alt={t('videos.upload.thumbnailPreview')} />
          ) : null}
        </div>

        {uploading ? (
          <div className="upload-progress">
            <Spinner label={t('videos.upload.uploading')} size="small" />
            <progress
              className="upload-progress__bar"
              max={100}
              value={progress}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              aria-label={t('videos.upload.progressLabel')}
            />
            <span className="upload-progress__text">{t('videos.upload.progress', { percent: progress })}</span>
          </div>
        ) : null}

        <button type="submit" className="btn btn--primary video-form__submit" disabled={!canSubmit}>
          {uploading ? t('videos.upload.uploading') : t('videos.upload.submit')}
        </button>

        {outcome?.kind === 'error' ? (
          <p className="alert alert--error video-form__outcome" role="alert">
            {outcome.text}
          </p>
        ) : null}
        {outcome?.kind === 'success' ? (
          <div className="alert alert--success video-form__outcome" role="status">
            <p>{outcome.text}</p>
            {outcome.videoId ? (
              <Link to={paths.selfieVideo(outcome.videoId)}>
                <FormattedMessage id="videos.upload.viewVideo" />
              </Link>
            ) : null}
          </div>
        ) : null}
      </form>
    </div>
  );
}

export default UploadPage;
