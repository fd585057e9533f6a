import { ModerationMessages, useModerationT } from './i18n';
import './moderation.css';

/** The owner's (and moderators') notice on a video moderators hid: "Hidden by moderators: <reason>". */
export function HiddenNotice({ reason }: { reason: string | undefined }) {
  if (reason === undefined) return null;
  return (
    <ModerationMessages>
      <Notice reason={reason} />
    </ModerationMessages>
  );
}

function Notice({ reason }: { reason: string }) {
  const t = useModerationT();
  return (
    <p className="alert alert--error moderation-notice" role="status">
      {t('moderation.hiddenNotice', { reason: reason || t('moderation.noReason') })}
    </p>
  );
}
