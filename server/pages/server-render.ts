/**
 * Server-rendered first screens. The public pages a visitor without a session lands on — the
 * catalogue grid, a movie, the self-shot list, a video, the sign-in and sign-up forms — come with
 * their first screen already in the HTML, rendered by the SPA's own code (the webpack bundle
 * dist/.ssr/render.cjs, built from src/ssr/render.tsx) from the same answers the HTML inlines.
 * The browser paints it as soon as the stylesheet is in, without waiting for ~450 KB of script to
 * download, compile and render on a phone's CPU, then hydrates it.
 *
 * A signed-in request (a session cookie that resolves to a user) is rendered as that user: the
 * check-session answer and the page's first answers are asked in-process with the request's own
 * cookie, the render signs that user in from the inlined check-session answer, and the root is
 * marked with their id; the browser hydrates only when its saved user is the same
 * (src/app/startApp.tsx). Such a page is private: `Cache-Control: private, no-store`. A cookie
 * that resolves to nobody (expired, suspended) gets the visitor's page. A page whose data the
 * server cannot inline (an outside catalogue, a search) is not rendered. Anything failing here
 * leaves the plain SPA page, which works on its own.
 */
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import type { FastifyRequest } from 'fastify';

import type { UserRow } from '../infra/db/schema';
import { readSessionToken } from '../http/session-cookie';

export type FirstScreenLocale = 'en' | 'zh';

/** One first screen to render: the page, its language and time zone, and the answers it shows. */
export interface FirstScreenPage {
  url: string;
  locale: FirstScreenLocale;
  timeZone: string;
  answers: Record<string, unknown>;
  /** Rendered signed in, as the user of the inlined check-session answer. */
  signedIn?: boolean;
  /** The inlined check-session answer is applied before the render (always when signed in). */
  session?: boolean;
}

/** What the render bundle exports (src/ssr/render.tsx). */
export interface RenderModule {
  renderFirstScreen(page: FirstScreenPage): Promise<string | null>;
}

/** The browser keeps its language and its time zone in these cookies (src/i18n/AppIntlProvider.tsx). */
export const LANGUAGE_COOKIE = 'lang';
export const TIME_ZONE_COOKIE = 'tz';
/** BCP 47 tags for <html lang>, as the SPA sets them. */
const HTML_LANG: Record<FirstScreenLocale, string> = { en: 'en', zh: 'zh-CN' };

/** Page chunks whose first screen is the same for every visitor without a session. */
export const SERVER_RENDERED_PAGES = new Set([
  'page-home',
  'page-movie',
  'page-selfie-videos',
  'page-video',
  'page-login',
  'page-register',
  'page-forgot-password',
  'page-request-verification',
  'page-not-found',
  'page-profile',
]);

/**
 * Page chunks rendered for a signed-in user, as that user. Sign-in and sign-up are not: they send
 * a signed-in user home, which the server does with a redirect (SIGNED_IN_REDIRECTS).
 */
export const SIGNED_IN_RENDERED_PAGES = new Set([
  'page-home',
  'page-movie',
  'page-selfie-videos',
  'page-video',
  'page-profile',
  'page-upload',
  'page-edit-video',
  'page-edit-profile',
  'page-not-found',
]);

/** Pages that send a user who arrives signed in straight home (src/features/auth/LoginPage.tsx, RegisterPage.tsx). */
export const SIGNED_IN_REDIRECTS: Record<string, string> = { 'page-login': '/', 'page-register': '/' };

/** Pages that send a visitor to sign in once the session check says so (src/features/videos/UploadPage.tsx). */
export const VISITOR_REDIRECTS: Record<string, string> = { 'page-upload': '/login' };

/**
 * Signed-in pages a visitor gets rendered too, as the SPA shows them once the session check has
 * answered "nobody" (not allowed to edit): the check's answer is inlined for the browser.
 */
export const VISITOR_SESSION_PAGES = new Set(['page-edit-video', 'page-edit-profile']);

/**
 * Who a page view is for: the user of its session cookie, or null for a visitor (no cookie, or
 * one that resolves to nobody: expired, ended, suspended). Only GETs are looked up.
 */
export async function pageViewer(request: FastifyRequest): Promise<UserRow | null> {
  if (request.method !== 'GET' || !readSessionToken(request)) return null;
  return request.currentUser().catch(() => null);
}

/** A page view the server may render: a GET for a page it renders for visitors, or for users when signed in. */
export function isServerRenderable(request: FastifyRequest, chunkName: string, signedIn = false): boolean {
  if (request.method !== 'GET') return false;
  return signedIn ? SIGNED_IN_RENDERED_PAGES.has(chunkName) : SERVER_RENDERED_PAGES.has(chunkName) || VISITOR_SESSION_PAGES.has(chunkName);
}

/**
 * The language the SPA will start in, which the server's render must use for the browser to
 * hydrate it: the saved choice (its cookie), else the browser's first language, as
 * src/i18n/languageSlice.ts decides it (zh when it begins with zh, else en).
 */
export function firstScreenLocale(request: FastifyRequest): FirstScreenLocale {
  const saved = request.cookies?.[LANGUAGE_COOKIE];
  if (saved === 'en' || saved === 'zh') return saved;
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh' : 'en';
}

/**
 * The time zone dates are rendered in: the browser's, as it told on an earlier visit, else UTC.
 * The browser hydrates in this zone, then shows its own.
 */
export function firstScreenTimeZone(request: FastifyRequest): string {
  const saved = request.cookies?.[TIME_ZONE_COOKIE];
  if (saved && saved.length <= 64) {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: saved }).resolvedOptions().timeZone;
    } catch {
      // Not a time zone this runtime knows.
    }
  }
  return 'UTC';
}

export interface ServerRenderer {
  /** Whether first screens can be rendered at all (the bundle is built). */
  available(): Promise<boolean>;
  /** The first screen's markup, or null (not renderable, failed). */
  render(page: FirstScreenPage, request: FastifyRequest): Promise<string | null>;
}

/** A renderer over a render module (the bundle's, or in tests the sources'). */
export function rendererOf(module: () => Promise<RenderModule | null>): ServerRenderer {
  return {
    available: async () => (await module().catch(() => null)) !== null,
    async render(page, request) {
      try {
        const loaded = await module();
        return loaded ? await loaded.renderFirstScreen(page) : null;
      } catch (error) {
        request.log.warn({ err: error }, 'first screen not server-rendered');
        return null;
      }
    },
  };
}

/** The bundle in `spaDir`, loaded again after a rebuild (by mtime); none there means no rendering. */
export function createServerRenderer(spaDir: string, bundle = path.join(spaDir, '.ssr', 'render.cjs')): ServerRenderer {
  const load = createRequire(__filename);
  let loaded: { mtimeMs: number; module: RenderModule } | undefined;
  return rendererOf(async () => {
    const info = await stat(bundle).catch(() => null);
    if (!info?.isFile()) return null;
    if (loaded?.mtimeMs !== info.mtimeMs) {
      delete load.cache[bundle];
      loaded = { mtimeMs: info.mtimeMs, module: load(bundle) as RenderModule };
    }
    return loaded.module;
  });
}

/**
 * Puts the rendered first screen into the page's root, marked with its language, time zone,
 * (rendered signed in) the user's id and (rendered after the session check) that the browser must
 * apply the inlined check first, and sets <html lang>.
 */
export function injectFirstScreen(
  html: string,
  markup: string,
  locale: FirstScreenLocale,
  timeZone: string,
  { userId, session = false }: { userId?: string; session?: boolean } = {},
): string {
  // The built index.html is minified: attribute values may come without quotes.
  const root = /<div\s+id=(?:"root"|root)\s*><\/div>/i;
  if (!root.test(html)) return html;
  return html
    .replace(root, () => `<div id="root" data-ssr-locale="${locale}" data-ssr-time-zone="${timeZone.replace(/[^\w/+-]/g, '')}"${
          userId ? ` data-ssr-user="${userId.replace(/[^\w-]/g, '')}"` : ''
        }${session ? ' data-ssr-session="checked"' : ''}>${markup}</div>`)
    .replace(/<html\s+lang=(?:"[^"]*"|[^\s>]*)/i, `<html lang="${HTML_LANG[locale]}"`);
}
