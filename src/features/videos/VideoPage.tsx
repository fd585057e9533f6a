import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useId, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { errorStatus, serverMessage } from '../../api/errors';
import type { SelfieVideo } from '../../api/types';
import { useAppSelector } from '../../app/hooks';
import type { FirstScreenQueries } from '../../app/store';
import { PageLoading } from '../../components/PageLoading';
import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';
import { selectCurrentUser } from '../auth';
import { createPlaybackClock, Transcript } from '../captions';
import { Comments, commentsApi } from '../comments';
import { PlaylistNav, playlistVideoPath, SaveToPlaylist, SubscribeButton, usePlaylistPlace } from '../following';
import { HiddenNotice, ReportButton } from '../moderation';
import { DownloadLinks, RelatedVideos } from '../sharing';

import { LikeButton } from './LikeButton';
import { ProcessingPanel } from './ProcessingStatus';
import { useDeleteVideoAndLeave } from './useDeleteVideoAndLeave';
import { UploaderLink, VisibilityBadge } from './VideoCardForSelfie';
import { VideoPlayer } from './VideoPlayer';
import { useGetSelfieVideoQuery, videosApi } from './videosApi';
import './videos.css';

/** The date a video was uploaded, as an ISO string, when it has one. */
function uploadDate(video: SelfieVideo): string | undefined {
  const value = video.createdAt || video.updatedAt;
  return value && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/**
 * /selfieVideos/:id (the video page): player, title, views, upload date, description, likes
 * and comments; Edit and Delete for the owner. The video comes from the cache when it was opened
 * in the last 5 minutes, so coming back does not count another view.
 */
export function VideoPage() {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  // currentData, not data: while another id loads, the previous video must not show.
  const { currentData, error, isFetching, refetch } = useGetSelfieVideoQuery(id || skipToken);
  const video = currentData?.video;

  useEffect(() => {
    if (error) console.error('Failed to load video:', error);
  }, [error]);

  if (id && !video && (isFetching || !error)) {
    return <PageLoading title={intl.formatMessage({ id: 'videos.page.statusTitle' })} label={intl.formatMessage({ id: 'videos.loading' })} />;
  }

  if (!video) {
    const status = errorStatus(error);
    const notFound = !id || status === 404;
    const text = notFound
      ? (serverMessage(error) ?? intl.formatMessage({ id: 'videos.page.notFound' }))
      : (serverMessage(error) ?? intl.formatMessage({ id: 'videos.page.loadFailed' }));
    return (
      <div className="page videos-status">
        <h1 className="visually-hidden">{intl.formatMessage({ id: 'videos.page.statusTitle' })}</h1>
        <p className="alert alert--error" role="alert">
          {text}
        </p>
        {notFound ? (
          <Link to={paths.selfieVideos} className="btn btn--ghost">
            {intl.formatMessage({ id: 'videos.page.backToList' })}
          </Link>
        ) : (
          <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
            {intl.formatMessage({ id: 'videos.retry' })}
          </button>
        )}
      </div>
    );
  }

  return <VideoDetails key={video._id} video={video} />;
}

function VideoDetails({ video }: { video: SelfieVideo }) {
  const t = useT();
  const headingId = useId();
  const user = useAppSelector(selectCurrentUser);
  const isOwner = Boolean(user && user._id === video.user);
  const { onDelete, deleting } = useDeleteVideoAndLeave(video);
  const uploaded = uploadDate(video);
  // Older answers carry no status: such a video plays as it always did.
  const playable = !video.status || video.status === 'ready';
  // Announced once when processing ends while the page is open (the panel gives way to the player).
  const [seenProcessing, setSeenProcessing] = useState(video.status === 'processing');
  if (video.status === 'processing' && !seenProcessing) setSeenProcessing(true);
  const becameReady = seenProcessing && playable;
  // The player's time and caption language, for the transcript (no re-render of the page per tick).
  const [clock] = useState(createPlaybackClock);
  // Playback reached the end: "Up next" (below) counts down to the playlist's next video when one
  // is being played (?list=), else to the first related video.
  const [ended, setEnded] = useState(false);
  const navigate = useNavigate();
  const place = usePlaylistPlace(video._id);
  const playlistNext = place?.next ? { video: place.next, path: playlistVideoPath(place.next._id, place.playlist._id) } : undefined;

  return (
    <article className="page video-page" aria-labelledby={headingId}>
      <HiddenNotice reason={video.hiddenReason} />
      {playable ? (
        <VideoPlayer
          // A new rendition set (e.g. once processing ends) is a new player.
          key={video.hlsUrl ?? video.cdnUrl}
          src={video.cdnUrl}
          hlsUrl={video.hlsUrl}
          progressive={video.progressiveSources}
          audioUrl={video.audioHlsUrl}
          hasAudio={video.hasAudio}
          poster={video.posterUrl || video.thumbnailCdnUrl}
          title={video.title}
          width={video.width}
          height={video.height}
          videoId={video._id}
          duration={video.duration}
          storyboardUrl={video.storyboardUrl}
          chapters={video.chapters}
          resumeAt={video.resumeAt}
          signedIn={Boolean(user)}
          qualities={video.qualities}
          captions={video.captions}
          clock={clock}
          onEnded={() => setEnded(true)}
          artist={video.username}
          onNext={playlistNext ? () => navigate(playlistNext.path) : undefined}
        />
      ) : (
        <ProcessingPanel
          video={video}
          stage
          onDelete={isOwner ? onDelete : undefined}
          retryOwnerId={isOwner ? video.user : undefined}
          deleting={deleting}
        />
      )}
      <p className="visually-hidden" role="status">
        {becameReady ? t('videos.processing.ready') : null}
      </p>

      <PlaylistNav videoId={video._id} />
      <div className="video-page__header">
        <div className="video-page__heading">
          <h1 id={headingId} className="video-page__title">
            {video.title}
          </h1>
          {video.visibility === 'private' || video.visibility === 'unlisted' ? (
            <span className="badge">
              <VisibilityBadge visibility={video.visibility} />
            </span>
          ) : null}
        </div>
        {isOwner ? (
          <div className="video-page__owner-actions">
            <Link to={paths.editSelfieVideo(video._id)} className="btn btn--small">
              <FormattedMessage id="videos.page.edit" />
            </Link>
            <button type="button" className="btn btn--small btn--danger" disabled={deleting} onClick={onDelete}>
              <FormattedMessage id={deleting ? 'videos.page.deleting' : 'videos.page.delete'} />
            </button>
          </div>
        ) : (
          <div className="video-page__owner-actions">
            <ReportButton targetType="video" targetId={video._id} />
          </div>
        )}
      </div>

      <div className="video-page__meta">
        <p className="video-page__stats">
          <span>
            <FormattedMessage id="videos.views" values={{ views: video.views }} />
          </span>
          {uploaded ? (
            <>
              <span aria-hidden="true">·</span>
              <span>
                <FormattedMessage
                  id="videos.page.uploadedOn"
                  values={{
                    date: (
                      <time dateTime={uploaded}>
                        <FormattedDate value={uploaded} dateStyle="long" timeStyle="short" />
                      </time>
                    ),
                  }}
                />
              </span>
            </>
          ) : null}
          <span aria-hidden="true">·</span>
          <span>
            <UploaderLink video={video} />
          </span>
        </p>
        <SubscribeButton userId={video.user} username={video.username} subscriberCount={video.subscriberCount} subscribed={video.subscribed} />
        <SaveToPlaylist videoId={video._id} />
        <LikeButton videoId={video._id} />
      </div>

      {playable ? <Transcript captions={video.captions} clock={clock} /> : null}

      {video.description?.trim() ? (
        <section className="video-page__description" aria-label={t('videos.field.description')}>
          <p>{video.description}</p>
        </section>
      ) : null}

      <DownloadLinks video={video} />

      {playable ? (
        <RelatedVideos
          videoId={video._id}
          ended={ended}
          onDismiss={() => setEnded(false)}
          upNext={playlistNext}
        />
      ) : null}

      <Comments videoId={video._id} ownerId={video.user} />
    </article>
  );
}

/** The video, its likes and its comments: what the page shows around the player. */
export const firstScreenQueries: FirstScreenQueries = ({ params, dispatch }) => {
  const { id } = params;
  if (!id) return [];
  return [
    dispatch(videosApi.endpoints.getSelfieVideo.initiate(id)),
    dispatch(videosApi.endpoints.getVideoLikes.initiate(id)),
    dispatch(commentsApi.endpoints.getComments.initiate(id)),
  ];
};

export default VideoPage;
