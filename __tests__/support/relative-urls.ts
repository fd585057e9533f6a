/**
 * Browsers resolve a relative fetch URL ("/v0/api/…") against the page; Node's Request and
 * fetch, which jest-fixed-jsdom exposes, reject it. Resolve against jsdom's location
 * (http://localhost/) so RTK Query's fetchBaseQuery behaves as in the browser and MSW
 * handlers can match paths such as `*\/v0/api/check-session`.
 */
const NodeRequest = globalThis.Request;
const nodeFetch = globalThis.fetch;

function resolve(input: RequestInfo | URL): RequestInfo | URL {
  return typeof input === 'string' ? new URL(input, window.location.href) : input;
}

class BrowserLikeRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(resolve(input), init);
  }
}

globalThis.Request = BrowserLikeRequest as typeof Request;
globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => nodeFetch(resolve(input), init)) as typeof fetch;
