import type { PageHead } from './page-head.js';

export const BRANCHES_HEAD: PageHead = {
  heading: 'Engineering Branches',
  lead: 'Choose your branch to find notes, previous-year question papers and practical files for every semester.',
  width: 'default',
  column: 'py-12 sm:py-16',
  block: 'mb-10 max-w-2xl',
  leadClass: 'mt-3 text-lg text-slate-600',
  signedInOnly: false,
};
