/**
 * For a server-rendered page, the app's scripts are requested after the first paint instead of
 * from <head>: the markup needs only its styles to paint (inlined: server/pages/inline-styles.ts),
 * and on a slow link ~130 KB of script downloading alongside would share the bandwidth with the
 * largest image the first paint waits for. The scripts (the entry's `defer` ones and the page
 * chunk's, in order) are listed in a JSON block and added by one constant inline script, allowed
 * by its hash in the Content-Security-Policy, once a frame has been painted and the document has
 * loaded — or after AFTER_PAINT_FALLBACK_MS at the latest (a background tab paints no frames).
 */
import { createHash } from 'node:crypto';

import { INTL_WARM_UP_TAG } from './intl-warm-up';

export const APP_SCRIPTS_ELEMENT_ID = 'app-scripts';
const AFTER_PAINT_FALLBACK_MS = 1500;

/**
 * Media first: a viewer who presses play before the app's scripts have been requested is waiting
 * for the picture, and on a slow link ~200 KB of script would share the bandwidth with the few
 * tens of KB of MP4 the first frame needs. While such a play is starting, `window[MEDIA_FIRST]`
 * is set and the loader below holds the scripts; the fast-start script (fast-start.ts) sets it
 * and dispatches `MEDIA_FIRST_DONE` on the document once the video plays, fails or pauses, or
 * after MEDIA_FIRST_MAX_MS.
 */
export const MEDIA_FIRST = 'clipnestMediaFirst';
export const MEDIA_FIRST_DONE = 'clipnest-media-first-done';
export const MEDIA_FIRST_MAX_MS = 3000;

/**
 * Requests the listed scripts (in order, `async = false`) once a frame has been painted and the
 * document has loaded (its images and preloads: the first screen's largest image is not shared
 * with ~130 KB of script), or after AFTER_PAINT_FALLBACK_MS at the latest.
 */
export const AFTER_PAINT_SCRIPT =
  `(function(){var d=0,p=0,l=JSON.parse(document.getElementById('${APP_SCRIPTS_ELEMENT_ID}').textContent);` +
  // A play the viewer pressed before them goes first (fast-start.ts, "media first").
  `function go(){if(d)return;if(window.${MEDIA_FIRST}){document.addEventListener('${MEDIA_FIRST_DONE}',go);return}` +
  `d=1;l.forEach(function(s){var e=document.createElement('script');e.src=s;e.async=false;document.head.appendChild(e)})}` +
  `function ready(){if(p&&document.readyState==='complete')go()}` +
  `requestAnimationFrame(function(){setTimeout(function(){p=1;ready()},0)});addEventListener('load',function(){setTimeout(ready,0)});` +
  `setTimeout(go,${AFTER_PAINT_FALLBACK_MS})})()`;

/** For script-src: `'sha256-…'`. */
export const AFTER_PAINT_HASH = `'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`;

const DEFERRED_SCRIPT = /<script\b([^>]*)><\/script>/gi;
const SRC = /\bsrc=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** `<link rel=stylesheet>` tags (any attribute order, quoted or not) and their href. */
const STYLESHEET_LINK = /<link\b[^>]*>/gi;
const HREF = /\bhref=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const INLINED_STYLE = /<style\b[^>]*\bdata-href="([^"]+)"/gi;

/**
 * The Intl warm-up (server/http/intl-warm-up.ts) moved to the top of <head>, before the first
 * style, link or script: it runs while the rest of the HTML is still on its way, and never waits
 * for a stylesheet (at the end of <head>, after the inlined styles and before the body, it held the
 * parser ~100 ms at 4× CPU just before the first paint; after the paint it was a long task of its own).
 */
function warmUpFirst(html: string): string {
  const at = html.indexOf(INTL_WARM_UP_TAG);
  if (at === -1) return html;
  const without = html.slice(0, at) + html.slice(at + INTL_WARM_UP_TAG.length);
  const first = without.search(/<(?:style|link|script)\b/i);
  return first === -1 || first > at ? html : without.slice(0, first) + INTL_WARM_UP_TAG + without.slice(first);
}

/**
 * The page with its `defer` scripts moved behind the first paint (unchanged when it has none),
 * the Intl warm-up first in <head>, and the <link> to a stylesheet it also has inline
 * (server/pages/inline-styles.ts) dropped.
 */
export function loadScriptsAfterPaint(html: string): string {
  const inlined = new Set([...html.matchAll(INLINED_STYLE)].map((match) => match[1]));
  const withoutLinks =
    inlined.size === 0
      ? html
      : html.replace(STYLESHEET_LINK, (tag) => {
          const href = HREF.exec(tag);
          const target = href?.[1] ?? href?.[2] ?? href?.[3];
          return /\brel=["']?stylesheet\b/i.test(tag) && target !== undefined && inlined.has(target) ? '' : tag;
        });
  const sources: string[] = [];
  const stripped = withoutLinks.replace(DEFERRED_SCRIPT, (tag, attributes: string) => {
    const src = SRC.exec(attributes);
    if (!/\bdefer\b/i.test(attributes) || !src) return tag;
    sources.push(src[1] ?? src[2] ?? src[3] ?? '');
    return '';
  });
  const bodyEnd = stripped.search(/<\/body>/i);
  if (sources.length === 0 || bodyEnd === -1) return withoutLinks;
  const list = JSON.stringify(sources).replace(/</g, '\\u003c');
  const tags = `<script type="application/json" id="${APP_SCRIPTS_ELEMENT_ID}">${list}</script><script>${AFTER_PAINT_SCRIPT}</script>`;
  return warmUpFirst(stripped.slice(0, bodyEnd) + tags + stripped.slice(bodyEnd));
}
