import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder for SPEC §2 "Reset password" until its page is built; the route and its chunk already exist. */
export function ResetPasswordPage() {
  return <ComingSoon titleId="comingSoon.title.resetPassword" />;
}

export default ResetPasswordPage;
