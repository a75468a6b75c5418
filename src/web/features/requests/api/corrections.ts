import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { correctionListSchema, correctionResponseSchema } from '@shared/correction';
import { apiRequest } from '../../../lib/api-client';
import { correctionKeys, resourceKeys } from '../../../lib/query-keys';

/** GET /api/corrections: the open corrections of the CR's class, or of every class for admins. */
export function useOpenCorrections() {
  return useQuery(
    queryOptions({
      queryKey: correctionKeys.queue('open'),
      queryFn: ({ signal }) => apiRequest('/api/corrections?status=open', correctionListSchema, { signal }),
    }),
  );
}

/** POST /api/corrections/:id/accept or /dismiss. */
export function useDecideCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'accept' | 'dismiss' }) =>
      apiRequest(`/api/corrections/${encodeURIComponent(id)}/${decision}`, correctionResponseSchema, { method: 'POST', body: {} }),
    onSuccess: async () => {
      // An accepted correction changes the resource: every list that shows it.
      await Promise.all([queryClient.invalidateQueries({ queryKey: correctionKeys.all }), queryClient.invalidateQueries({ queryKey: resourceKeys.all })]);
    },
  });
}
