/**
 * The provider's public v2 JSON shape and the URLs inside it. Field order matters to clients
 * that print or diff responses, so objects are written in the provider's order.
 */
import { formatAddedDate, formatLength, THUMB_FRAME_COUNT, type CatalogueVideo } from './dataset';

export const THUMB_SIZES = {
  small: { width: 190, height: 152 },
  medium: { width: 427, height: 240 },
  big: { width: 640, height: 360 },
} as const;
export type ThumbSize = keyof typeof THUMB_SIZES;
export const THUMB_SIZE_NAMES = Object.keys(THUMB_SIZES) as ThumbSize[];

export function isThumbSize(value: string): value is ThumbSize {
  return Object.prototype.hasOwnProperty.call(THUMB_SIZES, value);
}

export interface ApiThumb {
  size: ThumbSize;
  width: number;
  height: number;
  src: string;
}

export interface ApiVideo {
  id: string;
  title: string;
  keywords: string;
  views: number;
  rate: string;
  url: string;
  added: string;
  length_sec: number;
  length_min: string;
  embed: string;
  default_thumb: ApiThumb;
  thumbs: ApiThumb[];
}

export interface ApiSearchResponse {
  count: number;
  start: number;
  per_page: number;
  page: number;
  time_ms: number;
  total_count: number;
  total_pages: number;
  videos: ApiVideo[];
}

/** Absolute URLs of the stand-in's pages and images; `base` is publicUrl + mount prefix, no trailing slash. */
export function catalogueUrls(base: string) {
  return {
    thumb: (id: string, frame: number, size: ThumbSize) => `${base}/thumbs/${id}/${frame}/${size}.svg`,
    embed: (id: string) => `${base}/embed/${id}/`,
    page: (id: string) => `${base}/video/${id}/`,
    media: (file: string) => `${base}/media/${file}`,
  };
}
export type CatalogueUrls = ReturnType<typeof catalogueUrls>;

function thumbOf(urls: CatalogueUrls, id: string, frame: number, size: ThumbSize): ApiThumb {
  const { width, height } = THUMB_SIZES[size];
  return { size, width, height, src: urls.thumb(id, frame, size) };
}

export function toApiVideo(video: CatalogueVideo, urls: CatalogueUrls, size: ThumbSize): ApiVideo {
  const thumbs: ApiThumb[] = [];
  for (let frame = 1; frame <= THUMB_FRAME_COUNT; frame += 1) thumbs.push(thumbOf(urls, video.id, frame, size));
  return {
    id: video.id,
    title: video.title,
    keywords: video.keywords.join(', '),
    views: video.views,
    rate: video.rating.toFixed(2),
    url: urls.page(video.id),
    added: formatAddedDate(video.addedAt),
    length_sec: video.lengthSec,
    length_min: formatLength(video.lengthSec),
    embed: urls.embed(video.id),
    default_thumb: thumbOf(urls, video.id, video.defaultFrame, size),
    thumbs,
  };
}
