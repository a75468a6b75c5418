import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { SHELF_MESSAGES, shelfChangeResponseSchema, type ShelfIdsResponse } from '@shared/shelf';
import { apiRequest, errorMessage } from './api-client';
import { toast } from './toast';
import { shelfKeys } from './query-keys';

/** PUT or DELETE /api/shelf/:id (both idempotent). */
export function setSaved(resourceId: string, saved: boolean) {
  return apiRequest(`/api/shelf/${encodeURIComponent(resourceId)}`, shelfChangeResponseSchema, { method: saved ? 'PUT' : 'DELETE' });
}

/**
 * Saves or removes a resource. The toggle flips at once (optimistic) and flips back with a
 * message if the server refuses; the list and count are fetched again afterwards.
 */
export function useShelfToggle() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ resourceId, saved }: { resourceId: string; saved: boolean }) => setSaved(resourceId, saved),
    onMutate: async ({ resourceId, saved }) => {
      await queryClient.cancelQueries({ queryKey: shelfKeys.ids });
      const before = queryClient.getQueryData<ShelfIdsResponse>(shelfKeys.ids);
      const ids = (before?.ids ?? []).filter((id) => id !== resourceId);
      queryClient.setQueryData<ShelfIdsResponse>(shelfKeys.ids, { ids: saved ? [resourceId, ...ids] : ids });
      return { before };
    },
    onSuccess: (_result, { saved }) => {
      toast.success(saved ? SHELF_MESSAGES.saved : SHELF_MESSAGES.removed, { id: 'shelf' });
    },
    onError: (error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(shelfKeys.ids, context.before);
      toast.error(errorMessage(error, SHELF_MESSAGES.saveFailed, [400, 401, 404]), { id: 'shelf' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: shelfKeys.all }),
  });
  const { mutate } = mutation;
  const toggle = useCallback((resourceId: string, saved: boolean) => mutate({ resourceId, saved }), [mutate]);
  return { toggle };
}
