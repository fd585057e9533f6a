import { useAppSelector } from '../../app/hooks';

import { useCheckSessionQuery } from './authApi';
import { selectAuthLoading } from './authSlice';

/**
 * Checks the session once when the app starts and keeps the check subscribed, so a later
 * invalidation of the Session tag (login, logout) re-checks it. Mount it once, at the app root,
 * after redux-persist has rehydrated (inside PersistGate) so the answer is not overwritten.
 * Returns true while the first answer is still awaited.
 */
export function useSessionCheck(): boolean {
  useCheckSessionQuery();
  return useAppSelector(selectAuthLoading);
}
