import { useMutation, useQueryClient } from '@tanstack/react-query';
import { correctionResponseSchema, type CreateCorrection } from '@shared/correction';
import { apiRequest } from '../../../lib/api-client';
import { correctionKeys } from '../../../lib/query-keys';

/** POST /api/resources/:id/corrections */
export function suggestCorrection({ id, correction }: { id: string; correction: CreateCorrection }) {
  return apiRequest(`/api/resources/${encodeURIComponent(id)}/corrections`, correctionResponseSchema, { method: 'POST', body: correction });
}

export function useSuggestCorrection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: suggestCorrection, onSuccess: () => queryClient.invalidateQueries({ queryKey: correctionKeys.all }) });
}
