import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder for SPEC §2 "Forgot password" until its page is built; the route and its chunk already exist. */
export function ForgotPasswordPage() {
  return <ComingSoon titleId="comingSoon.title.forgotPassword" />;
}

export default ForgotPasswordPage;
