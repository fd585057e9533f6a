/**
 * Server messages in the visitor's language: en (default) or zh, chosen from the request's
 * Accept-Language header with its q-values respected. `t(request, key, vars)` is the one helper
 * route code uses; `translate(language, key, vars)` serves work done after the response (mail).
 */
import type { FastifyRequest } from 'fastify';

import { en, type MessageKey } from './en';
import { zh } from './zh';

export type { MessageKey } from './en';

export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

const CATALOGUES: Record<Language, Record<MessageKey, string>> = { en, zh };

export type MessageVars = Record<string, string | number>;

/** Longer headers are cut: nobody needs more than a few dozen language ranges. */
const MAX_HEADER_LENGTH = 1000;

/**
 * The best supported language for an Accept-Language header: the highest q wins, earlier ranges
 * win ties, q=0 means "not this one", "*" stands for the default. Only the primary subtag
 * counts (zh-CN, zh-TW, zh-Hans → zh; en-GB → en).
 */
export function pickLanguage(header: string | string[] | undefined): Language {
  const value = (Array.isArray(header) ? header.join(',') : (header ?? '')).slice(0, MAX_HEADER_LENGTH);
  let best: { language: Language; q: number } | undefined;
  for (const range of value.split(',')) {
    const [tag = '', ...params] = range.split(';').map((part) => part.trim());
    const language = languageOf(tag);
    if (!language) continue;
    const q = qualityOf(params);
    if (q > 0 && (!best || q > best.q)) best = { language, q };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}

function languageOf(tag: string): Language | undefined {
  if (tag === '*') return DEFAULT_LANGUAGE;
  const primary = tag.toLowerCase().split('-')[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : undefined;
}

/** The q parameter (0–1, at most three decimals); 1 when absent, 0 when malformed. */
function qualityOf(params: string[]): number {
  const q = params.find((param) => /^q\s*=/i.test(param));
  if (q === undefined) return 1;
  const value = q.replace(/^q\s*=\s*/i, '');
  if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value)) return 0;
  return Number(value);
}

export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  return pickLanguage(request.headers['accept-language']);
}

/** The message in `language`, with `{name}` placeholders replaced by `vars`. */
export function translate(language: Language, key: MessageKey, vars?: MessageVars): string {
  const template = CATALOGUES[language][key] ?? en[key];
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}

/** The message for this request's language. */
export function t(request: Pick<FastifyRequest, 'headers'>, key: MessageKey, vars?: MessageVars): string {
  return translate(requestLanguage(request), key, vars);
}
