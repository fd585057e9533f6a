import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder for SPEC §2 "Register" until its page is built; the route and its chunk already exist. */
export function RegisterPage() {
  return <ComingSoon titleId="comingSoon.title.register" />;
}

export default RegisterPage;
