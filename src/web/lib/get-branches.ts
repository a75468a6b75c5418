import { queryOptions, useQuery } from '@tanstack/react-query';
import { branchListResponseSchema } from '@shared/api/catalogue.schema';
import { CLASS_BRANCH_META_NAME } from '@shared/class-home-head';
import { apiRequest } from './api-client';
import { catalogueKeys } from './query-keys';

/*
 * Lives in lib/ because several features offer the branch list (branch cards, sign-up, filter,
 * upload) and features never import each other; one query key means one request for all.
 */

/** GET /api/catalogue/branches */
export function getBranches(signal?: AbortSignal) {
  return apiRequest('/api/catalogue/branches', branchListResponseSchema, { signal });
}

export const branchesQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.branches,
    queryFn: ({ signal }) => getBranches(signal),
    staleTime: 5 * 60_000,
  });

export function useBranches() {
  return useQuery(branchesQueryOptions());
}

/**
 * The name the server painted into the signed-in home's heading for this branch (a meta tag,
 * server/http/web-app.ts), so the page renders the same heading before the branch list arrives
 * instead of the id in capitals and then the name (a change of text: a flash and a late LCP).
 */
export function paintedBranchName(id: string): string | undefined {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${CLASS_BRANCH_META_NAME}"]`)?.content;
  if (!content) return undefined;
  try {
    const painted = JSON.parse(content) as { id?: unknown; name?: unknown };
    return painted.id === id && typeof painted.name === 'string' ? painted.name : undefined;
  } catch {
    return undefined;
  }
}
