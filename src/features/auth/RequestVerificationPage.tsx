import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder for SPEC §2 "Request verification" until its page is built; the route and its chunk already exist. */
export function RequestVerificationPage() {
  return <ComingSoon titleId="comingSoon.title.requestVerification" />;
}

export default RequestVerificationPage;
