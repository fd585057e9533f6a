import type { MessageKey } from './messages/en';

/**
 * Registers our message ids with react-intl, so `<FormattedMessage id>` and
 * `intl.formatMessage({ id })` only accept keys that exist in en.ts (a typo is a type error).
 */
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageKey;
    }
  }
}
