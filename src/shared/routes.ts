/**
 * Every path the web app renders. The server uses this list to answer unknown paths with a
 * real 404 status (while still serving the app, which shows the Page Not Found screen).
 */
export const ROUTES = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** A first sign-in with a provider: the profile fields it did not give (decision 052). */
  finishProfile: '/finish-profile',
  branches: '/branch',
  filterResources: '/filter-resources',
  requestResources: '/request-resources',
  myRequests: '/my-requests',
  reportIssue: '/report-issue',
  account: '/account',
  myShelf: '/my-shelf',
  /** One subject's papers and most asked questions: /subjects/<subject name>. */
  subject: '/subjects/:subject',
  requestQueue: '/request-queue',
  uploadResources: '/upload-resources',
  dashboard: '/dashboard',
  auditLog: '/dashboard/audit-log',
  reportInbox: '/dashboard/reports',
  processingJobs: '/dashboard/jobs',
  searchAliases: '/dashboard/aliases',
  about: '/about',
  privacyPolicy: '/privacy-policy',
  privacy: '/privacy',
  terms: '/terms',
} as const;

export type AppRoute = (typeof ROUTES)[keyof typeof ROUTES];

/**
 * The page module each route lazily loads (src/web/app/router.tsx imports
 * `.../pages/<name>.tsx`). The server names that page's code in the HTML it answers
 * (`<link rel="modulepreload">`), so a phone fetches it beside the entry script instead of after
 * running it; the build lists each page's files (page-chunks.json, vite.config.ts).
 */
export const ROUTE_PAGES: Record<AppRoute, string> = {
  '/': 'home-page',
  '/login': 'login-page',
  '/signup': 'sign-up-page',
  '/forgot-password': 'forgot-password-page',
  '/reset-password': 'reset-password-page',
  '/verify-email': 'verify-email-page',
  '/finish-profile': 'finish-profile-page',
  '/branch': 'branch-list-page',
  '/filter-resources': 'filter-resources-page',
  '/request-resources': 'request-resources-page',
  '/my-requests': 'my-requests-page',
  '/report-issue': 'report-issue-page',
  '/account': 'account-page',
  '/my-shelf': 'my-shelf-page',
  '/subjects/:subject': 'subject-page',
  '/request-queue': 'request-queue-page',
  '/upload-resources': 'upload-resources-page',
  '/dashboard': 'dashboard-page',
  '/dashboard/audit-log': 'audit-log-page',
  '/dashboard/reports': 'report-inbox-page',
  '/dashboard/jobs': 'processing-jobs-page',
  '/dashboard/aliases': 'search-aliases-page',
  '/about': 'about-page',
  '/privacy-policy': 'privacy-page',
  '/privacy': 'privacy-page',
  '/terms': 'terms-page',
};

const KNOWN = new Set<string>(Object.values(ROUTES));

/**
 * The app route a request path names, or undefined for a path that is no page. A query or
 * fragment is ignored and trailing slashes are tolerated ('/branch/' is '/branch'), so the
 * server, the first paint and the start-up preloads all read an address the same way.
 */
export function routeOfPath(path: string): AppRoute | undefined {
  const pathname = path.replace(/[?#].*$/s, '');
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (/^\/subjects\/[^/]+$/.test(trimmed)) return ROUTES.subject;
  return KNOWN.has(trimmed) ? (trimmed as AppRoute) : undefined;
}

/** Link for a branch card: /filter-resources?branch=<id in lower case>. */
export function filterResourcesHref(branchId: string): string {
  return `${ROUTES.filterResources}?branch=${encodeURIComponent(branchId.toLowerCase())}`;
}

/** The filter page with one resource type applied (the footer's Notes, Previous Year Papers...). */
export function filterResourcesOfTypeHref(resourceType: string): string {
  // The key the filter page and GET /api/resources read (resourceListQuerySchema).
  return `${ROUTES.filterResources}?resourceType=${encodeURIComponent(resourceType)}`;
}

/**
 * Opens the preview of one resource on the filter page (from /my-requests, for example), on
 * `page` when given: `/filter-resources?preview=<id>&page=3` (the names of src/shared/search.ts).
 */
export function previewResourceHref(resourceId: string, page?: number): string {
  const onPage = page && page > 1 ? `&page=${page}` : '';
  return `${ROUTES.filterResources}?preview=${encodeURIComponent(resourceId)}${onPage}`;
}

/** A subject's page: its papers and most asked questions. */
export function subjectHref(subject: string): string {
  return `/subjects/${encodeURIComponent(subject)}`;
}

/** The upload page, pre-filled from a request that the upload will fulfil. */
export function fulfilRequestHref(requestId: string): string {
  return `${ROUTES.uploadResources}?request=${encodeURIComponent(requestId)}`;
}

/** What the request form can be pre-filled with (an empty search offers "Request this resource"). */
export interface RequestPrefill {
  branch?: string;
  semester?: string | number;
  subject?: string;
  academicYear?: string;
  resourceType?: string;
  exam?: string;
}

/** /request-resources?branch=&semester=&subject=&academicYear=&resourceType=&exam= : the request form, pre-filled. */
export function requestResourceHref(prefill: RequestPrefill = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(prefill)) if (value !== undefined && value !== '') params.set(key, String(value));
  const query = params.toString();
  return query ? `${ROUTES.requestResources}?${query}` : ROUTES.requestResources;
}

/** The query parameter /report-issue reads to pre-fill the form about one resource. */
export const REPORT_RESOURCE_PARAM = 'resource';

/** "Report this file": the report form, pre-filled with the resource. */
export function reportResourceHref(resourceId: string): string {
  return `${ROUTES.reportIssue}?${REPORT_RESOURCE_PARAM}=${encodeURIComponent(resourceId)}`;
}
