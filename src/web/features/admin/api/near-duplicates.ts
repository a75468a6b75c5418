import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@shared/account';
import { nearDuplicateListSchema, type MergePair } from '@shared/near-duplicates';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys, resourceKeys } from '../../../lib/query-keys';

/** GET /api/admin/near-duplicates: flagged pairs of papers with nearly the same text. */
export function useNearDuplicates() {
  return useQuery({
    queryKey: adminKeys.nearDuplicates,
    queryFn: ({ signal }) => apiRequest('/api/admin/near-duplicates', nearDuplicateListSchema, { signal }),
  });
}

export type PairDecision = { merge: MergePair } | { dismiss: { a: string; b: string } };

/** POST /api/admin/near-duplicates/merge or /dismiss. A merge deletes a paper: the library's lists refresh. */
export function useDecidePair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: PairDecision) =>
      'merge' in decision
        ? apiRequest('/api/admin/near-duplicates/merge', messageResponseSchema, { method: 'POST', body: decision.merge })
        : apiRequest('/api/admin/near-duplicates/dismiss', messageResponseSchema, { method: 'POST', body: decision.dismiss }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.nearDuplicates });
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all });
    },
  });
}
