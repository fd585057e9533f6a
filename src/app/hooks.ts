import { useSyncExternalStore } from 'react';
import { useDispatch, useSelector } from 'react-redux';

import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

const noSubscription = () => () => {};

/**
 * False while the markup is the server's (its render, and the browser's hydration of it), true
 * once the app runs it. A server-rendered form must not be submittable before then: the browser
 * would submit it natively, putting its fields in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
