export { RESOURCE_TYPE_LABELS, RESOURCE_TYPE_SHORT } from '@shared/catalogue';

export { formatSize } from '../../../lib/format-size';

// One formatter for every call: toLocaleString('en-IN') builds a new one each time, which took
// 70 ms of the filter page's first render (20 cards) in a CPU profile.
const countFormat = new Intl.NumberFormat('en-IN');

/** "1 resource", "1,200 resources"; with `atLeast` (a count that stopped at a cap) "1,000+ resources". */
export function formatCount(n: number, one: string, many: string, atLeast = false): string {
  return atLeast ? `${countFormat.format(n)}+ ${many}` : `${countFormat.format(n)} ${n === 1 ? one : many}`;
}
