import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

import './relative-urls';
import './form-data';

import { SETTLE_TIMEOUT_MS } from './eventually';
import { server } from './msw-server';

// findBy*/waitFor wait for behaviour, not for speed: on a loaded 2-core CI machine a render can
// take longer than the 1 s default, which would fail a correct test. The same deadline as the
// server suites' waits (a passing check returns at once).
configure({ asyncUtilTimeout: SETTLE_TIMEOUT_MS });

// Every request a client test makes must be answered by a handler it declared.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());
