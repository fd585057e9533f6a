/**
 * The embed page (`/embed/selfieVideos/{id}`, docs/sharing.md): the one page any site may frame,
 * a plain `<video>` with the embed player's script (pages/embed-page.ts builds its HTML). Asks as
 * a visitor would: a private video, its captions included, is as unknown as an id that never
 * existed.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { requestLanguage, translate, type Language } from '../i18n';
import { bestLanguageMatch } from '../domains/sharing/languages';
import { videoPreview } from '../domains/sharing/preview';
import { PROGRESSIVE_ATTRIBUTE, progressiveAttribute } from '../http/fast-start';
import { findViewableVideo } from '../domains/videos/video-access';
import { toPublicVideo } from '../domains/videos/videos';

import { EMBED_CSP, embedGonePage, embedPlayerPage, embedScripts } from './embed-page';

/** `?t=` as seconds: `90`, `90s`, `1m30s`, `1h2m3s`, `1:30`; anything else is 0 (from the start). */
export function parseStartTime(value: unknown): number {
  if (typeof value !== 'string' || value.length > 20) return 0;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.floor(Number(text));
  const hms = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/i.exec(text);
  if (hms && text !== '') return Number(hms[1] ?? 0) * 3600 + Number(hms[2] ?? 0) * 60 + Number(hms[3] ?? 0);
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(text);
  if (clock) return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  return 0;
}

const IdParams = Type.Object({ id: Type.String({ maxLength: 200 }) });

// Lenient: an embed is a page in someone else's frame, so odd values are ignored, never a 400.
const EmbedQuery = Type.Object({
  t: Type.Optional(Type.String({ maxLength: 2048 })),
  autoplay: Type.Optional(Type.String({ maxLength: 2048 })),
  loop: Type.Optional(Type.String({ maxLength: 2048 })),
  captions: Type.Optional(Type.String({ maxLength: 2048 })),
});

export const embedPageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const publicUrl = () => app.config.publicUrl.replace(/\/+$/, '');
  const playerScripts = embedScripts(app.config.spaDir);

  app.get('/embed/selfieVideos/:id', { schema: { params: IdParams, querystring: EmbedQuery, hide: true } }, async (request, reply) => {
    const language: Language = requestLanguage(request);
    // This page alone may be framed by any site; everything else keeps refusing frames.
    reply
      .header('content-security-policy', EMBED_CSP)
      .header('x-robots-tag', 'noindex')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language')
      .removeHeader('x-frame-options');
    reply.type('text/html; charset=utf-8');
    const htmlLang = language === 'zh' ? 'zh-CN' : 'en';
    // As a visitor: a private video (its captions included) is as unknown as an id that never existed.
    const video = await findViewableVideo(app.db, request.params.id, null);
    if (!video || video.status !== 'ready') {
      return reply.code(404).send(embedGonePage(htmlLang, translate(language, 'share.embedPrivate'), `${publicUrl()}/`));
    }
    const preview = videoPreview(video, publicUrl());
    const shown = toPublicVideo(video, language);
    // A start at or past the end plays the video from the beginning (as the site's links do).
    const requested = parseStartTime(request.query.t);
    const duration = Number(video.duration) || 0;
    const start = duration > 0 && requested >= duration ? 0 : requested;
    const wanted = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,4}$/.test(request.query.captions ?? '') ? request.query.captions! : '';
    const chosen = bestLanguageMatch(
      shown.captions.map((track) => track.lang),
      wanted,
    );
    const autoplay = request.query.autoplay === '1';
    const scripts = await playerScripts();
    const attributes: Record<string, string> = {
      id: 'player',
      controls: '',
      playsinline: '',
      // Nothing of the video before play (the poster aside), unless it plays at once.
      preload: autoplay ? 'auto' : 'none',
      'aria-label': preview.title,
      // The uploader, for the lock screen and notification while it plays (Media Session).
      'data-artist': shown.username,
      ...(shown.posterUrl ? { poster: shown.posterUrl } : {}),
      'data-mp4': shown.cdnUrl,
      ...(shown.hlsUrl ? { 'data-hls': shown.hlsUrl } : {}),
      // Listen mode: the audio-only playlist; a video without sound says so on its Listen button.
      ...(shown.audioHlsUrl ? { 'data-audio': shown.audioHlsUrl } : {}),
      ...(shown.hasAudio === false ? { 'data-no-sound': '1' } : {}),
      ...(start > 0 ? { 'data-start': String(start) } : {}),
      ...(autoplay ? { 'data-autoplay': '1', muted: '' } : {}),
      ...(request.query.loop === '1' ? { 'data-loop': '1' } : {}),
      ...(chosen >= 0 ? { 'data-captions': shown.captions[chosen]!.lang } : {}),
      // The browser's own controls play the MP4 before the player script has arrived (or
      // without it, in an unbuilt checkout); the engine adopts a video already started that way.
      // Not with autoplay (preload "auto"), which would fetch the MP4 before the engine chose.
      ...(shown.cdnUrl && (!autoplay || scripts.length === 0) ? { src: shown.cdnUrl } : {}),
      // …and of its rungs the one that fits the frame (http/fast-start.ts picks it as the page loads).
      ...(shown.cdnUrl && !autoplay && shown.progressiveSources.length > 1
        ? { [PROGRESSIVE_ATTRIBUTE]: progressiveAttribute(shown.progressiveSources) }
        : {}),
    };
    return reply.send(
      embedPlayerPage({
        htmlLang,
        title: preview.title,
        pageUrl: preview.pageUrl,
        watchUrl: preview.pageUrl + (start > 0 ? `?t=${start}` : ''),
        watchOn: translate(language, 'share.embedWatchOn'),
        attributes,
        tracks: shown.captions.map((track, index) => ({ lang: track.lang, label: track.label, src: track.url, default: index === chosen })),
        scripts,
      }),
    );
  });

};
