import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useSearchParams } from 'react-router-dom';

import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';

import { useGetPlaylistQuery } from './followingApi';
import './following.css';

/** The link to a video within a playlist: its page with `?list=`. */
export function playlistVideoPath(videoId: string, playlistId: string): string {
  return `${paths.selfieVideo(videoId)}?list=${encodeURIComponent(playlistId)}`;
}

/** The place of a video in the playlist of the page's `?list=`, when it is in it (no request without `?list=`). */
export function usePlaylistPlace(videoId: string) {
  const [searchParams] = useSearchParams();
  const listId = searchParams.get('list');
  const { currentData } = useGetPlaylistQuery(listId ?? skipToken);
  if (!listId || !currentData) return null;
  const { playlist, videos } = currentData;
  const index = videos.findIndex((video) => video._id === videoId);
  if (index < 0) return null;
  return { playlist, index, count: videos.length, previous: videos[index - 1], next: videos[index + 1] };
}

/**
 * On a video page opened from a playlist (`?list=<id>`): the playlist's name, the position, and
 * Previous / Next links that keep to the playlist. Nothing (and no request) without `?list=`.
 */
export function PlaylistNav({ videoId }: { videoId: string }) {
  const t = useT();
  const place = usePlaylistPlace(videoId);
  if (!place) return null;
  const { playlist, index, count, previous, next } = place;
  return (
    <nav className="playlist-nav" aria-label={t('playlists.navLabel', { title: playlist.title })}>
      <Link to={paths.playlist(playlist._id)}>{playlist.title}</Link>
      <span className="notes__meta">{t('playlists.position', { position: index + 1, count })}</span>
      {previous ? (
        <Link className="btn btn--small btn--ghost" to={playlistVideoPath(previous._id, playlist._id)} aria-label={t('playlists.previousVideo', { title: previous.title })}>
          {t('playlists.previous')}
        </Link>
      ) : null}
      {next ? (
        <Link className="btn btn--small btn--primary" to={playlistVideoPath(next._id, playlist._id)} aria-label={t('playlists.nextVideo', { title: next.title })}>
          {t('playlists.next')}
        </Link>
      ) : null}
    </nav>
  );
}
