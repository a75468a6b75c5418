import { useQuery } from '@tanstack/react-query';
import { resourceResponseSchema } from '@shared/resource';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from '../../../lib/query-keys';

/** GET /api/resources/:id: the file a "Report this file" link names, to pre-fill the form. */
export function useReportedResource(id: string | null) {
  return useQuery({
    queryKey: reportKeys.resource(id),
    queryFn: ({ signal }) => apiRequest(`/api/resources/${encodeURIComponent(id!)}`, resourceResponseSchema, { signal }),
    enabled: id !== null,
    retry: false,
    staleTime: 60_000,
  });
}
