/**
 * The embed page (`/embed/selfieVideos/{id}`, docs/sharing.md): its HTML, its Content Security
 * Policy and where its script is. The script is the SPA build's `embed` entry
 * (src/features/videos/embed/embedPlayer.ts), a hashed file under /assets/ found through the
 * build's asset-manifest.json; hls.js comes after it as the build's lazily loaded hls chunks.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';

import { FAST_START_HASH, withFastStart } from '../http/fast-start';

import { readAssetManifest } from './critical-path';
import { escapeAttribute } from './spa';

const EMBED_STYLE =
  'html,body{margin:0;height:100%;background:#000;color:#fff;font:14px/1.4 system-ui,sans-serif;overflow:hidden}' +
  '.bar{position:absolute;top:0;left:0;right:0;z-index:1;padding:8px 12px;background:linear-gradient(#000c,#0000);pointer-events:none}' +
  '.bar a{color:#fff;text-decoration:none;font-weight:600;pointer-events:auto;display:inline-block;max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}' +
  '.bar a:focus-visible{outline:2px solid #fff;outline-offset:2px}' +
  // Listen mode's button and, for a video without sound, its reason (src/features/videos/embed).
  '.bar button,.bar span{float:right;margin-left:8px;pointer-events:auto}' +
  '.bar button{font:inherit;color:#fff;background:#0009;border:1px solid #fffa;border-radius:4px;padding:0 8px;cursor:pointer}' +
  '.bar button[aria-pressed=true]{background:#fff;color:#000}.bar button[aria-disabled=true]{opacity:.6;cursor:not-allowed}' +
  '.bar button:focus-visible{outline:2px solid #fff;outline-offset:2px}' +
  'main{height:100%}video{display:block;width:100%;height:100%;background:#000}' +
  '.gone{display:flex;height:100%;align-items:center;justify-content:center;flex-direction:column;gap:8px;text-align:center;padding:16px;box-sizing:border-box}' +
  '.gone h1{font-size:18px;margin:0}.gone a{color:#9cf}';

const STYLE_HASH = `'sha256-${createHash('sha256').update(EMBED_STYLE).digest('base64')}'`;

/**
 * The embed page's policy: nothing by default; its script (and the fast-start source picker, by
 * hash), media (blob: for hls.js's media source), playlists and captions from this origin; its
 * one stylesheet by hash; no workers (hls.js remuxes on the page), no frames, no plugins, no
 * forms; and any page may frame it.
 */
export const EMBED_CSP = [
  "default-src 'none'",
  "base-uri 'none'",
  `script-src 'self' ${FAST_START_HASH}`,
  `style-src ${STYLE_HASH}`,
  "img-src 'self' data:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "worker-src 'none'",
  "frame-src 'none'",
  "object-src 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const head = (htmlLang: string, title: string, extra = '') =>
  `<!doctype html><html lang="${htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<meta name="robots" content="noindex"><title>${text(title)}</title>${extra}<style>${EMBED_STYLE}</style>`;

/** The page for a private, unknown, deleted or unfinished video: the same for all, no media. */
export function embedGonePage(htmlLang: string, message: string, siteUrl: string): string {
  return (
    `${head(htmlLang, message)}</head><body><main class="gone"><h1>${text(message)}</h1>` +
    `<a href="${escapeAttribute(siteUrl)}" target="_blank" rel="noopener">ClipNest</a></main></body></html>`
  );
}

export interface EmbedTrack {
  lang: string;
  label: string;
  src: string;
  /** Shown from the start (the track `?captions=` asked for). */
  default: boolean;
}

export interface EmbedPageInput {
  htmlLang: string;
  title: string;
  pageUrl: string;
  /** The title bar's link (the video page, with `?t=` when the embed starts later). */
  watchUrl: string;
  watchOn: string;
  /** The `<video>` element's attributes (values unescaped; '' for a bare attribute). */
  attributes: Record<string, string>;
  tracks: EmbedTrack[];
  /** The player's script files (/assets/…); none when the SPA is not built. */
  scripts: string[];
}

export function embedPlayerPage(input: EmbedPageInput): string {
  const attributes = Object.entries(input.attributes)
    .map(([name, value]) => (value === '' ? name : `${name}="${escapeAttribute(value)}"`))
    .join(' ');
  const tracks = input.tracks
    .map(
      (track) =>
        `<track kind="subtitles" srclang="${escapeAttribute(track.lang)}" label="${escapeAttribute(track.label)}" src="${escapeAttribute(track.src)}"${track.default ? ' default' : ''}>`,
    )
    .join('');
  const scripts = input.scripts.map((file) => `<script src="${escapeAttribute(file)}" defer></script>`).join('');
  return withFastStart(
    head(input.htmlLang, input.title, `<link rel="canonical" href="${escapeAttribute(input.pageUrl)}">`) +
    `${scripts}</head><body>` +
    `<div class="bar" role="banner"><a href="${escapeAttribute(input.watchUrl)}" target="_blank" rel="noopener" title="${escapeAttribute(input.watchOn)}">${text(input.title)}</a></div>` +
    `<main aria-label="${escapeAttribute(input.title)}"><video ${attributes}>${tracks}</video></main></body></html>`
  );
}

/**
 * The embed entry's script files from the build's manifest, read again only when the manifest
 * changes (a rebuild while running); [] when the SPA is not built.
 */
export function embedScripts(spaDir: string): () => Promise<string[]> {
  const manifestFile = path.join(spaDir, 'asset-manifest.json');
  let cached: { mtimeMs: number; files: string[] } | undefined;
  return async () => {
    const info = await stat(manifestFile).catch(() => null);
    if (!info?.isFile()) return [];
    if (cached?.mtimeMs !== info.mtimeMs) {
      const manifest = await readAssetManifest(spaDir);
      const files = (manifest?.entries?.embed?.js ?? []).filter((file) => /^[\w./-]+\.js$/.test(file) && !file.includes('..'));
      cached = { mtimeMs: info.mtimeMs, files: files.map((file) => `/${file.replace(/^\/+/, '')}`) };
    }
    return cached.files;
  };
}
