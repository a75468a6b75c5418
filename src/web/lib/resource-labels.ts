import type { UploaderKind } from '@shared/resource';

/* In lib/ because the library's cards and the home page's class sections both describe papers. */

/** "by your CR": who uploaded a paper, where it helps a student trust it; undefined otherwise. */
export function uploaderLabel(kind: UploaderKind | null): string | undefined {
  switch (kind) {
    case 'you':
      return 'by you';
    case 'your-cr':
      return 'by your CR';
    case 'admin':
      return 'by an admin';
    case 'cr':
      return 'by a CR';
    default:
      return undefined;
  }
}

/** "12 Nov 2026": an upload's day, the same on every screen (not the browser's locale). */
export function formatUploadDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}
