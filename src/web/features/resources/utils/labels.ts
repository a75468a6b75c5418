export { RESOURCE_TYPE_LABELS, RESOURCE_TYPE_SHORT } from '@shared/catalogue';

export { formatSize } from '../../../lib/format-size';

export function formatCount(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;
}
