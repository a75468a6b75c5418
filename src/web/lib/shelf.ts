import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { shelfIdsResponseSchema } from '@shared/shelf';
import { apiRequest } from './api-client';
import { useSession } from './session';
import { shelfKeys } from './query-keys';

/*
 * Which resources are on "My shelf" lives in lib/ because three places show it: the Save
 * toggles of the resources feature, the My shelf page (features/shelf) and the nav bar's count,
 * and features never import each other. One query key, so saving on a card updates the count
 * and the page at once. Saving is in shelf-toggle.ts, so the nav bar (on every page) does not load it.
 */

/** GET /api/shelf/ids: the saved resource ids, for signed-in users only. */
export function useShelfIds() {
  const { user } = useSession();
  const query = useQuery({
    queryKey: shelfKeys.ids,
    queryFn: ({ signal }) => apiRequest('/api/shelf/ids', shelfIdsResponseSchema, { signal }),
    enabled: user !== null,
    staleTime: 5 * 60_000,
  });
  const ids = useMemo(() => new Set(query.data?.ids ?? []), [query.data]);
  return { ids, count: query.data?.ids.length, isPending: query.isPending };
}
