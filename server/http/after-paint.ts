/**
 * For a server-rendered page, the app's scripts are requested after the first paint instead of
 * from <head>: the markup needs only the stylesheet to paint, and on a slow link ~130 KB of
 * script downloading alongside would share the bandwidth with the stylesheet and the largest
 * image the first paint waits for. The scripts (the entry's `defer` ones, in order) are listed
 * in a JSON block and added by one constant inline script, allowed by its hash in the
 * Content-Security-Policy, once a frame has been painted — or after AFTER_PAINT_FALLBACK_MS at the
 * latest (a background tab paints no frames). The page chunk keeps its <link rel="preload">.
 */
import { createHash } from 'node:crypto';

export const APP_SCRIPTS_ELEMENT_ID = 'app-scripts';
const AFTER_PAINT_FALLBACK_MS = 1500;

export const AFTER_PAINT_SCRIPT =
  `(function(){var d=0,l=JSON.parse(document.getElementById('${APP_SCRIPTS_ELEMENT_ID}').textContent);` +
  `function go(){if(d)return;d=1;l.forEach(function(s){var e=document.createElement('script');e.src=s;e.async=false;document.head.appendChild(e)})}` +
  `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,${AFTER_PAINT_FALLBACK_MS})})()`;

/** For script-src: `'sha256-…'`. */
export const AFTER_PAINT_HASH = `'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`;

const DEFERRED_SCRIPT = /<script\b([^>]*)><\/script>/gi;
const SRC = /\bsrc=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** The page with its `defer` scripts moved behind the first paint (unchanged when it has none). */
export function loadScriptsAfterPaint(html: string): string {
  const sources: string[] = [];
  const stripped = html.replace(DEFERRED_SCRIPT, (tag, attributes: string) => {
    const src = SRC.exec(attributes);
    if (!/\bdefer\b/i.test(attributes) || !src) return tag;
    sources.push(src[1] ?? src[2] ?? src[3] ?? '');
    return '';
  });
  const bodyEnd = stripped.search(/<\/body>/i);
  if (sources.length === 0 || bodyEnd === -1) return html;
  const list = JSON.stringify(sources).replace(/</g, '\\u003c');
  const tags = `<script type="application/json" id="${APP_SCRIPTS_ELEMENT_ID}">${list}</script><script>${AFTER_PAINT_SCRIPT}</script>`;
  return stripped.slice(0, bodyEnd) + tags + stripped.slice(bodyEnd);
}
