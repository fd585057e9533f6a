import { useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';

import { errorStatus, serverMessage } from '../../api/errors';
import { useAppSelector } from '../../app/hooks';
import { PageLoading } from '../../components/PageLoading';
import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';
import { selectCurrentUser } from '../auth';
import { VideoCardForSelfie } from '../videos';

import { playlistVideoPath } from './PlaylistNav';
import { ReorderMessages, SortablePlaylist } from './SortablePlaylist';
import { useChangePlaylistVideoMutation, useDeletePlaylistMutation, useGetPlaylistQuery } from './followingApi';
import './following.css';

/** /playlists/:id: the playlist's videos in order; its owner reorders (drag, or Up/Down), removes, deletes. */
export function PlaylistPage() {
  const t = useT();
  const headingId = useId();
  const navigate = useNavigate();
  const { id } = useParams<{ id: string }>();
  const viewer = useAppSelector(selectCurrentUser);
  const { currentData, error, isFetching, refetch } = useGetPlaylistQuery(id ?? skipToken);
  const [change, changing] = useChangePlaylistVideoMutation();
  const [remove] = useDeletePlaylistMutation();

  if (isFetching && !currentData) {
    return <PageLoading title={t('playlists.section')} label={t('playlists.loading')} />;
  }
  if (error || !currentData) {
    const missing = errorStatus(error) === 404;
    return (
      <div className="page">
        <h1 className="visually-hidden">{t('playlists.section')}</h1>
        <div className="alert alert--error" role="alert">
          <p>{missing ? t('playlists.notFound') : (serverMessage(error) ?? t('playlists.loadFailed'))}</p>
          {missing ? null : (
            <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
              {t('notifications.retry')}
            </button>
          )}
        </div>
      </div>
    );
  }

  const { playlist, videos } = currentData;
  const own = viewer?._id === playlist.owner._id;

  return (
    <div className="page playlist" aria-labelledby={headingId}>
      <div className="bell__head">
        <div>
          <h1 id={headingId}>{playlist.title}</h1>
          <p className="notes__meta">
            <Link to={paths.profile(playlist.owner._id)}>{t('playlists.by', { username: playlist.owner.username })}</Link>
            {' · '}
            {t('playlists.count', { count: videos.length })}
            {' · '}
            {t(`playlists.visibility.${playlist.visibility}`)}
          </p>
          {playlist.description ? <p>{playlist.description}</p> : null}
        </div>
        <div className="subscribe">
          {videos[0] ? (
            <Link className="btn btn--primary" to={playlistVideoPath(videos[0]._id, playlist._id)}>
              {t('playlists.playAll')}
            </Link>
          ) : null}
          {own && !playlist.watchLater ? (
            <button
              type="button"
              className="btn btn--danger"
              onClick={() => void remove(playlist._id).unwrap().then(() => navigate(paths.profile(playlist.owner._id)))}
            >
              {t('playlists.delete')}
            </button>
          ) : null}
        </div>
      </div>
      {videos.length > 0 ? <h2 className="visually-hidden">{t('playlists.videos')}</h2> : null}
      {videos.length === 0 ? (
        <p className="videos-empty">{t('playlists.empty')}</p>
      ) : own ? (
        <ReorderMessages>
          <SortablePlaylist
            playlistId={playlist._id}
            videos={videos}
            busy={changing.isLoading}
            onMove={(videoId, position) => change({ action: 'move', playlistId: playlist._id, videoId, position }).unwrap()}
            onRemove={(videoId) => void change({ action: 'remove', playlistId: playlist._id, videoId })}
          />
        </ReorderMessages>
      ) : (
        <ol className="video-grid video-grid--wide">
          {videos.map((video, index) => (
            <li key={video._id}>
              <VideoCardForSelfie video={video} eager={index < 4} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export default PlaylistPage;
