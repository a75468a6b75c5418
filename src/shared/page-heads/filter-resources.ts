import type { PageHead } from './page-head.js';

export const FILTER_RESOURCES_HEAD: PageHead = {
  heading: 'Filter Resources',
  lead: 'Notes, previous-year papers and practical files, shared by students.',
  width: 'default',
  // Tighter on a phone, so the first result is on the first screen (issue 34).
  column: 'py-6 sm:py-14',
  block: '',
  leadClass: 'mt-2 text-slate-600',
  signedInOnly: true,
};
