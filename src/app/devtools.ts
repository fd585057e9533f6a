/**
 * Redux DevTools: always on in development; in a production build only when the person at the
 * browser switches it on — `localStorage.setItem('reduxDevTools', 'on')` then reload (stays on
 * until removed), or `?devtools=1` on one page load (`?devtools=0` keeps it off for one load).
 * The store only ever holds this visitor's own data, and passwords, tokens and signatures are
 * redacted before the extension sees an action or a state (./redact.ts). See docs/development.md.
 */
import type { Action, DevToolsEnhancerOptions } from '@reduxjs/toolkit';

import { redactSecrets } from './redact';

/** The localStorage key of the persistent production switch, and the value that turns it on. */
export const DEVTOOLS_STORAGE_KEY = 'reduxDevTools';
export const DEVTOOLS_STORAGE_ON = 'on';
/** The query parameter of the one-page-load switch. */
export const DEVTOOLS_QUERY_PARAM = 'devtools';

/** Actions DevTools keeps: enough to step back through a page's story, bounded in memory. */
export const DEVTOOLS_MAX_AGE = 150;

export interface DevToolsSwitches {
  /** The build's NODE_ENV (webpack's mode in the browser). */
  nodeEnv: string | undefined;
  /** The page's `location.search`. */
  search: string;
  /** The value stored under DEVTOOLS_STORAGE_KEY, if any. */
  stored: string | null;
}

const ON = new Set(['1', 'on', 'true', 'yes']);
const OFF = new Set(['0', 'off', 'false', 'no']);

/** Whether the store connects to the DevTools extension (pure: the unit the tests drive). */
export function devToolsWanted({ nodeEnv, search, stored }: DevToolsSwitches): boolean {
  if (nodeEnv !== 'production') return true;
  const once = new URLSearchParams(search).get(DEVTOOLS_QUERY_PARAM)?.trim().toLowerCase();
  if (once !== undefined && ON.has(once)) return true;
  if (once !== undefined && OFF.has(once)) return false;
  return stored?.trim().toLowerCase() === DEVTOOLS_STORAGE_ON;
}

/** The switches as this page sees them; the server's render has no window and no switches. */
export function currentSwitches(): DevToolsSwitches {
  const nodeEnv = process.env.NODE_ENV;
  if (typeof window === 'undefined') return { nodeEnv, search: '', stored: null };
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(DEVTOOLS_STORAGE_KEY);
  } catch {
    // Storage can be refused (sandboxed frames, some privacy modes): the switch is simply off.
  }
  return { nodeEnv, search: window.location.search, stored };
}

/** configureStore's `devTools` option for these switches. */
export function devToolsOptions(switches: DevToolsSwitches = currentSwitches()): DevToolsEnhancerOptions | false {
  if (!devToolsWanted(switches)) return false;
  return {
    name: 'Video site',
    // Where each action was dispatched from (the Trace tab).
    trace: true,
    traceLimit: 25,
    maxAge: DEVTOOLS_MAX_AGE,
    // The extension passes an action id / state index as the second argument; it must not reach
    // redactSecrets, whose second parameter is its recursion depth.
    actionSanitizer: <A extends Action>(action: A): A => redactSecrets(action),
    stateSanitizer: <S>(state: S): S => redactSecrets(state),
  };
}
