import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';

import type { Notification } from '../../api/types';
import { paths } from '../../config/routes';
import type { MessageKey } from '../../i18n/messages';

export interface NotificationListProps {
  notifications: readonly Notification[];
  /** Called when a notification's link is followed (the panel closes and marks it read). */
  onOpen?: (notification: Notification) => void;
}

/** One sentence per notification, in the reader's language; user texts are plain text, never HTML. */
export function NotificationList({ notifications, onOpen }: NotificationListProps) {
  const intl = useIntl();
  return (
    <ul className="notes">
      {notifications.map((note) => {
        const sentence = intl.formatMessage(
          { id: `notifications.kind.${note.kind}` satisfies MessageKey },
          {
            actor: note.actor?.username ?? intl.formatMessage({ id: 'notifications.someone' }),
            video: note.video?.title ?? intl.formatMessage({ id: 'notifications.aVideo' }),
            text: note.text ?? '',
          },
        );
        const when = intl.formatDate(note.createdAt, { dateStyle: 'medium', timeStyle: 'short' });
        return (
          <li key={note._id} className={note.read ? 'notes__item' : 'notes__item notes__item--unread'}>
            <p className="notes__text">
              {note.read ? null : <span className="notes__unread">{intl.formatMessage({ id: 'notifications.unreadMark' })}</span>}
              {note.video ? (
                <Link to={paths.selfieVideo(note.video._id)} onClick={() => onOpen?.(note)}>
                  {sentence}
                </Link>
              ) : (
                sentence
              )}
            </p>
            {note.comment ? (
              <p className="notes__text notes__meta">
                <q>{note.comment.content}</q>
              </p>
            ) : null}
            <time className="notes__meta" dateTime={note.createdAt}>
              {when}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
