/**
 * When the store connects to Redux DevTools, and what the extension is given: on in development;
 * in a production build only with the localStorage switch or the one-page-load query switch; with
 * trace, a bounded history and secrets redacted from every action and state it is shown.
 */
import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';
import { compose } from '@reduxjs/toolkit';

import {
  DEVTOOLS_MAX_AGE,
  DEVTOOLS_STORAGE_KEY,
  currentSwitches,
  devToolsOptions,
  devToolsWanted,
  type DevToolsSwitches,
} from '../../src/app/devtools';
import { REDACTED } from '../../src/app/redact';
import type * as StoreModule from '../../src/app/store';

const production = (search = '', stored: string | null = null): DevToolsSwitches => ({ nodeEnv: 'production', search, stored });

describe('devToolsWanted', () => {
  it('is on in development and in tests, whatever the switches say', () => {
    expect(devToolsWanted({ nodeEnv: 'development', search: '', stored: null })).toBe(true);
    expect(devToolsWanted({ nodeEnv: 'test', search: '?devtools=0', stored: 'off' })).toBe(true);
    expect(devToolsWanted({ nodeEnv: undefined, search: '', stored: null })).toBe(true);
  });

  it('is off in a production build unless switched on', () => {
    expect(devToolsWanted(production())).toBe(false);
    expect(devToolsWanted(production('?q=cats&page=2'))).toBe(false);
    expect(devToolsWanted(production('', 'maybe'))).toBe(false);
  });

  it('the localStorage switch turns it on in production until removed', () => {
    expect(devToolsWanted(production('', 'on'))).toBe(true);
    expect(devToolsWanted(production('?q=dogs', ' ON '))).toBe(true);
  });

  it('?devtools=1 turns it on for one page load; ?devtools=0 keeps it off for one load', () => {
    expect(devToolsWanted(production('?devtools=1'))).toBe(true);
    expect(devToolsWanted(production('?q=x&devtools=on'))).toBe(true);
    expect(devToolsWanted(production('?devtools=0', 'on'))).toBe(false);
    expect(devToolsWanted(production('?devtools=banana', 'on'))).toBe(true);
    expect(devToolsWanted(production('?devtools=banana'))).toBe(false);
  });
});

describe('currentSwitches', () => {
  afterEach(() => {
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('reads the stored switch and the page query', () => {
    window.localStorage.setItem(DEVTOOLS_STORAGE_KEY, 'on');
    window.history.replaceState(null, '', '/selfieVideos?devtools=1');
    expect(currentSwitches()).toEqual({ nodeEnv: process.env.NODE_ENV, search: '?devtools=1', stored: 'on' });
  });

  it('treats storage that refuses to be read as no switch', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(currentSwitches().stored).toBeNull();
    } finally {
      getItem.mockRestore();
    }
  });
});

describe('devToolsOptions', () => {
  it('is false in production without a switch', () => {
    expect(devToolsOptions(production())).toBe(false);
  });

  it('gives trace, a bounded history and the site name when on', () => {
    const options = devToolsOptions(production('', 'on'));
    expect(options).toMatchObject({ name: 'Video site', trace: true, maxAge: DEVTOOLS_MAX_AGE });
    expect(DEVTOOLS_MAX_AGE).toBeGreaterThanOrEqual(100);
    expect(DEVTOOLS_MAX_AGE).toBeLessThanOrEqual(200);
  });

  it('redacts secrets in every action and state, however many came before (the extension passes an id)', () => {
    const options = devToolsOptions(production('?devtools=1')) as DevToolsEnhancerOptions;
    const action = { type: 'api/executeMutation/pending', meta: { arg: { originalArgs: { email: 'a@example.com', password: 'hunter2' } } } };
    for (const id of [0, 1, 13, 500]) {
      const shown = options.actionSanitizer!(action, id);
      expect(JSON.stringify(shown)).not.toContain('hunter2');
      expect(shown).toEqual({ ...action, meta: { arg: { originalArgs: { email: 'a@example.com', password: REDACTED } } } });
      const state = options.stateSanitizer!({ auth: { user: { username: 'alice' } }, pending: { token: 't0k' } }, id);
      expect(state).toEqual({ auth: { user: { username: 'alice' } }, pending: { token: REDACTED } });
    }
  });
});

describe('the store and the extension', () => {
  const extension = window as unknown as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: jest.Mock };
  const nodeEnv = process.env.NODE_ENV;

  /** Builds the app's store with a stand-in extension present, as the browser extension installs it. */
  function storeWithExtension(): jest.Mock {
    const connect = jest.fn((_options: DevToolsEnhancerOptions) => compose);
    extension.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = connect;
    jest.isolateModules(() => {
      // Required here: Redux Toolkit looks for the extension when it is loaded.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { makeStore } = require('../../src/app/store') as typeof StoreModule;
      const { persistor } = makeStore();
      persistor.pause();
    });
    return connect;
  }

  afterEach(() => {
    delete extension.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
    process.env.NODE_ENV = nodeEnv;
    window.localStorage.clear();
  });

  it('connects in development, with trace and maxAge', () => {
    const connect = storeWithExtension();
    expect(connect).toHaveBeenCalledTimes(1);
    expect(connect.mock.calls[0]![0]).toMatchObject({ trace: true, maxAge: DEVTOOLS_MAX_AGE });
  });

  it('does not connect in a production build until the switch is set', () => {
    process.env.NODE_ENV = 'production';
    expect(storeWithExtension()).not.toHaveBeenCalled();

    window.localStorage.setItem(DEVTOOLS_STORAGE_KEY, 'on');
    expect(storeWithExtension()).toHaveBeenCalledTimes(1);
  });
});
