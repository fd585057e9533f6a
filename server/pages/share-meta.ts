/**
 * Link previews in the server-sent <head> of video and profile pages (docs/sharing.md), for
 * crawlers that run no JavaScript (chat apps, social sites, search engines) and alike for every
 * viewer: Open Graph, a Twitter `player` card, the oEmbed discovery link and a JSON-LD
 * `VideoObject`. A video is described only when a visitor may see it (public or unlisted, ready,
 * not moderated away), whoever asks, so a private video never leaks through its owner's page
 * either; unlisted pages also say `noindex`. Every URL is absolute, from PUBLIC_URL.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { translate } from '../i18n';
import { findUserById } from '../domains/accounts/profiles';
import {
  absoluteUrl,
  embedSize,
  profilePagePath,
  summaryOf,
  videoJsonLd,
  videoPreview,
} from '../domains/sharing/preview';
import { findViewableVideo } from '../domains/videos/video-access';

import { scriptSafeJson } from './critical-path';
import type { FirstScreenLocale } from './server-render';

export const SITE_NAME = 'ClipNest';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface ShareHead {
  /** Tags to add to <head>. */
  tags: string;
  /** The page's <title>, when known. */
  title?: string;
}

const meta = (property: string, content: string | number) =>
  `<meta property="${escapeAttribute(property)}" content="${escapeAttribute(String(content))}">`;
const named = (name: string, content: string | number) =>
  `<meta name="${escapeAttribute(name)}" content="${escapeAttribute(String(content))}">`;

/** The share tags of a page, or none (another page, an unknown or hidden video, any failure). */
export async function shareHeadFor(
  app: FastifyInstance,
  request: FastifyRequest,
  chunkName: string,
  locale: FirstScreenLocale,
): Promise<ShareHead> {
  try {
    const pathName = (request.url.split('?')[0] ?? '/');
    if (chunkName === 'page-video') {
      const id = decodeURIComponent(pathName.slice('/selfieVideos/'.length));
      return await videoHead(app, id, locale);
    }
    if (chunkName === 'page-profile') {
      const id = decodeURIComponent(pathName.slice('/profile/'.length));
      return await profileHead(app, id);
    }
  } catch (error) {
    request.log.debug({ err: error }, 'share tags skipped');
  }
  return { tags: '' };
}

async function videoHead(app: FastifyInstance, id: string, locale: FirstScreenLocale): Promise<ShareHead> {
  // As a visitor: what a crawler may be told, whoever is asking.
  const video = await findViewableVideo(app.db, id, null);
  if (!video) return { tags: named('robots', 'noindex') };
  const preview = videoPreview(video, app.config.publicUrl);
  const description = summaryOf(preview.description, translate(locale, 'share.defaultDescription', { username: preview.authorName }));
  const player = embedSize(preview);
  const oembed = absoluteUrl(app.config.publicUrl, `/oembed?url=${encodeURIComponent(preview.pageUrl)}&format=json`);
  const tags = [
    ...(preview.unlisted ? [named('robots', 'noindex, nofollow')] : []),
    `<link rel="canonical" href="${escapeAttribute(preview.pageUrl)}">`,
    meta('og:site_name', SITE_NAME),
    meta('og:type', 'video.other'),
    meta('og:title', preview.title),
    meta('og:description', description),
    meta('og:url', preview.pageUrl),
    meta('og:image', preview.imageUrl),
    ...(preview.imageWidth && preview.imageHeight ? [meta('og:image:width', preview.imageWidth), meta('og:image:height', preview.imageHeight)] : []),
    meta('og:image:alt', preview.title),
    ...(preview.video
      ? [
          meta('og:video', preview.video.url),
          meta('og:video:secure_url', preview.video.url),
          meta('og:video:type', preview.video.type),
          meta('og:video:width', preview.video.width),
          meta('og:video:height', preview.video.height),
        ]
      : []),
    ...(preview.duration > 0 ? [meta('video:duration', Math.round(preview.duration))] : []),
    meta('video:release_date', preview.uploadDate),
    named('twitter:card', 'player'),
    named('twitter:title', preview.title),
    named('twitter:description', description),
    named('twitter:image', preview.imageUrl),
    named('twitter:player', preview.embedUrl),
    named('twitter:player:width', player.width),
    named('twitter:player:height', player.height),
    `<link rel="alternate" type="application/json+oembed" href="${escapeAttribute(oembed)}" title="${escapeAttribute(preview.title)}">`,
    `<script type="application/ld+json">${scriptSafeJson(videoJsonLd(preview, description))}</script>`,
  ];
  return { tags: tags.join(''), title: `${preview.title} - ${SITE_NAME}` };
}

async function profileHead(app: FastifyInstance, id: string): Promise<ShareHead> {
  const user = await findUserById(app.db, id);
  if (!user || user.suspended_at) return { tags: '' };
  const url = absoluteUrl(app.config.publicUrl, profilePagePath(user.id));
  const tags = [
    `<link rel="canonical" href="${escapeAttribute(url)}">`,
    meta('og:site_name', SITE_NAME),
    meta('og:type', 'profile'),
    meta('og:title', user.username),
    meta('og:url', url),
    meta('profile:username', user.username),
    named('twitter:card', 'summary'),
    named('twitter:title', user.username),
  ];
  return { tags: tags.join(''), title: `${user.username} - ${SITE_NAME}` };
}

/** The page's <title> replaced (the built index.html has one). */
export function withTitle(html: string, title: string | undefined): string {
  if (!title) return html;
  const text = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return html.replace(/<title>[^<]*<\/title>/i, () => `<title>${text}</title>`);
}

