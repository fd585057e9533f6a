import { FormattedMessage } from 'react-intl';

/** Shown while the start-up session check runs ("Checking authentication..."). */
export function CheckingAuthentication() {
  return (
    <div className="page videos-status" role="status" aria-live="polite">
      <span className="videos-spinner" aria-hidden="true" />
      <p className="videos-status__text">
        <FormattedMessage id="videos.checkingAuth" />
      </p>
    </div>
  );
}
