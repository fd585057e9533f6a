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

/** Above this (uncompressed), a stylesheet is linked instead: a larger first HTML is not worth a round trip. */
export const MAX_INLINE_STYLE_BYTES = 64 * 1024;
/** Only the build's own hashed stylesheets (asset-manifest.json's names). */
const STYLESHEET = /^assets\/[\w.-]+\.css$/;

const cache = new Map<string, Promise<string | undefined>>();

async function readStylesheet(file: string): Promise<string | undefined> {
  try {
    const text = await readFile(file, 'utf8');
    if (Buffer.byteLength(text) > MAX_INLINE_STYLE_BYTES || /<\/style/i.test(text)) return undefined;
    return compactCss(text);
  } catch {
    return undefined;
  }
}

/** A string, a comment, or white space spanning a line break (a string holds no raw line break). */
const CSS_TOKENS = /("(?:[^"\\\n]|\\[\s\S])*"|'(?:[^'\\\n]|\\[\s\S])*')|(\/\*(?!!)[\s\S]*?\*\/)|(\s*\n\s*)/g;

/**
 * The stylesheet without its comments (the source map's URL among them, which is relative to the
 * file, not to the page; `/*!` licence comments stay) and its indentation: a line break and the
 * white space around it become one line break. Strings are left as they are. The build does not
 * minify CSS, and in the HTML its comments cost ~25 % of the styles' compressed bytes.
 */
export function compactCss(text: string): string {
  return text
    .replace(CSS_TOKENS, (match: string, string: string | undefined, comment: string | undefined, _space: unknown, at: number) => {
      if (string) return match;
      if (!comment) return '\n';
      // Between two characters of a token a comment separates them: kept.
      return /[\w-]/.test(text[at - 1] ?? '') && /[\w-]/.test(text[at + match.length] ?? '') ? match : '';
    })
    .trim();
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
