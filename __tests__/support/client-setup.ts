import '@testing-library/jest-dom';

import './relative-urls';
import './form-data';

import { server } from './msw-server';

// Every request a client test makes must be answered by a handler it declared.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());
