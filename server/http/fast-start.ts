/**
 * Fast start: the server-rendered <video> plays its MP4 with the browser's own controls before
 * any of the app's script has arrived (docs/playback.md). Which MP4 is decided here, in the page,
 * by the player's box: each rung is kept as a progressive MP4 and the video carries them in
 * `data-progressive` (`[[url, width, height], …]`); this constant inline script, allowed by its
 * hash in the Content-Security-Policy, sets `src` in the page's first frame (where the layout is
 * made for the first paint anyway: the box has its size, and none is forced mid-parse) to the
 * rung that fits the box in device pixels — the rule of `fittingRendition`
 * (src/features/player/engineLogic.ts), so a phone's 232 px box plays 240p from its first frame,
 * like the adaptive engine later. `preload="none"` still holds: choosing
 * fetches nothing. A video the viewer has already started, or whose source the page changed, is
 * left alone.
 */
import { createHash } from 'node:crypto';

import { APP_SCRIPTS_ELEMENT_ID, MEDIA_FIRST, MEDIA_FIRST_DONE, MEDIA_FIRST_MAX_MS } from './after-paint';

/** The attribute the page's and the embed's <video> carry the rungs in. */
export const PROGRESSIVE_ATTRIBUTE = 'data-progressive';


export const FAST_START_SCRIPT =
  `(function(){function pick(){var v=document.querySelectorAll('video[${PROGRESSIVE_ATTRIBUTE}]'),d=window.devicePixelRatio||1;` +
  // Media first: the first play before the app's scripts holds them until it plays (or gives up).
  `function f(e){var t;function done(){if(!window.${MEDIA_FIRST})return;window.${MEDIA_FIRST}=0;clearTimeout(t);` +
  `document.dispatchEvent(new Event('${MEDIA_FIRST_DONE}'))}` +
  `e.addEventListener('play',function(){if(window.${MEDIA_FIRST}!==undefined||document.getElementById('${APP_SCRIPTS_ELEMENT_ID}')===null)return;` +
  `window.${MEDIA_FIRST}=1;t=setTimeout(done,${MEDIA_FIRST_MAX_MS});` +
  `['playing','pause','error','emptied'].forEach(function(n){e.addEventListener(n,done)})})}` +
  'for(var i=0;i<v.length;i++){try{var e=v[i],l=JSON.parse(e.getAttribute(\'' + PROGRESSIVE_ATTRIBUTE + '\')),r=e.getBoundingClientRect(),' +
  'w=Math.round(r.width*d),h=Math.round(r.height*d),b=null,m=null;' +
  'if(!(w>0&&h>0)||!e.paused||e.currentTime>0)continue;f(e);' +
  'for(var j=0;j<l.length;j++){var s=l[j];if(!(s[1]>0&&s[2]>0))continue;var p=s[1]*s[2];' +
  'if(!m||p>m[1]*m[2])m=s;if((s[1]>=w||s[2]>=h)&&(!b||p<b[1]*b[2]))b=s}' +
  "b=b||m;if(b&&typeof b[0]==='string'&&e.getAttribute('src')!==b[0])e.setAttribute('src',b[0])}catch(x){}}}" +
  // In the first frame, where the layout is made for the paint anyway, not forced mid-parse.
  '(window.requestAnimationFrame||setTimeout)(pick)})()';

/** For script-src: `'sha256-…'`. */
export const FAST_START_HASH = `'sha256-${createHash('sha256').update(FAST_START_SCRIPT).digest('base64')}'`;

export const FAST_START_TAG = `<script>${FAST_START_SCRIPT}</script>`;

/** The value of `data-progressive` for a video's rungs (smallest first, as the API gives them). */
export function progressiveAttribute(sources: Array<{ url: string; width: number; height: number }>): string {
  return JSON.stringify(sources.map((source) => [source.url, source.width, source.height]));
}

/**
 * The page with the fast-start script after the first screen, when the first screen has a video
 * with rungs to choose from (unchanged otherwise). Placed right before `</body>`: after the whole
 * first screen (outside React's root, which hydration must find as rendered), before the
 * after-paint loader adds any script.
 */
export function withFastStart(html: string): string {
  if (!html.includes(`${PROGRESSIVE_ATTRIBUTE}=`)) return html;
  const bodyEnd = html.search(/<\/body>/i);
  if (bodyEnd === -1) return html;
  return html.slice(0, bodyEnd) + FAST_START_TAG + html.slice(bodyEnd);
}
