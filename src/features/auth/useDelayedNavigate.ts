import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Navigates to a path after a delay. The pending redirect is dropped
 * when the page unmounts, so leaving the page early does not yank the user elsewhere later.
 * The redirect replaces the current history entry: Back does not return to a finished form
 * (or to a URL that carried a one-time token).
 */
export function useDelayedNavigate(): (to: string, delayMs: number) => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );

  return useCallback(
    (to: string, delayMs: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        navigate(to, { replace: true });
      }, delayMs);
    },
    [navigate],
  );
}
