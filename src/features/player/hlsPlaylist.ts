/** One rendition of an HLS master playlist. */
export interface PlaylistVariant {
  width: number;
  height: number;
  /** Peak bits per second (BANDWIDTH). */
  bandwidth: number;
  /** The media playlist, absolute. */
  url: string;
}

/** The attributes of an `#EXT-X-…:` tag line (quoted values may hold commas). */
function attributes(list: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pattern = /([A-Z0-9-]+)=("[^"]*"|[^,]*)/g;
  for (const match of list.matchAll(pattern)) {
    const [, name, raw] = match;
    if (name && raw !== undefined) out[name] = raw.startsWith('"') ? raw.slice(1, -1) : raw;
  }
  return out;
}

/**
 * The variant streams of an HLS master playlist (RFC 8216 §4.3.4.2), resolved against the
 * playlist's own URL. A media playlist (no variants) gives [].
 */
export function parseMasterPlaylist(text: string, playlistUrl: string): PlaylistVariant[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== '#EXTM3U') return [];
  const variants: PlaylistVariant[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const attrs = attributes(line.slice('#EXT-X-STREAM-INF:'.length));
    let j = i + 1;
    while (j < lines.length && (lines[j] === '' || lines[j]!.startsWith('#'))) j += 1;
    const uri = lines[j];
    if (!uri) continue;
    const [width, height] = (attrs.RESOLUTION ?? '').split('x').map(Number);
    try {
      variants.push({
        width: Number.isFinite(width) ? width! : 0,
        height: Number.isFinite(height) ? height! : 0,
        bandwidth: Number(attrs.BANDWIDTH) || 0,
        url: new URL(uri, playlistUrl).href,
      });
    } catch {
      // An unusable URI: that variant is left out.
    }
    i = j;
  }
  return variants;
}
