/**
 * Runtime configuration the server injects into index.html as <meta> tags, so one build
 * works against any catalogue provider (CATALOGUE_URL) without rebuilding.
 */
export const API_BASE_URL = '/v0/api';

const DEFAULT_CATALOGUE_BASE = '/catalogue';

function readMeta(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const el = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  const value = el?.content.trim();
  return value ? value : undefined;
}

/** Base URL of the catalogue provider's v2 API, without a trailing slash. */
export function catalogueBaseUrl(): string {
  return (readMeta('catalogue-url') ?? DEFAULT_CATALOGUE_BASE).replace(/\/+$/, '');
}

/** Absolute origin-relative or absolute URL for a catalogue API path such as `/api/v2/video/id/`. */
export function catalogueUrl(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const qs = query.toString();
  return `${catalogueBaseUrl()}${path}${qs ? `?${qs}` : ''}`;
}
