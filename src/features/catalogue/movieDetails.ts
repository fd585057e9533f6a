import type { CatalogueThumb, CatalogueVideo } from '../../api/types';

/**
 * The catalogue's "YYYY-MM-DD hh:mm:ss" as a Date in the viewer's zone, keeping the provider's
 * wall-clock time (the string carries no zone). Undefined when it does not match, rather than
 * the engine-dependent result of `new Date(string)`.
 */
export function parseCatalogueDate(added: string | undefined): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(added?.trim() ?? '');
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hour, minute, second);
  // Reject overflow such as 2024-02-31, which Date would roll into March.
  return date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
}

/** Keywords as a clean, de-duplicated list (the provider sends one comma-separated string). */
export function splitKeywords(keywords: string | undefined): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const keyword of (keywords ?? '').split(',')) {
    const trimmed = keyword.trim();
    const key = trimmed.toLowerCase();
    if (trimmed && !seen.has(key)) {
      seen.add(key);
      result.push(trimmed);
    }
  }
  return result;
}

/** The gallery: the provider's thumbs, or the default thumbnail when it sent none. */
export function galleryImages(video: CatalogueVideo): CatalogueThumb[] {
  const thumbs = (video.thumbs ?? []).filter((thumb) => Boolean(thumb?.src));
  if (thumbs.length > 0) return thumbs;
  return video.default_thumb?.src ? [video.default_thumb] : [];
}

/**
 * The text a description submission starts from: a text block holding title,
 * keywords, embed URL and id, one per line in that order.
 */
export function descriptionText(video: Pick<CatalogueVideo, 'id' | 'title' | 'keywords' | 'embed'>): string {
  return [video.title, video.keywords, video.embed, video.id].join('\n');
}

/** Only http(s) or same-origin URLs may become an iframe or image source. */
export function safeUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const base = typeof window !== 'undefined' ? window.location.href : 'http://localhost/';
    const { protocol } = new URL(url, base);
    return protocol === 'http:' || protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
