import { ROUTES, routeOfPath, type AppRoute } from './routes.js';
import type { PageColumnWidth } from './page-frame.js';

/**
 * The pages that open with a fixed heading and lead sentence: what they say and where they sit.
 * The page renders its head from here (web: components/page-column.tsx) and the server paints
 * the same before the scripts run (page-shell.ts).
 */
export interface PageHead {
  heading: string;
  lead: string;
  width: PageColumnWidth;
  /** The column's own classes: its padding and the spacing of what follows the head. */
  column: string;
  /** Classes of the block holding heading and lead. */
  block: string;
  leadClass: string;
  /** Painted by the server only when the request carries a session cookie (a visitor is sent to /login). */
  signedInOnly: boolean;
}

const LEAD = 'mt-2 text-slate-600';

// One constant per page, so a page's code carries its own head and no other page's.
export const FILTER_RESOURCES_HEAD: PageHead = {
  heading: 'Filter Resources',
  lead: 'Notes, previous-year papers and practical files, shared by students.',
  width: 'default',
  column: 'py-10 sm:py-14',
  block: '',
  leadClass: LEAD,
  signedInOnly: true,
};

export const BRANCHES_HEAD: PageHead = {
  heading: 'Engineering Branches',
  lead: 'Choose your branch to find notes, previous-year question papers and practical files for every semester.',
  width: 'default',
  column: 'py-12 sm:py-16',
  block: 'mb-10 max-w-2xl',
  leadClass: 'mt-3 text-lg text-slate-600',
  signedInOnly: false,
};

export const UPLOAD_RESOURCES_HEAD: PageHead = {
  heading: 'Upload Resources',
  lead: 'Share academic materials with your peers',
  width: 'prose',
  column: 'py-10 sm:py-14',
  block: '',
  leadClass: LEAD,
  signedInOnly: true,
};

export const REQUEST_RESOURCES_HEAD: PageHead = {
  heading: 'Request Resources',
  lead:
    "Can't find notes or a paper? Ask for it: your class's CRs see the request, and you get an e-mail when it is added. " +
    'If classmates already asked, you join their request.',
  width: 'prose',
  column: 'py-10 sm:py-14',
  block: '',
  leadClass: LEAD,
  signedInOnly: true,
};

export const MY_SHELF_HEAD: PageHead = {
  heading: 'My shelf',
  lead: 'Files you saved to read again. Download several at once as one zip.',
  width: 'prose',
  column: 'space-y-6 py-10 sm:py-14',
  block: '',
  leadClass: LEAD,
  signedInOnly: true,
};

/** Pages that open with a fixed heading. Pages whose heading depends on data are not listed. */
export const PAGE_HEADS: Partial<Record<AppRoute, PageHead>> = {
  [ROUTES.filterResources]: FILTER_RESOURCES_HEAD,
  [ROUTES.branches]: BRANCHES_HEAD,
  [ROUTES.uploadResources]: UPLOAD_RESOURCES_HEAD,
  [ROUTES.requestResources]: REQUEST_RESOURCES_HEAD,
  [ROUTES.myShelf]: MY_SHELF_HEAD,
};

/** The fixed head of the page at this path, if it has one. */
export function pageHeadOf(pathname: string): PageHead | undefined {
  const route = routeOfPath(pathname);
  return route === undefined ? undefined : PAGE_HEADS[route];
}
