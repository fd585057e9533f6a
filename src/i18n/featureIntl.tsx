/**
 * Texts a feature ships with its own lazy chunk instead of the global catalogues (which every
 * page downloads and which have a byte budget): `featureIntl({ en, zh })` gives the feature a
 * provider that merges its texts into react-intl's for its subtree (same language, time zone and
 * defaults as the app's) and a typed `useT` that knows the app's keys and the feature's.
 */
import { type ReactNode, useCallback, useMemo } from 'react';
import { IntlProvider, type PrimitiveType, useIntl } from 'react-intl';

import type { MessageKey } from './messages';

export interface FeatureCatalogues<K extends string> {
  en: Readonly<Record<K, string>>;
  zh: Readonly<Record<K, string>>;
}

export type FeatureTranslate<K extends string> = (id: MessageKey | K, values?: Record<string, PrimitiveType>) => string;

export function featureIntl<K extends string>(catalogues: FeatureCatalogues<K>) {
  /** The app's messages plus the feature's, for `children`. */
  function FeatureIntl({ children }: { children: ReactNode }) {
    const intl = useIntl();
    const own = intl.locale.toLowerCase().startsWith('zh') ? catalogues.zh : catalogues.en;
    // A new messages object would make react-intl build a new intl, re-rendering the subtree.
    const messages = useMemo(() => ({ ...intl.messages, ...own }), [intl.messages, own]);
    return (
      <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} timeZone={intl.timeZone} messages={messages}>
        {children}
      </IntlProvider>
    );
  }

  /** useT inside the feature's provider. */
  function useFeatureT(): FeatureTranslate<K> {
    const intl = useIntl();
    // react-intl's id type knows only the app's catalogue; the feature's keys are merged in above.
    return useCallback<FeatureTranslate<K>>((id, values) => intl.formatMessage({ id: id as MessageKey }, values), [intl]);
  }

  return { FeatureIntl, useFeatureT };
}
