import { useQuery } from '@tanstack/react-query';
import { shelfListResponseSchema } from '@shared/shelf-api';
import { apiRequest } from '../../../lib/api-client';
import { SHELF_QUERY_KEY } from '../../../lib/shelf';

/** GET /api/shelf: the saved resources, newest saved first (under lib/shelf's key, so a save refreshes it). */
export function useShelf() {
  return useQuery({
    queryKey: [...SHELF_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => apiRequest('/api/shelf', shelfListResponseSchema, { signal }),
    staleTime: 30_000,
  });
}
