import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';

import { errorStatus, serverMessage } from '../../api/errors';
import type { SelfieVideo } from '../../api/types';
import { useAppSelector } from '../../app/hooks';
import { LoadMore } from '../../components/LoadMore';
import type { FirstScreenQueries } from '../../app/store';
import { PageLoading } from '../../components/PageLoading';
import { VideoCard } from '../../components/VideoCard';
import { paths } from '../../config/routes';
import { type Translate, useT } from '../../i18n/useT';
import { selectCurrentUser } from '../auth';
import { PlaylistsSection, SubscribeButton } from '../following';
import { CardFailedReason, selfieCardMedia, useDeleteVideoMutation } from '../videos';

import { type ProfileListArgs, profileApi, useGetProfileVideosInfiniteQuery, useGetUserProfileQuery } from './profileApi';
import './profile.css';

/**
 * Which text a failed profile load shows:
 * - 404: "User not found.";
 * - any other answer from the server: its message, else "Failed to load profile.";
 * - no answer (network): "Could not load profile. Please try again later." with a retry.
 */
function loadErrorText(error: unknown, t: Translate): { text: string; canRetry: boolean } {
  const status = errorStatus(error) ?? (error as { status?: unknown } | null)?.status;
  if (status === 404) return { text: t('profile.notFound'), canRetry: false };
  if (typeof status === 'number' || status === 'PARSING_ERROR') {
    return { text: serverMessage(error) ?? t('profile.loadFailed'), canRetry: true };
  }
  return { text: t('profile.loadError'), canRetry: true };
}

/** /profile/:id: who the user is and their uploaded and liked videos. */
export function ProfilePage() {
  const t = useT();
  const headingId = useId();
  const { id } = useParams<{ id: string }>();
  const currentUser = useAppSelector(selectCurrentUser);
  // currentData belongs to this id only: another user's profile never shows while one loads.
  const { currentData: profile, error, isFetching, refetch } = useGetUserProfileQuery(id || skipToken);

  useEffect(() => {
    if (error) console.error('Failed to load profile:', error);
  }, [error]);

  if (!profile && (isFetching || (!error && id))) {
    return <PageLoading title={t('profile.statusTitle')} label={t('profile.loading')} />;
  }

  if (!profile) {
    const { text, canRetry } = id ? loadErrorText(error, t) : { text: t('profile.notFound'), canRetry: false };
    return (
      <div className="page profile-status">
        <h1 className="visually-hidden">{t('profile.statusTitle')}</h1>
        <p className="alert alert--error" role="alert">
          {text}
        </p>
        {canRetry ? (
          <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
            {t('profile.retry')}
          </button>
        ) : null}
      </div>
    );
  }

  const { user } = profile;
  const isOwner = Boolean(currentUser && currentUser._id === user._id);

  return (
    <article className="page profile" aria-labelledby={headingId}>
      <header className="profile__header card">
        <div className="profile__identity">
          <h1 id={headingId} className="profile__name">
            {user.username}
          </h1>
          <SubscribeButton
            userId={user._id}
            username={user.username}
            subscriberCount={user.subscriberCount}
            subscribed={user.subscribed}
          />
          {user.email ? (
            <dl className="profile__facts">
              <dt>{t('profile.email')}</dt>
              <dd>{user.email}</dd>
            </dl>
          ) : null}
        </div>
        {isOwner ? (
          <Link className="btn btn--primary" to={paths.editProfile(user._id)}>
            {t('profile.editProfile')}
          </Link>
        ) : null}
      </header>

      <VideoSection
        key={`${user._id}-videos`}
        title={t('profile.uploadedVideos')}
        emptyText={t('profile.noUploadedVideos')}
        videos={profile.videos}
        more={profile.videosNextCursor ? { userId: user._id, list: 'videos', cursor: profile.videosNextCursor } : null}
        showActions={Boolean(currentUser)}
        retryOwnerId={isOwner ? user._id : undefined}
        firstScreen
      />
      <VideoSection
        key={`${user._id}-liked`}
        title={t('profile.likedVideos')}
        emptyText={t('profile.noLikedVideos')}
        videos={profile.likedVideos}
        more={profile.likedVideosNextCursor ? { userId: user._id, list: 'liked', cursor: profile.likedVideosNextCursor } : null}
        showActions={Boolean(currentUser)}
      />
      <PlaylistsSection key={`${user._id}-playlists`} userId={user._id} />
    </article>
  );
}

interface VideoSectionProps {
  title: string;
  emptyText: string;
  videos: SelfieVideo[];
  /** Where the rest of the list starts (the profile holds the first page only); null: it is whole. */
  more: ProfileListArgs | null;
  /** Edit and Delete show to any logged-in user; the server enforces ownership. */
  showActions: boolean;
  /** The section on the first screen: its first card's image loads at once, with high priority (the server preloads it). */
  firstScreen?: boolean;
  /** The viewer owns these videos: failed ones offer "Try again". */
  retryOwnerId?: string;
}

/** The first videos the profile holds, then the pages loaded after them (each video once). */
function useMoreVideos(first: SelfieVideo[], more: ProfileListArgs | null) {
  const t = useT();
  // Nothing beyond the profile's own page is fetched until the viewer asks (scroll or button).
  const [asked, setAsked] = useState(false);
  const { currentData, error, isFetching, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } =
    useGetProfileVideosInfiniteQuery(asked && more ? more : skipToken);
  const videos = useMemo(() => {
    const seen = new Set<string>();
    return [...first, ...(currentData?.pages.flatMap((page) => page.videos) ?? [])].filter((video) =>
      seen.has(video._id) ? false : (seen.add(video._id), true),
    );
  }, [first, currentData]);
  const failed = asked && Boolean(error) && (currentData === undefined || isFetchNextPageError);
  return {
    videos,
    hasMore: more !== null && (!asked || currentData === undefined || hasNextPage),
    loading: asked && (currentData === undefined ? isFetching && !failed : isFetchingNextPage),
    errorText: failed ? (serverMessage(error) ?? t('profile.loadMoreFailed')) : null,
    loadMore: () => {
      if (!asked) setAsked(true);
      else if (currentData === undefined) void refetch();
      else void fetchNextPage();
    },
  };
}

function VideoSection({ title, emptyText, videos: firstVideos, more, showActions, firstScreen = false, retryOwnerId }: VideoSectionProps) {
  const t = useT();
  const headingId = useId();
  const { videos, hasMore, loading, errorText, loadMore } = useMoreVideos(firstVideos, more);
  const [deleteVideo] = useDeleteVideoMutation();
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(() => new Set());

  const remove = async (video: SelfieVideo) => {
    if (!window.confirm(t('profile.deleteConfirm'))) return;
    setDeleting((current) => new Set(current).add(video._id));
    try {
      // Success invalidates this profile (the owner's User), which refetches without the video.
      await deleteVideo({ id: video._id, ownerId: video.user }).unwrap();
    } catch (failure) {
      console.error('Failed to delete video:', failure);
      // An alert; a non-owner sees the server's refusal.
      window.alert(serverMessage(failure) ?? t('profile.deleteFailed'));
    } finally {
      setDeleting((current) => {
        const next = new Set(current);
        next.delete(video._id);
        return next;
      });
    }
  };

  return (
    <section className="profile__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile__section-title">
        {title}
      </h2>
      {videos.length === 0 ? (
        <p className="profile__empty">{emptyText}</p>
      ) : (
        <ul className="video-grid">
          {videos.map((video, index) => (
            <li key={video._id}>
              <VideoCard
                eager={firstScreen && index === 0}
                priority={firstScreen && index === 0}
                to={paths.selfieVideo(video._id)}
                title={video.title}
                {...selfieCardMedia(video)}
                views={video.views}
                tag={
                  <span className={`profile__visibility profile__visibility--${video.visibility}`}>
                    {video.visibility === 'private' ? t('profile.private') : video.visibility === 'unlisted' ? t('videos.visibility.unlisted') : t('profile.public')}
                  </span>
                }
                footer={
                  showActions ? (
                    <>
                    <CardFailedReason video={video} retryOwnerId={retryOwnerId} />
                    <div className="profile__card-actions">
                      <Link
                        className="btn btn--ghost btn--small"
                        to={paths.editSelfieVideo(video._id)}
                        aria-label={t('profile.editVideoLabel', { title: video.title })}
                      >
                        {t('profile.editVideo')}
                      </Link>
                      <button
                        type="button"
                        className="btn btn--ghost btn--small profile__delete"
                        aria-label={t('profile.deleteVideoLabel', { title: video.title })}
                        disabled={deleting.has(video._id)}
                        onClick={() => void remove(video)}
                      >
                        {t('profile.deleteVideo')}
                      </button>
                    </div>
                    </>
                  ) : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={hasMore}
        loading={loading}
        errorText={errorText}
        onLoadMore={loadMore}
        buttonLabel={t('profile.loadMore', { title })}
        loadingLabel={t('profile.loadingMore')}
      />
    </section>
  );
}

/** The profile (the user, their videos and liked videos): the whole first screen. */
export const firstScreenQueries: FirstScreenQueries = ({ params, dispatch }) =>
  params.id ? [dispatch(profileApi.endpoints.getUserProfile.initiate(params.id))] : [];

export default ProfilePage;
