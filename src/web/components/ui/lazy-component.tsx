import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** A lazily loaded component that can also be asked to start loading before it renders. */
export type Preloadable<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * React.lazy with a `preload()` that starts the download before the first render. Both share
 * one import; a failed download is forgotten, so a later render (or preload) tries again. The
 * component suspends like any lazy one: a <Suspense> above it decides what shows meanwhile.
 */
export function lazyWithPreload<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): Preloadable<P> {
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Lazy = lazy(async () => ({ default: pick(await preload()) }));
  return Object.assign(Lazy, { preload });
}

/**
 * A component kept out of its page's first load (DESIGN.md §5), in a <Suspense> of its own that
 * shows `fallback` (nothing, by default) until the code is there. Dialogs and sheets are
 * rendered closed with their page, so their code arrives right after it, before any click opens
 * them; `preload()` fetches a component the page shows only later (sign-up's success panel).
 */
export function lazyComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  fallback: ReactNode = null,
): Preloadable<P> {
  const Lazy = lazyWithPreload(load, pick);
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyComponent, { preload: Lazy.preload });
}
