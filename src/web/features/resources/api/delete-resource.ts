import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@shared/account';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/query-keys';

/** DELETE /api/resources/:id (admins). */
export function deleteResource(id: string) {
  return apiRequest(`/api/resources/${encodeURIComponent(id)}`, messageResponseSchema, { method: 'DELETE' });
}

export function useDeleteResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}
