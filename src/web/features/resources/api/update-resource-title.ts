import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceResponseSchema } from '@shared/resource';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/query-keys';

/** PATCH /api/resources/:id: a new title (the uploader or an admin). */
export async function updateResourceTitle({ id, title }: { id: string; title: string }) {
  const answer = await apiRequest(`/api/resources/${encodeURIComponent(id)}`, resourceResponseSchema, {
    method: 'PATCH',
    body: { title },
  });
  return answer.resource;
}

export function useUpdateResourceTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResourceTitle,
    // Lists, the home page's class sections and a search by the old title all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}
