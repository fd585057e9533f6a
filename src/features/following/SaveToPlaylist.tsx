import { type FormEvent, useId, useState } from 'react';

import { serverMessage } from '../../api/errors';
import type { PlaylistVisibility } from '../../api/types';
import { useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/Spinner';
import { useDisclosure } from '../../components/useDisclosure';
import { useT } from '../../i18n/useT';
import { selectCurrentUser } from '../auth';

import { useChangePlaylistVideoMutation, useCreatePlaylistMutation, useGetPlaylistsQuery } from './followingApi';
import './following.css';

/**
 * "Save" on a video: a disclosure listing the viewer's playlists (Watch later first) to save
 * the video to, and a small form that creates a playlist and saves the video there. Signed-in
 * viewers only. Escape closes it and returns focus to the button.
 */
export function SaveToPlaylist({ videoId }: { videoId: string }) {
  const t = useT();
  const viewer = useAppSelector(selectCurrentUser);
  const { open, toggle, containerRef, toggleRef } = useDisclosure();
  const [title, setTitle] = useState('');
  const [visibility, setVisibility] = useState<PlaylistVisibility>('private');
  const [status, setStatus] = useState('');
  const panelId = useId();
  const titleId = useId();
  const { currentData, error, isFetching } = useGetPlaylistsQuery({}, { skip: !viewer || !open });
  const [change, changing] = useChangePlaylistVideoMutation();
  const [create, creating] = useCreatePlaylistMutation();

  if (!viewer) return null;

  const saveTo = async (playlistId: string, playlistTitle: string) => {
    setStatus('');
    try {
      await change({ action: 'add', playlistId, videoId }).unwrap();
      setStatus(t('playlists.savedTo', { title: playlistTitle }));
    } catch (failure) {
      setStatus(serverMessage(failure) ?? t('playlists.saveFailed'));
    }
  };

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    try {
      const made = await create({ title, visibility }).unwrap();
      setTitle('');
      await saveTo(made.playlist._id, made.playlist.title);
    } catch (failure) {
      setStatus(serverMessage(failure) ?? t('playlists.saveFailed'));
    }
  };

  return (
    <div className="save-playlist" ref={containerRef}>
      <button ref={toggleRef} type="button" className="btn btn--small btn--ghost" aria-expanded={open} aria-controls={panelId} onClick={toggle}>
        {t('playlists.save')}
      </button>
      <section id={panelId} className="bell__panel save-playlist__panel" hidden={!open} aria-label={t('playlists.saveTitle')}>
        {open ? (
          isFetching && !currentData ? (
            <Spinner label={t('playlists.loading')} size="small" />
          ) : error ? (
            <p className="alert alert--error">{t('playlists.loadFailed')}</p>
          ) : (
            <ul className="notes">
              {(currentData?.playlists ?? []).map((playlist) => (
                <li key={playlist._id}>
                  <button type="button" className="btn btn--small btn--ghost" disabled={changing.isLoading} onClick={() => void saveTo(playlist._id, playlist.title)}>
                    {t('playlists.saveTo', { title: playlist.title })}
                  </button>
                </li>
              ))}
            </ul>
          )
        ) : null}
        <form className="save-playlist__form" onSubmit={(event) => void onCreate(event)}>
          <label htmlFor={titleId}>{t('playlists.newTitle')}</label>
          <input id={titleId} value={title} maxLength={150} onChange={(event) => setTitle(event.target.value)} />
          <label>
            {t('playlists.visibility')}{' '}
            <select value={visibility} onChange={(event) => setVisibility(event.target.value as PlaylistVisibility)}>
              <option value="private">{t('playlists.visibility.private')}</option>
              <option value="unlisted">{t('playlists.visibility.unlisted')}</option>
              <option value="public">{t('playlists.visibility.public')}</option>
            </select>
          </label>
          <button type="submit" className="btn btn--small btn--primary" disabled={creating.isLoading || title.trim() === ''}>
            {t('playlists.create')}
          </button>
        </form>
        <p role="status" aria-live="polite">
          {status}
        </p>
      </section>
    </div>
  );
}
