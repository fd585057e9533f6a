import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the markup is the server's (its render, and the browser's hydration of it), true
 * once the app runs it; true from the start when the browser renders afresh. What differs between
 * the server and the browser (the time zone dates are shown in) or must not work before the app
 * does (a form's native submission) waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
