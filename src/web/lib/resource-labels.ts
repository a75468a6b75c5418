import { examLabel } from '@shared/exams';
import type { Resource, UploaderKind } from '@shared/resource';

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

// By hand, not with Intl.DateTimeFormat: the first Intl formatter a page makes loads the
// browser's locale data, slow on a phone, in the first render of every list of papers. The month names are en-GB's short ones, as Intl spells them ("Sept").
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** "12 Nov 2026": an upload's day (in the reader's time zone), the same on every screen. */
export function formatUploadDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/**
 * "End-sem · Dec 2024" for a past paper that says its exam; "exam not set" where the server tells
 * the viewer so (its uploader, admins); undefined otherwise.
 */
export function paperExamLabel(resource: Pick<Resource, 'exam' | 'examMonth' | 'examYear' | 'examNotSet'>): { text: string; missing: boolean } | undefined {
  const text = examLabel(resource);
  if (text) return { text, missing: false };
  return resource.examNotSet ? { text: 'exam not set', missing: true } : undefined;
}
