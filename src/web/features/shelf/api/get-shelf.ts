import { useQuery } from '@tanstack/react-query';
import { shelfListResponseSchema } from '@shared/shelf-api';
import { apiRequest } from '../../../lib/api-client';
import { shelfKeys } from '../../../lib/query-keys';

/** GET /api/shelf: the saved resources, newest saved first (under lib/shelf's key, so a save refreshes it). */
export function useShelf() {
  return useQuery({
    queryKey: shelfKeys.list,
    queryFn: ({ signal }) => apiRequest('/api/shelf', shelfListResponseSchema, { signal }),
    staleTime: 30_000,
  });
}
