import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes (a phone turned sideways). Read
 * synchronously on the first render, so a layout chosen by it never flips after paint.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
