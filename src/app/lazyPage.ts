import { type ComponentType, createElement, lazy } from 'react';

import type { FirstScreenQueries } from './store';

/** What a page chunk exports: the page, and the queries its first screen reads (see firstScreen.ts). */
export interface PageModule<P extends object> {
  default: ComponentType<P>;
  firstScreenQueries?: FirstScreenQueries;
}

export interface LazyPage<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Starts (or joins) loading the page's chunk; resolves once it can render without suspending. */
  preload(): Promise<PageModule<P>>;
}

/**
 * A page in its own chunk, like React.lazy, that can also be loaded ahead of rendering: the
 * start-up (and the server's render) loads the first route's page before the first render, so
 * the first screen renders once, without a spinner pass.
 */
export function lazyPage<P extends object>(load: () => Promise<PageModule<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<PageModule<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a later render retries
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  const Page = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Page, { preload });
}
