/**
 * "340 KB" below a megabyte, "1.4 MB" above: sizes on cards and beside a chosen screenshot,
 * where KB keeps a small file from reading "0.0 MB". (A chosen PDF shows two decimals: SPEC.md §2.)
 */
export function formatSize(bytes: number, decimals = 1): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(decimals)} MB`;
}
