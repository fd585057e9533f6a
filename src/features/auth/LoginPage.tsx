import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder for SPEC §2 "Login" until its page is built; the route and its chunk already exist. */
export function LoginPage() {
  return <ComingSoon titleId="comingSoon.title.login" />;
}

export default LoginPage;
