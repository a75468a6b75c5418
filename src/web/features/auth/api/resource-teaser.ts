import { useQuery } from '@tanstack/react-query';
import { resourceTeaserResponseSchema } from '@shared/resource-teaser';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/resources/:id/teaser: a shared link's paper, named for a signed-out visitor. */
export function getResourceTeaser(id: string) {
  return apiRequest(`/api/resources/${encodeURIComponent(id)}/teaser`, resourceTeaserResponseSchema);
}

/** The teaser of `id` (none without an id); a failure simply shows no teaser. */
export function useResourceTeaser(id: string | undefined) {
  return useQuery({
    queryKey: ['resource-teaser', id],
    queryFn: () => getResourceTeaser(id!),
    enabled: id !== undefined,
    retry: false,
    staleTime: Infinity,
  });
}
