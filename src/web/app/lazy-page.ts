import type { ComponentType } from 'react';
import { lazyWithPreload, type Preloadable } from '../components/ui/lazy-component';

/** A lazily loaded page that can also be asked to start loading before it renders. */
export type LazyPage = Preloadable;

/**
 * A page kept out of the entry's code, with a `preload()`: start-up calls it for the page in the
 * address, so its chunk downloads while the session check is in flight instead of after it (one
 * round trip less before the page's first paint on a slow phone). It suspends into the layout's
 * route fallback (layout.tsx), so it has no <Suspense> of its own.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  return lazyWithPreload(load, pick);
}
