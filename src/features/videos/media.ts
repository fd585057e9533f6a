import type { SelfieVideo } from '../../api/types';
import { CARD_IMAGE_SIZES } from '../../components/VideoCard';


export interface CardImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * The image a card shows: the WebP variants as a `srcset` (the browser picks by slot width and
 * pixel density) with the largest as `src`; the uploaded thumbnail when no variant exists yet.
 */
export function cardImage(video: Pick<SelfieVideo, 'thumbnailSources' | 'thumbnailCdnUrl'>): CardImage | undefined {
  const sources = (Array.isArray(video.thumbnailSources) ? video.thumbnailSources : [])
    .filter((source) => source && typeof source.url === 'string' && source.url && Number(source.width) > 0)
    .sort((a, b) => a.width - b.width);
  const largest = sources[sources.length - 1];
  if (largest) {
    return {
      src: largest.url,
      srcSet: sources.map((source) => `${source.url} ${Math.round(source.width)}w`).join(', '),
      sizes: CARD_IMAGE_SIZES,
    };
  }
  return video.thumbnailCdnUrl ? { src: video.thumbnailCdnUrl } : undefined;
}

/** "m:ss", or "h:mm:ss" from an hour on; undefined for no usable duration. */
export function formatDuration(seconds: unknown): string | undefined {
  const value = Number(seconds);
  if (!Number.isFinite(value) || value <= 0) return undefined;
  const total = Math.max(1, Math.round(value));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Width over height of the displayed video, 16:9 when the size is unknown. */
export function aspectOf(video: { width?: number; height?: number }): { width: number; height: number } {
  const width = Number(video.width);
  const height = Number(video.height);
  return width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height)
    ? { width, height }
    : { width: 16, height: 9 };
}

/** A moment in a video, "m:ss" or "h:mm:ss" (0 is "0:00"; whole seconds, rounded down). */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const ss = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
