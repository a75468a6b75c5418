import type { Location } from 'react-router';

/**
 * Navigations are React transitions: while the next page's code downloads, the page being left
 * stays on screen, with its own location, under an address that has already changed. A write to
 * the address that page makes by itself then (a viewer reporting the page read, a search box's
 * pause) would send the user back to it. True while the address is still the page's own.
 */
export function addressIsStill(location: Location): boolean {
  return window.location.pathname === location.pathname;
}

/**
 * True while the address still says `name=value`. A write made from an older render's parameters
 * (a viewer reporting its page as its preview is being closed) would otherwise put back what the
 * address no longer holds: the closed preview would open again.
 */
export function addressStillHas(name: string, value: string | null, search: string = window.location.search): boolean {
  return value !== null && new URLSearchParams(search).get(name) === value;
}
