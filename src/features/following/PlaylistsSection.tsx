import { useId } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';

import { useGetPlaylistsQuery } from './followingApi';
import './following.css';

/** A profile's playlists: the public ones, or all of the owner's own (Watch later included). */
export function PlaylistsSection({ userId }: { userId: string }) {
  const t = useT();
  const headingId = useId();
  const { currentData, error } = useGetPlaylistsQuery({ owner: userId });
  return (
    <section className="profile__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('playlists.section')}</h2>
      {error ? (
        <p>{t('playlists.loadFailed')}</p>
      ) : !currentData ? null : currentData.playlists.length === 0 ? (
        <p>{t('playlists.none')}</p>
      ) : (
        <ul className="subscriptions__channels">
          {currentData.playlists.map((playlist) => (
            <li key={playlist._id}>
              <Link className="subscriptions__channel" to={paths.playlist(playlist._id)}>
                {playlist.title} ({t('playlists.count', { count: playlist.videoCount })})
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
