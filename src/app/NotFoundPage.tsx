import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';

import { paths } from '../config/routes';

/** Any URL that matches no route (inside the common layout, so the header stays). */
export function NotFoundPage() {
  return (
    <section className="page not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        {404}
      </p>
      <h1 id="not-found-title" className="not-found__title">
        <FormattedMessage id="notFound.title" />
      </h1>
      <p className="not-found__message">
        <FormattedMessage id="notFound.message" />
      </p>
      <Link className="btn btn--primary" to={paths.home}>
        <FormattedMessage id="notFound.homeLink" />
      </Link>
    </section>
  );
}

export default NotFoundPage;
