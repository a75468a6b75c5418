import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeResponseSchema } from '@shared/home';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/home: the signed-in student's class sections. */
export function getHome(signal?: AbortSignal) {
  return apiRequest('/api/home', homeResponseSchema, { signal });
}

export const homeQueryOptions = () =>
  queryOptions({
    // Under 'resources' so an upload, a delete or a new title anywhere refreshes it.
    queryKey: ['resources', 'home'],
    queryFn: ({ signal }) => getHome(signal),
    staleTime: 30_000,
  });

export function useHome() {
  return useQuery(homeQueryOptions());
}
