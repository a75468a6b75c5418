import { queryOptions, useQuery } from '@tanstack/react-query';
import { branchListResponseSchema } from '@shared/api/catalogue.schema';
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

