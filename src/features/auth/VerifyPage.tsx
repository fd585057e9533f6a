import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder for SPEC §2 "Verify" until its page is built; the route and its chunk already exist. */
export function VerifyPage() {
  return <ComingSoon titleId="comingSoon.title.verify" />;
}

export default VerifyPage;
