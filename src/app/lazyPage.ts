import { type ComponentType, createElement, lazy } from 'react';

export interface LazyPage<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Starts (or joins) loading the page's chunk; resolves once it can render without suspending. */
  preload(): Promise<unknown>;
}

/**
 * A page in its own chunk, like React.lazy, that can also be loaded ahead of rendering: the
 * start-up loads the first route's page (which the server's HTML already preloads) before the
 * first render, so the first screen renders once, without a spinner pass.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
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
