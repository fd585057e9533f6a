import { useLocation } from 'react-router-dom';

import { useSendVerificationMutation } from './authApi';
import { EmailRequestPage } from './EmailRequestPage';

/** The email a link to this page may carry in its router state (Login, Verify), never in the URL. */
function emailFromState(state: unknown): string {
  const email = state && typeof state === 'object' ? (state as { email?: unknown }).email : undefined;
  return typeof email === 'string' ? email : '';
}

/**
 * Request verification: sends a new verification email. An empty email
 * is refused before any request ("Please enter your email address."); repeats are rate-limited
 * by the server (429).
 */
export function RequestVerificationPage() {
  const location = useLocation();
  const [sendVerification, { isLoading }] = useSendVerificationMutation();
  return (
    <EmailRequestPage
      titleId="auth.requestVerification.title"
      introId="auth.requestVerification.intro"
      submitId="auth.requestVerification.submit"
      successId="auth.requestVerification.success"
      failedId="auth.requestVerification.failed"
      initialEmail={emailFromState(location.state)}
      send={(args) => sendVerification(args).unwrap()}
      busy={isLoading}
    />
  );
}

export default RequestVerificationPage;
