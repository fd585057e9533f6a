import { skipToken } from '@reduxjs/toolkit/query/react';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';

import { errorStatus, serverMessage } from '../../api/errors';
import type { SelfieVideo } from '../../api/types';
import { useAppSelector } from '../../app/hooks';
import type { FirstScreenQueries } from '../../app/store';
import { PageLoading } from '../../components/PageLoading';
import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';
import { selectAuthLoading, selectCurrentUser, useDelayedNavigate } from '../auth';
import { CaptionsSection } from '../captions';

import { findVideoInCachedLists } from './cachedVideos';
import { CheckingAuthentication } from './CheckingAuthentication';
import { ProcessingPanel } from './ProcessingStatus';
import { ReplaceVideoFile } from './ReplaceVideoFile';
import { useDeleteVideoAndLeave } from './useDeleteVideoAndLeave';
import { type VideoFormValues, VideoTextFields, visibilityOf } from './VideoFormFields';
import { useGetSelfieVideoQuery, useUpdateVideoMutation, videosApi } from './videosApi';
import './videos.css';

/** Back to the owner's profile 1.5 seconds after a successful edit. */
export const EDIT_REDIRECT_DELAY_MS = 1500;

/** Whether the request reached the server and got an answer (as opposed to a network failure). */
function serverAnswered(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' || status === 'PARSING_ERROR';
}

/**
 * /selfieVideos/edit/:id: title, description and visibility of the
 * user's own video. The video comes from the cache when the video page or a profile list has it.
 */
export function EditVideoPage() {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  const authLoading = useAppSelector(selectAuthLoading);
  const user = useAppSelector(selectCurrentUser);

  // A copy the video page already fetched is used through its own query (no request); failing
  // that, a copy inside a cached list (a profile's videos) is used as it is, without a request.
  // The choice is made once per id, and the video last shown is kept: a save invalidates (and
  // may drop) the list the copy came from, and the form must stay up while it says "saved".
  const selectVideoQuery = useMemo(() => videosApi.endpoints.getSelfieVideo.select(id || skipToken), [id]);
  const videoQueryHasData = useAppSelector((state) => selectVideoQuery(state).data !== undefined);
  const listCopy = useAppSelector((state) => (id ? findVideoInCachedLists(state.api.queries, id) : undefined));
  const [shown, setShown] = useState<ShownVideo>(() => ({ id, fromList: !videoQueryHasData && listCopy !== undefined }));
  if (shown.id !== id) setShown({ id, fromList: !videoQueryHasData && listCopy !== undefined });
  const fromList = shown.id === id ? shown.fromList : !videoQueryHasData && listCopy !== undefined;

  const { currentData, error, isFetching, refetch } = useGetSelfieVideoQuery(id && !fromList ? id : skipToken);
  const liveVideo = fromList ? listCopy : currentData?.video;
  if (liveVideo && shown.id === id && liveVideo !== shown.video) setShown({ ...shown, video: liveVideo });
  const video = liveVideo ?? (shown.id === id ? shown.video : undefined);

  useEffect(() => {
    if (error) console.error('Failed to load video details:', error);
  }, [error]);

  if (authLoading) return <CheckingAuthentication />;

  if (id && !video && (isFetching || !error)) {
    return <PageLoading title={intl.formatMessage({ id: 'videos.edit.title' })} label={intl.formatMessage({ id: 'videos.loading' })} />;
  }

  if (!video) {
    // The server refused → its message or "Failed to load video details."; no answer →
    // "Could not load video details. Please try again later."
    const text =
      !id || serverAnswered(error)
        ? (serverMessage(error) ?? intl.formatMessage({ id: 'videos.edit.loadFailed' }))
        : intl.formatMessage({ id: 'videos.edit.loadError' });
    return (
      <div className="page videos-status">
        <h1 className="visually-hidden">{intl.formatMessage({ id: 'videos.edit.title' })}</h1>
        <p className="alert alert--error" role="alert">
          {text}
        </p>
        {id && errorStatus(error) !== 404 ? (
          <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
            {intl.formatMessage({ id: 'videos.retry' })}
          </button>
        ) : null}
      </div>
    );
  }

  if (!user || user._id !== video.user) {
    return (
      <div className="page videos-status">
        <h1 className="visually-hidden">{intl.formatMessage({ id: 'videos.edit.title' })}</h1>
        <p className="alert alert--error" role="alert">
          {intl.formatMessage({ id: 'videos.edit.notAuthorized' })}
        </p>
        <Link to={paths.selfieVideo(video._id)} className="btn btn--ghost">
          {intl.formatMessage({ id: 'videos.edit.backToVideo' })}
        </Link>
      </div>
    );
  }

  // Keyed by id: the form's draft belongs to one video.
  return <EditVideoForm key={video._id} video={video} />;
}

type Outcome = { kind: 'success' | 'error'; text: string };

/** Which video the page shows and where it came from. */
interface ShownVideo {
  id: string | undefined;
  /** Taken from a cached list rather than fetched. */
  fromList: boolean;
  /** The last copy shown, kept while its source refreshes. */
  video?: SelfieVideo;
}

function EditVideoForm({ video }: { video: SelfieVideo }) {
  const t = useT();
  const headingId = useId();
  const navigateLater = useDelayedNavigate();
  const [updateVideo, { isLoading }] = useUpdateVideoMutation();
  const { onDelete, deleting } = useDeleteVideoAndLeave(video);

  const [values, setValues] = useState<VideoFormValues>({
    title: video.title,
    description: video.description ?? '',
    visibility: visibilityOf(video.visibility),
  });
  const [downloadEnabled, setDownloadEnabled] = useState(video.downloadEnabled === true);
  const [titleTouched, setTitleTouched] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const saved = outcome?.kind === 'success';
  const titleMissing = !values.title.trim();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading || saved) return;
    setTitleTouched(true);
    if (titleMissing) return;
    setOutcome(null);
    try {
      const answer = await updateVideo({
        id: video._id,
        ownerId: video.user,
        title: values.title.trim(),
        description: values.description.trim(),
        visibility: values.visibility,
        // Sent only when changed: the edit keeps its plain title/description/visibility body otherwise.
        ...(downloadEnabled !== (video.downloadEnabled === true) ? { downloadEnabled } : {}),
      }).unwrap();
      setOutcome({ kind: 'success', text: answer.message?.trim() || t('videos.edit.success') });
      navigateLater(paths.profile(video.user), EDIT_REDIRECT_DELAY_MS);
    } catch (failure) {
      console.error('Failed to update video:', failure);
      let text: string;
      if (errorStatus(failure) === 429) text = t('videos.edit.tooFast');
      else if (serverAnswered(failure)) text = serverMessage(failure) ?? t('videos.edit.failed');
      else text = t('videos.edit.error');
      setOutcome({ kind: 'error', text });
    }
  };

  return (
    <section className="page page--medium edit-video" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('videos.edit.title')}</h1>
      {video.status && video.status !== 'ready' ? (
        <ProcessingPanel video={video} onDelete={onDelete} retryOwnerId={video.user} deleting={deleting} />
      ) : null}
      <form className="card video-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={isLoading}>
        <VideoTextFields
          values={values}
          onChange={(change) => setValues((was) => ({ ...was, ...change }))}
          onTitleBlur={() => setTitleTouched(true)}
          titleError={titleTouched && titleMissing ? 'videos.validation.titleRequired' : null}
          disabled={isLoading || saved}
        />
        <div className="video-form__field video-form__check">
          <label>
            <input
              type="checkbox"
              name="downloadEnabled"
              checked={downloadEnabled}
              disabled={isLoading || saved}
              onChange={(event) => setDownloadEnabled(event.target.checked)}
            />{' '}
            {t('sharing.download.allow')}
          </label>
        </div>
        <div className="video-form__actions">
          <button type="submit" className="btn btn--primary" disabled={isLoading || saved}>
            {isLoading ? t('videos.edit.saving') : t('videos.edit.submit')}
          </button>
          <Link to={paths.selfieVideo(video._id)} className="btn btn--ghost">
            <FormattedMessage id="videos.edit.cancel" />
          </Link>
        </div>
        {outcome ? (
          <p
            className={`alert ${outcome.kind === 'success' ? 'alert--success' : 'alert--error'} video-form__outcome`}
            role={outcome.kind === 'success' ? 'status' : 'alert'}
          >
            {outcome.text}
          </p>
        ) : null}
      </form>
      <ReplaceVideoFile video={video} />
      <CaptionsSection video={video} />
    </section>
  );
}

/** The video being edited, as the page asks for it when no cached list has it (a first load has none). */
export const firstScreenQueries: FirstScreenQueries = ({ params, dispatch }) =>
  params.id ? [dispatch(videosApi.endpoints.getSelfieVideo.initiate(params.id))] : [];

export default EditVideoPage;
