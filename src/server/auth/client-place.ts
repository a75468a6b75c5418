import { stripControlCharacters } from '../../shared/control-characters.js';

/*
 * "Approximate place from the IP, if known" (issue 37) without a GeoIP database of our own: a
 * trusted proxy that already looks addresses up names the place in a header (Cloudflare's
 * cf-ipcountry, nginx's geoip2 module), and CLIENT_PLACE_HEADER says which.
 */

const MAX_PLACE_LENGTH = 80;
/** Cloudflare's "unknown" and "Tor": no place at all. */
const NO_PLACE = new Set(['xx', 't1']);
const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** The place the proxy named for this request, cleaned for storing; undefined when none. */
export function clientPlace(headers: Headers | undefined, headerName: string | undefined): string | undefined {
  if (!headerName || !headers) return undefined;
  const raw = headers.get(headerName);
  if (!raw) return undefined;
  const place = stripControlCharacters(raw, { name: true }).replace(/\s+/g, ' ').trim().slice(0, MAX_PLACE_LENGTH);
  return place && !NO_PLACE.has(place.toLowerCase()) ? place : undefined;
}

/** How a stored place reads: a country code ("IN") as its name ("India"), anything else as given. */
export function placeLabel(place: string | null | undefined): string | null {
  if (!place) return null;
  if (!/^[A-Za-z]{2}$/.test(place)) return place;
  try {
    return regions.of(place.toUpperCase()) ?? place;
  } catch {
    return place;
  }
}
