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

// Made once: toLocaleDateString with options builds a new formatter on every call (slow on a phone).
const uploadDateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** "12 Nov 2026": an upload's day, the same on every screen (not the browser's locale). */
export function formatUploadDate(iso: string): string {
  return uploadDateFormat.format(new Date(iso));
}
