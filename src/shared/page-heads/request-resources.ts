import type { PageHead } from './page-head.js';

export const REQUEST_RESOURCES_HEAD: PageHead = {
  heading: 'Request Resources',
  lead:
    "Can't find notes or a paper? Ask for it: your class's CRs see the request, and you get an e-mail when it is added. " +
    'If classmates already asked, you join their request.',
  width: 'prose',
  column: 'py-10 sm:py-14',
  block: '',
  leadClass: 'mt-2 text-slate-600',
  signedInOnly: true,
};
