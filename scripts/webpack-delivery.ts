/**
 * Build-side pieces of fast delivery: which files are worth pre-compressing, and a manifest of
 * the files each named chunk group needs (`asset-manifest.json`), which the server reads to
 * preload a route's code together with its HTML.
 */
import { Compilation, sources, type Compiler } from 'webpack';

/** Text assets the build writes brotli and gzip copies of; media is never compressed. */
export const PRECOMPRESSED_TEXT = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/i;

export const ASSET_MANIFEST = 'asset-manifest.json';

export interface ChunkFiles {
  js: string[];
  css: string[];
}

export interface AssetManifest {
  /** What index.html loads itself (the `main` entry's initial chunks). */
  entry: ChunkFiles;
  /** Other entry points (`embed`: the embed page's player), by name. */
  entries?: Record<string, ChunkFiles>;
  /** Per named lazy chunk group (`page-home`, `page-login`…): its files, shared vendor splits included. */
  chunks: Record<string, ChunkFiles>;
}

const filesOf = (files: Iterable<string>): ChunkFiles => {
  const list = [...new Set(files)].filter((f) => !f.endsWith('.map'));
  return { js: list.filter((f) => f.endsWith('.js')), css: list.filter((f) => f.endsWith('.css')) };
};

export class ChunkManifestPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('ChunkManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After real content hashes rename the files, before the compression plugins run.
        { name: 'ChunkManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => {
          const manifest: AssetManifest = { entry: { js: [], css: [] }, entries: {}, chunks: {} };
          for (const [name, group] of compilation.namedChunkGroups) {
            const files = filesOf(group.getFiles());
            if (name === 'main') {
              manifest.entry.js.push(...files.js);
              manifest.entry.css.push(...files.css);
            } else if (compilation.entrypoints.has(name)) {
              manifest.entries![name] = files;
            } else {
              manifest.chunks[name] = files;
            }
          }
          compilation.emitAsset(ASSET_MANIFEST, new sources.RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  }
}
