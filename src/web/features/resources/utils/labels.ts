export { RESOURCE_TYPE_LABELS, RESOURCE_TYPE_SHORT } from '@shared/catalogue';

/** "1.4 MB" / "820 KB": sizes on cards, where two decimals would be noise. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function formatCount(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;
}
