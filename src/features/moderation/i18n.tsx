import { useCallback, useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';

import type { MessageKey } from '../../i18n/messages/en';

import { moderationMessages, type ModerationMessageKey } from './messages';

/** Adds the moderation texts (messages.ts) to react-intl for `children`, in the current language. */
export function ModerationMessages({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const language = intl.locale.toLowerCase().startsWith('zh') ? 'zh' : 'en';
  const messages = useMemo(() => ({ ...intl.messages, ...moderationMessages[language] }), [intl.messages, language]);
  return (
    <IntlProvider locale={intl.locale} defaultLocale="en" messages={messages}>
      {children}
    </IntlProvider>
  );
}

/** Typed lookup of a moderation text; use inside ModerationMessages. */
export function useModerationT() {
  const intl = useIntl();
  return useCallback(
    // react-intl's ids are typed to the global catalogue; these keys are merged in by ModerationMessages.
    (key: ModerationMessageKey, values?: Record<string, string | number>) =>
      intl.formatMessage({ id: key as unknown as MessageKey }, values),
    [intl],
  );
}
