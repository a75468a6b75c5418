import type { QueryClient } from '@tanstack/react-query';
import { ROUTES, routeOfPath } from '@shared/routes';
import { branchesQueryOptions } from '../lib/get-branches';
import { sessionQueryOptions } from '../lib/session';
import { preloadPage } from './router';

/**
 * What a page of the address needs before its first paint, fetched at start-up beside the
 * session check rather than after it: without this a phone waits for the session, then the
 * page's code, then its data, one round trip after another (Lighthouse's "request chain").
 * `signedIn` says whether the session check found a user.
 */
const PAGE_DATA: Partial<Record<string, (queryClient: QueryClient, signedIn: Promise<boolean>) => void>> = {
  [ROUTES.home]: (queryClient, signedIn) => {
    // The class heading names the branch; the sections are the signed-in home's data.
    void queryClient.prefetchQuery(branchesQueryOptions());
    const api = import('../features/home/api/get-home');
    void signedIn.then(async (yes) => {
      if (yes) await queryClient.prefetchQuery((await api).homeQueryOptions());
    });
  },
  [ROUTES.branches]: (queryClient) => void queryClient.prefetchQuery(branchesQueryOptions()),
  [ROUTES.filterResources]: (queryClient) => void queryClient.prefetchQuery(branchesQueryOptions()),
};

/** Starts, before React's first render, the session check and the page and data of the address. */
export function startLoading(queryClient: QueryClient, pathname: string): void {
  const signedIn = queryClient.fetchQuery(sessionQueryOptions()).then(
    ({ user }) => user !== null,
    () => false,
  );
  const route = routeOfPath(pathname);
  if (route === undefined) return;
  preloadPage(route);
  PAGE_DATA[route]?.(queryClient, signedIn);
}
