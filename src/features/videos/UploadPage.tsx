import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, Navigate } from 'react-router-dom';

import { serverMessage } from '../../api/errors';
import { videoChangeTags } from '../../api/tags';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/routes';
import type { MessageKey } from '../../i18n/messages';
import { selectLocale } from '../../i18n/languageSlice';
import { useT } from '../../i18n/useT';
import { selectAuthLoading, selectCurrentUser, selectIsLoggedIn } from '../auth';

import { CheckingAuthentication } from './CheckingAuthentication';
import { UploadedVideoProcessing } from './ProcessingStatus';
import { ResumableProgress } from './ResumableProgress';
import { discardStoredUpload, listStoredUploads, type StoredUpload, tusAvailable } from './resumableUpload';
import { usePreviousUpload, useResumableUpload } from './useResumableUpload';
import { FieldError, type VideoFormValues, VideoTextFields } from './VideoFormFields';
import { MAX_THUMBNAIL_BYTES, MAX_VIDEO_BYTES, UPLOAD_ABORTED } from './uploadRequest';
import { useSetVideoThumbnailMutation, useUploadVideoMutation, videosApi } from './videosApi';
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

type Outcome =
  | {
      kind: 'success';
      text: string;
      videoId?: string;
      /** Uploaded resumably: the page follows its processing. */
      resumable?: boolean;
      /** The video is there but something after it (the thumbnail) was not saved. */
      warning?: string;
    }
  | { kind: 'error' | 'info'; text: string };

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

/** What a resumable upload sends: the fields, the file and (optional) a stored upload to continue. */
interface ResumableRun {
  fields: VideoFormValues;
  file: File;
  thumbnail: File | null;
  previous?: StoredUpload;
}

function UploadForm() {
  const t = useT();
  const id = useId();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const locale = useAppSelector(selectLocale);
  const [uploadVideo] = useUploadVideoMutation();
  const [setThumbnail] = useSetVideoThumbnailMutation();
  const running = useRef<ReturnType<typeof uploadVideo> | null>(null);
  const resumable = useResumableUpload();
  const [busy, setBusy] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

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

  // Leaving the page cancels a running multipart upload (a resumable one stays resumable).
  useEffect(() => () => running.current?.abort(), []);

  // Unfinished resumable uploads this browser keeps for this user (offered again after a reload or restart).
  const { previous, forget } = usePreviousUpload(videoFile, user?._id);
  const [unfinished, setUnfinished] = useState<StoredUpload[]>([]);
  const [storeGeneration, setStoreGeneration] = useState(0);
  useEffect(() => {
    let live = true;
    if (!user?._id) return undefined;
    listStoredUploads(user._id)
      .then((found) => {
        const next = found.filter((stored) => !stored.replaces);
        // Nothing stored and nothing shown: no update (the common case).
        if (live) setUnfinished((was) => (was.length === 0 && next.length === 0 ? was : next));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [user?._id, storeGeneration]);

  const uploading = progress !== null || busy;
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

  /** A fresh form for the next video; the message and a link to this one stay. */
  const resetForm = () => {
    setPickerGeneration((generation) => generation + 1);
    setValues(EMPTY_VALUES);
    setVideoFile(null);
    setThumbnailFile(null);
    setPreview(null);
    setTouched({ title: false, video: false, thumbnail: false });
    setVideoProblem(null);
    setThumbnailProblem(null);
  };

  /** Uploads through tus: pause, resume, retries, offline waits; then the thumbnail, then the outcome. */
  const runResumable = async ({ fields, file, thumbnail, previous: stored }: ResumableRun) => {
    if (!user) return;
    setBusy(true);
    setOutcome(null);
    const final = await resumable.start({
      file,
      userId: user._id,
      title: fields.title,
      description: fields.description,
      visibility: fields.visibility,
      locale,
      previous: stored?.previous,
    });
    setStoreGeneration((generation) => generation + 1);
    if (final.phase === 'cancelled') {
      resumable.clear();
      setBusy(false);
      setOutcome({ kind: 'info', text: t('videos.upload.cancelled') });
      return;
    }
    if (final.phase === 'failed') {
      console.error('Upload failed:', final.errorStatus, final.errorMessage);
      resumable.clear();
      setBusy(false);
      setOutcome({
        kind: 'error',
        text: final.errorMessage ?? (final.errorStatus ? t('videos.upload.failed') : t('videos.upload.error')),
      });
      return;
    }
    const videoId = final.videoId;
    dispatch(videosApi.util.invalidateTags(videoChangeTags({ videoId, ownerId: user._id })));
    let warning: string | undefined;
    if (thumbnail && videoId) {
      setFinishing(true);
      try {
        await setThumbnail({ id: videoId, ownerId: user._id, file: thumbnail }).unwrap();
      } catch (failure) {
        console.error('Failed to save the thumbnail:', failure);
        warning = t('videos.upload.thumbnailFailed');
      }
      setFinishing(false);
    }
    if (!mounted.current) return;
    resetForm();
    resumable.clear();
    setBusy(false);
    setOutcome({ kind: 'success', text: t('videos.upload.success'), videoId, resumable: true, warning });
  };

  const resumePrevious = () => {
    if (!videoFile || !previous) return;
    const metadata = previous.previous.metadata ?? {};
    // The server keeps the fields sent when the upload began: the form shows those.
    const fields: VideoFormValues = {
      title: metadata.title ?? values.title,
      description: metadata.description ?? '',
      visibility: metadata.visibility === 'private' ? 'private' : 'public',
    };
    setValues(fields);
    forget();
    void runResumable({ fields, file: videoFile, thumbnail: thumbnailFile, previous });
  };

  const discard = async (stored: StoredUpload) => {
    if (previous?.key === stored.key) forget();
    setUnfinished((was) => was.filter((entry) => entry.key !== stored.key));
    await discardStoredUpload(stored, locale);
    setStoreGeneration((generation) => generation + 1);
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
    const fields: VideoFormValues = { title: values.title.trim(), description: values.description.trim(), visibility: values.visibility };
    // Resumable (tus) when the server offers it; the multipart form otherwise.
    if (await tusAvailable()) {
      if (!mounted.current) return;
      setProgress(null);
      // Starting over: the interrupted upload of the same file is given up.
      if (previous) {
        forget();
        void discardStoredUpload(previous, locale);
      }
      await runResumable({ fields, file: videoFile, thumbnail: thumbnailFile });
      return;
    }
    if (!mounted.current) return;
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
      resetForm();
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

      {unfinished.length > 0 && !uploading ? (
        <section className="card upload-unfinished" aria-labelledby={`${id}-unfinished`}>
          <h2 id={`${id}-unfinished`} className="upload-unfinished__title">
            {t('videos.upload.unfinished')}
          </h2>
          <p className="video-form__hint">{t('videos.upload.unfinishedHint')}</p>
          <ul className="upload-unfinished__list">
            {unfinished.map((stored) => (
              <li key={stored.key}>
                <span>
                  {t('videos.upload.unfinishedItem', {
                    file: stored.fileName,
                    title: stored.title,
                    date: formatStarted(stored.createdAt, locale),
                  })}
                </span>
                <button
                  type="button"
                  className="btn btn--small btn--ghost"
                  aria-label={t('videos.upload.discardLabel', { file: stored.fileName })}
                  onClick={() => void discard(stored)}
                >
                  {t('videos.upload.discard')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

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
          {previous && videoFile && !uploading ? (
            <div className="upload-resume" role="group" aria-labelledby={`${id}-resume`}>
              <p id={`${id}-resume`}>{t('videos.upload.resumeOffer', { file: videoFile.name })}</p>
              <div className="upload-resume__actions">
                <button type="button" className="btn btn--primary btn--small" onClick={resumePrevious}>
                  {t('videos.upload.resumeOfferButton', { file: videoFile.name })}
                </button>
                <button type="button" className="btn btn--ghost btn--small" onClick={() => void discard(previous)}>
                  {t('videos.upload.startOver')}
                </button>
              </div>
            </div>
          ) : null}
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

        {resumable.snapshot ? (
          <ResumableProgress
            snapshot={resumable.snapshot}
            finishing={finishing}
            onPause={resumable.pause}
            onResume={resumable.resume}
            onCancel={resumable.cancel}
          />
        ) : null}
        {progress !== null ? (
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

        {outcome?.kind === 'info' ? (
          <p className="alert video-form__outcome" role="status">
            {outcome.text}
          </p>
        ) : null}
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
            {outcome.warning ? <p className="upload-outcome__warning">{outcome.warning}</p> : null}
          </div>
        ) : null}
      </form>

      {outcome?.kind === 'success' && outcome.resumable && outcome.videoId && user ? (
        <section className="upload-processing" aria-label={t('videos.upload.afterUpload')}>
          <UploadedVideoProcessing videoId={outcome.videoId} ownerId={user._id} />
        </section>
      ) : null}
    </div>
  );
}

/** "25 Nov 2026, 08:50" in the reader's language. */
function formatStarted(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export default UploadPage;
