import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { useSelector } from 'react-redux';

import { languageSlice, type LanguageState } from './languageSlice';
import { messages } from './messages';

/** The language the server renders a first screen in; mirrors the persisted choice. */
export const LANGUAGE_COOKIE = 'lang';
/** The time zone the server shows dates in on a first screen: the browser's, from its last visit. */
export const TIME_ZONE_COOKIE = 'tz';

export interface AppIntlProviderProps {
  children: ReactNode;
  /**
   * The time zone of the markup being hydrated (the server's render); dates switch to the
   * browser's own once the app runs. Unset: the runtime's (the browser's) from the start.
   */
  serverTimeZone?: string;
}

/** BCP 47 tags for formatting: zh means Simplified Chinese. */
export const INTL_LOCALE = { en: 'en', zh: 'zh-CN' } as const;

/** react-intl wired to the language slice; keeps <html lang> in step for screen readers. */
export function AppIntlProvider({ children, serverTimeZone }: AppIntlProviderProps) {
  const locale = useSelector((state: { language: LanguageState }) => languageSlice.selectors.selectLocale(state));
  // The server's zone until the app runs; then the browser's, if it differs. The switch
  // re-renders every formatted text, so it runs as a transition (in slices, not one long task)
  // and only when it changes something.
  const [ownTimeZone, setOwnTimeZone] = useState(false);
  useEffect(() => {
    if (serverTimeZone && serverTimeZone !== Intl.DateTimeFormat().resolvedOptions().timeZone) {
      startTransition(() => setOwnTimeZone(true));
    }
  }, [serverTimeZone]);
  useEffect(() => {
    document.documentElement.lang = INTL_LOCALE[locale];
    // The server renders first screens in this language (server/pages/server-render.ts).
    document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  }, [locale]);
  useEffect(() => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (timeZone) document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(timeZone)}; path=/; max-age=31536000; samesite=lax`;
  }, []);
  return (
    <IntlProvider
      locale={INTL_LOCALE[locale]}
      defaultLocale="en"
      messages={messages[locale]}
      timeZone={ownTimeZone ? undefined : serverTimeZone}
    >
      {children}
    </IntlProvider>
  );
}
