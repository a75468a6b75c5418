import type { ResourceType } from '@shared/catalogue';

/** How each resource type reads on a card or in a select. */
export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  NOTES: 'Notes',
  PYQ: 'Previous Year Questions (PYQ)',
  PRACTICAL: 'Practical',
};

export const RESOURCE_TYPE_SHORT: Record<ResourceType, string> = {
  NOTES: 'Notes',
  PYQ: 'PYQ',
  PRACTICAL: 'Practical',
};

/** "1.4 MB" / "820 KB": sizes on cards, where two decimals would be noise. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function formatCount(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;
}
