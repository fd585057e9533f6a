import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

interface PageErrorBoundaryProps {
  children: ReactNode;
}

interface PageErrorBoundaryState {
  failed: boolean;
}

/**
 * Keeps the header usable when a page throws while rendering — most often a page chunk that
 * failed to download after a new deploy, which a reload fixes. Keyed by path in Layout, so
 * navigating elsewhere starts afresh.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): PageErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page failed to render:', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="page page-error" role="alert">
        <h1 className="page-error__title">
          <FormattedMessage id="errorBoundary.title" />
        </h1>
        <p className="page-error__message">
          <FormattedMessage id="errorBoundary.message" />
        </p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          <FormattedMessage id="errorBoundary.reload" />
        </button>
      </section>
    );
  }
}
