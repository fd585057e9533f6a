/**
 * The embeddable player page (what the provider's `embed` URL opens inside an <iframe>): a
 * full-frame <video> playing the repository's sample clip with the video's title on top. No
 * scripts and no external resources; the only inline style is allowed by its hash in the page's
 * Content-Security-Policy.
 */
import { createHash } from 'node:crypto';

export const CLIP_SOURCES = [
  { file: 'clip.webm', type: 'video/webm' },
  { file: 'clip.mp4', type: 'video/mp4' },
] as const;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

const PLAYER_STYLE = [
  'html,body{margin:0;height:100%;background:#000;overflow:hidden}',
  'body{position:relative;font:15px/1.3 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'video{display:block;width:100%;height:100%;object-fit:contain;background:#000}',
  // pointer-events:none keeps the title from covering the player's own controls.
  'h1{position:absolute;top:0;left:0;right:0;margin:0;padding:10px 14px 24px;font-size:15px;font-weight:600;color:#fff;' +
    'background:linear-gradient(rgba(0,0,0,.7),rgba(0,0,0,0));pointer-events:none;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}',
  'main{display:flex;height:100%;align-items:center;justify-content:center;color:#eee;text-align:center;padding:0 16px}',
].join('');
const STYLE_HASH = `'sha256-${createHash('sha256').update(PLAYER_STYLE).digest('base64')}'`;

/** CSP for the player pages: same-origin framing only, media and poster from here or the public origin. */
export function playerContentSecurityPolicy(publicOrigin: string): string {
  const sources = `'self' ${publicOrigin}`;
  return [
    "default-src 'none'",
    `img-src ${sources}`,
    `media-src ${sources}`,
    `style-src ${STYLE_HASH}`,
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export interface EmbedPageInput {
  title: string;
  posterUrl: string;
  /** Absolute URLs of the clip, in the order the browser should try them. */
  sources: ReadonlyArray<{ src: string; type: string }>;
}

function page(title: string, body: string): string {
  return (
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<meta name="robots" content="noindex">' +
    `<title>${escapeHtml(title)}</title><style>${PLAYER_STYLE}</style></head>` +
    `<body>${body}</body></html>\n`
  );
}

export function renderEmbedPage({ title, posterUrl, sources }: EmbedPageInput): string {
  const sourceTags = sources
    .map((source) => `<source src="${escapeHtml(source.src)}" type="${escapeHtml(source.type)}">`)
    .join('');
  return page(
    title,
    `<video controls playsinline preload="metadata" poster="${escapeHtml(posterUrl)}" aria-label="${escapeHtml(title)}">` +
      `${sourceTags}Your browser cannot play this video.</video>` +
      `<h1>${escapeHtml(title)}</h1>`,
  );
}

export function renderNotFoundPage(message: string): string {
  return page('Video not found', `<main><p>${escapeHtml(message)}</p></main>`);
}
