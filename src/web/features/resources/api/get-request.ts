import { useQuery } from '@tanstack/react-query';
import { requestResponseSchema } from '@shared/request';
import { apiRequest } from '../../../lib/api-client';
import { requestKeys } from '../../../lib/query-keys';

/** GET /api/requests/:id: the request an upload is about to fulfil. */
export function useRequestToFulfil(id: string | null) {
  return useQuery({
    queryKey: requestKeys.one(id),
    queryFn: ({ signal }) => apiRequest(`/api/requests/${encodeURIComponent(id!)}`, requestResponseSchema, { signal }),
    enabled: id !== null,
  });
}
