/**
 * The SPA's hashed files (`dist/assets/*`) held in memory with their build-time brotli and gzip
 * copies, so serving one is a map lookup and a buffer write: no file system work per request.
 * A hashed name never changes content, so an entry never goes stale; a name the index does not
 * know (a rebuild while running) re-reads the folder once, only when it changed.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

import { negotiate } from '@fastify/accept-negotiator';

export interface CachedAsset {
  type: string;
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export type AssetEncoding = 'br' | 'gzip' | 'identity';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

const COMPRESSED_SUFFIXES = { br: '.br', gzip: '.gz' } as const;
/** A flat folder of hashed names: anything else is not an asset. */
const SAFE_NAME = /^[\w.-]+$/;

export const contentTypeOf = (name: string): string => TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';

/** The best encoding the client accepts among those the asset has. */
export function chooseEncoding(asset: CachedAsset, acceptEncoding: string | undefined): AssetEncoding {
  if (!acceptEncoding || (!asset.br && !asset.gzip)) return 'identity';
  const offered = [asset.br ? 'br' : '', asset.gzip ? 'gzip' : ''].filter(Boolean);
  return (negotiate(acceptEncoding, offered) as AssetEncoding | null) ?? 'identity';
}

export interface AssetCache {
  get(name: string): Promise<CachedAsset | undefined>;
  /** Number of files held (for logs and tests). */
  size(): number;
}

export async function createAssetCache(assetsDir: string): Promise<AssetCache> {
  let assets = new Map<string, CachedAsset>();
  let loadedMtimeMs = -1;
  let loading: Promise<void> | undefined;

  const load = async (): Promise<void> => {
    const info = await stat(assetsDir).catch(() => null);
    if (!info?.isDirectory()) {
      assets = new Map();
      loadedMtimeMs = -1;
      return;
    }
    if (info.mtimeMs === loadedMtimeMs) return;
    const names = await readdir(assetsDir);
    const present = new Set(names);
    const next = new Map<string, CachedAsset>();
    await Promise.all(
      names
        .filter((name) => SAFE_NAME.test(name) && !name.endsWith('.br') && !name.endsWith('.gz'))
        .map(async (name) => {
          const known = assets.get(name);
          if (known) {
            next.set(name, known);
            return;
          }
          const identity = await readFile(path.join(assetsDir, name)).catch(() => null);
          if (!identity) return;
          const copy = async (encoding: keyof typeof COMPRESSED_SUFFIXES) =>
            present.has(name + COMPRESSED_SUFFIXES[encoding])
              ? ((await readFile(path.join(assetsDir, name + COMPRESSED_SUFFIXES[encoding])).catch(() => null)) ?? undefined)
              : undefined;
          const [br, gzip] = await Promise.all([copy('br'), copy('gzip')]);
          const etag = `"${createHash('sha1').update(identity).digest('base64url').slice(0, 20)}"`;
          next.set(name, { type: contentTypeOf(name), etag, identity, br, gzip });
        }),
    );
    assets = next;
    loadedMtimeMs = info.mtimeMs;
  };

  const reload = () => {
    loading ??= load().finally(() => {
      loading = undefined;
    });
    return loading;
  };

  await reload();

  return {
    async get(name) {
      if (!SAFE_NAME.test(name)) return undefined;
      const hit = assets.get(name);
      if (hit) return hit;
      await reload();
      return assets.get(name);
    },
    size: () => assets.size,
  };
}
