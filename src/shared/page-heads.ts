import { ROUTES, routeOfPath, type AppRoute } from './routes.js';
import type { PageHead } from './page-heads/page-head.js';
import { BRANCHES_HEAD } from './page-heads/branches.js';
import { FILTER_RESOURCES_HEAD } from './page-heads/filter-resources.js';
import { MY_SHELF_HEAD } from './page-heads/my-shelf.js';
import { REQUEST_RESOURCES_HEAD } from './page-heads/request-resources.js';
import { UPLOAD_RESOURCES_HEAD } from './page-heads/upload-resources.js';

/*
 * The pages that open with a fixed heading and lead sentence (page-heads/page-head.ts). Each
 * head is a file of its own, which only its page imports: a module shared by several lazy pages
 * becomes a chunk of its own that every one of them loads whole, every page's head with it.
 */
export type { PageHead };
export { BRANCHES_HEAD, FILTER_RESOURCES_HEAD, MY_SHELF_HEAD, REQUEST_RESOURCES_HEAD, UPLOAD_RESOURCES_HEAD };

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
