import type { Locale } from './languageSlice';

/**
 * Each language is named in itself (an endonym), whatever the current UI language, so a
 * reader of that language can always find it. BCP 47 tags let screen readers pronounce them.
 */
export const LOCALE_NAMES: Record<Locale, { name: string; lang: string }> = {
  en: { name: 'English', lang: 'en' },
  zh: { name: '中文', lang: 'zh-CN' },
};
