import { useCallback } from 'react';
import { type PrimitiveType, useIntl } from 'react-intl';

import type { MessageKey } from './messages';

export type Translate = (id: MessageKey, values?: Record<string, PrimitiveType>) => string;

/**
 * A typed translate function for strings used outside JSX children: aria-labels, placeholders,
 * titles, alerts. In JSX children prefer `<FormattedMessage id="…" />`.
 */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback<Translate>((id, values) => intl.formatMessage({ id }, values), [intl]);
}
