import { useForgotPasswordMutation } from './authApi';
import { EmailRequestPage } from './EmailRequestPage';

/**
 * Forgot password: asks for a reset link. The server answers the same
 * whether or not the account exists, and rate-limits repeats (429).
 */
export function ForgotPasswordPage() {
  const [requestReset, { isLoading }] = useForgotPasswordMutation();
  return (
    <EmailRequestPage
      titleId="auth.forgot.title"
      introId="auth.forgot.intro"
      submitId="auth.forgot.submit"
      successId="auth.forgot.success"
      failedId="auth.forgot.failed"
      send={(args) => requestReset(args).unwrap()}
      busy={isLoading}
    />
  );
}

export default ForgotPasswordPage;
