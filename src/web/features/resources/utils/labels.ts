export { RESOURCE_TYPE_LABELS, RESOURCE_TYPE_SHORT } from '@shared/catalogue';

export { formatSize } from '../../../lib/format-size';

/**
 * "1,200", "1,23,456": the digits grouped as India writes them (en-IN). By hand, not with
 * Intl.NumberFormat: the first Intl formatter a page makes loads the browser's locale data, slow
 * on a phone, in the first render of the results. Counts are whole and >= 0.
 */
function groupDigits(n: number): string {
  const digits = String(n);
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** "1 resource", "1,200 resources". */
export function formatCount(n: number, one: string, many: string): string {
  return `${groupDigits(n)} ${n === 1 ? one : many}`;
}
