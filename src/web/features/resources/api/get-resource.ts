import { useQuery } from '@tanstack/react-query';
import { resourceResponseSchema } from '@shared/resource';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/query-keys';

/** GET /api/resources/:id, for a preview opened from a link (?preview=id). */
export function useResource(id: string | null) {
  return useQuery({
    queryKey: resourceKeys.one(id),
    queryFn: ({ signal }) => apiRequest(`/api/resources/${encodeURIComponent(id!)}`, resourceResponseSchema, { signal }),
    enabled: id !== null,
    // A card that opened the preview put the resource here; it need not be fetched again at once.
    staleTime: 30_000,
  });
}
