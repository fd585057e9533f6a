import { useT } from '../../i18n/useT';
import './moderation.css';

/** The owner's (and moderators') notice on a video moderators hid: "Hidden by moderators: <reason>". */
export function HiddenNotice({ reason }: { reason: string | undefined }) {
  const t = useT();
  if (reason === undefined) return null;
  return (
    <p className="alert alert--error moderation-notice" role="status">
      {t('moderation.hiddenNotice', { reason: reason || t('moderation.noReason') })}
    </p>
  );
}
