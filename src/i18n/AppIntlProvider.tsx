import { type ReactNode, useEffect } from 'react';
import { IntlProvider } from 'react-intl';
import { useSelector } from 'react-redux';

import { languageSlice, type LanguageState } from './languageSlice';
import { messages } from './messages';

/** BCP 47 tags for formatting: zh means Simplified Chinese. */
const INTL_LOCALE = { en: 'en', zh: 'zh-CN' } as const;

/** react-intl wired to the language slice; keeps <html lang> in step for screen readers. */
export function AppIntlProvider({ children }: { children: ReactNode }) {
  const locale = useSelector((state: { language: LanguageState }) => languageSlice.selectors.selectLocale(state));
  useEffect(() => {
    document.documentElement.lang = INTL_LOCALE[locale];
  }, [locale]);
  return (
    <IntlProvider locale={INTL_LOCALE[locale]} defaultLocale="en" messages={messages[locale]}>
      {children}
    </IntlProvider>
  );
}
