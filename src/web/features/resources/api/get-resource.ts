import { useQuery } from '@tanstack/react-query';
import { resourceResponseSchema } from '@shared/resource';
import { apiRequest } from '../../../lib/api-client';
import { RESOURCES_QUERY_KEY } from './list-resources';

/** GET /api/resources/:id, for a preview opened from a link (?preview=id). */
export function useResource(id: string | null) {
  return useQuery({
    queryKey: [...RESOURCES_QUERY_KEY, 'one', id],
    queryFn: ({ signal }) => apiRequest(`/api/resources/${encodeURIComponent(id!)}`, resourceResponseSchema, { signal }),
    enabled: id !== null,
  });
}
