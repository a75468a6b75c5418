import type { PageHead } from './page-head.js';

export const MY_SHELF_HEAD: PageHead = {
  heading: 'My shelf',
  lead: 'Files you saved to read again. Download several at once as one zip.',
  width: 'prose',
  column: 'space-y-6 py-10 sm:py-14',
  block: '',
  leadClass: 'mt-2 text-slate-600',
  signedInOnly: true,
};
