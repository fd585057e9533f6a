/**
 * Sharing and discovery (docs/sharing.md).
 *
 * Under /v0/api (sharingApiRoutes): related videos and downloads.
 * At the site's root (sharingSiteRoutes): oEmbed, the video sitemap and robots.txt. The embed page
 * it names is page delivery (pages/embed-routes.ts).
 *
 * Every answer about a video asks as a visitor would, except the related list and the download of
 * one's own video: a private video is the same 404 as an unknown id, and nothing here ever
 * names an unlisted video to someone who did not bring its id.
 */
import { createReadStream } from 'node:fs';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { sendError } from '../../http/errors';
import { requestOrigin } from '../../http/request-origin';
import { requestLanguage, t } from '../../i18n';
import { cleanedCopyOf, type CleanedCopy } from '../media/clean-original';
import { loadViewableVideo } from '../videos/video-access';
import { renditionManifest } from '../videos/videos';
import { SelfieVideoSchema } from '../../schemas/videos';

import { embedSize, iframeCode, summaryOf, videoPreview } from './preview';
import { RELATED_DEFAULT, RELATED_MAX, countSitemapVideos, relatedVideos, sitemapVideos } from './related';

/** Sitemap entries per page (the protocol allows 50 000; video entries are large). */
export const SITEMAP_PAGE_SIZE = 1000;
/** oEmbed sizes outside 1…MAX are refused. */
export const OEMBED_MAX_SIZE = 4096;
/** How long a consumer may keep an oEmbed answer (seconds). */
const OEMBED_CACHE_AGE = 3600;

const IdParams = Type.Object({ id: Type.String({ maxLength: 200 }) });

// ---- helpers ----

/** A file name from a title: letters, digits, spaces and `-_.()` kept, at most 80 characters. */
export function downloadFileName(title: string, extension: string): string {
  const base = title
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .slice(0, 80)
    .trim();
  return `${base || 'video'}.${extension}`;
}

/** Content-Disposition: attachment with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '').trim() || 'video';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'video/x-matroska': 'mkv',
  'video/x-msvideo': 'avi',
  'video/ogg': 'ogv',
};
const extensionOf = (key: string, type: string) => /\.([A-Za-z0-9]{1,5})$/.exec(key)?.[1]?.toLowerCase() ?? EXTENSIONS[type] ?? 'bin';

// ---- /v0/api ----

const RelatedQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: RELATED_MAX, default: RELATED_DEFAULT }),
});
const RelatedResponse = Type.Object({ success: Type.Boolean(), videos: Type.Array(SelfieVideoSchema) });
const DownloadQuery = Type.Object({
  file: Type.Union([Type.Literal('mp4'), Type.Literal('original')], { default: 'mp4', description: 'The fast-start MP4 (default) or the uploaded original' }),
});

/** Cleaned originals made at once by one process: each reads and writes a whole file. */
const MAX_CLEANING = 2;
/** A remux is a copy; a 1 GB file takes seconds, so this only stops a stuck one. */
const CLEAN_TIMEOUT_MS = 10 * 60_000;

export const sharingApiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const notFound = (request: FastifyRequest, reply: FastifyReply) => sendError(reply, 404, t(request, 'video.notFound'));
  let cleaning = 0;

  app.get(
    '/videos/selfieVideos/:id/related',
    {
      config: { noStore: true },
      schema: {
        description:
          'Public videos related to this one: the AI search index first (title, description), then the same uploader; ' +
          'never the video itself, nor any private, unlisted, processing or moderated-away video.',
        params: IdParams,
        querystring: RelatedQuery,
        response: { 200: RelatedResponse },
      },
    },
    async (request, reply) => {
      const viewer = await request.currentUser();
      const video = await loadViewableVideo(request, reply, { viewer });
      if (!video) return reply;
      const videos = await relatedVideos(app.db, app.searchIndex, video, request.query.limit, requestLanguage(request));
      return { success: true, videos };
    },
  );

  app.get(
    '/videos/selfieVideos/:id/download',
    {
      schema: {
        description:
          'The video as a file download (Content-Disposition: attachment) when its owner allows downloads and the site ' +
          'has them on (DOWNLOADS); its owner may always download it unless the site has them off, and their own original even then. ' +
          'The original reaches anyone else without its personal metadata (location, comments, device and encoder tags), not re-encoded.',
        params: IdParams,
        querystring: DownloadQuery,
        response: { 200: Type.String({ format: 'binary', description: 'The file, as an attachment' }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const viewer = await request.currentUser();
      const video = await loadViewableVideo(request, reply, { viewer });
      if (!video) return reply;
      const isOwner = viewer?.id === video.user_id;
      const wantsOriginal = request.query.file === 'original';
      // DOWNLOADS=off stops every download but an owner taking back their own upload.
      const allowed = app.config.downloadsEnabled ? isOwner || Number(video.download_enabled) === 1 : isOwner && wantsOriginal;
      if (!allowed) return sendError(reply, 403, t(request, 'share.downloadsOff'));
      const manifest = video.status === 'ready' ? renditionManifest(video) : null;
      const rendition = !wantsOriginal && manifest ? `${video.renditions_prefix}/${manifest.mp4}` : null;
      const key = rendition ?? video.video_key;
      const info = await app.storage.stat(key);
      if (!info) return notFound(request, reply);
      // The typed reply expects the documented string; the file goes out as a stream (or nothing for HEAD).
      const raw = reply as unknown as FastifyReply;
      const attachment = (size: number | null) => {
        const name = downloadFileName(video.title, rendition ? 'mp4' : extensionOf(video.video_key, video.video_type));
        raw
          .type(rendition ? 'video/mp4' : video.video_type)
          .header('content-disposition', attachmentHeader(name))
          .header('x-content-type-options', 'nosniff');
        if (size !== null) raw.header('content-length', String(size));
        return raw;
      };
      // A rendition, or the owner's own upload as it came.
      if (rendition || isOwner) {
        attachment(info.size);
        if (request.method === 'HEAD') return raw.send();
        return raw.send(app.storage.createReadStream(key));
      }

      // Anyone else gets the upload without its personal metadata (location, comments, device…),
      // remuxed for this request; its size is known only once made, so HEAD says none.
      if (request.method === 'HEAD') return attachment(null).send();
      if (cleaning >= MAX_CLEANING) return sendError(raw.header('retry-after', '10'), 503, t(request, 'share.downloadBusy'));
      cleaning += 1;
      const gone = new AbortController();
      const onClose = () => {
        if (!raw.raw.writableFinished) gone.abort();
      };
      raw.raw.once('close', onClose);
      let copy: CleanedCopy;
      try {
        copy = await cleanedCopyOf({ storage: app.storage, spool: app.media.spool }, key, video.video_type, { signal: gone.signal, timeoutMs: CLEAN_TIMEOUT_MS });
      } catch (error) {
        // Never the untouched file instead. (Nobody reads the answer when the client left.)
        if (!gone.signal.aborted) request.log.error({ err: error, videoId: video.id }, 'could not clean an original for download');
        return sendError(raw, 500, t(request, 'share.downloadFailed'));
      } finally {
        cleaning -= 1;
        raw.raw.off('close', onClose);
      }
      const stream = createReadStream(copy.file);
      stream.once('close', () => void copy.dispose());
      return attachment(copy.size).send(stream);
    },
  );
};

// ---- site routes ----

const OembedQuery = Type.Object({
  url: Type.Optional(Type.String({ maxLength: 2048 })),
  format: Type.Optional(Type.String({ maxLength: 16 })),
  maxwidth: Type.Optional(Type.String({ maxLength: 16 })),
  maxheight: Type.Optional(Type.String({ maxLength: 16 })),
});

/** A size parameter: undefined when absent, NaN when not a whole number from 1 to OEMBED_MAX_SIZE. */
function sizeParam(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,5}$/.test(value)) return Number.NaN;
  const size = Number(value);
  return size >= 1 && size <= OEMBED_MAX_SIZE ? size : Number.NaN;
}

export const sharingSiteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const publicUrl = () => app.config.publicUrl.replace(/\/+$/, '');

  /** The id in a video page (or embed) URL of this site, or undefined for anything else. */
  const videoIdFromUrl = (request: FastifyRequest, raw: string): string | undefined => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return undefined;
    }
    const base = new URL(publicUrl());
    const basePath = base.pathname.replace(/\/+$/, '');
    const origins = new Set([base.origin, requestOrigin(request)].filter(Boolean));
    if (!origins.has(url.origin) || url.username || url.password) return undefined;
    if (!url.pathname.startsWith(`${basePath}/`)) return undefined;
    const match = /^\/(?:embed\/)?selfieVideos\/([^/]+)\/?$/.exec(url.pathname.slice(basePath.length));
    if (!match?.[1] || match[1] === 'edit') return undefined;
    try {
      return decodeURIComponent(match[1]);
    } catch {
      return undefined;
    }
  };

  app.get('/oembed', { schema: { querystring: OembedQuery, hide: true } }, async (request, reply) => {
    const { url, format, maxwidth, maxheight } = request.query;
    reply.header('access-control-allow-origin', '*');
    if (format !== undefined && format !== '' && format.toLowerCase() !== 'json') {
      return sendError(reply, 501, t(request, 'share.oembedFormat'));
    }
    if (!url) return sendError(reply, 400, t(request, 'share.oembedUrlRequired'));
    const maxWidth = sizeParam(maxwidth);
    const maxHeight = sizeParam(maxheight);
    if (Number.isNaN(maxWidth) || Number.isNaN(maxHeight)) return sendError(reply, 400, t(request, 'share.oembedSize'));
    const id = videoIdFromUrl(request, url);
    if (id === undefined) return sendError(reply, 404, t(request, 'share.oembedUrlRequired'));
    // As a visitor: a private video is as unknown as an id that never existed.
    const video = await loadViewableVideo(request, reply, { id, viewer: null, noStore: true });
    if (!video) return reply;
    const preview = videoPreview(video, publicUrl());
    const size = embedSize(preview, maxWidth, maxHeight);
    const thumbnail =
      preview.imageWidth && preview.imageHeight
        ? { thumbnail_url: preview.imageUrl, thumbnail_width: preview.imageWidth, thumbnail_height: preview.imageHeight }
        : {};
    return reply.header('cache-control', `public, max-age=${OEMBED_CACHE_AGE}`).send({
      version: '1.0',
      type: 'video',
      provider_name: 'ClipNest',
      provider_url: `${publicUrl()}/`,
      title: preview.title,
      author_name: preview.authorName,
      author_url: preview.authorUrl,
      html: iframeCode(preview.embedUrl, preview.title, size),
      width: size.width,
      height: size.height,
      cache_age: OEMBED_CACHE_AGE,
      ...thumbnail,
    });
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        // Account pages (upload, edit) stay crawlable: they hold nothing for a crawler (a visitor gets
        // "not authorized") and a Disallow would only cost them the crawlability check.
        ['User-agent: *', 'Allow: /', 'Disallow: /v0/api/', '', `Sitemap: ${publicUrl()}/sitemap.xml`, ''].join('\n'),
      ),
  );

  const xml = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
  // Characters XML 1.0 forbids (control characters a title might carry).
  // eslint-disable-next-line no-control-regex
  const xmlText = (value: string) => xml(value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''));

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const pages = Math.max(1, Math.ceil((await countSitemapVideos(app.db)) / SITEMAP_PAGE_SIZE));
    const entries = Array.from({ length: pages }, (_, index) => `<sitemap><loc>${xml(`${publicUrl()}/sitemap-videos.xml?page=${index + 1}`)}</loc></sitemap>`);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`);
  });

  app.get('/sitemap-videos.xml', { schema: { querystring: Type.Object({ page: Type.Optional(Type.String({ maxLength: 8 })) }), hide: true } }, async (request, reply) => {
    const raw = request.query.page ?? '1';
    const page = /^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : 0;
    if (page < 1) return sendError(reply, 404, t(request, 'error.notFound'));
    const videos = await sitemapVideos(app.db, page, SITEMAP_PAGE_SIZE);
    if (videos.length === 0 && page > 1) return sendError(reply, 404, t(request, 'error.notFound'));
    const entries = videos.map((video) => {
      const preview = videoPreview(video, publicUrl());
      const description = summaryOf(preview.description, preview.title);
      return (
        `<url><loc>${xml(preview.pageUrl)}</loc><lastmod>${xml(video.updated_at)}</lastmod><video:video>` +
        `<video:thumbnail_loc>${xml(preview.imageUrl)}</video:thumbnail_loc>` +
        `<video:title>${xmlText(preview.title.slice(0, 100))}</video:title>` +
        `<video:description>${xmlText(description.slice(0, 2048))}</video:description>` +
        (preview.video ? `<video:content_loc>${xml(preview.video.url)}</video:content_loc>` : '') +
        `<video:player_loc>${xml(preview.embedUrl)}</video:player_loc>` +
        (preview.duration >= 1 ? `<video:duration>${Math.min(28800, Math.round(preview.duration))}</video:duration>` : '') +
        `<video:view_count>${preview.views}</video:view_count>` +
        `<video:publication_date>${xml(preview.uploadDate)}</video:publication_date>` +
        `<video:family_friendly>yes</video:family_friendly>` +
        `<video:uploader info="${xml(preview.authorUrl)}">${xmlText(preview.authorName)}</video:uploader>` +
        `</video:video></url>`
      );
    });
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">' +
          `${entries.join('')}</urlset>\n`,
      );
  });
};
