/**
 * Security headers (helmet) with a Content-Security-Policy for the React SPA: scripts only from
 * this origin (the inline scripts, the Intl warm-up, the after-paint loader and the fast-start source picker, are allowed by their hashes), and media, thumbnails, embeds and API calls only from this
 * origin and the catalogue provider.
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';

import type { AppConfig } from '../config/index';

import { AFTER_PAINT_HASH } from './after-paint';
import { FAST_START_HASH } from './fast-start';
import { INTL_WARM_UP_HASH } from './intl-warm-up';

export function helmetOptions(config: Pick<AppConfig, 'catalogue' | 'cookieSecure'>): FastifyHelmetOptions {
  const self = "'self'";
  // The stand-in serves absolute URLs built from PUBLIC_URL, which is not necessarily the origin
  // the browser used; naming that origin explicitly keeps thumbnails and embeds loading.
  const catalogue = new URL(config.catalogue.url).origin;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [self],
        baseUri: [self],
        scriptSrc: [self, INTL_WARM_UP_HASH, AFTER_PAINT_HASH, FAST_START_HASH],
        scriptSrcAttr: ["'none'"],
        // React and libraries set style attributes; inline styles cannot run code.
        styleSrc: [self, "'unsafe-inline'"],
        imgSrc: [self, 'data:', 'blob:', catalogue],
        mediaSrc: [self, 'blob:', catalogue],
        frameSrc: [self, catalogue],
        connectSrc: [self, catalogue],
        // hls.js remuxes segments in a worker loaded from the site's own assets (never blob:).
        workerSrc: [self],
        fontSrc: [self, 'data:'],
        objectSrc: ["'none'"],
        formAction: [self],
        frameAncestors: [self],
        // Only over https: on plain-http deployments it would break every sub-resource.
        ...(config.cookieSecure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // https-only hint, pointless (and sticky) when the site is not served over https.
    strictTransportSecurity: config.cookieSecure ? { maxAge: 15552000, includeSubDomains: false } : false,
  };
}
