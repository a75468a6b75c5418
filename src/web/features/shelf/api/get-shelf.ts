import { useQuery } from '@tanstack/react-query';
import { shelfListResponseSchema } from '@shared/shelf-api';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/shelf: the saved resources, newest saved first (under lib/shelf's key, so a save refreshes it). */
export function useShelf() {
  return useQuery({
    queryKey: queryKeys.shelf.list,
    queryFn: ({ signal }) => apiRequest('/api/shelf', shelfListResponseSchema, { signal }),
    staleTime: 30_000,
  });
}
