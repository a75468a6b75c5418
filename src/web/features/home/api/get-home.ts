import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeResponseSchema } from '@shared/home';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/query-keys';

/** GET /api/home: the signed-in student's class sections. */
export function getHome(signal?: AbortSignal) {
  return apiRequest('/api/home', homeResponseSchema, { signal });
}

export const homeQueryOptions = () =>
  queryOptions({
    queryKey: resourceKeys.home,
    queryFn: ({ signal }) => getHome(signal),
    staleTime: 30_000,
  });

export function useHome() {
  return useQuery(homeQueryOptions());
}
