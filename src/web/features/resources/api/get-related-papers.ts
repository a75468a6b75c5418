import { useQuery } from '@tanstack/react-query';
import { relatedPapersResponseSchema } from '@shared/questions';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/query-keys';

/** GET /api/resources/:id/related: the preview's "Related papers". */
export function useRelatedPapers(resourceId: string) {
  return useQuery({
    queryKey: resourceKeys.related(resourceId),
    queryFn: ({ signal }) => apiRequest(`/api/resources/${encodeURIComponent(resourceId)}/related`, relatedPapersResponseSchema, { signal }),
    staleTime: 60_000,
  });
}
