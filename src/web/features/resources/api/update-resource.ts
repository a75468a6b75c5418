import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceResponseSchema } from '@shared/resource';
import type { ResourceEdit } from '@shared/resource-edit';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/query-keys';

/** PATCH /api/resources/:id: new details (the uploader or an admin); fields left out stay. */
export async function updateResource({ id, changes }: { id: string; changes: ResourceEdit }) {
  const answer = await apiRequest(`/api/resources/${encodeURIComponent(id)}`, resourceResponseSchema, {
    method: 'PATCH',
    body: changes,
  });
  return answer.resource;
}

export function useUpdateResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResource,
    // Lists, the home page's class sections and a search by the old words all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}
