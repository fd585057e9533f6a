import { type ReactNode, useEffect } from 'react';
import { IntlProvider } from 'react-intl';
import { useSelector } from 'react-redux';

import { languageSlice, type LanguageState } from './languageSlice';
import { messages } from './messages';

/** The language the server renders a first screen in; mirrors the persisted choice. */
export const LANGUAGE_COOKIE = 'lang';

/** BCP 47 tags for formatting: zh means Simplified Chinese. */
export const INTL_LOCALE = { en: 'en', zh: 'zh-CN' } as const;

/** react-intl wired to the language slice; keeps <html lang> in step for screen readers. */
export function AppIntlProvider({ children }: { children: ReactNode }) {
  const locale = useSelector((state: { language: LanguageState }) => languageSlice.selectors.selectLocale(state));
  useEffect(() => {
    document.documentElement.lang = INTL_LOCALE[locale];
    // The server renders first screens in this language (server/http/server-render.ts).
    document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  }, [locale]);
  return (
    <IntlProvider locale={INTL_LOCALE[locale]} defaultLocale="en" messages={messages[locale]}>
      {children}
    </IntlProvider>
  );
}
