/**
 * What a shared link to a video says about it (docs/sharing.md): absolute URLs built from the
 * configured public URL, and the facts link previews (Open Graph, Twitter cards), JSON-LD
 * `VideoObject`, oEmbed and the video sitemap are made from. Only ever built for a video the
 * asker may see; the callers decide that (findViewableVideo as a visitor).
 */
import type { VideoRow } from '../../infra/db/schema';
import { MEDIA_PREFIX, renditionManifest } from '../videos/videos';

/** `https://site/path`: the public URL (which may carry a path) with an absolute path appended. */
export function absoluteUrl(publicUrl: string, pathName: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${pathName}`;
}

export const videoPagePath = (id: string) => `/selfieVideos/${encodeURIComponent(id)}`;
export const embedPath = (id: string) => `/embed/selfieVideos/${encodeURIComponent(id)}`;
export const profilePagePath = (id: string) => `/profile/${encodeURIComponent(id)}`;

/** Seconds as an ISO 8601 duration (`PT1M5S`, `PT0S`). */
export function isoDuration(seconds: number): string {
  const total = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest || (!hours && !minutes) ? `${rest}S` : ''}`;
}

export interface VideoPreview {
  id: string;
  title: string;
  description: string;
  pageUrl: string;
  embedUrl: string;
  /** The JPEG poster (or the uploaded thumbnail before renditions exist). */
  imageUrl: string;
  imageWidth: number | null;
  imageHeight: number | null;
  /** The fast-start MP4, when renditions exist. */
  video: { url: string; type: 'video/mp4'; width: number; height: number; bytes: number } | null;
  width: number;
  height: number;
  duration: number;
  uploadDate: string;
  views: number;
  authorName: string;
  authorUrl: string;
  unlisted: boolean;
}

/** A one-line summary for previews: the description's first 200 characters, or a fallback. */
export function summaryOf(description: string, fallback: string): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  if (!flat) return fallback;
  return flat.length > 200 ? `${flat.slice(0, 199).trimEnd()}…` : flat;
}

export function videoPreview(video: VideoRow & { username: string }, publicUrl: string): VideoPreview {
  const manifest = video.status === 'ready' ? renditionManifest(video) : null;
  const media = (key: string) => absoluteUrl(publicUrl, `${MEDIA_PREFIX}/${key}`);
  const rendition = (file: string) => media(`${video.renditions_prefix}/${file}`);
  const width = Number(video.width) || manifest?.mp4Width || 0;
  const height = Number(video.height) || manifest?.mp4Height || 0;
  // The JPEG poster is as wide as the top rendition, up to 1280 px (domains/media/poster.ts).
  const posterWidth = manifest?.mp4Width ? Math.min(1280, manifest.mp4Width) : null;
  const posterHeight = posterWidth && manifest?.mp4Width ? Math.round((posterWidth * manifest.mp4Height) / manifest.mp4Width) : null;
  return {
    id: video.id,
    title: video.title,
    description: video.description,
    pageUrl: absoluteUrl(publicUrl, videoPagePath(video.id)),
    embedUrl: absoluteUrl(publicUrl, embedPath(video.id)),
    imageUrl: manifest?.poster ? rendition(manifest.poster) : media(video.thumbnail_key),
    imageWidth: manifest?.poster ? posterWidth : null,
    imageHeight: manifest?.poster ? posterHeight : null,
    video: manifest
      ? { url: rendition(manifest.mp4), type: 'video/mp4', width: manifest.mp4Width, height: manifest.mp4Height, bytes: manifest.mp4Bytes }
      : null,
    width,
    height,
    duration: Number(video.duration) || 0,
    uploadDate: video.created_at,
    views: Number(video.views) || 0,
    authorName: video.username,
    authorUrl: absoluteUrl(publicUrl, profilePagePath(video.user_id)),
    unlisted: video.visibility === 'unlisted',
  };
}

/** schema.org VideoObject (https://schema.org/VideoObject) of a preview, for a JSON-LD block. */
export function videoJsonLd(preview: VideoPreview, fallbackDescription: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: preview.title,
    description: summaryOf(preview.description, fallbackDescription),
    thumbnailUrl: [preview.imageUrl],
    uploadDate: preview.uploadDate,
    duration: isoDuration(preview.duration),
    ...(preview.video ? { contentUrl: preview.video.url } : {}),
    embedUrl: preview.embedUrl,
    url: preview.pageUrl,
    ...(preview.width && preview.height ? { width: preview.width, height: preview.height } : {}),
    author: { '@type': 'Person', name: preview.authorName, url: preview.authorUrl },
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: { '@type': 'WatchAction' },
      userInteractionCount: preview.views,
    },
  };
}

/** The iframe size for a width limit and a height limit, keeping the video's aspect ratio. */
export function embedSize(
  video: { width: number; height: number },
  maxWidth?: number,
  maxHeight?: number,
): { width: number; height: number } {
  const ratio = video.width > 0 && video.height > 0 ? video.width / video.height : 16 / 9;
  let width = Math.min(maxWidth ?? 640, 640);
  let height = Math.round(width / ratio);
  if (maxHeight !== undefined && height > maxHeight) {
    height = maxHeight;
    width = Math.round(height * ratio);
  }
  return { width: Math.max(1, width), height: Math.max(1, height) };
}

const html = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The embed code (what oEmbed answers and the share dialog copies). */
export function iframeCode(embedUrl: string, title: string, size: { width: number; height: number }): string {
  return (
    `<iframe src="${html(embedUrl)}" width="${size.width}" height="${size.height}" title="${html(title)}" ` +
    'frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>'
  );
}
