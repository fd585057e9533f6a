import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';

import { useAppSelector } from '../../app/hooks';
import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';
import { selectCurrentUser, selectIsLoggedIn } from '../auth';

import { useGetVideoLikesQuery, useToggleLikeMutation } from './videosApi';

export interface LikeButtonProps {
  videoId: string;
}

/**
 * The like toggle and count of a video. The count moves at once and the
 * server's answer settles it; a failed toggle is undone. Visitors are sent to /login.
 * Like errors are only logged.
 */
export function LikeButton({ videoId }: LikeButtonProps) {
  const t = useT();
  const navigate = useNavigate();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const user = useAppSelector(selectCurrentUser);
  const { data, error } = useGetVideoLikesQuery(videoId);
  const [toggleLike] = useToggleLikeMutation();

  useEffect(() => {
    if (error) console.error('Failed to load likes:', error);
  }, [error]);

  const liked = data?.likedByUser === true;

  const onClick = () => {
    if (!isLoggedIn || !user) {
      void navigate(paths.login);
      return;
    }
    // Errors are handled (undone, logged) by the endpoint; nothing to show here.
    void toggleLike({ videoId, likerId: user._id });
  };

  return (
    <div className="like">
      <button
        type="button"
        className={`btn like__button${liked ? ' like__button--on' : ''}`}
        aria-pressed={liked}
        title={isLoggedIn ? undefined : t('videos.like.loginHint')}
        onClick={onClick}
      >
        <svg className="like__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.1 4.4 2.4h1.8c.8-1.3 2.3-2.4 4.4-2.4 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" />
        </svg>
        <FormattedMessage id="videos.like" />
      </button>
      {data ? (
        <span className="like__count" aria-live="polite">
          <FormattedMessage id="videos.like.count" values={{ likes: data.likes }} />
        </span>
      ) : null}
    </div>
  );
}
