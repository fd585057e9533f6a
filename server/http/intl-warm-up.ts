/**
 * The one inline script of the page, allowed by its hash in the Content-Security-Policy.
 *
 * The first Intl call of a page loads the browser's locale data (ICU): react-intl's createIntl
 * makes it (supportedLocalesOf for numbers and dates) on the first render, where on a slow phone
 * it costs a few hundred milliseconds of main thread just before the first paint. Made here,
 * while the parser waits for the scripts to arrive over the network, the same work overlaps the
 * download instead of delaying the paint.
 */
import { createHash } from 'node:crypto';

export const INTL_WARM_UP_SCRIPT =
  "try{Intl.NumberFormat.supportedLocalesOf(['en','zh-CN']);Intl.DateTimeFormat.supportedLocalesOf(['en','zh-CN'])}catch(e){}";

/** For script-src: `'sha256-…'`. */
export const INTL_WARM_UP_HASH = `'sha256-${createHash('sha256').update(INTL_WARM_UP_SCRIPT).digest('base64')}'`;

export const INTL_WARM_UP_TAG = `<script>${INTL_WARM_UP_SCRIPT}</script>`;
