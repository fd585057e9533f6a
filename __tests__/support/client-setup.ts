import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

import './relative-urls';
import './form-data';

import { server } from './msw-server';

// findBy*/waitFor wait for behaviour, not for speed: on a loaded 2-core CI machine a render can
// take longer than the 1 s default, which would fail a correct test.
configure({ asyncUtilTimeout: 5000 });

// Every request a client test makes must be answered by a handler it declared.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());
