import { useNavigate } from 'react-router-dom';

import { serverMessage } from '../../api/errors';
import type { SelfieVideo } from '../../api/types';
import { paths } from '../../config/routes';
import { useT } from '../../i18n/useT';

import { useDeleteVideoMutation } from './videosApi';

/**
 * The owner's Delete on a page of one video (video page, edit page): asks for confirmation,
 * deletes, and goes to the owner's profile without leaving the gone page in history; a refusal
 * is shown in an alert.
 */
export function useDeleteVideoAndLeave(video: Pick<SelfieVideo, '_id' | 'user'>) {
  const t = useT();
  const navigate = useNavigate();
  const [deleteVideo, { isLoading: deleting }] = useDeleteVideoMutation();

  const onDelete = async () => {
    if (deleting || !window.confirm(t('videos.delete.confirm'))) return;
    try {
      await deleteVideo({ id: video._id, ownerId: video.user }).unwrap();
      void navigate(paths.profile(video.user), { replace: true });
    } catch (failure) {
      console.error('Failed to delete video:', failure);
      window.alert(serverMessage(failure) ?? t('videos.delete.failed'));
    }
  };

  return { onDelete: () => void onDelete(), deleting };
}
