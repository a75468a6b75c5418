import type { PageHead } from './page-head.js';

export const UPLOAD_RESOURCES_HEAD: PageHead = {
  heading: 'Upload Resources',
  lead: 'Share academic materials with your peers',
  width: 'prose',
  column: 'py-10 sm:py-14',
  block: '',
  leadClass: 'mt-2 text-slate-600',
  signedInOnly: true,
};
