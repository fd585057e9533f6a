import { useCheckSessionQuery } from './authApi';

/** Nothing of the check's state reaches the component: see useSessionCheck. */
const NOTHING = {};
const selectNothing = () => NOTHING;

/**
 * Checks the session once when the app starts and keeps the check subscribed, so a later
 * invalidation of the Session tag (login, logout) re-checks it. Mount it once, at the app root,
 * after redux-persist has rehydrated (inside PersistGate) so the answer is not overwritten.
 *
 * The root selects nothing from the check (its answer goes to the auth slice, read where it is
 * needed): were it to re-render on the check's progress, the whole page under it would re-render
 * with it — twice per page load, each a long task on a phone.
 */
export function useSessionCheck(): void {
  useCheckSessionQuery(undefined, { selectFromResult: selectNothing });
}
