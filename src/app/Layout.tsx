import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet, useLocation } from 'react-router-dom';

import { Header } from './Header';
import { PageErrorBoundary } from './PageErrorBoundary';
import { PageSpinner } from './PageSpinner';

import './Layout.css';

const MAIN_ID = 'main-content';

/** A routed page inside `<main>`: its lazy chunk shows a spinner while loading, errors stay contained. */
function RoutedPage() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary key={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}

/** The common layout of every page but /verify: skip link, header, then the page in the main landmark. */
export function Layout() {
  return (
    <div className="app-shell">
      <a className="skip-link" href={`#${MAIN_ID}`}>
        <FormattedMessage id="app.skipToContent" />
      </a>
      <Header />
      <main id={MAIN_ID} className="app-main" tabIndex={-1}>
        <RoutedPage />
      </main>
    </div>
  );
}

/** For pages outside the common layout (/verify): no header, still a main landmark. */
export function StandaloneLayout() {
  return (
    <main id={MAIN_ID} className="app-main app-main--standalone" tabIndex={-1}>
      <RoutedPage />
    </main>
  );
}
