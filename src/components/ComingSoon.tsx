import { FormattedMessage } from 'react-intl';

import type { MessageKey } from '../i18n/messages';

import './ComingSoon.css';

interface ComingSoonProps {
  /** Message id of the page's title, e.g. "comingSoon.title.upload" → "Upload". */
  titleId: MessageKey;
}

/** Stands in for a page that a later change will build, so its route already works. */
export function ComingSoon({ titleId }: ComingSoonProps) {
  return (
    <section className="page coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title" className="coming-soon__title">
        <FormattedMessage id={titleId} />
      </h1>
      <p className="coming-soon__message">
        <FormattedMessage id="comingSoon.message" />
      </p>
    </section>
  );
}

export default ComingSoon;
