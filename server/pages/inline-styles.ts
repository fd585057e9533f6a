/**
 * The stylesheets of a server-rendered page, inlined into its HTML: the markup needs them to
 * paint, and as separate files each cost a request after the HTML (one more round trip on a slow
 * link, sharing it with the page's images) before anything is shown. Inlined as
 * `<style data-href="/assets/…css">`, which is also how the SPA's stylesheet loader
 * (mini-css-extract) recognises a chunk's stylesheet as already there, so it never fetches it again.
 *
 * The build's hashed files never change, so each is read once. A file that is missing, too large
 * or could close its <style> element is not inlined: the page keeps its <link>.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { transform } from 'esbuild';

/** Above this (uncompressed), a stylesheet is linked instead: a larger first HTML is not worth a round trip. */
export const MAX_INLINE_STYLE_BYTES = 64 * 1024;
/** Only the build's own hashed stylesheets (asset-manifest.json's names). */
const STYLESHEET = /^assets\/[\w.-]+\.css$/;

const cache = new Map<string, Promise<string | undefined>>();

async function readStylesheet(file: string): Promise<string | undefined> {
  try {
    const text = await readFile(file, 'utf8');
    if (Buffer.byteLength(text) > MAX_INLINE_STYLE_BYTES || /<\/style/i.test(text)) return undefined;
    return await minifyCss(text);
  } catch {
    return undefined;
  }
}

/**
 * The stylesheet minified by esbuild (the build does not minify CSS, and in the HTML its comments
 * and indentation cost ~25 % of the styles' compressed bytes): comments go, the source map's URL
 * among them (relative to the file, not to the page); `/*!` licence comments stay.
 */
export async function minifyCss(text: string): Promise<string> {
  return (await transform(text, { loader: 'css', minify: true, legalComments: 'inline' })).code.trim();
}

/** The texts of the build's stylesheets `names` (`assets/….css`) that can be inlined, by name. */
export async function inlineStylesFor(spaDir: string, names: readonly string[]): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  await Promise.all(
    names.map(async (name) => {
      if (!STYLESHEET.test(name)) return;
      const file = path.join(spaDir, name);
      let text = cache.get(file);
      if (!text) {
        text = readStylesheet(file);
        cache.set(file, text);
        // A file not there yet (a build under way) is looked for again next time.
        void text.then((found) => found === undefined && cache.delete(file));
      }
      const found = await text;
      if (found !== undefined) texts[name] = found;
    }),
  );
  return texts;
}

/** `<style data-href="/name">…</style>` (the text is checked not to contain `</style`). */
export const inlineStyleTag = (name: string, text: string) => `<style data-href="/${name}">${text}</style>`;
