import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { resourceListResponseSchema, type ResourceListQuery } from '@shared/resource';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/query-keys';

/** GET /api/resources with the filter's non-empty fields. */
export function listResources(query: Partial<ResourceListQuery>, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return apiRequest(`/api/resources?${params}`, resourceListResponseSchema, { signal });
}

export const resourcesQueryOptions = (query: Partial<ResourceListQuery>) =>
  queryOptions({
    queryKey: resourceKeys.list(query),
    queryFn: ({ signal }) => listResources(query, signal),
    // Paging keeps the previous page on screen until the next one arrives (no flash of empty).
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useResources(query: Partial<ResourceListQuery>, enabled = true) {
  return useQuery({ ...resourcesQueryOptions(query), enabled });
}
